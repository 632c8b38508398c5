"""PEN-LADDER, PEN-FINE, PEN-CARRY on PostgreSQL: penalties given to a seat from the house's
ladder (the next step proposed from the player's record), fines from the stack to the pot, hands
and orbits counted by "hand done" wherever the player sits, minutes by the time of play, carried
across a balancing move and to the next day; a disqualification through PAY-DQ, a ban that
excludes, and bad input refused with a sentence and nothing changed."""

import json
import time
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clock.models import Clock
from clock.services.day import announce_last_hands, finish_day, set_day_end
from clock.services.level_clock import pause_clock, resume_clock, start_clock
from core import time_source
from players.models import Exclusion
from rules.refusals import Refused
from tables.models import Penalty, Seating
from tables.queries.floor import floor_view
from tables.queries.penalties import active_penalties, penalty_record, stack_now
from tables.queries.tables import proposed_moves
from tables.services.counts import report_counts
from tables.services.draw import draw_field, open_tables
from tables.services.floor import confirm_move, hand_done, move_by_hand, player_out, swap_seats
from tables.services.penalties import lift_penalty, settle_due
from tournaments.models import Entry
from tournaments.queries.snapshot import field_counts
from tournaments.services.penalties import give_penalty

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(field, staff):
    def make(players=6, tables=1, preset=None):
        tournament, _ = field(players, tables=tables)
        if preset:
            type(tournament).objects.filter(pk=tournament.pk).update(ruleset_preset=preset)
            tournament.refresh_from_db()
        open_tables(tournament.id, list(range(1, tables + 1)), staff["director"])
        draw_field(tournament.id, staff["director"], seed=7)
        return tournament

    return make


def seats_at(tournament, table=1) -> dict[int, int]:
    """seat -> entry number at an open table."""
    return dict(
        Seating.objects.filter(
            tournament=tournament, ended_at__isnull=True, tournament_table__table__number=table
        ).values_list("seat", "entry__number")
    )


def seat_view(tournament, entry_number):
    """(table, seat, the penalty the tablet shows) of the seated entry."""
    for table in floor_view(tournament.id)["tables"]:
        for seat, player in table["players"].items():
            if player["number"] == entry_number:
                return table["number"], int(seat), player["penalty"]
    return None


@pytest.fixture
def later(monkeypatch):
    """Stops the wall clock at the test's start; `later(300)` is five minutes after it. Stopped,
    so that the seconds a loaded machine takes between two steps do not count as served."""
    start = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: start)
    monkeypatch.setattr(time_source, "now", lambda: start)  # the services' one clock (core/time_source.py)

    def move(seconds):
        monkeypatch.setattr(timezone, "now", lambda: start + timedelta(seconds=seconds))
        monkeypatch.setattr(time_source, "now", lambda: start + timedelta(seconds=seconds))

    return move


def test_PEN_LADDER_the_proposal_escalates_from_the_players_record_and_a_warning_has_nothing_to_serve(seated, staff):
    tournament = seated()
    seat = min(seats_at(tournament))
    number = seats_at(tournament)[seat]
    infraction = "acting out of turn"  # pokerfest: warning, 3 hands, 1 orbit, 2 orbits
    warning = give_penalty(tournament.id, 1, seat, infraction, staff["floor"])
    assert (warning["step"], warning["status"], warning["proposed"], warning["hands_left"]) == (
        "warning",
        "served",
        True,
        0,
    )
    assert seat_view(tournament, number)[2] is None  # nothing to serve: the seat shows nothing
    second = give_penalty(tournament.id, 1, seat, infraction, staff["floor"])
    assert (second["step"], second["status"], second["hands_left"]) == ("3 hands", "serving", 3)
    assert seat_view(tournament, number)[2]["hands_left"] == 3
    lift_penalty(tournament.id, second["id"], "given to the wrong seat", staff["director"])
    # The record counts the lifted one too; another infraction has a record of its own.
    third = give_penalty(tournament.id, 1, seat, infraction, staff["floor"])
    assert third["step"] == "1 orbit" and third["hands_left"] == 6  # six players at the table
    lift_penalty(tournament.id, third["id"], "the director's ruling", staff["director"])
    other = give_penalty(tournament.id, 1, seat, "exposing cards with action pending", staff["floor"])
    assert other["step"] == "warning"
    # The floor may pick any step: escalation need not be sequential.
    picked = give_penalty(tournament.id, 1, seat, infraction, staff["floor"], step="2 ORBITS")
    assert (picked["step"], picked["proposed"], picked["hands_left"]) == ("2 orbits", True, 12)
    assert [p["step"] for p in penalty_record(tournament.id, f"#{number}")] == [
        "2 orbits",
        "warning",
        "1 orbit",
        "3 hands",
        "warning",
    ]
    given = tournament.events.filter(kind="penalty.given")
    assert given.count() == 5 and given.last().public is None and given.last().payload["penalty"]["step"] == "2 orbits"


