"""Penalties in Chromium (PEN-LADDER, PEN-CARRY): a penalty of one orbit given on one tablet in
two taps, the player moved to another table by balancing, the penalty still counted down there
by "Hand done" until the player may return; the director's list shows it meanwhile. Minutes
away count down on the tablet while the clock runs, stop when it is paused, and the director
lifts the penalty early with a reason."""

import re

import pytest
from playwright.sync_api import expect

from clock.services.level_clock import pause_clock, start_clock
from tables.models import Seating
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import answer_questions, open_seat
from tournaments.services.penalties import give_penalty

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seats_at(tournament, table) -> dict[int, str]:
    return {
        seat: f"{first} {last}"
        for seat, first, last in Seating.objects.filter(
            tournament=tournament, ended_at__isnull=True, tournament_table__table__number=table
        ).values_list("seat", "entry__player__first_name", "entry__player__last_name")
    }


def test_PEN_LADDER_PEN_CARRY_an_orbit_given_in_two_taps_follows_the_player_moved_by_balancing(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 14, 2)
    t = tournament.id
    act(open_tables, t, [1, 2], staff["director"])
    act(draw_field, t, staff["director"], 5)  # seven at each table
    moves = []
    for seat in sorted(seats_at(tournament, 1)):  # busts at table 1 until a player must move to it
        moves = act(player_out, t, 1, seat, staff["floor"])["moves"]
        if moves:
            break
    move = moves[0]
    assert (move["from_table"], move["to_table"]) == (2, 1)
    seat, name = move["from_seat"], seats_at(tournament, 2)[move["from_seat"]]
    act(give_penalty, t, 2, seat, "any", staff["floor"])  # the player's record: a warning already

    source, target, director = new_page(), new_page(), new_page()
    for page, table in ((source, 2), (target, 1)):
        sign_in(page, stack.url, staff["floor"], f"/tournaments/{t}/floor/")
        page.goto(f"{stack.url}/tournaments/{t}/floor/?table={table}")
        expect(page.locator("[data-live-status]")).to_have_text("live")
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    expect(director.locator("[data-penalties] tbody").first).to_have_text("Nobody is sitting out a penalty.")

    # Two taps: Penalty on the seat, then the step proposed from the record (a warning before: an orbit).
    open_seat(source, 2, seat).get_by_role("button", name=f"Penalty: seat {seat}, {name}").click()
    source.get_by_role("button", name="Give: 1 orbit").click()
    expect(source.locator("[data-result]")).to_have_text(f"{name}: 1 orbit.")
    seat_line = source.locator(f'.table-card[data-table="2"] li[data-seat="{seat}"]')
    expect(seat_line).to_contain_text("sitting out: 1 orbit — 7 hands left")  # seven players at table 2
    row = director.locator("[data-penalties] tbody tr").first
    expect(row).to_contain_text(name)
    expect(row).to_contain_text(f"Table 2 · seat {seat}")
    expect(row).to_contain_text("7 hands left")
    expect(row).to_contain_text("floor-user")

    # Balancing: the target tablet confirms the player sat down at table 1.
    target.get_by_role("button", name="Seated at table 1").click()
    expect(target.locator("[data-result]")).to_contain_text("is seated at table 1")
    moved = target.locator(f'.table-card[data-table="1"] li[data-seat="{move["to_seat"]}"]')
    expect(moved).to_contain_text(name)
    expect(moved).to_contain_text("sitting out: 1 orbit — 7 hands left")
    expect(row).to_contain_text(f"Table 1 · seat {move['to_seat']}")

    card = target.locator(".table-card")
    first = int(card.get_attribute("data-hand"))
    for done in range(1, 8):  # each Hand done at the new table counts one hand off
        card.get_by_role("button", name="Hand done").click()
        expect(card).to_have_attribute("data-hand", str(first + done))
        if done < 7:
            left = 7 - done
            expect(moved).to_contain_text(f"sitting out: 1 orbit — {left} hand{'' if left == 1 else 's'} left")
    expect(moved).to_contain_text("may return")
    expect(director.locator("[data-penalties] tbody").first).to_have_text("Nobody is sitting out a penalty.")
    director.get_by_label("Penalty record: player").fill(name.split()[0])
    director.get_by_role("button", name="Find penalties by player").click()
    record = director.locator("[data-penalties] tbody").nth(1)
    expect(record.locator("tr")).to_have_count(2)
    expect(record.locator("tr").first).to_contain_text("1 orbit")
    expect(record.locator("tr").first).to_contain_text("served")


