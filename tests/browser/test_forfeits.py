"""Chips that leave play, on the floor tablet in Chromium: "Forfeit chips" on a seat refuses a bad
amount with the server's sentence, then takes chips found in a pocket out of play, and the
director's count check follows (CHIP-COUNT); the director gives the elimination penalty from the
seat (pokerfest L275-276, PEN-LADDER): the stack leaves play and the player is out, placed."""

import re

import pytest
from playwright.sync_api import expect

from tables.models import Seating
from tables.services.counts import report_counts
from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import open_seat, question
from tournaments.models import Entry
from tournaments.queries.snapshot import field_counts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_CHIP_COUNT_PEN_LADDER_chips_forfeited_on_the_tablet_leave_play_and_the_director_eliminates_a_player(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 6, 1)
    t = tournament.id
    act(open_tables, t, [1], staff["director"])
    act(draw_field, t, staff["director"], 5)
    names = {
        seat: f"{first} {last}"
        for seat, first, last in Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list(
            "seat", "entry__player__first_name", "entry__player__last_name"
        )
    }
    first, second = sorted(names)[:2]
    in_play = field_counts(t)["chips_in_play"]
    each = in_play // len(names)
    act(report_counts, t, 1, dict.fromkeys(names, each), staff["floor"])

    tablet, director = new_page(), new_page()
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{t}/floor/")
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    for page in (tablet, director):
        expect(page.locator("[data-live-status]")).to_have_text("live")
    expect(director.locator("[data-count-sentence]")).to_have_text(f"The counts agree: {in_play:,} chips in play.")

    # More than the stack: the server's sentence on the tablet, nothing recorded.
    forfeit = f"Forfeit chips: seat {first}, {names[first]}"
    open_seat(tablet, 1, first).get_by_role("button", name=forfeit).click()
    asked = question(tablet)
    asked.get_by_label("Chips forfeited (or the blinds dodged)").fill(str(each + 500))
    asked.get_by_label("Stack counted now, with those chips (a dodged blind may go without)").fill(str(each))
    asked.get_by_role("button", name="In a pocket").click()
    expect(tablet.locator("[data-result]")).to_have_text(
        f"{each + 500:,} chips is more than the player's stack of {each:,}: a player forfeits only chips they have."
    )
    assert field_counts(t)["chips_in_play"] == in_play

    # Chips found in a pocket: out of play, and the director's count check follows.
    open_seat(tablet, 1, first).get_by_role("button", name=forfeit).click()
    asked = question(tablet)
    asked.get_by_label("Chips forfeited (or the blinds dodged)").fill("1500")
    asked.get_by_label("Stack counted now, with those chips (a dodged blind may go without)").fill(str(each))
    asked.get_by_label("What happened (for the record)").fill("T500s in a jacket pocket")
    asked.get_by_role("button", name="In a pocket").click()
    after = in_play - 1_500
    expect(tablet.locator("[data-result]")).to_have_text(
        f"{names[first]} forfeits 1,500 chips: out of play, {after:,} chips in play."
    )
    expect(director.locator("[data-count-sentence]")).to_have_text(f"The counts agree: {after:,} chips in play.")
    expect(director.locator("[data-chips-parts]")).to_have_text(
        f"= {in_play:,} bought − 0 removed − 1,500 forfeited + 0 colour-ups"
    )
    assert field_counts(t)["chips_in_play"] == after

    # The director's elimination penalty from the seat: the stack counted leaves play, the player is out.
    director.goto(f"{stack.url}/tournaments/{t}/floor/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    open_seat(director, 1, second).get_by_role("button", name=f"Penalty: seat {second}, {names[second]}").click()
    director.get_by_role("button", name="elimination", exact=True).click()
    director.get_by_label(f"Stack counted: seat {second}").fill(str(each))
    director.get_by_label(f"What happened: seat {second}").fill("barred from the casino")
    director.get_by_role("button", name="Confirm: elimination").click()
    expect(director.locator("[data-result]")).to_have_text(f"{names[second]}: elimination.")
    expect(director.locator(f'.table-card li[data-seat="{second}"]')).to_have_class(re.compile("empty"))
    expect(tablet.locator(f'.table-card li[data-seat="{second}"]')).to_have_class(re.compile("empty"))
    out = Entry.objects.get(tournament=tournament, seatings__seat=second, seatings__ended_because="busted")
    assert out.status == Entry.Status.BUSTED  # placed like a bust, not disqualified
    assert field_counts(t) == {"players_left": 5, "chips_in_play": after - each}