def test_PEN_LADDER_an_orbit_is_one_hand_per_player_seated_counted_by_hand_done_from_the_next_hand(seated, staff):
    tournament = seated(players=9)
    for seat in sorted(seats_at(tournament))[:3]:
        player_out(tournament.id, 1, seat, staff["floor"])
    seat = min(seats_at(tournament))
    number = seats_at(tournament)[seat]
    penalty = give_penalty(tournament.id, 1, seat, "any", staff["floor"], step="1 orbit")
    assert penalty["hands_left"] == 6  # six players seated when it was given
    hand_done(tournament.id, 1, staff["floor"])  # the hand it was given in does not count
    assert seat_view(tournament, number)[2]["hands_left"] == 6
    for left in range(5, 0, -1):
        hand_done(tournament.id, 1, staff["floor"])
        assert seat_view(tournament, number)[2]["hands_left"] == left
    hand_done(tournament.id, 1, staff["floor"])
    shown = seat_view(tournament, number)[2]
    assert (shown["status"], shown["may_return"], shown["hands_left"]) == ("served", True, 0)
    served = tournament.events.get(kind="penalty.served")
    assert (served.payload["entry"], served.payload["table"], served.payload["seat"]) == (number, 1, seat)
    assert not active_penalties(tournament.id)
    hand_done(tournament.id, 1, staff["floor"])  # "may return" is said until the next hand
    assert seat_view(tournament, number)[2] is None


def test_PEN_CARRY_a_penalty_follows_the_player_moved_by_balancing_and_counts_down_at_the_new_table(seated, staff):
    tournament = seated(players=14, tables=2)
    moves = []
    for seat in sorted(seats_at(tournament, 1)):  # bust players at table 1 until a move is proposed
        moves = player_out(tournament.id, 1, seat, staff["floor"])["moves"]
        if moves:
            break
    move = moves[0]
    number = seats_at(tournament, move["from_table"])[move["from_seat"]]
    at_source = len(seats_at(tournament, move["from_table"]))
    penalty = give_penalty(tournament.id, move["from_table"], move["from_seat"], "any", staff["floor"], step="1 orbit")
    assert penalty["hands_left"] == at_source
    confirm_move(
        tournament.id, move["from_table"], move["from_seat"], move["to_table"], move["to_seat"], staff["floor"]
    )
    hand_done(tournament.id, move["from_table"], staff["floor"])  # the old table's hands no longer count
    table, seat, shown = seat_view(tournament, number)
    assert (table, seat, shown["hands_left"], shown["table"]) == (
        move["to_table"],
        move["to_seat"],
        at_source,
        move["from_table"],
    )
    assert active_penalties(tournament.id)[0]["now_at"] == {"table": move["to_table"], "seat": move["to_seat"]}
    for _ in range(at_source - 1):
        hand_done(tournament.id, move["to_table"], staff["floor"])
    assert seat_view(tournament, number)[2]["hands_left"] == 1
    hand_done(tournament.id, move["to_table"], staff["floor"])
    assert seat_view(tournament, number)[2]["may_return"]
    assert tournament.events.get(kind="penalty.served").payload["table"] == move["to_table"]
    assert proposed_moves(tournament.id)["moves"] == []


