"""Issue 27: a log that proves itself. Every event is linked into its tournament's hash chain as
it is appended; `manage.py verify_log` names the first event changed, removed or forged outside
the services; an erasure's sanctioned re-seal is told apart from a forgery."""

import io
import threading

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, connections, transaction
from django.db.migrations.executor import MigrationExecutor

from core import chain, kinds, log
from core.operation import operation
from players.services import erasure
from rules import chain as rules_chain
from tournaments.models import Event


def append(tournament_id: int, n: int = 1) -> None:
    for number in range(n):
        with transaction.atomic():
            log.append_event(
                tournament_id, kinds.TOURNAMENT_UPDATED, payload={"n": number, "name": "Ann"}, public={"n": number}
            )


def verify_log(*args) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("verify_log", *[str(arg) for arg in args], stdout=out, stderr=err)
    except SystemExit as stop:
        return stop.code, out.getvalue() + err.getvalue()
    return 0, out.getvalue() + err.getvalue()


@pytest.mark.django_db
def test_each_append_links_to_its_predecessor_and_the_head_is_on_the_tournament(make_tournament):
    tournament = make_tournament()
    append(tournament.id, 3)
    events = list(Event.objects.filter(tournament=tournament).order_by("seq"))
    head = rules_chain.GENESIS
    for event in events:
        head = rules_chain.link(head, log.content_of(event))
        assert event.hash == head
    tournament.refresh_from_db()
    assert tournament.chain_head == head
    assert verify_log(tournament.id) == (0, f"tournament {tournament.id}: 3 events, chain intact, head {head}\n")


@pytest.mark.django_db
def test_a_payload_changed_by_sql_is_named_by_its_seq(make_tournament):
    tournament = make_tournament()
    append(tournament.id, 4)
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE tournaments_event SET payload = jsonb_set(payload, '{name}', '\"Bob\"') "
            "WHERE tournament_id = %s AND seq = 2",
            [tournament.id],
        )
    code, said = verify_log(tournament.id)
    assert code == 1 and "event #2 (tournament.updated) does not match" in said
    assert chain.verify(tournament.id).first_bad == 2


@pytest.mark.django_db
def test_an_edit_the_admin_way_is_refused_there_and_detected_anyway(make_tournament, staff, client):
    """The admin shows the log read-only; a row saved by any form or script outside the services
    (Model.save, as an admin's change form would) is found by verify_log."""
    tournament = make_tournament()
    append(tournament.id, 3)
    event = Event.objects.get(tournament=tournament, seq=3)
    client.force_login(staff["superuser"])
    url = f"/admin/tournaments/event/{event.pk}/change/"
    assert client.post(url, {"kind": "tournament.updated", "payload": '{"n": 99}'}).status_code == 403
    event.refresh_from_db()
    assert event.payload == {"n": 2, "name": "Ann"}  # the admin changed nothing
    event.kind = kinds.CLOCK_PAUSED.name
    event.save()
    code, said = verify_log("--all")
    assert code == 1 and "event #3 (clock.paused) does not match" in said


@pytest.mark.django_db
def test_a_deleted_event_is_detected(make_tournament):
    tournament = make_tournament()
    append(tournament.id, 4)
    Event.objects.filter(tournament=tournament, seq=2).delete()
    code, said = verify_log(tournament.id)
    assert code == 1 and "event #2 is missing" in said
    Event.objects.filter(tournament=tournament, seq=4).delete()  # the last one: no gap, but the count
    Event.objects.filter(tournament=tournament, seq__gt=1).delete()
    assert chain.verify(tournament.id).first_bad == 2


@pytest.mark.django_db
def test_an_unknown_tournament_is_a_sentence_not_a_traceback():
    with pytest.raises(Exception, match="There is no tournament 999999"):
        call_command("verify_log", "999999")


@pytest.mark.django_db(transaction=True)
def test_concurrent_appends_keep_one_valid_chain(make_tournament):
    tournament = make_tournament()
    failures = []

    def appender():
        try:
            append(tournament.id, 5)
        except Exception as problem:  # noqa: BLE001 - reported below
            failures.append(problem)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=appender) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    verdict = chain.verify(tournament.id)
    assert verdict.intact and verdict.events == 20


