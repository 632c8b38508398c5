"""A tournament as a room sees it mid-event, for the accessibility checks and the screenshots:
twelve players with real-looking names drawn at two tables, the clock running, two busts, a
chip count published, a penalty given and an announcement up; a turbo runs beside it."""

import re
from dataclasses import dataclass
from datetime import date

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from clock.services import level_clock
from players.services import desk as player_services
from tables.models import Seating, Table
from tables.services.counts import publish_chip_leaders, report_counts
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tests.helpers.pages import act, sign_in
from tournaments.models import Entry, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk
from tournaments.services.penalties import give_penalty
from tournaments.services.record import announce

NAMES = [
    ("Anna", "Berger"),
    ("Lukas", "Huber"),
    ("Sofia", "Novak"),
    ("Jonas", "Wagner"),
    ("Mia", "Steiner"),
    ("Felix", "Gruber"),
    ("Elena", "Kovacs"),
    ("David", "Moser"),
    ("Laura", "Hofer"),
    ("Paul", "Fischer"),
    ("Nina", "Weber"),
    ("Tobias", "Schmid"),
]


@dataclass
class RunningEvent:
    tournament: Tournament
    ticket: Entry  # a player still seated, sitting out a penalty: the seat page and the desk show theirs

    @property
    def id(self) -> int:
        return self.tournament.id


def run_an_event(make_tournament, staff) -> RunningEvent:
    tournament = make_tournament(name="Sunday Deepstack", level_seconds=(1800, 1800, 1800, 900, 1800), breaks=(3,))
    Tournament.objects.filter(pk=tournament.pk).update(buy_in=20_000)  # 200 EUR
    festival = tournament.festival
    type(festival).objects.filter(pk=festival.pk).update(name="Vienna Poker Open", venue="Casino Wien")
    for number in (1, 2):
        Table.objects.create(festival=festival, number=number, seats=9)
    buy_in(tournament.id, NAMES, "Desk 1")
    director, floor = staff["director"], staff["floor"]
    act(open_tables, tournament.id, [1, 2], director)
    act(draw_field, tournament.id, director, 5)
    act(level_clock.start_clock, tournament.id, director)
    seats = {
        number: sorted(
            Seating.objects.filter(
                tournament=tournament, ended_at__isnull=True, tournament_table__table__number=number
            ).values_list("seat", flat=True)
        )
        for number in (1, 2)
    }
    act(player_out, tournament.id, 1, seats[1][0], floor)
    act(player_out, tournament.id, 2, seats[2][0], floor)
    act(report_counts, tournament.id, 1, {seat: 8_000 + 1_750 * i for i, seat in enumerate(seats[1][1:])}, floor)
    act(report_counts, tournament.id, 2, {seat: 9_000 + 1_250 * i for i, seat in enumerate(seats[2][1:])}, floor)
    act(publish_chip_leaders, tournament.id, staff["media"])
    act(give_penalty, tournament.id, 2, seats[2][1], "any", floor, step="1 orbit")
    act(announce, tournament.id, "Dinner break after level 3: the buffet opens in the hall", director)
    side_event(make_tournament, festival, director)
    ticket = Seating.objects.get(
        tournament=tournament, ended_at__isnull=True, tournament_table__table__number=2, seat=seats[2][1]
    ).entry  # the player sitting out their penalty
    return RunningEvent(Tournament.objects.get(pk=tournament.pk), ticket)


def buy_in(tournament_id: int, names, desk_name: str) -> None:
    """Each name a new player bought in at that desk, in cash."""
    for first, last in names:
        player = act(
            player_services.create_player,
            tournament_id,
            player_services.NewPlayer(first, last, date(1985, 5, 17), accepts_terms=True, id_checked=True),
            None,
        )
        act(desk.register_entry, tournament_id, player.id, Sale(Kind.BUY_IN, "cash", desk_name, "Sun day"), None)