def test_PEN_CARRY_a_penalty_follows_a_move_by_hand_and_a_swap(seated, staff):
    tournament = seated(players=12, tables=2)
    seat = min(seats_at(tournament, 1))
    number = seats_at(tournament, 1)[seat]
    given = give_penalty(tournament.id, 1, seat, "any", staff["floor"], step="3 hands")
    hand_done(tournament.id, 1, staff["floor"])  # the hand it was given in
    empty = next(s for s in range(1, 10) if s not in seats_at(tournament, 2))
    move_by_hand(tournament.id, 1, seat, 2, empty, "a broken chair", staff["floor"])
    hand_done(tournament.id, 2, staff["floor"])
    assert seat_view(tournament, number)[:2] == (2, empty) and seat_view(tournament, number)[2]["hands_left"] == 2
    other = min(seats_at(tournament, 1))
    swap_seats(tournament.id, 2, empty, 1, other, "a ruling", staff["floor"])
    hand_done(tournament.id, 2, staff["floor"])  # no longer the player's table
    assert seat_view(tournament, number)[:2] == (1, other) and seat_view(tournament, number)[2]["hands_left"] == 2
    hand_done(tournament.id, 1, staff["floor"])
    hand_done(tournament.id, 1, staff["floor"])
    shown = seat_view(tournament, number)[2]
    assert (shown["id"], shown["may_return"]) == (given["id"], True)


def test_PEN_LADDER_PEN_CARRY_minutes_count_only_in_play_and_carry_to_the_next_day(seated, staff, later):
    tournament = seated()
    start_clock(tournament.id, staff["director"])
    seat = min(seats_at(tournament))
    number = seats_at(tournament)[seat]
    penalty = give_penalty(tournament.id, 1, seat, "any", staff["floor"], step="5 minutes")
    assert (penalty["seconds_left"], penalty["hands_left"]) == (300, 0) and penalty["counting_until"]
    later(120)
    assert seat_view(tournament, number)[2]["seconds_left"] == 180
    pause_clock(tournament.id, staff["director"], "end of day 1")  # the day ends: the clock stops
    later(14 * 3600)  # the night passes; no play, nothing served
    shown = seat_view(tournament, number)[2]
    assert (shown["seconds_left"], shown["counting_until"]) == (180, None)
    assert settle_due(tournament.id) == 0
    resume_clock(tournament.id, staff["director"])  # day 2
    later(14 * 3600 + 179)
    assert seat_view(tournament, number)[2]["seconds_left"] == 1 and settle_due(tournament.id) == 0
    later(14 * 3600 + 180)
    assert settle_due(tournament.id) == 1  # no hand needed: the worker ends it
    assert seat_view(tournament, number)[2]["may_return"]
    assert Penalty.objects.get().status == "served"


def test_PEN_CARRY_what_is_left_at_the_end_of_a_day_is_served_on_the_next(seated, staff, later):
    tournament = seated()
    set_day_end(tournament.id, 0, staff["director"])  # day 1 ends with the first level
    start_clock(tournament.id, staff["director"])
    seat = min(seats_at(tournament))
    number = seats_at(tournament)[seat]
    give_penalty(tournament.id, 1, seat, "any", staff["floor"], step="3 hands + 5 minutes")
    later(60)
    announce_last_hands(tournament.id, 2, staff["director"])  # the clock stops: one minute served
    for _ in range(2):
        hand_done(tournament.id, 1, staff["floor"])  # the first is the hand it was given in
    assert finish_day(tournament.id) and Clock.objects.get(tournament=tournament).day_over
    later(13 * 3600)  # the night
    shown = seat_view(tournament, number)[2]
    assert (shown["hands_left"], shown["seconds_left"], shown["status"]) == (2, 240, "serving")
    resume_clock(tournament.id, staff["director"])  # day 2
    assert Clock.objects.get(tournament=tournament).day == 2
    for _ in range(2):
        hand_done(tournament.id, 1, staff["floor"])
    assert seat_view(tournament, number)[2]["hands_left"] == 0 and settle_due(tournament.id) == 0
    later(13 * 3600 + 240)
    assert settle_due(tournament.id) == 1 and seat_view(tournament, number)[2]["may_return"]