def test_PEN_LADDER_minutes_away_count_down_on_the_tablet_while_the_clock_runs(stack, new_page, make_tournament, staff):
    tournament = field(make_tournament, 6, 1)
    t = tournament.id
    act(open_tables, t, [1], staff["director"])
    act(draw_field, t, staff["director"], 5)
    seat = min(seats_at(tournament, 1))
    tablet = new_page()
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{t}/floor/")
    expect(tablet.locator("[data-live-status]")).to_have_text("live")
    act(start_clock, t, staff["director"])
    act(give_penalty, t, 1, seat, "any", staff["floor"], step="5 minutes")
    line = tablet.locator(f'li[data-seat="{seat}"] .penalty-status')
    expect(line).to_have_text(re.compile(r"^sitting out: (5:00|4:5\d) left$"))
    expect(line).to_have_text(re.compile(r"^sitting out: 4:5[0-8] left$"))  # counting down on its own
    expect(line).to_have_attribute("data-counting", "true")
    act(pause_clock, t, staff["director"], "a pause serves nothing")
    expect(line).to_have_attribute("data-counting", "false")  # redrawn from the server: stopped
    stopped = line.inner_text()
    assert re.fullmatch(r"sitting out: 4:[0-5]\d left", stopped)
    tablet.reload()  # the server's figure, once the clock is paused, is what the tablet showed
    expect(line).to_have_attribute("data-counting", "false")
    expect(line).to_have_text(stopped)
    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    answer_questions(director, lambda asked: ("the ruling was overturned", None))
    row = director.locator("[data-penalties] tbody tr").first
    expect(row).to_contain_text(stopped)
    row.get_by_role("button", name="Lift the penalty of").click()
    expect(director.locator("[data-result]")).to_contain_text("penalty is lifted.")
    expect(director.locator("[data-penalties] tbody").first).to_have_text("Nobody is sitting out a penalty.")
    expect(director.locator("[data-penalties] tbody").nth(1).locator("tr").first).to_contain_text(
        "lifted: the ruling was overturned"
    )
    expect(tablet.locator(f'li[data-seat="{seat}"] .penalty-status')).to_have_count(0)  # back in play


def test_PAY_DQ_a_disqualification_on_the_tablet_is_the_directors_and_takes_the_counted_stack_out_of_play(
    stack, new_page, make_tournament, staff
):
    from tournaments.queries.snapshot import field_counts

    tournament = field(make_tournament, 6, 1)
    t = tournament.id
    act(open_tables, t, [1], staff["director"])
    act(draw_field, t, staff["director"], 5)
    seat, name = sorted(seats_at(tournament, 1).items())[0]
    in_play = field_counts(t)["chips_in_play"]
    floor, director = new_page(), new_page()
    sign_in(floor, stack.url, staff["floor"], f"/tournaments/{t}/floor/")
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/floor/")
    for page in (floor, director):
        expect(page.locator("[data-live-status]")).to_have_text("live")
        open_seat(page, 1, seat).get_by_role("button", name=f"Penalty: seat {seat}, {name}").click()
    # The floor sees the director's steps and cannot give them.
    expect(floor.get_by_role("button", name="disqualification (director)")).to_be_disabled()
    # The director: the step, then the stack counted and what happened, then a second tap.
    director.get_by_role("button", name="disqualification", exact=True).click()
    director.get_by_label(f"Stack counted: seat {seat}").fill("23500")
    director.get_by_label(f"What happened: seat {seat}").fill("struck the dealer")
    director.get_by_role("button", name="Confirm: disqualification").click()
    expect(director.locator("[data-result]")).to_have_text(f"{name}: disqualification.")
    expect(director.locator(f'.table-card li[data-seat="{seat}"]')).to_have_class(re.compile("empty"))
    assert field_counts(t)["chips_in_play"] == in_play - 23_500  # the stack counted, not the chips bought
    logged = tournament.events.get(kind="player.disqualified").payload["reason"]
    assert logged == "penalty for any: disqualification (struck the dealer)"