def side_event(make_tournament, festival, director) -> None:
    """A turbo running beside it, a level further on: the festival's TV shows both clocks."""
    turbo = make_tournament(name="Turbo Bounty", level_seconds=(900, 900, 900, 900))
    Tournament.objects.filter(pk=turbo.pk).update(festival=festival, buy_in=10_000)
    buy_in(turbo.id, NAMES[::2], "Desk 2")
    act(level_clock.start_clock, turbo.id, director)
    act(level_clock.go_to_level, turbo.id, director, 1)


@dataclass(frozen=True)
class Screen:
    name: str
    path: str  # {t}: the tournament, {f}: its festival, {code}: the ticket's public code
    width: int
    height: int
    staff: bool = False
    ready: str = "[data-live-status]"  # shows "live" once the page has its snapshot


PHONE, LAPTOP = (390, 844), (1440, 900)
SCREENS = [
    Screen("tv", "/tournaments/{t}/tv/", 1920, 1080),
    Screen("festival-tv", "/festivals/{f}/tv/", 1920, 1080, ready="[data-feed-status]"),
    Screen("lobby", "/tournaments/{t}/", *PHONE),
    Screen("seat", "/tournaments/{t}/seat/{code}/", *PHONE),
    Screen("results", "/tournaments/{t}/results/", *PHONE),
    Screen("desk", "/tournaments/{t}/desk/", *LAPTOP, staff=True),
    Screen("director", "/tournaments/{t}/director/", *LAPTOP, staff=True),
    Screen("floor", "/tournaments/{t}/floor/", 1280, 800, staff=True),
    Screen("floor-portrait", "/tournaments/{t}/floor/", 800, 1280, staff=True),
    Screen("compliance", "/tournaments/{t}/compliance/", *LAPTOP, staff=True),
    Screen("close-out", "/tournaments/{t}/close-out/", *LAPTOP, staff=True, ready=""),
    Screen("festival-close-out", "/festivals/{f}/close-out/", *LAPTOP, staff=True, ready=""),
    Screen("payouts", "/tournaments/{t}/payouts/", *LAPTOP, staff=True, ready=""),
]
# Still loading: a shown element that says "…" or "Loading …" (the page has not drawn its live parts yet).
LOADING = """() => [...document.querySelectorAll("main *")].filter((el) => el.children.length === 0
  && el.checkVisibility() && /^(…|Loading .*)$/.test(el.textContent.trim())).map((el) => el.outerHTML)"""


def open_screen(browser, stack, event: RunningEvent, screen: Screen, signed_in: dict | None):
    """The screen in a fresh browser context at its device size (signed in as `signed_in`, a
    storage state, for a staff page), once it shows live data."""
    phone = screen.width < 500
    context = browser.new_context(
        viewport={"width": screen.width, "height": screen.height},
        is_mobile=phone,
        has_touch=phone or screen.name.startswith("floor"),
        storage_state=signed_in if screen.staff else None,
    )
    context.set_default_timeout(30_000)  # as tests/browser/conftest.py's WAIT_MS
    page = context.new_page()
    page.goto(stack.url + screen.path.format(t=event.id, f=event.tournament.festival_id, code=event.ticket.public_code))
    if screen.ready:
        for status in page.locator(screen.ready).all():
            expect(status).to_have_text("live")
    try:
        page.wait_for_function(f"() => !({LOADING})().length")
    except PlaywrightTimeout:
        raise AssertionError(f"{screen.name} still loading: {page.evaluate(LOADING)}") from None
    remaining = page.locator('[data-clock="remaining"]')
    if remaining.count():
        expect(remaining.first).to_have_text(re.compile(r"\d:\d\d"))
    if screen.name == "desk":  # the clerk has a player in front of them: the panel with the sale
        player = event.ticket.player
        page.get_by_label("Find player").fill(player.last_name)
        page.get_by_role("button", name=re.compile(f"^{player.last_name}, {player.first_name}")).click()
        expect(page.locator("[data-reasons] li").first).to_be_visible()
    return context, page


def staff_session(browser, stack, user) -> dict:
    """A signed-in session to open staff pages with."""
    context = browser.new_context()
    page = context.new_page()
    sign_in(page, stack.url, user, "/")
    state = context.storage_state()
    context.close()
    return state
