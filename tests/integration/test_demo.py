"""`make run`'s demo is a festival in progress (issue 22, "The first run"): a Main Event in
flights (one running with a seated field, one closed with confirmed bags, one taking
pre-registrations), a satellite feeding it, a side event, and clocks with days of levels; all
made through the services, so every row has its event; loaded twice, it is the same festival."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from clock.models import Clock
from clock.rules import timeline
from core import kinds
from players.models import Player, PreRegistration
from pokerfest.stack import demo_lines
from tables.models import ChipBag, Qualifier, Seating
from tables.queries.draws import draws_view
from tournaments.management.commands.load_demo import DEMO_FESTIVAL, DEMO_TOURNAMENT, SATELLITE, SIDE_EVENT
from tournaments.models import Entry, Event, Festival, Tournament, WonSeat

pytestmark = pytest.mark.django_db


def load() -> str:
    out = StringIO()
    call_command("load_demo", "--start-clock", stdout=out)
    return out.getvalue()


def counted(event_kind, tournament) -> int:
    return Event.objects.filter(tournament=tournament, kind=event_kind.name).count()


def hours_of_play_left(tournament) -> float:
    clock = Clock.objects.get(tournament=tournament)
    levels = clock.structure.timeline_levels()
    shown = timeline.view(clock.state, levels, timezone.now())
    later = sum((level.duration for level in levels[shown.level_index + 1 :]), timedelta())
    return (shown.remaining + later) / timedelta(hours=1)


def test_the_demo_is_a_festival_in_progress_made_through_the_services():
    printed = load()
    festival = Festival.objects.get(name=DEMO_FESTIVAL)
    events = {t.name: t for t in festival.tournaments.all()}
    main = events[DEMO_TOURNAMENT]
    day_1a, day_1b, day_1c = events["Day 1A"], events["Day 1B"], events["Day 1C"]
    assert {f.name for f in main.flights.all()} == {"Day 1A", "Day 1B", "Day 1C"}

    # Day 1A is over: its survivors bagged, each bag confirmed by a second person, all qualified.
    assert day_1a.status == Tournament.Status.FINISHED
    bags = ChipBag.objects.filter(tournament=day_1a)
    assert bags.count() == 10 and not bags.filter(confirmed_at__isnull=True).exists()
    assert all(bag.confirmed_by_id != bag.bagged_by_id for bag in bags)
    assert Qualifier.objects.filter(main_event=main, flight=day_1a, status="forward").count() == 10
    assert counted(kinds.CHIPS_BAGGED, day_1a) == counted(kinds.CHIP_BAG_CONFIRMED, day_1a) == 10
    assert counted(kinds.FLIGHT_CLOSED, day_1a) == 1

    # Day 1B runs: its field seated at two tables, the clock running with days of levels left.
    assert day_1b.status == Tournament.Status.RUNNING
    seated = Seating.objects.filter(tournament=day_1b, ended_at__isnull=True)
    assert seated.count() == day_1b.seats_sold - 1 == 13  # one out already
    assert set(seated.values_list("tournament_table__table__number", flat=True)) == {3, 4}
    assert Clock.objects.get(tournament=day_1b).status == Clock.Status.RUNNING
    assert hours_of_play_left(day_1b) > 48

    # Day 1C takes pre-registrations; one waits for the desk.
    assert day_1c.status == Tournament.Status.REGISTRATION
    held = PreRegistration.objects.get(tournament=day_1c)
    assert held.status == PreRegistration.Status.HELD and held.code in printed

    # The satellite fed the Main Event: its voucher, not yet spent, is good in any flight.
    satellite = events[SATELLITE]
    assert satellite.satellite_for_id == main.id and satellite.status == Tournament.Status.FINISHED
    voucher = WonSeat.objects.get(won_with__tournament=satellite)
    assert voucher.tournament_id == main.id and voucher.entry_id is None

    # The side event runs beside them.
    side = events[SIDE_EVENT]
    assert side.main_event_id is None and side.satellite_for_id is None
    assert Clock.objects.get(tournament=side).status == Clock.Status.RUNNING
    assert hours_of_play_left(side) > 48

    # Every demo draw is checkable as a real one: its seed's hash was published before it.
    for drawn_event in (day_1a, day_1b, satellite, side):
        made = draws_view(drawn_event)["draws"]
        assert made and all(d["matches"] and d["published_ahead"] for d in made), drawn_event.name

    # Every row has its event: each tournament's log starts with its creation, each entry sold
    # and each demo player made are in a log.
    for tournament in events.values():
        assert Event.objects.filter(tournament=tournament).order_by("seq").first().kind == kinds.TOURNAMENT_CREATED.name
        assert counted(kinds.ENTRY_REGISTERED, tournament) == Entry.objects.filter(tournament=tournament).count()
    assert Event.objects.filter(kind=kinds.PLAYER_CREATED.name).count() == Player.objects.count()

    # The launcher's banner points at the running flight, the schedule, pre-registration and the
    # new-tournament page.
    banner = "\n".join(demo_lines("http://127.0.0.1:8000", printed))
    for path in (
        f"/tournaments/{day_1b.id}/desk/",
        f"/tournaments/{main.id}/",
        f"/festivals/{festival.id}/schedule/",
        f"/festivals/{festival.id}/register/",
        "/tournaments/new/",
        f"/tournaments/{day_1c.id}/desk/",
    ):
        assert f"http://127.0.0.1:8000{path}" in banner


def test_loading_the_demo_twice_finds_what_the_first_run_made():
    """A second `make run` on existing data finds the festival (issue 12: its returning players
    too, looked up by the normalised ID number) and changes nothing but the clocks."""
    first = load()
    made = {
        "tournaments": Tournament.objects.count(),
        "entries": Entry.objects.count(),
        "players": Player.objects.count(),
        "events": Event.objects.exclude(kind__startswith="clock.").count(),
    }
    second = load()
    assert second.splitlines()[0] == first.splitlines()[0]
    assert {
        "tournaments": Tournament.objects.count(),
        "entries": Entry.objects.count(),
        "players": Player.objects.count(),
        "events": Event.objects.exclude(kind__startswith="clock.").count(),
    } == made
    assert Festival.objects.filter(name=DEMO_FESTIVAL).count() == 1
    assert Player.objects.filter(id_document_number__in=["DEMO1906", "DEMO1912", "DEMOMINOR"]).count() == 3