def test_PEN_FINE_a_fine_moves_the_levels_blind_from_the_stack_to_the_pot_never_more_than_the_stack(seated, staff):
    tournament = seated(preset="chips")
    seat = min(seats_at(tournament))
    before = field_counts(tournament.id)["chips_in_play"]
    small = give_penalty(tournament.id, 1, seat, "folding out of turn", staff["floor"])
    assert (small["step"], small["chips_fined"], small["status"]) == ("small blind", 100, "served")
    assert tournament.events.get(kind="penalty.given").payload["chips_to_pot"] == 100
    assert field_counts(tournament.id)["chips_in_play"] == before  # the pot is in play
    report_counts(tournament.id, 1, {seat: 150}, staff["floor"])
    capped = give_penalty(tournament.id, 1, seat, "looking at dead cards", staff["floor"])
    assert (capped["step"], capped["chips_fined"]) == ("big blind", 150)  # the level's 200, capped by the stack
    # chips: a repeated bet out of turn is a big blind and 5 minutes away.
    give_penalty(tournament.id, 1, seat, "betting out of turn", staff["floor"])
    repeat = give_penalty(tournament.id, 1, seat, "betting out of turn", staff["floor"])
    assert (repeat["step"], repeat["seconds_left"], repeat["chips_fined"]) == (
        "big blind + 5 minutes + dead hand",
        300,
        0,
    )


def test_PEN_LADDER_PEN_FINE_chips_a_repeated_bet_out_of_turn_kills_the_hand_and_its_big_blind_leaves_the_stack(
    seated, staff
):
    """PEN-LADDER / PEN-FINE (chips L59): a bet out of turn is matched with a warning; the repeat
    is a big blind from the stack to the pot, five minutes away and the hand killed; the next
    repeat the same with ten minutes. The fines are seen leaving the player's stack."""
    tournament = seated(preset="chips")
    seat = min(seats_at(tournament))
    report_counts(tournament.id, 1, {seat: 10_000}, staff["floor"])
    entry = Entry.objects.get(tournament=tournament, number=seats_at(tournament)[seat])
    first = give_penalty(tournament.id, 1, seat, "betting out of turn", staff["floor"])
    assert (first["step"], first["chips_fined"]) == ("warning + match", 0)
    assert stack_now(entry) == 10_000
    repeat = give_penalty(tournament.id, 1, seat, "betting out of turn", staff["floor"])
    assert (repeat["step"], repeat["seconds_left"], repeat["chips_fined"]) == (
        "big blind + 5 minutes + dead hand",
        300,
        200,  # the level's big blind
    )
    assert tournament.events.filter(kind="penalty.given").last().payload["chips_to_pot"] == 200
    assert stack_now(entry) == 9_800
    lift_penalty(tournament.id, repeat["id"], "served early by the director's ruling", staff["director"])
    again = give_penalty(tournament.id, 1, seat, "betting out of turn", staff["floor"])
    assert (again["step"], again["seconds_left"], again["chips_fined"]) == (
        "big blind + 10 minutes + dead hand",
        600,
        200,
    )
    assert stack_now(entry) == 9_600


