"""Players' phones in Chromium at real device sizes (360x740, 390x844): the lobby, the seat page
and the results fit with no sideways scrolling, money, long names, announcements and chip
leaders included; the results follow busts live; an opted-out player shows by initials
(REG-CONSENT); the seat page is the player's companion: a move notice, the penalty, the place
and prize, installable, and its last state kept while the Wi-Fi is down."""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from players.services import desk as player_services
from tables.models import Seating, Table
from tables.services.counts import publish_chip_leaders, report_counts
from tables.services.draw import draw_field, open_tables
from tables.services.floor import move_by_hand, player_out
from tests.helpers.pages import act, sign_in
from tournaments.models import Entry, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk as services
from tournaments.services.penalties import give_penalty
from tournaments.services.record import announce

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = ({"width": 360, "height": 740}, {"width": 390, "height": 844})
LONG_NAME = "The Grand Championship of the Ninth Wonderfully Extraordinary Festival Main Event"
LONG_WORD = "Wolfeschlegelsteinhausenbergerdorff"
NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


def money_field(make_tournament, players: int, tables: int, hidden: int | None = None):
    """A tournament with a long name and a prize pool, `players` entries (some with very long
    names; entry `hidden` opted out of showing their name), drawn at `tables` tables."""
    tournament = make_tournament(name=LONG_NAME, level_seconds=(3600, 3600))
    Tournament.objects.filter(pk=tournament.pk).update(buy_in=1_234_500)
    for number in range(1, tables + 1):
        Table.objects.create(festival=tournament.festival, number=number, seats=9)
    for i in range(players):
        first = f"{LONG_WORD}{i}" if i % 3 == 0 else f"Player{i:02d}"
        player = act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(
                first,
                f"Surname{i:02d}",
                date(1980, 1, 1),
                accepts_terms=True,
                id_checked=True,
                initials_only=i == hidden,
            ),
            None,
        )
        act(services.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    return tournament


def phone(browser, size):
    context = browser.new_context(viewport=size, is_mobile=True, has_touch=True)
    context.set_default_timeout(30_000)  # as conftest.py's WAIT_MS
    # The vibrations the page asks for, where a test can see them.
    context.add_init_script(
        "window.vibrations = []; navigator.vibrate = (p) => { window.vibrations.push(p); return true; };"
    )
    return context, context.new_page()


def fits(page) -> None:
    """No sideways scrolling: nothing wider than the phone (a mobile browser would zoom out to
    fit a wider page, so the page is measured against the device's width too)."""
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert page.evaluate(NO_SIDEWAYS) and widths[0] <= page.viewport_size["width"], widths


def test_PHONES_lobby_seat_and_results_fit_and_the_results_follow_a_bust_live_with_consented_names(
    stack, browser, make_tournament, staff
):
    tournament = money_field(make_tournament, 12, 2, hidden=4)
    act(open_tables, tournament.id, [1, 2], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)
    act(
        announce,
        tournament.id,
        f"Dinner break after level {LONG_WORD}{LONG_WORD}: the buffet is in the hall",
        staff["director"],
    )
    seats = dict(
        Seating.objects.filter(
            tournament=tournament, ended_at__isnull=True, tournament_table__table__number=1
        ).values_list("seat", "entry__number")
    )
    act(report_counts, tournament.id, 1, {seat: 10_000 + seat for seat in seats}, staff["floor"])
    act(publish_chip_leaders, tournament.id, staff["media"])
    hidden = Entry.objects.get(tournament=tournament, player__first_name="Player04")
    busted = Entry.objects.filter(tournament=tournament, player__first_name__startswith=LONG_WORD).first()
    t = f"{stack.url}/tournaments/{tournament.id}"

    for size in PHONES:
        context, page = phone(browser, size)
        page.goto(f"{t}/")
        expect(page.locator("[data-live-status]")).to_have_text("live")
        expect(page.locator('[data-clock="pool"]')).to_contain_text("EUR")  # money on the lobby
        expect(page.locator("[data-announcements]")).to_contain_text("buffet")
        expect(page.locator("[data-chip-leaders-list] li")).to_have_count(len(seats))
        expect(page.locator(".chart li.taken")).to_have_count(12)
        # REG-CONSENT: the opted-out player by initials on the chart, the others by name.
        expect(page.locator(".chart")).to_contain_text(f"P. S. (#{hidden.number})")
        expect(page.locator(".chart")).not_to_contain_text("Player04")
        expect(page.locator(".chart")).to_contain_text(f"{busted.player.first_name} S. (#{busted.number})")
        fits(page)
        page.goto(f"{t}/seat/{busted.public_code}/")
        expect(page.locator("[data-live-status]")).to_have_text("live")
        expect(page.locator("[data-seat]")).to_have_text(re.compile(r"^Table [12] · seat \d$"))
        expect(page.locator('[data-clock="remaining"]')).to_have_text(re.compile(r"\d:\d\d"))
        expect(page.locator("[data-next-out-label]")).to_have_text("Places paid")  # not yet in the money
        expect(page.locator("[data-next-jump]")).to_contain_text("EUR")  # the min cash
        fits(page)
        page.goto(f"{t}/results/")
        expect(page.locator("[data-live-status]")).to_have_text("live")
        expect(page.locator("[data-pool]")).to_contain_text("EUR")
        fits(page)
        context.close()

    # REG-CONSENT changed at the desk: the lobby's chart follows at once.
    context, lobby = phone(browser, PHONES[0])
    lobby.goto(f"{t}/")
    expect(lobby.locator(".chart")).to_contain_text("Player01 S.")
    desk_context = browser.new_context(viewport={"width": 1280, "height": 800})
    desk = desk_context.new_page()
    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    desk.get_by_label("Find player").fill("Player01")
    desk.get_by_role("button", name=re.compile("^Surname01, Player01")).click()
    desk.get_by_label("public screens show initials only", exact=True).check()
    expect(desk.locator("[data-public-name-result]")).to_have_text("Public screens now show initials only.")
    expect(lobby.locator(".chart")).not_to_contain_text("Player01")
    desk_context.close()
    context.close()

    context, results = phone(browser, PHONES[0])
    results.goto(f"{t}/results/")
    expect(results.locator("[data-live-status]")).to_have_text("live")
    expect(results.locator("[data-results] tbody tr")).to_have_text("Nobody is out yet.")
    for entry in (hidden, busted):
        where = Seating.objects.get(entry=entry, ended_at__isnull=True)
        act(player_out, tournament.id, where.tournament_table.table.number, where.seat, staff["floor"])
    # Live, without a reload: the busted players with their places, the opted-out by initials.
    rows = results.locator("[data-results] tbody tr")
    expect(rows).to_have_count(2)
    expect(results.locator(f'tr[data-entry="{busted.number}"]')).to_contain_text(f"11{busted.player.first_name} S.")
    expect(results.locator(f'tr[data-entry="{hidden.number}"]')).to_contain_text("12P. S.")
    expect(results.locator("[data-results]")).not_to_contain_text("Player04")
    fits(results)
    context.close()


def test_PHONES_the_first_draw_says_the_seat_not_a_move(stack, browser, make_tournament, staff):
    """SEAT-DRAW on the phone (390x844): a player waiting for the draw is told the seat the draw
    gave, not asked to "go to your new seat": there was none to leave."""
    tournament = money_field(make_tournament, 6, 2)
    entry = Entry.objects.filter(tournament=tournament).order_by("number").first()
    context, page = phone(browser, PHONES[1])
    page.goto(f"{stack.url}/tournaments/{tournament.id}/seat/{entry.public_code}/")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    expect(page.locator("[data-seat]")).to_have_text(
        "Seat pending: your table and seat appear here once the field is drawn."
    )
    act(open_tables, tournament.id, [1, 2], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)
    sitting = Seating.objects.select_related("tournament_table__table").get(entry=entry, ended_at__isnull=True)
    table = sitting.tournament_table.table.number
    expect(page.locator("[data-seat]")).to_have_text(f"Table {table} · seat {sitting.seat}")
    expect(page.locator("[data-seat-changed]")).to_have_text(f"Your seat: table {table}, seat {sitting.seat}.")
    fits(page)
    context.close()


ONE_LINE = "(element) => { const range = document.createRange(); range.selectNodeContents(element); return range.getClientRects().length; }"


def test_PHONES_a_german_phone_keeps_mindestgewinn_whole(stack, browser, make_tournament, staff):
    """The German seat page at 390x844: the stats row's labels wrap between words, never inside
    one ("Mindestgewin / n")."""
    tournament = money_field(make_tournament, 6, 1)
    entry = Entry.objects.filter(tournament=tournament).order_by("number").first()
    context, page = phone(browser, PHONES[1])
    page.set_extra_http_headers({"Accept-Language": "de-DE,de;q=0.9"})
    page.goto(f"{stack.url}/tournaments/{tournament.id}/seat/{entry.public_code}/")
    label = page.locator("[data-next-jump-label]")
    expect(label).to_have_text("Mindestgewinn")
    expect(label).to_be_visible()
    assert label.evaluate(ONE_LINE) == 1
    fits(page)
    context.close()


def test_PHONES_the_seat_page_is_the_players_companion(stack, browser, make_tournament, staff):
    tournament = money_field(make_tournament, 6, 2)
    act(open_tables, tournament.id, [1, 2], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)
    entry = Entry.objects.filter(tournament=tournament).order_by("number").first()
    sitting = Seating.objects.select_related("tournament_table__table").get(entry=entry, ended_at__isnull=True)
    table = sitting.tournament_table.table.number
    other = 2 if table == 1 else 1
    taken = set(
        Seating.objects.filter(
            tournament=tournament, ended_at__isnull=True, tournament_table__table__number=other
        ).values_list("seat", flat=True)
    )
    free = min(set(range(1, 10)) - taken)
    t = f"{stack.url}/tournaments/{tournament.id}"
    context, page = phone(browser, PHONES[1])
    page.goto(f"{t}/seat/{entry.public_code}/")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    expect(page.locator("[data-seat]")).to_have_text(f"Table {table} · seat {sitting.seat}")
    expect(page.locator("[data-seat-changed]")).to_be_empty()

    # Installable: the manifest is linked and served with its icons.
    link = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.request.get(f"{stack.url}{link}").json()
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == f"/tournaments/{tournament.id}/seat/{entry.public_code}/"
    assert manifest["name"] and {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        served = page.request.get(f"{stack.url}{icon['src']}")
        assert served.ok and served.headers["content-type"] == "image/png"
    assert page.request.get(f"{stack.url}/manifest.webmanifest?start=https://evil.example/").json()["start_url"] == "/"

    # Moved by the floor: a notice the player cannot miss, and the phone vibrates.
    act(move_by_hand, tournament.id, table, sitting.seat, other, free, "a broken chair", staff["floor"])
    expect(page.locator("[data-seat]")).to_have_text(f"Table {other} · seat {free}")
    expect(page.locator("[data-seat-changed]")).to_contain_text(f"Move to table {other} seat {free}")
    assert page.evaluate("window.vibrations.length") >= 1
    fits(page)

    # A penalty: what is left to sit out, no staff names.
    act(give_penalty, tournament.id, other, free, "acting out of turn", staff["floor"], step="1 orbit")
    expect(page.locator("[data-my-penalty]")).to_contain_text("Sitting out: 1 orbit")
    expect(page.locator("[data-my-penalty]")).to_contain_text("hands left")
    expect(page.locator(".companion")).not_to_contain_text(staff["floor"].username)

    # The Wi-Fi drops: the last known state stays, under "reconnecting…"; it comes back live.
    page.context.set_offline(True)
    expect(page.locator("[data-live-status]")).to_have_text("reconnecting…")
    expect(page.locator("[data-seat]")).to_have_text(f"Table {other} · seat {free}")
    expect(page.locator("[data-my-penalty]")).to_contain_text("Sitting out: 1 orbit")
    page.context.set_offline(False)
    expect(page.locator("[data-live-status]")).to_have_text("live", timeout=30_000)

    # Out: the place and the prize (6 entries: the sixth place pays nothing).
    act(player_out, tournament.id, other, free, staff["floor"])
    expect(page.locator("[data-seat]")).to_have_text("This entry is busted.")
    expect(page.locator("[data-my-finish]")).to_have_text("You finished 6th of 6 · no prize.")
    expect(page.locator("[data-my-penalty]")).to_be_hidden()
    fits(page)
    context.close()
