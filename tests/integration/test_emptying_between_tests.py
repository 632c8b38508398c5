"""The test run's flush (tests/helpers/management/commands/flush.py) empties the committed
database after every transaction test while the browser tests' shared worker and beat may still
be in an operation on that test's tournament: it must wait for the operation, not deadlock."""

import threading
import time

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection
from psycopg.errors import DeadlockDetected

from tournaments.models import Tournament

WAIT_S = 60  # for the flush to queue behind the other transaction: state, bounded


def other_transaction() -> psycopg.Connection:
    """A second session, as the shared worker's would be."""
    settings = connection.settings_dict
    return psycopg.connect(
        host=settings["HOST"],
        port=settings["PORT"] or None,
        user=settings["USER"],
        password=settings["PASSWORD"] or None,
        dbname=settings["NAME"],
    )


def flush_beside() -> tuple[threading.Thread, list]:
    """The flush TransactionTestCase runs after a test, in a thread of its own."""
    outcome = []

    def run():
        try:
            call_command("flush", verbosity=0, interactive=False, reset_sequences=False, inhibit_post_migrate=True)
            outcome.append("emptied")
        except Exception as error:  # the test reports it
            outcome.append(error)
        finally:
            connection.close()  # the thread's own connection (django.db.connection is per thread)

    flushing = threading.Thread(target=run)
    flushing.start()
    return flushing, outcome


def wait_until_blocked_by(other: psycopg.Connection) -> None:
    """Until a session of this database waits for a lock `other` holds."""
    deadline = time.monotonic() + WAIT_S
    with other_transaction() as watcher:
        while time.monotonic() < deadline:
            waiting = watcher.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND %s = ANY(pg_blocking_pids(pid))",
                [other.info.backend_pid],
            ).fetchone()[0]
            if waiting:
                return
            time.sleep(0.02)
    pytest.fail(f"the flush did not wait for the other transaction within {WAIT_S} s")


TOURNAMENT = "SELECT 1 FROM tournaments_tournament WHERE id = %s FOR UPDATE"
CLOCK = "SELECT tournament_id FROM clock_clock WHERE tournament_id = %s FOR UPDATE"


def flush_beside_a_transaction(tournament_id: int, holding: str, then) -> list:
    """Another session holds a lock (`holding`), the flush starts and queues behind it, then
    `then(other)` runs in that session; the flush's outcome once both are done."""
    with other_transaction() as other:
        other.execute(holding, [tournament_id])
        flushing, outcome = flush_beside()
        wait_until_blocked_by(other)
        then(other)
    flushing.join(WAIT_S)
    return outcome


@pytest.mark.django_db(transaction=True)
def test_the_flush_waits_for_an_operation_on_the_tournament_and_leaves_its_next_lock_free(make_tournament):
    # The day's finishing task: the tournament row (operation), then its clock. CI saw a flush
    # that had already deleted the clock wait for the tournament: a deadlock, the flush its victim.
    tournament = make_tournament()

    def the_clock_next(other):
        clock = other.execute(CLOCK + " NOWAIT", [tournament.id]).fetchall()
        assert clock == [(tournament.id,)]  # untouched by the flush, which queued first
        other.commit()

    assert flush_beside_a_transaction(tournament.id, TOURNAMENT, the_clock_next) == ["emptied"]
    assert not Tournament.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_the_flush_starts_again_when_it_loses_a_deadlock(make_tournament):
    # Something holds a row the flush deletes, then asks for the tournament the flush holds: one
    # of the two is PostgreSQL's victim, and either way the database ends empty.
    tournament = make_tournament()

    def the_tournament_next(other):
        try:
            other.execute(TOURNAMENT, [tournament.id])
            other.commit()
        except DeadlockDetected:
            other.rollback()

    assert flush_beside_a_transaction(tournament.id, CLOCK, the_tournament_next) == ["emptied"]
    assert not Tournament.objects.exists()
