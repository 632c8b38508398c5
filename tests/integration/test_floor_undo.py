"""Issue 14: the floor's undo of its last tap at a table within a minute ("Out", "Hand done"),
against PostgreSQL: in time, too late, something happened since, twice."""

from datetime import timedelta

import pytest
from django.test import Client

from rules.refusals import Refused
from tables.models import Penalty
from tables.services.floor import hand_done, player_out
from tables.services.undo import undo_last
from tournaments.models import Elimination, Entry
from tournaments.services.penalties import give_penalty


def table_of(tournament):
    return tournament.tables.get()


def seat_of(tournament, seat):
    return tournament.seatings.filter(tournament_table__table__number=1, seat=seat, ended_at__isnull=True).first()


@pytest.mark.django_db
def test_an_out_undone_within_the_minute_seats_the_player_again_and_logs_it(seated, staff):
    tournament, seats = seated
    player_out(tournament.id, 1, 4, staff["floor"], request_key="tap-out", entry=seats[4])
    assert seat_of(tournament, 4) is None

    answer = undo_last(tournament.id, 1, staff["floor"], key="tap-out")

    assert answer["undone"] == "out" and answer["seat"] == 4 and answer["players_left"] == 6
    assert seat_of(tournament, 4).entry.number == seats[4]
    assert Entry.objects.get(tournament=tournament, number=seats[4]).status == Entry.Status.ACTIVE
    assert not Elimination.objects.filter(tournament=tournament, undone_at__isnull=True).exists()
    logged = tournament.events.order_by("-seq").first()
    bust = tournament.events.get(kind="player.out")
    assert logged.kind == "player.out_undone" and logged.payload["undoes"] == bust.seq
    assert logged.actor == staff["floor"]


@pytest.mark.django_db
def test_a_hand_done_undone_within_the_minute_puts_button_blinds_and_hand_back(seated, staff):
    tournament, _ = seated
    here = table_of(tournament)
    before = (here.hands_dealt, here.button, here.small_blind, here.big_blind, here.playing_level)
    hand_done(tournament.id, 1, staff["floor"], request_key="tap-hand", hand=1)
    assert table_of(tournament).hands_dealt == 1

    answer = undo_last(tournament.id, 1, staff["floor"], key="tap-hand")

    here = table_of(tournament)
    assert (here.hands_dealt, here.button, here.small_blind, here.big_blind, here.playing_level) == before
    assert answer == {
        "undone": "hand_done",
        "table": 1,
        "hand": 1,
        "button": before[1],
        "small_blind": before[2],
        "big_blind": before[3],
    }
    assert tournament.events.order_by("-seq").first().kind == "hand.undone"
    # The hand is played again: the next hand done names hand 1 and moves the button as before.
    assert hand_done(tournament.id, 1, staff["floor"], hand=1)["hand"] == 2


@pytest.mark.django_db
def test_an_undo_after_the_minute_is_refused_and_changes_nothing(seated, staff):
    tournament, _ = seated
    hand_done(tournament.id, 1, staff["floor"], request_key="tap-hand", hand=1)
    tapped = tournament.events.get(request_key="tap-hand")
    events = tournament.events.count()

    with pytest.raises(Refused, match="61 seconds ago"):
        undo_last(tournament.id, 1, staff["floor"], key="tap-hand", now=tapped.at + timedelta(seconds=61))
    # The record's time set back: the server's own clock says too late as well.
    tournament.events.filter(pk=tapped.pk).update(at=tapped.at - timedelta(minutes=5))
    with pytest.raises(Refused, match="within a minute"):
        undo_last(tournament.id, 1, staff["floor"], key="tap-hand")

    assert table_of(tournament).hands_dealt == 1 and tournament.events.count() == events
    # On the last second of the minute it is still in time.
    tournament.events.filter(pk=tapped.pk).update(at=tapped.at)
    undo_last(tournament.id, 1, staff["floor"], key="tap-hand", now=tapped.at + timedelta(seconds=60))
    assert table_of(tournament).hands_dealt == 0


@pytest.mark.django_db
def test_an_undo_after_something_else_happened_at_the_table_is_refused(seated, staff):
    tournament, seats = seated
    player_out(tournament.id, 1, 4, staff["floor"], request_key="tap-out")
    hand_done(tournament.id, 1, staff["floor"], request_key="tap-hand", hand=1)
    events = tournament.events.count()

    with pytest.raises(Refused, match="Something else happened at table 1 since"):
        undo_last(tournament.id, 1, staff["floor"], key="tap-out")
    assert seat_of(tournament, 4) is None and tournament.events.count() == events

    # Without a key the table's last tap is the one undone: the hand done.
    assert undo_last(tournament.id, 1, staff["floor"])["undone"] == "hand_done"
    # The bust is still not the last thing at the table: its undo stays with the director.
    with pytest.raises(Refused, match="since"):
        undo_last(tournament.id, 1, staff["floor"], key="tap-out")