@pytest.mark.django_db
def test_an_erasure_resealed_by_the_service_verifies_and_records_the_old_head(make_tournament, staff):
    tournament = make_tournament()
    append(tournament.id, 3)
    tournament.refresh_from_db()
    old_head = tournament.chain_head
    with operation(tournament.id, staff["director"]) as op:
        Event.objects.filter(tournament=tournament, seq=2).update(payload={"n": 1, "name": "(erased)"})
        sealed = erasure.reseal_log(op, "GDPR erasure request 17")
    assert sealed.seq == 4 and sealed.public == {"old_seq": 3, "old_head": old_head, "rewritten": [2]}
    verdict = chain.verify(tournament.id)
    assert verdict.intact
    assert verdict.reseals == [{"seq": 4, "old_seq": 3, "old_head": old_head, "rewritten": [2], "checked": True}]
    code, said = verify_log(tournament.id)
    assert code == 0 and f"re-sealed at #4 after an erasure; old head {old_head} at #3: matches" in said


@pytest.mark.django_db
def test_a_rewrite_passed_off_as_a_reseal_is_told_apart(make_tournament, staff):
    """A forger who recomputes every hash and adds a re-seal cannot make its old head the one the
    chain had: the old hashes it records for the events it changed do not chain to it."""
    tournament = make_tournament()
    append(tournament.id, 3)
    with operation(tournament.id, staff["director"]) as op:
        Event.objects.filter(tournament=tournament, seq=2).update(payload={"n": 1, "name": "Mallory"})
        sealed = erasure.reseal_log(op, "looks sanctioned")
    forged = {**sealed.payload, "rewritten": {}}  # hides which event it changed
    Event.objects.filter(pk=sealed.pk).update(payload=forged)
    with operation(tournament.id) as op:
        erasure.reseal_log(op, "cover the edit of the re-seal")
    verdict = chain.verify(tournament.id)
    assert not verdict.intact and verdict.first_bad == 4
    Event.objects.filter(pk=sealed.pk).update(payload={"old_seq": "three"})  # not even the service's shape
    with operation(tournament.id) as op:
        erasure.reseal_log(op, "cover it again")
    assert chain.verify(tournament.id).first_bad == 4


@pytest.mark.django_db(transaction=True)
def test_the_migration_chains_the_events_logged_before_it(make_tournament):
    """Events logged before the chain existed get their links in seq order, and the head."""
    tournament = make_tournament()
    append(tournament.id, 3)
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    executor = MigrationExecutor(connection)
    executor.migrate([("tournaments", "0027_checkable_draws")])
    with connection.cursor() as cursor:  # a log as it was: no hash column, no head
        cursor.execute("SELECT count(*) FROM tournaments_event WHERE tournament_id = %s", [tournament.id])
        assert cursor.fetchone() == (3,)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(latest)
    verdict = chain.verify(tournament.id)
    assert verdict.intact and verdict.events == 3


@pytest.mark.django_db
def test_an_event_written_with_its_callers_statement_follows_the_one_before_and_refuses_a_moved_log(
    make_tournament,
):
    """log.following / written_with (a confirmation's event, issue 25): the seq and the chain's
    head come from the event before, without a statement; if the log moved past it meanwhile,
    nothing is written rather than a forked chain."""
    tournament = make_tournament()
    with transaction.atomic():
        sold = log.append_event(tournament.id, kinds.TOURNAMENT_UPDATED, payload={"n": 1}, public={"n": 1})
        follows = log.following(sold, kinds.TOURNAMENT_UPDATED, payload={"n": 2}, public={"n": 2})
        row = log.written_with(
            sold,
            follows,
            "UPDATE tournaments_festival SET name = %s WHERE id = %s",
            ["Renamed", tournament.festival_id],
        )
    assert row[-2] == follows.pk and follows.seq == sold.seq + 1
    tournament.refresh_from_db()
    assert (tournament.festival.name, tournament.last_seq, tournament.chain_head) == (
        "Renamed",
        follows.seq,
        follows.hash,
    )
    assert verify_log(tournament.id)[0] == 0

    # Its seq taken already, the database's unique seq refuses it before the head's check does.
    with pytest.raises((IntegrityError, RuntimeError)), transaction.atomic():
        stale = log.following(sold, kinds.TOURNAMENT_UPDATED, payload={"n": 3}, public={"n": 3})
        log.written_with(
            sold, stale, "UPDATE tournaments_festival SET name = %s WHERE id = %s", ["Forked", tournament.festival_id]
        )
    tournament.refresh_from_db()
    tournament.festival.refresh_from_db()
    assert (tournament.festival.name, tournament.last_seq) == ("Renamed", follows.seq)
    assert Event.objects.filter(tournament=tournament).count() == 2
    assert verify_log(tournament.id)[0] == 0
