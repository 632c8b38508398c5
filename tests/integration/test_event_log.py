"""Services write state and one log row atomically, and broadcast only after commit."""

import threading
import time
from datetime import timedelta

import pytest
import redis
from django.conf import settings
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from clock.models import Clock
from clock.rules.timeline import ClockRefused
from clock.services import level_clock as services
from core import broadcast, fanout, kinds, log
from tournaments.models import Event, Tournament


class GroupListener:
    """A real subscriber on a group's Redis channel, as each web process's core.fanout is."""

    def __init__(self, group: str):
        self.pubsub = redis.Redis.from_url(settings.REDIS_URL).pubsub(ignore_subscribe_messages=True)
        self.pubsub.subscribe(fanout.redis_channel(group))

    def receive(self, timeout: float):
        deadline = time.monotonic() + timeout
        while (remaining := deadline - time.monotonic()) > 0:
            message = self.pubsub.get_message(timeout=remaining)
            if message is not None:
                return {"text": message["data"].decode()}
        return None


def events_of(tournament) -> list[tuple[int, str]]:
    return list(Event.objects.filter(tournament=tournament).values_list("seq", "kind"))


@pytest.mark.django_db(transaction=True)
def test_CLK_CONTROL_a_service_commits_state_and_one_event_then_broadcasts(make_tournament, staff):
    tournament = make_tournament()
    listener = GroupListener(broadcast.group_name(tournament.id, kinds.PUBLIC))
    clock = services.start_clock(tournament.id, staff["director"])
    assert clock["status"] == "running"
    assert events_of(tournament) == [(1, "clock.started")]
    tournament.refresh_from_db()
    assert (tournament.last_seq, tournament.status) == (1, "running")
    message = listener.receive(timeout=5)
    assert message is not None and '"seq":1' in message["text"] and '"kind":"clock.started"' in message["text"]
    event = Event.objects.get(tournament=tournament)
    assert event.actor == staff["director"]
    assert "director-user" not in message["text"]  # the public frame names no person


@pytest.mark.django_db(transaction=True)
def test_a_failure_after_the_log_row_rolls_back_everything_and_broadcasts_nothing(make_tournament, monkeypatch):
    tournament = make_tournament()
    listener = GroupListener(broadcast.group_name(tournament.id, kinds.PUBLIC))
    real_append = log.append_event

    def append_then_fail(*args, **kwargs):
        real_append(*args, **kwargs)  # the log row and the seq bump are written…
        raise ConnectionError("database went away mid-operation")  # …then the operation fails

    monkeypatch.setattr(log, "append_event", append_then_fail)
    with pytest.raises(ConnectionError):
        services.start_clock(tournament.id, actor=None)
    clock = Clock.objects.get(tournament=tournament)
    tournament.refresh_from_db()
    assert (clock.status, clock.version) == ("ready", 0)
    assert (tournament.last_seq, tournament.status) == (0, "registration")
    assert events_of(tournament) == []
    assert listener.receive(timeout=1.0) is None


@pytest.mark.django_db(transaction=True)
def test_CLK_CONTROL_a_refused_control_writes_nothing(make_tournament, staff):
    tournament = make_tournament()
    with pytest.raises(ClockRefused, match="not running, so it cannot be paused"):
        services.pause_clock(tournament.id, staff["director"], reason="dispute")
    with pytest.raises(ClockRefused, match="left in this level"):
        services.adjust_clock(tournament.id, staff["director"], seconds=-600)
    with pytest.raises(ClockRefused, match="more than"):
        services.adjust_clock(tournament.id, staff["director"], seconds=7 * 3600)
    assert events_of(tournament) == []
    assert Clock.objects.get(tournament=tournament).version == 0


@pytest.mark.django_db(transaction=True)
def test_seq_is_gap_free_per_tournament_under_concurrent_services(make_tournament):
    first, second = make_tournament(), make_tournament(name="Side Event")
    services.start_clock(first.id, None)
    services.start_clock(second.id, None)
    errors = []

    def add_time(tournament_id):
        try:
            for _ in range(5):
                services.adjust_clock(tournament_id, None, seconds=1)
        except Exception as error:  # surfaced below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=add_time, args=(t.id,)) for t in (first, second) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for tournament in (first, second):
        seqs = [seq for seq, _ in events_of(tournament)]
        assert seqs == list(range(1, 22))  # start + 4 threads × 5 adjustments, no gap, no repeat
        clock = Clock.objects.get(tournament=tournament)
        assert clock.ends_at - Event.objects.get(tournament=tournament, seq=1).at > timedelta(seconds=619)


@pytest.mark.django_db(transaction=True)
def test_append_event_refuses_to_run_outside_a_transaction(make_tournament):
    tournament = make_tournament()
    with pytest.raises(RuntimeError, match="inside the operation's transaction"):
        log.append_event(tournament.id, kinds.PRIZE_PAID, payload={}, public=None)
    with transaction.atomic(), pytest.raises(Tournament.DoesNotExist):
        log.append_event(999_999, kinds.PRIZE_PAID, payload={}, public=None)


@pytest.mark.django_db(transaction=True)
def test_the_database_enforces_one_seq_per_tournament(make_tournament):
    from django.db import IntegrityError

    tournament = make_tournament()
    services.start_clock(tournament.id, None)
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(tournament=tournament, seq=1, at=tournament.events.get().at, kind="x", payload={})


@pytest.mark.django_db(transaction=True)
def test_snapshot_reads_seq_and_state_in_one_query_snapshot(make_tournament):
    from tournaments.queries.snapshot import snapshot

    tournament = make_tournament()
    services.start_clock(tournament.id, None)
    with CaptureQueriesContext(connection) as queries:
        document = snapshot(tournament.id)
    statements = [query["sql"] for query in queries.captured_queries]
    assert statements[0] == "BEGIN" and "REPEATABLE READ" in statements[1]
    assert document["seq"] == 1 and document["clock"]["status"] == "running"


@pytest.mark.django_db
def test_saving_a_stale_tournament_never_puts_old_counters_back(make_tournament):
    tournament = make_tournament()
    stale = Tournament.objects.get(pk=tournament.pk)  # as an admin form loads it
    services.start_clock(tournament.id, None)
    services.pause_clock(tournament.id, None)
    stale.name = "Renamed in the admin"
    stale.save()
    tournament.refresh_from_db()
    assert (tournament.name, tournament.last_seq) == ("Renamed in the admin", 2)
    services.resume_clock(tournament.id, None)  # the next seq is 3, not a duplicate 1
    assert events_of(tournament)[-1] == (3, "clock.resumed")