def test_PAY_DQ_a_disqualification_step_goes_through_PAY_DQ_and_only_the_director_gives_it(seated, staff):
    tournament = seated()
    seat = min(seats_at(tournament))
    number = seats_at(tournament)[seat]
    with pytest.raises(Refused, match=f"call the director to table 1, seat {seat}"):
        give_penalty(tournament.id, 1, seat, "any", staff["floor"], step="disqualification")
    assert not Penalty.objects.exists() and not tournament.events.filter(kind="penalty.given").exists()
    with pytest.raises(Refused, match="stack first: a disqualification takes it out of play"):
        give_penalty(tournament.id, 1, seat, "any", staff["director"], step="disqualification")
    assert not Penalty.objects.exists()
    in_play = field_counts(tournament.id)["chips_in_play"]
    given = give_penalty(
        tournament.id,
        1,
        seat,
        "any",
        staff["director"],
        step="disqualification",
        stack=14_500,
        reason="  struck the dealer ",
    )
    assert given["status"] == "served"
    assert Entry.objects.get(tournament=tournament, number=number).status == Entry.Status.DISQUALIFIED
    assert (
        tournament.events.get(kind="player.disqualified").payload["reason"]
        == "penalty for any: disqualification (struck the dealer)"
    )
    assert field_counts(tournament.id)["chips_in_play"] == in_play - 14_500  # the counted stack, not the buy-in
    assert seat not in seats_at(tournament) and not Exclusion.objects.exists()


def test_REG_EXCLUDE_a_ban_disqualifies_and_excludes_the_player_from_the_festival(seated, staff):
    tournament = seated()
    seat = min(seats_at(tournament))
    entry = Entry.objects.get(tournament=tournament, number=seats_at(tournament)[seat])
    with pytest.raises(Refused, match="Only the tournament director gives a ban"):
        give_penalty(tournament.id, 1, seat, "abuse", staff["floor"], step="ban")
    give_penalty(tournament.id, 1, seat, "abuse", staff["director"], step="ban", stack=0)
    entry.refresh_from_db()
    exclusion = Exclusion.objects.get(player=entry.player)
    assert entry.status == Entry.Status.DISQUALIFIED and exclusion.reason == "festival ban: abuse"
    assert exclusion.ends >= exclusion.starts and tournament.events.filter(kind="player.excluded").exists()


def test_PEN_LADDER_bad_input_is_refused_with_a_sentence_and_changes_nothing(seated, staff):
    tournament = seated()
    seat = min(seats_at(tournament))
    empty = next(s for s in range(1, 10) if s not in seats_at(tournament))
    refusals = [
        (
            lambda: give_penalty(tournament.id, 1, seat, "slow rolling", staff["floor"]),
            '"slow rolling" is not one of this house\'s infractions: choose any, exposing cards',
        ),
        (
            lambda: give_penalty(tournament.id, 1, seat, "any", staff["floor"], step="3 bananas"),
            '"3 bananas" is not a penalty',
        ),
        (lambda: give_penalty(tournament.id, 1, seat, "any", staff["floor"], step="99 orbits"), "give 1 to 10 orbits"),
        (lambda: give_penalty(tournament.id, 1, empty, "any", staff["floor"]), f"Seat {empty} at table 1 is empty"),
        (lambda: give_penalty(tournament.id, 8, seat, "any", staff["floor"]), "Table 8 is not open"),
        (lambda: lift_penalty(tournament.id, 999_999, "why", staff["director"]), "no such penalty"),
        (lambda: lift_penalty(tournament.id, 1, "  ", staff["director"]), "Say why the penalty is lifted"),
    ]
    for attempt, sentence in refusals:
        with pytest.raises(Refused, match=sentence.replace("(", r"\(")):
            attempt()
    assert not Penalty.objects.exists() and not tournament.events.filter(kind__startswith="penalty.").exists()
    serving = give_penalty(tournament.id, 1, seat, "any", staff["floor"], step="1 orbit")
    with pytest.raises(Refused, match="is already sitting out a penalty"):
        give_penalty(tournament.id, 1, seat, "any", staff["floor"], step="2 hands")
    give_penalty(tournament.id, 1, seat, "any", staff["floor"], step="warning")  # a warning meanwhile is fine
    lift_penalty(tournament.id, serving["id"], "served enough", staff["director"])
    with pytest.raises(Refused, match="This penalty is lifted already"):
        lift_penalty(tournament.id, serving["id"], "again", staff["director"])


