"""PF-LOGO-TV on the compliance page, in Chromium against the real stack: three of a company
drawn to the TV table, the director keeps the two the players chose."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from players.models import Company
from players.services import logos as compliance
from tables.models import SeatPin, Table
from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_PF_LOGO_TV_three_of_a_company_at_the_tv_table_the_director_keeps_the_two_chosen(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 30, 4)  # 10% of 30: three may wear BetCo in the field
    tv = Table.objects.get(festival=tournament.festival, number=4)
    Table.objects.filter(pk=tv.pk).update(is_tv=True)
    betco = Company.objects.create(name="BetCo", status="approved")
    for entry in tournament.entries.order_by("number")[:3]:
        act(compliance.declare_logo, tournament.id, entry.number, betco.id, "breast", Decimal(3), Decimal(4), None)
        SeatPin.objects.create(tournament=tournament, entry=entry, table=tv, seat=entry.number, reason="TV")
    act(open_tables, tournament.id, [1, 2, 3, 4], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)

    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/compliance/")
    expect(director.get_by_text("No company is over the cap.")).to_be_visible()
    breach = director.locator("[data-tv-breach]")
    expect(breach).to_contain_text("Table 4: BetCo: 3 wear it, 2 may.")
    breach.get_by_label("#1 ").check()
    breach.get_by_label("#3 ").check()
    breach.get_by_role("button", name="Keep the 2 chosen").click()
    expect(director.locator("[data-result]")).to_have_text("Kept #1, #3; removed #2.")
    expect(director.get_by_text("No TV table has more than two players wearing one company's logo.")).to_be_visible()
    expect(director.locator("[data-rulings] li").first).to_contain_text("PF-LOGO-TV BetCo: chosen")
