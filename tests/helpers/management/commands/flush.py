"""`flush` for the test run (tests/settings.py lists tests.helpers first, so this one is found
before Django's): what TransactionTestCase calls after every `django_db(transaction=True)`
test. It empties the tables with DELETE in one transaction instead of one TRUNCATE of every
table: PostgreSQL makes new files for each truncated table, which took 1 to 3 s per test on
a loaded machine, against some 50 ms to delete the few rows a test writes.

The end state is the same as Django's flush with reset_sequences=False: every table empty
but for the content types and permissions, which Django's flush would delete and post_migrate
make again; they are kept as they are (post_migrate still runs and finds them), so a running
server's cache of content types stays right. Sequences go on counting, as with Django's.
A flush asked for any other way (reset_sequences, or interactive) is Django's own.

The shared stack's worker and beat may still be in an operation on the test's tournament while
it is emptied (CI: the day's finishing task, which locks the tournament and then its clock,
against a flush that had deleted the clock and waited for the tournament: a deadlock, the
flush its victim, the next test's users already there). So the flush keeps the house's lock
order (core/operation.py): every tournament row first, which waits for an operation in flight
and holds a new one back until the rows are gone. Anything else that deadlocks with it (a
service that writes an entry before its tournament) is the deadlock's victim or makes the
flush start again."""

from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management.commands import flush
from django.core.management.sql import emit_post_migrate_signal
from django.db import OperationalError, connections, transaction
from psycopg.errors import DeadlockDetected

from tournaments.models import Tournament

KEPT = {ContentType._meta.db_table, Permission._meta.db_table}
ATTEMPTS = 5  # a deadlock needs another transaction in flight; each lost one lets it finish


class Command(flush.Command):
    def handle(self, **options):
        if options["interactive"] or options.get("reset_sequences", True) or options.get("allow_cascade", False):
            return super().handle(**options)
        database = options["database"]
        connection = connections[database]
        tables = sorted(set(connection.introspection.django_table_names(only_existing=True)) - KEPT)
        for attempt in range(1, ATTEMPTS + 1):
            try:
                empty(connection, database, tables)
                break
            except OperationalError as error:
                if attempt == ATTEMPTS or not isinstance(error.__cause__, DeadlockDetected):
                    raise
        if not options.get("inhibit_post_migrate", False):
            emit_post_migrate_signal(options["verbosity"], options["interactive"], database)


def empty(connection, database: str, tables: list[str]) -> None:
    with transaction.atomic(using=database), connection.cursor() as cursor:
        # Django's foreign keys are DEFERRABLE: checked at the commit, when every row is gone.
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        list(Tournament.objects.using(database).select_for_update().order_by("pk").values_list("pk", flat=True))
        for table in tables:
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")
