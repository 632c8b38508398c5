"""Disqualifications on the director's console (PAY-DQ): the form asks for the counted stack and
the server refuses a player still in without it; collusion or chip dumping may end the
membership in the same ruling and the desk of the house then refuses the player (REG-MEMBER);
a satellite winner disqualified after the finish loses the voucher and the seat passes to the
next place, on the results page and at the target's desk (SAT-SEATS)."""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from players.models import Membership
from players.services import desk as player_services
from tables.models import ChipAdjustment, Table
from tables.services.draw import draw_field, open_tables
from tests.helpers.console import disqualify_on_the_console
from tests.helpers.pages import act, sign_in
from tests.helpers.play import play_to_the_end
from tests.helpers.tablet import answer_questions
from tournaments.models import Entry, Tournament, WonSeat
from tournaments.queries.entries import Sale
from tournaments.queries.results import standings
from tournaments.rules.entries import Kind
from tournaments.services import desk

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def chips_club(make_tournament):
    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="chips", buy_in=2_000, fee=500)
    return tournament


def test_PAY_DQ_REG_MEMBER_the_console_needs_the_counted_stack_and_collusion_ends_the_membership(
    stack, new_page, make_tournament, staff
):
    club = chips_club(make_tournament)
    member = act(
        player_services.create_player,
        club.id,
        player_services.NewPlayer(
            "Col",
            "Luder",
            date(1970, 1, 1),
            accepts_terms=True,
            id_checked=True,
            membership_number="C-200",
            membership_fee_paid_until=date(2099, 1, 1),
        ),
        None,
    )
    entry = act(desk.register_entry, club.id, member.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    console = new_page(width=1440, height=900)
    answer_questions(console)
    sign_in(console, stack.url, staff["director"], f"/tournaments/{club.id}/director/")
    expect(console.locator("[data-live-status]")).to_have_text("live")
    disqualify_on_the_console(console, entry.number, "soft play with seat 4")
    expect(console.locator("[data-result]")).to_have_text(
        "Count Col Luder's stack and give it: a disqualification takes the counted stack out of play "
        "(PAY-DQ, CHIP-COUNT)."
    )
    assert Entry.objects.get(pk=entry.pk).status == "active"
    console.get_by_label("Stack counted").fill("41000")
    console.get_by_label("Grounds").select_option(label="collusion")
    console.get_by_label("End the membership too").check()
    console.locator("[data-entry-ruling]").get_by_role("button", name="Disqualify").click()
    expect(console.locator("[data-result]")).to_have_text(f"Entry #{entry.number} is disqualified.")
    assert ChipAdjustment.objects.get(entry_id=entry.pk).chips == -41_000
    assert Membership.objects.get(player=member).end_reason == "collusion: soft play with seat 4"

    # The next event of the house: the desk shows the refusal as the player is found.
    later = chips_club(make_tournament)
    clerk = new_page()
    sign_in(clerk, stack.url, staff["desk"], f"/tournaments/{later.id}/desk/")
    clerk.get_by_label("Find player").fill("Luder")
    clerk.get_by_role("button", name=re.compile("^Luder, Col")).click()
    refusal = clerk.locator("[data-reasons] li").filter(has_text="REG-MEMBER")
    expect(refusal).to_have_attribute("data-ok", "false")
    expect(refusal).to_contain_text("Membership C-200 was ended (collusion: soft play with seat 4)")


def test_SAT_SEATS_a_winner_disqualified_after_the_finish_passes_the_seat_on_the_results_and_the_desk(
    stack, new_page, make_tournament, staff
):
    satellite = make_tournament(name="Satellite")
    Tournament.objects.filter(pk=satellite.pk).update(buy_in=100)
    target = make_tournament(name="Main Event")
    Tournament.objects.filter(pk=target.pk).update(festival=satellite.festival, buy_in=200, fee=20)
    Tournament.objects.filter(pk=satellite.pk).update(satellite_for=target)
    Table.objects.create(festival=satellite.festival, number=1, seats=9)
    for i in range(7):  # a pool of 700: three seats of 220 and 40 in cash to 4th
        player = act(
            player_services.create_player,
            satellite.id,
            player_services.NewPlayer(f"Sat{i}", "Player", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        act(desk.register_entry, satellite.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    act(open_tables, satellite.id, [1], staff["director"])
    act(draw_field, satellite.id, staff["director"], 3)
    act(play_to_the_end, satellite, staff)
    satellite.refresh_from_db()
    by_place = {row["place"][0]: row for row in standings(satellite)["out"]}
    void = WonSeat.objects.get(won_with__tournament=satellite, won_with__number=by_place[2]["entry"])

    console = new_page(width=1440, height=900)
    answer_questions(console)
    sign_in(console, stack.url, staff["director"], f"/tournaments/{satellite.id}/director/")
    results = new_page()
    results.goto(f"{stack.url}/tournaments/{satellite.id}/results/")
    expect(results.locator("[data-seats-passed]")).to_be_hidden()
    disqualify_on_the_console(console, by_place[2]["entry"], "collusion found on the video")
    expect(console.locator("[data-result]")).to_have_text(f"Entry #{by_place[2]['entry']} is disqualified.")
    expect(results.locator("[data-seats-passed]")).to_have_text(
        "1 winner was disqualified: the voucher is void and the seat passed to the next place."
    )
    fourth = results.locator(f'[data-results] tr[data-entry="{by_place[4]["entry"]}"]')
    expect(fourth).to_contain_text("Seat in Main Event")
    expect(console.locator(f'[data-vouchers-issued] tr[data-voucher="{void.code}"]')).to_contain_text("(void)")
    passed = WonSeat.objects.get(won_with__tournament=satellite, won_with__number=by_place[4]["entry"])

    # The target's desk: the void voucher is refused with a sentence, the new one sells.
    clerk = new_page()
    sign_in(clerk, stack.url, staff["desk"], f"/tournaments/{target.id}/desk/")
    clerk.get_by_label("Desk").fill("desk 1")
    clerk.get_by_label("Shift").fill("evening")
    clerk.get_by_label("Find player").fill(void.player.first_name)
    clerk.get_by_role("button", name=re.compile(f"^Player, {void.player.first_name}")).click()
    expect(clerk.locator("[data-won-seats] li")).to_have_count(0)
    clerk.locator("#sale [name=kind]").select_option("satellite")
    clerk.locator("#sale [name=method]").select_option("won")
    clerk.locator("#sale [name=won_seat_code]").fill(void.code)
    clerk.get_by_role("button", name="Register").click()
    expect(clerk.locator("[data-sale-result]")).to_contain_text(f"Voucher {void.code} is void")
    clerk.get_by_label("Find player").fill(passed.player.first_name)
    clerk.get_by_role("button", name=re.compile(f"^Player, {passed.player.first_name}")).click()
    voucher = clerk.locator(f'[data-won-seats] li[data-voucher="{passed.code}"]')
    voucher.get_by_role("button", name="Use this voucher").click()
    clerk.get_by_role("button", name="Register").click()
    expect(clerk.locator("[data-sale-result]")).to_contain_text("Entry #1 registered")
