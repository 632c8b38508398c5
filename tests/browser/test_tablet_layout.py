"""The floor tablet at the tablet's sizes (issue 14): the table drawn as an oval of ten seats
with names, entry numbers, stacks, the button and blinds; "Hand done" on screen without
scrolling, upright and sideways; every question asked in the page, never by the browser's
confirm()/prompt(); a broken table's tablet saying where its players went."""

import pytest
from playwright.sync_api import expect

from tables.models import Seating, TournamentTable
from tables.services.breaking import break_next_table
from tables.services.counts import report_counts
from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import (
    answer,
    no_native_dialogs,
    open_seat,
    player_out,
    question,
    seat_action,
    seat_box,
    sheet,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(1280, 800), (800, 1280)]


def ten_seat_field(make_tournament, players: int, tables: int):
    return field(make_tournament, players, tables, seats=10, names=("Name", "Tablet"))


def tablet(new_page, stack, user, tournament, table, size):
    page = new_page(*size)
    opened = no_native_dialogs(page)
    sign_in(page, stack.url, user, f"/tournaments/{tournament.id}/floor/")
    page.goto(f"{stack.url}/tournaments/{tournament.id}/floor/?table={table}")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    return page, opened


def hand_done_box(page):
    """Hand done's box, measured in one go: a redraw between two measures would replace it."""
    return page.evaluate("""() => { const r = document.querySelector("[data-hand-done]").getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height }; }""")


def in_viewport(page, box):
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    return box["y"] >= 0 and box["x"] >= 0 and box["y"] + box["height"] <= height and box["x"] + box["width"] <= width


@pytest.mark.parametrize("size", SIZES, ids=["landscape", "portrait"])
def test_the_table_is_an_oval_of_ten_seats_with_the_button_blinds_and_hand_done_on_screen(
    stack, new_page, make_tournament, staff, size
):
    tournament = ten_seat_field(make_tournament, 10, 1)
    act(open_tables, tournament.id, [1], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)
    act(report_counts, tournament.id, 1, {1: 12500}, staff["floor"])
    here = TournamentTable.objects.get(tournament=tournament)
    page, opened = tablet(new_page, stack, staff["floor"], tournament, 1, size)

    seats = page.locator('.table-card[data-table="1"] ol.seats.oval > li[data-seat]')
    expect(seats).to_have_count(10)
    for seat in range(1, 11):
        sitting = Seating.objects.select_related("entry__player").get(
            tournament_table=here, seat=seat, ended_at__isnull=True
        )
        expect(seat_box(page, 1, seat)).to_contain_text(sitting.entry.player.first_name)
        expect(seat_box(page, 1, seat)).to_contain_text(f"#{sitting.entry.number}")
    expect(seat_box(page, 1, 1)).to_contain_text("12,500")  # the latest count is the stack shown
    expect(seat_box(page, 1, here.button).locator(".mark-d")).to_have_text("D")
    expect(seat_box(page, 1, here.small_blind).locator(".mark-sb")).to_have_text("SB")
    expect(seat_box(page, 1, here.big_blind).locator(".mark-bb")).to_have_text("BB")
    # Around an oval: seats at the left and the right, the top and the bottom of the table.
    # measured at once: a redraw between two measures would replace the seats
    boxes = page.evaluate("""[...document.querySelectorAll('.table-card[data-table="1"] .felt, .table-card[data-table="1"] ol.seats.oval > li')]
        .map((li) => { const r = li.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; })""")
    felt, boxes = boxes[0], boxes[1:]
    xs, ys = [b["x"] + b["width"] / 2 for b in boxes], [b["y"] + b["height"] / 2 for b in boxes]
    assert min(xs) < felt["x"] + felt["width"] * 0.2 and max(xs) > felt["x"] + felt["width"] * 0.8
    assert min(ys) < felt["y"] + felt["height"] * 0.2 and max(ys) > felt["y"] + felt["height"] * 0.8
    for i, one in enumerate(boxes):  # no seat covers another
        for other in boxes[i + 1 :]:
            assert (
                one["x"] + one["width"] <= other["x"]
                or other["x"] + other["width"] <= one["x"]
                or one["y"] + one["height"] <= other["y"]
                or other["y"] + other["height"] <= one["y"]
            )

    done = page.get_by_role("button", name="Hand done")
    assert page.evaluate("window.scrollY") == 0
    assert in_viewport(page, hand_done_box(page)), hand_done_box(page)
    assert hand_done_box(page)["height"] >= 56  # big enough to hit
    open_seat(page, 1, 4)  # a seat's actions open, Hand done stays on screen
    assert in_viewport(page, hand_done_box(page))
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")  # the foot of the page
    assert in_viewport(page, hand_done_box(page))
    done.click()
    expect(page.locator(".table-card")).to_have_attribute("data-hand", "2")
    assert opened == []


