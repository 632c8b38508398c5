"""Whole events through the pages (tests/browser/test_whole_event.py, test_flights.py,
test_satellites.py): the superuser's part made beforehand, then the director's set-up page,
the desk and a floor tablet driven as people use them."""

import re
from datetime import date

from playwright.sync_api import expect

from clock.models import Structure
from tables.models import Seating
from tests.helpers.tablet import answer_questions, tap
from tournaments.models import Entry, Festival, Tournament


def venue_and_template() -> tuple[Festival, Structure]:
    festival = Festival.objects.create(name="Club Series", venue="Card Room", currency="EUR")
    structure = Structure.objects.create(name="Hour levels", is_template=True)
    for position in range(6):
        structure.levels.create(
            position=position, small_blind=100 * 2**position, big_blind=200 * 2**position, ante=0, duration="01:00:00"
        )
    return festival, structure


def create_tournament(
    director, festival, structure, name: str, preset: str, places_paid: str = "", price=("100", "90", "10.00")
) -> Tournament:
    """`price`: the entry price typed, the pool's share of it in percent, and the fee that leaves."""
    director.get_by_role("link", name="New tournament").click()
    director.get_by_label("Festival", exact=True).select_option(str(festival.id))
    director.get_by_label("Name", exact=True).fill(name)
    director.get_by_label("House rules").select_option(preset)
    director.get_by_label("Entry price").fill(price[0])
    director.get_by_label("Pool share %").fill(price[1])
    expect(director.get_by_label("Fee")).to_have_value(price[2])  # the pool share helper
    director.get_by_label("Places paid").fill(places_paid)
    director.get_by_label("Structure").select_option(str(structure.id))
    director.get_by_role("button", name="Create the tournament").click()
    expect(director).to_have_url(re.compile(r"/tournaments/\d+/setup/$"))
    expect(director.locator(".setup[data-wired]")).to_have_count(1)  # static/setup.js answers the forms
    return Tournament.objects.get(name=name)


def add_tables(director, seats_by_number: dict[int, int]) -> None:
    for number, seats in seats_by_number.items():
        director.get_by_label("Table number", exact=True).fill(str(number))
        director.get_by_label("Seats", exact=True).fill(str(seats))  # not "Seats at table 1" of a table added
        director.get_by_role("button", name="Add the table").click()
        expect(director.locator("[data-result]")).to_have_text(f"Table {number} added ({seats} seats).")


def open_registration(director, tournament) -> None:
    director.get_by_role("link", name="Director", exact=True).click()
    expect(director.locator("[data-live-status]")).to_have_text("live")
    director.get_by_role("button", name="Open registration").click()
    expect(director.locator("[data-registration]")).to_have_text("Registration is open.")


def register(desk, first: str, born: date = date(1980, 1, 1), refused: bool = False) -> None:
    """A new player at the desk, with the photo ID seen, then the entry the desk offers (a
    player the rules refuse: Register is disabled, with the reasons)."""
    if not desk.locator("details[data-new-player]").get_attribute("open") == "":
        desk.get_by_text("New player", exact=True).click()
    form = desk.locator("#new-player")
    form.get_by_label("First name").fill(first)
    form.get_by_label("Last name").fill("Field")
    form.get_by_label("Date of birth").fill(born.isoformat())
    form.get_by_label("ID document").select_option("passport")  # "photo ID seen now" needs one (issue 22)
    form.get_by_label("ID number").fill(f"P-{first}-{born.isoformat()}")
    form.get_by_label("photo ID seen now").check()
    form.get_by_label("accepts the terms and tournament rules").check()
    form.get_by_role("button", name="Create player").click()
    expect(desk.locator("[data-player-name]")).to_have_text(f"{first} Field")
    if refused:
        expect(desk.get_by_role("button", name="Register")).to_be_disabled()
        return
    desk.get_by_role("button", name="Register").click()
    expect(desk.locator("[data-sale-result]")).to_contain_text(re.compile("registered|Refused"))


def open_draw_and_start(director, url: str, tournament_id: int, tables: str, opened: str) -> None:
    """The director, on the console: opens the tables ("1-3"), draws the field, starts the clock."""
    director.goto(f"{url}/tournaments/{tournament_id}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    director.get_by_label("Tables to open").fill(tables)
    director.get_by_role("button", name="Open tables").click()
    expect(director.locator("[data-result]")).to_have_text(opened)
    director.get_by_role("button", name="Draw the field").click()
    expect(director.locator("[data-result]")).to_contain_text("Field drawn")
    director.get_by_role("button", name="Start", exact=True).click()


class Floor:
    """The floor tablet (every table) and how it answers the dialogs a bust brings."""

    def __init__(self, page, tournament):
        self.page, self.tournament, self.same_hand = page, tournament, True
        answer_questions(page, self.answer)  # the questions the tablet asks in the page

    def answer(self, question):
        if "already went out in this hand" in question:
            return None, "Same hand" if self.same_hand else "A new hand"  # a new hand: Hand done is recorded first
        if "went out in the last hand" in question:
            return None, "In this hand"  # this bust is in the hand being played
        if "is out" in question:
            return "", None  # no starting stack: busts on separate hands need none
        return None, None

    def seated(self, table: int | None = None):
        where = f'.table-card[data-table="{table}"] ' if table else ""
        return self.page.locator(f"{where}.seats li:not(.empty)")

    def bust(self, table: int, seat: int | None = None, same_hand: bool = False) -> None:
        """A player out at the table (the seat, or its first player), waiting for the redraw."""
        self.same_hand = same_hand
        before = self.players_left()
        # The tablet first shows every seat the database has (a disqualification's redraw may be
        # on its way): a tap on a seat already emptied would be refused. The waiting have none.
        expect(self.seated()).to_have_count(
            Seating.objects.filter(tournament=self.tournament, ended_at__isnull=True).count()
        )
        row = (
            self.page.locator(f'.table-card[data-table="{table}"] .seats li[data-seat="{seat}"]')
            if seat
            else self.seated(table).first
        )
        tap(row, "Out")
        expect(self.seated()).to_have_count(before - 1)

    def hand_done(self, table: int) -> None:
        """Hand done at the table once its card shows the hand being played, then the redraw
        that shows the next: a tap on a card not yet redrawn names a hand already done."""
        card = self.page.locator(f'.table-card[data-table="{table}"]')
        hand = self.tournament.tables.get(table__number=table).hands_dealt + 1
        expect(card).to_have_attribute("data-hand", str(hand))
        card.get_by_role("button", name="Hand done").click()
        expect(card).to_have_attribute("data-hand", str(hand + 1))

    def players_left(self) -> int:
        # Seat entries only: a rebuy or an add-on has no seat (and would count, as "no seating ended").
        return Entry.objects.filter(
            tournament=self.tournament, kind__in=Entry.SEAT_KINDS, status="active", seatings__ended_at__isnull=True
        ).count()

    def largest_table(self) -> int:
        counts = {}
        for card in self.page.locator(".table-card").all():
            counts[int(card.get_attribute("data-table"))] = card.locator(".seats li:not(.empty)").count()
        return max(counts, key=lambda number: (counts[number], -number))
