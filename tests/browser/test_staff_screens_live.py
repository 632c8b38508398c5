"""The staff screens follow the room without a reload and never type over the person using them
(the walkthrough of issue 25): the console keeps a breaking order being typed through a live
redraw and redraws its tables when the field is drawn elsewhere; the desk offers a re-entry once
its player is out; a floor tablet shows a re-entry's new seat; an imported tournament's console
offers nothing that cannot apply; counts are said in their plural."""

import re

import pytest
from playwright.sync_api import expect

from clock.rules.timeline import ClockRefused
from clock.services.level_clock import start_clock
from rules.refusals import Refused
from tables.models import Seating, Table
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import answer_questions
from tests.helpers.tdt import club_night
from tournaments.models import Entry, Festival
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk as desk_services
from tournaments.services.desk import close_registration
from tournaments.services.tdt_import import import_tdt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_SEAT_BREAK_a_live_redraw_keeps_the_breaking_order_the_director_has_typed(
    stack, new_page, make_tournament, staff
):
    """The walkthrough saved "1, 2, 3" for a typed "1, 3, 2": registration's close, arriving
    while the director gave the reason, put the published order back in the field."""
    tournament = field(make_tournament, 14, 3)
    t = tournament.id
    act(open_tables, t, [1, 2, 3], staff["director"])
    act(draw_field, t, staff["director"], 5)
    director = new_page(1440, 900)
    answer_questions(director)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    order = director.get_by_label("Breaking order")
    expect(order).to_have_value("3, 2, 1")
    order.fill("1,3,2")
    director.get_by_role("heading", name="Tables", exact=True).click()  # typed, then left: no focus
    act(close_registration, t, staff["director"])  # another screen closes it: the console redraws
    reason = director.get_by_label("Why it changes (announced to the room)")
    expect(reason).to_be_visible()  # the redraw has happened
    expect(order).to_have_value("1,3,2")
    reason.fill("table 2 is the TV table")
    director.get_by_role("button", name="Save breaking order").click()
    expect(director.locator("[data-result]")).to_have_text("Breaking order: 1, 3, 2.")
    expect(order).to_have_value("1, 3, 2")  # saved: the field follows the published order again


def seated_player(make_tournament, staff, players=3):
    """A started tournament at one table and the entry of its first seat."""
    tournament = field(make_tournament, players, 1)
    t = tournament.id
    act(open_tables, t, [1], staff["director"])
    act(draw_field, t, staff["director"], 5)
    act(start_clock, t, staff["director"])
    first = Seating.objects.filter(tournament=tournament, ended_at__isnull=True).order_by("seat").first()
    return tournament, first


def test_ENT_REENTRY_the_desk_offers_a_re_entry_once_its_player_is_out(stack, new_page, make_tournament, staff):
    tournament, first = seated_player(make_tournament, staff)
    player = first.entry.player
    desk = new_page()
    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    expect(desk.locator("[data-live-status]")).to_have_text("live")
    desk.get_by_label("Find player").fill(player.first_name)
    desk.get_by_role("button", name=re.compile(f"^{player.last_name}, {player.first_name}")).click()
    register = desk.get_by_role("button", name="Register")
    expect(register).to_be_disabled()  # in play: one entry at a time
    act(player_out, tournament.id, 1, first.seat, staff["floor"])  # out at the table, on the tablet
    expect(desk.locator("#sale [name=kind]")).to_have_value("re_entry")
    expect(register).to_be_enabled()
    expect(desk.locator("[data-player-entries]")).to_contain_text("busted")


def test_ENT_REENTRY_a_floor_tablet_shows_a_re_entrys_new_seat(stack, new_page, make_tournament, staff):
    tournament, first = seated_player(make_tournament, staff)
    player = first.entry.player
    tablet = new_page()
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
    expect(tablet.locator("[data-live-status]")).to_have_text("live")
    seated = tablet.locator('.table-card[data-table="1"] .seats li:not(.empty)')
    expect(seated).to_have_count(3)
    act(player_out, tournament.id, 1, first.seat, staff["floor"])
    expect(seated).to_have_count(2)
    again = act(
        desk_services.register_entry, tournament.id, player.id, Sale(Kind.RE_ENTRY, "cash", "d", "s"), staff["desk"]
    )
    assert again.kind == Kind.RE_ENTRY
    expect(seated).to_have_count(3)
    expect(tablet.locator('.table-card[data-table="1"] .seats')).to_contain_text(player.first_name)