@pytest.mark.parametrize("size", SIZES, ids=["landscape", "portrait"])
def test_no_native_dialog_on_the_tablet_out_clock_penalty_absent_and_move(
    stack, new_page, make_tournament, staff, size
):
    tournament = ten_seat_field(make_tournament, 14, 2)
    act(open_tables, tournament.id, [1, 2], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)  # seven at each table
    page, opened = tablet(new_page, stack, staff["floor"], tournament, 1, size)
    seated = sorted(
        Seating.objects.filter(
            tournament=tournament, ended_at__isnull=True, tournament_table__table__number=1
        ).values_list("seat", flat=True)
    )
    first, second, third, fourth, fifth = seated[:5]

    # Out, the starting stack asked in the page: a wrong answer is said there and asked again.
    seat_action(page, 1, first, "Out")
    expect(question(page)).to_contain_text("is out")
    question(page).locator("input").fill("12k")
    question(page).get_by_role("button", name="Out").click()
    expect(question(page).locator(".ask-error")).to_contain_text("not a number")
    answer(page, "20,000")
    expect(page.locator("[data-result]")).to_contain_text("is out.")
    expect(seat_box(page, 1, first)).to_have_class("seat empty")
    # A second bust in the hand: the same hand, its starting stack required; Escape cancels.
    seat_action(page, 1, second, "Out")
    expect(question(page)).to_contain_text("already went out in this hand")
    page.keyboard.press("Escape")
    expect(question(page)).to_have_count(0)
    player_out(page, 1, second, "15000", which="Same hand")
    expect(page.locator("[data-result]")).to_contain_text("is out.")
    expect(seat_box(page, 1, second)).to_have_class("seat empty")  # redrawn before the next tap

    seat_action(page, 1, third, "Clock")
    expect(page.locator("[data-result]")).to_have_text(f"Clock called on seat {third}.")
    expect(page.locator(".table-clock")).to_be_visible()

    seat_action(page, 1, third, "Penalty")
    choices = sheet(page, 1, third).locator("[data-penalty-choices]")
    expect(choices).to_be_visible()
    choices.locator("button.proposed").click()
    name = (
        Seating.objects.select_related("entry__player")
        .get(tournament=tournament, ended_at__isnull=True, tournament_table__table__number=1, seat=third)
        .entry.player.first_name
    )
    expect(page.locator("[data-result]")).to_contain_text(f"{name} Tablet: ")
    expect(choices).to_have_count(0)

    seat_action(page, 1, fourth, "Absent")
    expect(page.locator("[data-result]")).to_contain_text("is absent")
    expect(seat_box(page, 1, fourth).locator("[data-absent]")).to_be_visible()

    empty = next(
        s
        for s in range(1, 11)
        if not Seating.objects.filter(
            tournament=tournament, ended_at__isnull=True, tournament_table__table__number=2, seat=s
        ).exists()
    )
    seat_action(page, 1, fifth, "Move")
    asked = question(page)
    asked.get_by_label("Table").fill("2")
    asked.get_by_label("Seat").fill(str(empty))
    asked.get_by_label("Reason (for the log)").fill("a seat by the window")
    answer(page, button="Move to the empty seat")
    expect(page.locator("[data-result]")).to_have_text(f"Moved table 1 seat {fifth} to table 2 seat {empty}.")
    expect(seat_box(page, 1, fifth)).to_have_class("seat empty")
    assert opened == []