@pytest.mark.django_db
def test_an_undo_twice_is_refused_and_a_retried_undo_answers_as_the_first_time(seated, staff):
    tournament, seats = seated
    player_out(tournament.id, 1, 4, staff["floor"], request_key="tap-out")
    first = undo_last(tournament.id, 1, staff["floor"], request_key="undo-1", key="tap-out")
    assert undo_last(tournament.id, 1, staff["floor"], request_key="undo-1", key="tap-out") == first  # a retry
    events = tournament.events.count()

    with pytest.raises(Refused, match="undone already"):
        undo_last(tournament.id, 1, staff["floor"], request_key="undo-2", key="tap-out")
    assert tournament.events.count() == events and seat_of(tournament, 4).entry.number == seats[4]


@pytest.mark.django_db
def test_what_is_not_the_floors_last_tap_is_refused_with_a_sentence(seated, staff):
    tournament, seats = seated
    with pytest.raises(Refused, match="nothing to undo"):
        undo_last(tournament.id, 1, staff["floor"], key="never-sent")
    with pytest.raises(Refused, match="Only Out and Hand done"):
        undo_last(tournament.id, 1, staff["floor"])  # the draw is the last thing at the table
    # A tap sent late for a seat that changed hands puts nobody out.
    with pytest.raises(Refused, match="not #999"):
        player_out(tournament.id, 1, 4, staff["floor"], entry=999)
    assert seat_of(tournament, 4).entry.number == seats[4]


@pytest.mark.django_db
def test_the_floor_undoes_through_the_api_and_the_desk_may_not(seated, staff):
    tournament, seats = seated
    floor, desk = Client(), Client()
    floor.force_login(staff["floor"])
    desk.force_login(staff["desk"])
    base = f"/api/tournaments/{tournament.id}/tables/1/"
    out = floor.post(
        f"{base}seats/4/out/",
        {"entry": seats[4]},
        content_type="application/json",
        headers={"Idempotency-Key": "tap-out"},
    )
    assert out.status_code == 200

    assert desk.post(f"{base}undo/", {"key": "tap-out"}, content_type="application/json").status_code == 403
    undone = floor.post(f"{base}undo/", {"key": "tap-out"}, content_type="application/json")
    assert undone.status_code == 200 and undone.json()["undone"] == "out"
    again = floor.post(f"{base}undo/", {"key": "tap-out"}, content_type="application/json")
    assert again.status_code == 409 and "undone already" in again.json()["detail"]


@pytest.mark.django_db
def test_PEN_LADDER_an_undone_hand_done_gives_its_hand_back_to_a_penalty_being_served(seated, staff):
    tournament, seats = seated
    given = give_penalty(tournament.id, 1, min(seats), "acting out of turn", staff["floor"], step="3 hands")
    hand_done(tournament.id, 1, staff["floor"], hand=1)  # the hand it was given in: not counted
    hand_done(tournament.id, 1, staff["floor"], request_key="tap-hand", hand=2)
    assert Penalty.objects.get(pk=given["id"]).hands_left == 2

    undo_last(tournament.id, 1, staff["floor"], key="tap-hand")

    assert Penalty.objects.get(pk=given["id"]).hands_left == 3 and table_of(tournament).hands_dealt == 1


@pytest.mark.django_db
def test_END_FINISH_no_undo_after_the_tournament_is_over_said_in_a_sentence(seated, staff):
    tournament, seats = seated
    *busted, last = sorted(seats)
    for n, seat in enumerate(busted):
        player_out(tournament.id, 1, seat, staff["floor"], request_key=f"tap-out-{n}", entry=seats[seat])
    tournament.refresh_from_db()
    assert tournament.status == tournament.Status.FINISHED
    logged = tournament.events.count()

    with pytest.raises(Refused, match="The tournament is over"):
        undo_last(tournament.id, 1, staff["floor"], key=f"tap-out-{len(busted) - 1}")
    assert tournament.events.count() == logged
    assert Entry.objects.get(tournament=tournament, number=seats[busted[-1]]).status == Entry.Status.BUSTED