def test_PEN_LADDER_the_api_proposes_gives_lists_and_lets_only_the_director_lift(seated, staff):
    tournament = seated()
    seat = min(seats_at(tournament))
    number = seats_at(tournament)[seat]
    base = f"/api/tournaments/{tournament.id}/"
    client = Client()
    client.force_login(staff["desk"])
    assert client.get(f"{base}penalties/").status_code == 403
    client.force_login(staff["floor"])
    offer = client.get(f"{base}tables/1/seats/{seat}/penalty/?infraction=abuse").json()
    assert (offer["proposed"], offer["ladder"]) == ("1 orbit", ["1 orbit", "disqualification", "ban"])
    assert "acting out of turn" in offer["infractions"]
    bad = client.get(f"{base}tables/1/seats/{seat}/penalty/?infraction=nonsense")
    assert bad.status_code == 409 and "not one of this house's infractions" in bad.json()["detail"]
    given = client.post(
        f"{base}tables/1/seats/{seat}/penalty/",
        json.dumps({"infraction": "abuse"}),
        content_type="application/json",
        headers={"Idempotency-Key": "pen-1"},
    )
    assert given.status_code == 200 and given.json()["step"] == "1 orbit"
    again = client.post(
        f"{base}tables/1/seats/{seat}/penalty/",
        json.dumps({"infraction": "abuse"}),
        content_type="application/json",
        headers={"Idempotency-Key": "pen-1"},
    )
    assert again.json()["id"] == given.json()["id"] and Penalty.objects.count() == 1  # a retry gives it once
    listed = client.get(f"{base}penalties/").json()
    assert [(p["entry"], p["hands_left"], p["given_by"]) for p in listed] == [(number, 6, "floor-user")]
    assert client.get(f"{base}penalties/record/?player={number}").json()[0]["step"] == "1 orbit"
    lift = f"{base}penalties/{given.json()['id']}/lift/"
    assert client.post(lift, json.dumps({"reason": "x"}), content_type="application/json").status_code == 403
    client.force_login(staff["director"])
    lifted = client.post(lift, json.dumps({"reason": "a ruling on appeal"}), content_type="application/json")
    assert lifted.status_code == 200 and lifted.json()["status"] == "lifted"
    assert client.get(f"{base}penalties/").json() == []
    too_long = client.post(
        f"{base}tables/1/seats/{seat}/penalty/", json.dumps({"step": "x" * 101}), content_type="application/json"
    )
    assert too_long.status_code == 422


@pytest.mark.django_db(transaction=True)
def test_PEN_LADDER_minutes_served_end_without_a_hand_by_the_real_worker_and_beat(field, staff, processes, clean_queue):
    tournament, _ = field(6, tables=1)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=7)
    start_clock(tournament.id, staff["director"])
    seat = min(seats_at(tournament))
    given = give_penalty(tournament.id, 1, seat, "any", staff["floor"], step="1 minute")
    Penalty.objects.filter(pk=given["id"]).update(seconds_left=2)  # as if 58 seconds were served already
    processes.worker()
    processes.beat()
    deadline = time.monotonic() + 30  # well before the minute's own scheduled task: beat's repair ends it
    while time.monotonic() < deadline and not tournament.events.filter(kind="penalty.served").exists():
        time.sleep(0.2)
    served = tournament.events.get(kind="penalty.served")
    assert served.payload["penalty"] == given["id"] and served.actor_id is None  # the worker's, no hand done
    assert Penalty.objects.get().may_return and not tournament.events.filter(kind="hand.done").exists()