@pytest.mark.parametrize("size", SIZES, ids=["landscape", "portrait"])
def test_SEAT_BREAK_a_broken_tables_tablet_lists_where_each_player_went(stack, new_page, make_tournament, staff, size):
    tournament = ten_seat_field(make_tournament, 8, 2)
    act(open_tables, tournament.id, [1, 2], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)
    page, opened = tablet(new_page, stack, staff["floor"], tournament, 2, size)
    expect(page.locator('.table-card[data-table="2"]')).to_be_visible()
    broken = act(break_next_table, tournament.id, staff["director"], 7)
    number = broken["table"]
    if number != 2:
        page.goto(f"{stack.url}/tournaments/{tournament.id}/floor/?table={number}")
    listing = page.locator(f'[data-broken-table="{number}"]')
    expect(listing).to_contain_text(f"Table {number} is broken")
    for move in broken["moves"]:
        sitting = Seating.objects.select_related("entry__player").get(
            tournament=tournament,
            ended_at__isnull=True,
            tournament_table__table__number=move["to_table"],
            seat=move["to_seat"],
        )
        line = listing.locator(f'li[data-entry="{sitting.entry.number}"]')
        expect(line).to_contain_text(sitting.entry.player.first_name)
        expect(line).to_contain_text(f"table {move['to_table']}, seat {move['to_seat']}")
    expect(page.locator("[data-tables]")).not_to_contain_text("No tables")
    assert opened == []


# Every seat box of the tables shown, each with its name's box, measured in one go (a redraw
# between two measures would replace them).
SEAT_BOXES = """() => [...document.querySelectorAll('.table-card ol.seats.oval > li[data-seat]')].map((li) => {
  const r = li.getBoundingClientRect(), name = li.querySelector('.name').getBoundingClientRect();
  const card = li.closest('.table-card').getBoundingClientRect();
  const marks = [...li.querySelectorAll('.mark')].map((m) => { const b = m.getBoundingClientRect();
    return b.width > 0 && b.left >= r.left - 1 && b.right <= r.right + 1 && b.top >= r.top - 1 && b.bottom <= r.bottom + 1; });
  return { table: li.closest('.table-card').dataset.table, seat: li.dataset.seat, x: r.x, y: r.y, width: r.width, height: r.height,
           name: li.querySelector('.name').textContent, nameShown: name.width > 20 && name.height > 8,
           inCard: r.left >= card.left - 1 && r.right <= card.right + 1, marks };
})"""


def test_the_all_tables_view_lays_out_two_full_tables_with_no_seat_covering_another(
    stack, new_page, make_tournament, staff
):
    tournament = ten_seat_field(make_tournament, 19, 2)
    act(open_tables, tournament.id, [1, 2], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)  # ten at one table, nine at the other
    page = new_page(1280, 800)
    sign_in(page, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    expect(page.locator(".table-card ol.seats.oval > li[data-seat]")).to_have_count(20)
    expect(page.locator(".table-card li.seat:not(.empty)")).to_have_count(19)
    boxes = page.evaluate(SEAT_BOXES)
    for i, one in enumerate(boxes):
        assert one["inCard"], one
        assert one["nameShown"], one  # the name (or "empty") is there to read, not squeezed away
        assert all(one["marks"]), one  # D, SB and BB inside their seat's box
        for other in boxes[i + 1 :]:
            assert (
                one["x"] + one["width"] <= other["x"]
                or other["x"] + other["width"] <= one["x"]
                or one["y"] + one["height"] <= other["y"]
                or other["y"] + other["height"] <= one["y"]
            ), (one, other)
    assert sum(len(one["marks"]) for one in boxes) == 6  # button and blinds at both tables
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_END_FINISH_the_tablet_names_the_winner_and_offers_no_undo_once_the_tournament_is_over(
    stack, new_page, make_tournament, staff
):
    tournament = ten_seat_field(make_tournament, 2, 1)
    act(open_tables, tournament.id, [1], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)
    page, opened = tablet(new_page, stack, staff["floor"], tournament, 1, (1280, 800))
    out_seat, winner_seat = sorted(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list("seat", flat=True)
    )
    winner = (
        Seating.objects.select_related("entry__player")
        .get(tournament=tournament, ended_at__isnull=True, seat=winner_seat)
        .entry
    )
    player_out(page, 1, out_seat)
    listing = page.locator('[data-broken-table="1"]')
    expect(listing.locator(f'li[data-entry="{winner.number}"]')).to_contain_text("won the tournament")
    expect(listing.locator(f'li[data-entry="{winner.number}"]')).not_to_contain_text("out")
    expect(page.locator("[data-result]")).to_contain_text("is out.")
    expect(page.locator("[data-undo]")).to_be_hidden()
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    assert opened == []
