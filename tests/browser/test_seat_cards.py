"""kentucky's seating by cards on the floor tablet (L21-28; SEAT-DRAW as kentucky plays it),
in Chromium against the real stack: the floor types each player's card once after the draw,
a card given twice is refused with a sentence, and the table's seats follow the cards: the high
card keeps the seat and the button, the rest sit to its left high card to low."""

import pytest
from playwright.sync_api import expect

from tables.models import Seating
from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_SEAT_DRAW_kentucky_the_floor_types_the_cards_and_the_seats_follow_on_the_tablet(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 4, 1)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="kentucky")
    act(open_tables, tournament.id, [1], staff["director"])
    act(draw_field, tournament.id, staff["director"], 5)
    names = {
        sitting.seat: str(sitting.entry.player)
        for sitting in Seating.objects.filter(tournament=tournament, ended_at__isnull=True).select_related(
            "entry__player"
        )
    }
    low, second, high, third = sorted(names)  # the cards below: high, second, third, low
    cards = {high: "A♠", second: "Kd", third: "10c", low: "2h"}
    tablet = new_page()
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
    card = tablet.locator('.table-card[data-table="1"]')
    form = card.locator("[data-seat-cards]")
    expect(form.get_by_role("heading")).to_have_text("Seat table 1 by cards")
    for seat, drawn in cards.items():
        form.get_by_label(f"Card drawn: seat {seat}, {names[seat]}").fill(drawn)
    form.get_by_label(f"Card drawn: seat {low}, {names[low]}").fill("Kd")  # typed twice by mistake
    form.get_by_role("button", name="Seat by the cards").click()
    expect(tablet.locator("[data-result]")).to_have_text(
        f"Seats {min(second, low)} and {max(second, low)} cannot both hold Kd: one deck has each card once."
    )
    form.get_by_label(f"Card drawn: seat {low}, {names[low]}").fill("2h")
    form.get_by_role("button", name="Seat by the cards").click()
    expect(tablet.locator("[data-result]")).to_have_text(f"Table 1 seated by the cards: the button on seat {high}.")
    expect(card.locator("[data-seat-cards]")).to_have_count(0)  # once: the form goes
    # The ace keeps the seat and the button; King, ten and two sit to its left in that order.
    left = [(high - 1 + step) % 9 + 1 for step in range(4)]
    for seat, name in zip(left, [names[high], names[second], names[third], names[low]]):
        expect(card.locator(f'.seats li[data-seat="{seat}"] .name')).to_have_text(name)
    expect(card.locator(f'.seats li[data-seat="{high}"] .mark-d')).to_have_text("D")
    expect(card.locator(f'.seats li[data-seat="{left[1]}"] .mark-sb')).to_have_text("SB")
