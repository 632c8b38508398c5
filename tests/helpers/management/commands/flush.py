"""`flush` for the test run (tests/settings.py lists tests.helpers first, so this one is found
before Django's): what TransactionTestCase calls after every `django_db(transaction=True)`
test. It empties the tables with DELETE in one transaction instead of one TRUNCATE of every
table: PostgreSQL makes new files for each truncated table, which took 1 to 3 s per test on
a loaded machine, against some 50 ms to delete the few rows a test writes.

The end state is the same as Django's flush with reset_sequences=False: every table empty
but for the content types and permissions, which Django's flush would delete and post_migrate
make again; they are kept as they are (post_migrate still runs and finds them), so a running
server's cache of content types stays right. Sequences go on counting, as with Django's.
A flush asked for any other way (reset_sequences, or interactive) is Django's own."""

from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management.commands import flush
from django.core.management.sql import emit_post_migrate_signal
from django.db import connections, transaction

KEPT = {ContentType._meta.db_table, Permission._meta.db_table}


class Command(flush.Command):
    def handle(self, **options):
        if options["interactive"] or options.get("reset_sequences", True) or options.get("allow_cascade", False):
            return super().handle(**options)
        database = options["database"]
        connection = connections[database]
        tables = sorted(set(connection.introspection.django_table_names(only_existing=True)) - KEPT)
        with transaction.atomic(using=database), connection.cursor() as cursor:
            # Django's foreign keys are DEFERRABLE: checked at the commit, when every row is gone.
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
            for table in tables:
                cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")
        if not options.get("inhibit_post_migrate", False):
            emit_post_migrate_signal(options["verbosity"], options["interactive"], database)
