"""The public draws page on a phone (390x844): the next draw's hash before the draw, then the
draw with its seed, recomputed and shown to match the seats recorded; a seat row changed
behind the draw's back shows "Does not match" (SEAT-DRAW: reproducible from a recorded seed)."""

import hashlib
from datetime import date

import pytest
from playwright.sync_api import expect

from players.services import desk as player_services
from tables.models import Seating, Table
from tables.services.draw import draw_field, open_tables
from tests.helpers.pages import act
from tournaments.models import DrawSeed
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk as services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


def test_SEAT_DRAW_the_draws_page_shows_the_hash_before_and_the_matching_draw_after_on_a_phone(
    stack, browser, make_tournament, staff
):
    tournament = make_tournament()
    for number in (1, 2):
        Table.objects.create(festival=tournament.festival, number=number, seats=9)
    for i in range(10):
        player = act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(f"Player{i}", "Drawn", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        act(services.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    act(open_tables, tournament.id, [1, 2], staff["director"])
    committed = DrawSeed.objects.get(tournament=tournament, drawn_at__isnull=True).seed_hash

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{stack.url}/tournaments/{tournament.id}/draws/")
    expect(page.locator("[data-next-hash]")).to_have_text(committed)
    expect(page.locator("[data-no-draws]")).to_be_visible()
    assert page.evaluate(NO_SIDEWAYS)

    drawn = act(draw_field, tournament.id, staff["director"])
    page.reload()
    field = page.locator('[data-draw="field"]')
    expect(field.locator("[data-verdict]")).to_contain_text("Matches")
    expect(field.locator("[data-seed]")).to_have_text(str(drawn["seed"]))
    expect(field.locator("[data-hash-matches]")).to_have_text("yes")
    expect(field).to_contain_text(committed)
    expect(field).to_contain_text("before the draw")
    expect(field.locator("[data-seat-count]")).to_have_text("10 seats")
    expect(page.locator("[data-next-hash]")).not_to_have_text(committed)  # the next draw's, committed after
    assert hashlib.sha256(str(drawn["seed"]).encode()).hexdigest() == committed
    assert page.evaluate(NO_SIDEWAYS)

    row = Seating.objects.get(pk=DrawSeed.objects.get(tournament=tournament, kind="field").seatings[0])
    taken = set(
        Seating.objects.filter(tournament_table=row.tournament_table, ended_at__isnull=True).values_list(
            "seat", flat=True
        )
    )
    Seating.objects.filter(pk=row.pk).update(seat=min(set(range(1, 10)) - taken))
    page.reload()
    expect(field.locator("[data-verdict]")).to_contain_text("Does not match")
    expect(field.locator("[data-differences] li")).to_have_count(2)
    assert page.evaluate(NO_SIDEWAYS)
    context.close()