def test_an_imported_tournaments_console_offers_nothing_that_cannot_apply(stack, new_page, make_tournament, staff):
    festival = Festival.objects.create(name="Club", venue="Club room", currency="EUR")
    report = act(import_tdt, festival.id, club_night(), staff["director"])
    t = report["tournament"]
    director = new_page(1440, 900)
    # The page as it is made, before any snapshot: the socket is held (nothing reaches the page).
    director.route_web_socket(re.compile(r"/ws/"), lambda socket: None)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    expect(director.locator("[data-tournament-status]").first).to_have_text("finished")
    for gone in ("Open tables", "Start", "Draw the field", "Use this structure", "Close registration"):
        expect(director.get_by_role("button", name=gone, exact=True)).to_be_hidden()
    for gone in ("Cancel the tournament (END-CANCEL)", "Deals: chip-chop, ICM, guaranteed minimum"):
        expect(director.get_by_text(gone)).to_be_hidden()
    expect(director.get_by_role("link", name="Results and payouts")).to_be_visible()
    # The services refuse them too, in a sentence.
    with pytest.raises(Refused, match="The tournament is finished: no table opens for it."):
        act(open_tables, t, [1], staff["director"])
    with pytest.raises(Refused, match="The tournament is finished: its field is drawn no more."):
        act(draw_field, t, staff["director"], 5)
    with pytest.raises(ClockRefused, match="The tournament is finished: its clock stays stopped."):
        act(start_clock, t, staff["director"])
    assert Entry.objects.filter(tournament_id=t).count() == 5


def test_counts_in_the_consoles_sentences_take_their_plural(stack, new_page, make_tournament, staff):
    tournament = field(make_tournament, 4, 0)
    t = tournament.id
    for number in (11, 12, 13):
        Table.objects.create(festival=tournament.festival, number=number, seats=9)
    director = new_page(1440, 900)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    result = director.locator("[data-result]")
    director.get_by_label("Tables to open").fill("11, 12")
    director.get_by_role("button", name="Open tables").click()
    expect(result).to_have_text("Opened tables 11, 12.")
    director.get_by_label("Tables to open").fill("13")
    director.get_by_role("button", name="Open tables").click()
    expect(result).to_have_text("Opened table 13.")
    act(draw_field, t, staff["director"], 5)
    act(start_clock, t, staff["director"])
    first = Seating.objects.filter(tournament=tournament, ended_at__isnull=True).order_by("id").first()
    act(player_out, t, first.tournament_table.table.number, first.seat, staff["floor"])
    director.reload()  # the forecast is drawn with the page
    expect(director.locator("[data-forecast] .note").first).to_contain_text("3 players left; from the last bust,")


def test_SEAT_DRAW_the_consoles_tables_are_redrawn_when_the_field_is_drawn(stack, new_page, make_tournament, staff):
    tournament = field(make_tournament, 14, 3)
    t = tournament.id
    director = new_page(1440, 900)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    summary, counts = director.locator("[data-tables-summary]"), director.locator("[data-table-counts] li")
    expect(summary).to_have_text("No tables are open yet.")
    director.get_by_label("Tables to open").fill("1-2")
    director.get_by_role("button", name="Open tables").click()
    expect(summary).to_have_text("0 players at 2 tables.")
    director.get_by_role("button", name="Draw the field").click()
    expect(director.locator("[data-result]")).to_contain_text("Field drawn")
    expect(summary).to_have_text("14 players at 2 tables.")
    expect(counts).to_have_text(["Table 1: 7/9", "Table 2: 7/9"])
    # Drawn from another screen: the same, live.
    other = field(make_tournament, 4, 0)
    Table.objects.create(festival=other.festival, number=3, seats=9)
    act(open_tables, other.id, [3], staff["director"])
    director.goto(f"{stack.url}/tournaments/{other.id}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    expect(summary).to_have_text("0 players at 1 table.")
    act(draw_field, other.id, staff["director"], 5)
    expect(summary).to_have_text("4 players at 1 table.")
    expect(counts).to_have_text(["Table 3: 4/9"])
