"""The TV display in Chromium at the TV's real sizes (1920x1080, 1280x720), against real daphne,
worker and beat: it fills the screen with nothing to scroll, the time left is huge and every
other figure readable from 10 m, nothing on it is a staff link or a form, it follows the clock
live (a level change flashes, a break says when play is back), shows the festival's and
sponsors' images the director uploads, and the winner at the finish. The festival's screen
shows every running tournament's clock."""

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from clock.models import Clock, Level, Structure
from clock.services import level_clock
from players.models import Player
from tables.models import Seating
from tables.services.counts import publish_chip_leaders, report_counts
from tables.services.floor import hand_done, player_out
from tests.helpers.fields import seated_field
from tests.helpers.pages import WAIT_MS, act, sign_in
from tournaments.models import Festival, Tournament
from tournaments.services import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV_SIZES = [(1920, 1080), (1280, 720)]
PNG = (
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xff"
    b"\xff?\0\x05\xfe\x02\xfe\xa7\x35\x81\x84\0\0\0\0IEND\xaeB`\x82"
)
# Every figure besides the time left and the level/blinds: at least 2.5% of the screen's height.
FIGURES = [
    '[data-clock="next"]',
    '[data-clock="to-break"]',
    '[data-clock="players-left"]',
    "[data-entries]",
    '[data-clock="average"]',
    '[data-tv="pool"]',
    '[data-tv="places-paid"]',
    '[data-tv="pay-jump"]',
    '[data-clock="ante"]',
]


@pytest.fixture
def tv_page(new_page):
    """A page the size of a TV: 1920x1080 unless told."""
    return lambda width=1920, height=1080: new_page(width, height)


# The element's box, its text, and whether any of it is cut off: by an ancestor that clips
# (overflow other than visible) or by its own width (text cut with an ellipsis).
BOX = """(el) => {
  const r = el.getBoundingClientRect();
  let clipped = getComputedStyle(el).display !== "inline" && el.scrollWidth > el.clientWidth + 1;
  for (let up = el.parentElement; up; up = up.parentElement) {
    if (getComputedStyle(up).overflow === "visible") continue;
    const u = up.getBoundingClientRect();
    if (r.top < u.top - 1 || r.bottom > u.bottom + 1 || r.left < u.left - 1 || r.right > u.right + 1) clipped = true;
  }
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, text: el.textContent, clipped};
}"""


def box(page, selector: str) -> dict:
    return page.locator(selector).evaluate(BOX)


@pytest.mark.parametrize("width, height", TV_SIZES)
def test_TV_DISPLAY_fills_the_screen_with_a_huge_clock_and_readable_figures_and_nothing_to_scroll(
    stack, tv_page, make_tournament, staff, width, height
):
    tournament = seated_field(make_tournament, staff, 6)
    act(level_clock.start_clock, tournament.id, staff["director"])
    act(record.announce, tournament.id, "Dinner break at the end of level 4.", staff["director"])
    tv = tv_page(width, height)
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/")
    expect(tv.locator("[data-live-status]")).to_have_text("live")
    expect(tv.locator('[data-clock="status"]')).to_have_text("running")
    expect(tv.locator('[data-clock="players-left"]')).to_have_text("6")
    expect(tv.locator('[data-tv="pool"]')).to_have_text("600.00 EUR")
    expect(tv.locator('[data-tv="places-paid"]')).not_to_have_text("–")
    expect(tv.locator('[data-clock="average"]')).to_have_text("10,000 (50.0 BB)")

    scroll = tv.evaluate(
        "({sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight,"
        " w: innerWidth, h: innerHeight})"
    )
    assert (scroll["w"], scroll["h"]) == (width, height)
    assert scroll["sw"] <= scroll["w"] and scroll["sh"] <= scroll["h"], scroll
    remaining = box(tv, '[data-clock="remaining"]')
    assert re.fullmatch(r"\d{1,2}:\d\d", remaining["text"]), remaining
    assert remaining["height"] >= 0.12 * height and not remaining["clipped"], remaining
    level, blinds = box(tv, '[data-clock="level"]'), box(tv, '[data-clock="blinds"]')
    assert not level["clipped"] and not blinds["clipped"], (level, blinds)
    for figure in FIGURES:
        shown = box(tv, figure)
        assert shown["text"].strip() not in ("", "–"), (figure, shown)
        assert shown["height"] >= 0.025 * height, (figure, shown)
        assert not shown["clipped"] and shown["bottom"] <= height and shown["right"] <= width, (figure, shown)
        assert blinds["height"] > shown["height"] and level["height"] > shown["height"], figure  # the level comes next
    assert remaining["height"] > level["height"] and remaining["height"] > blinds["height"]

    # Nothing to click into staff pages, nothing to fill in: no link at all, no form, no header bar.
    assert tv.locator("a").count() == 0 and tv.locator("form, input, button, select, textarea").count() == 0
    assert tv.locator("header.bar").count() == 0

    # The panels' content is on the page; each shows when held with ?panel= (they rotate otherwise).
    expect(tv.locator('[data-panel="seating"] [data-table="1"] li')).to_have_count(9)
    expect(tv.locator('[data-panel="seating"] [data-table="1"]')).to_contain_text("Tv0 W. (#")
    expect(tv.locator('[data-panel="payouts"] [data-tv-payouts] li').first).to_contain_text("EUR")
    expect(tv.locator('[data-panel="announcements"] .announcement')).to_have_text("Dinner break at the end of level 4.")
    for panel, text in (("seating", "Table 1"), ("payouts", "1 place paid"), ("announcements", "Dinner break")):
        tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/?panel={panel}")
        shown = tv.locator(f'[data-panel="{panel}"]')
        expect(shown).to_be_visible()
        expect(shown).to_contain_text(text)
        for other in ("seating", "payouts", "leaders", "results", "announcements"):
            if other != panel:
                expect(tv.locator(f'[data-panel="{other}"]')).to_be_hidden()
        lines = shown.locator("li, .announcement, p")
        for i in range(lines.count()):
            line = lines.nth(i).evaluate(
                "(el) => { const r = el.getBoundingClientRect(); return r.height &&"
                " parseFloat(getComputedStyle(el).fontSize); }"
            )
            assert not line or line >= 0.025 * height, (panel, i, line)
        assert tv.evaluate(
            "document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth"
        )


def test_TV_DISPLAY_follows_the_clock_live_flashes_a_new_level_and_shows_the_break_with_the_time_back(
    stack, tv_page, make_tournament, staff
):
    tournament = make_tournament(level_seconds=(600, 600, 900, 600), breaks=(2,))
    tv = tv_page(1280, 720)
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/")
    expect(tv.locator("[data-live-status]")).to_have_text("live")
    expect(tv.locator('[data-clock="status"]')).to_have_text("not started")
    tv.evaluate("window.sameDocument = true")
    act(level_clock.start_clock, tournament.id, staff["director"])
    expect(tv.locator('[data-clock="status"]')).to_have_text("running")
    expect(tv.locator('[data-clock="level"]')).to_have_text("Level 1")
    expect(tv.locator("[data-tv-screen]")).not_to_have_class(re.compile("tv-level-change"))

    act(level_clock.go_to_level, tournament.id, staff["director"], 1)
    expect(tv.locator('[data-clock="blinds"]')).to_have_text("200 / 400")
    expect(tv.locator("[data-tv-screen]")).to_have_class(re.compile("tv-level-change"))
    expect(tv.locator("[data-tv-alert]")).to_have_text("New level: 200 / 400 · ante 400")
    expect(tv.locator("[data-tv-break]")).to_be_hidden()

    act(level_clock.go_to_level, tournament.id, staff["director"], 2)
    expect(tv.locator("[data-tv-screen]")).to_have_class(re.compile("tv-on-break"))
    expect(tv.locator("[data-tv-break]")).to_have_text("Play resumes in")
    clock = Clock.objects.get(tournament=tournament)
    back = clock.ends_at.astimezone(__import__("zoneinfo").ZoneInfo(tournament.festival.time_zone))
    expect(tv.locator("[data-tv-back]")).to_have_text(f"Back at {back:%H:%M}")
    remaining = box(tv, '[data-clock="remaining"]')
    assert remaining["height"] >= 0.12 * 720 and re.fullmatch(r"1[45]:\d\d", remaining["text"]), remaining
    assert tv.evaluate("document.documentElement.scrollHeight <= innerHeight")
    act(level_clock.skip_break, tournament.id, staff["director"])
    expect(tv.locator("[data-tv-screen]")).not_to_have_class(re.compile("tv-on-break"))
    expect(tv.locator('[data-clock="level"]')).to_have_text("Level 3")
    assert tv.evaluate("window.sameDocument") is True  # live, never reloaded


def test_TV_DISPLAY_the_panels_rotate_and_the_chip_leaders_and_latest_results_arrive_live(
    stack, tv_page, make_tournament, staff
):
    tournament = seated_field(make_tournament, staff, 6)
    act(level_clock.start_clock, tournament.id, staff["director"])
    tv = tv_page(1920, 1080)
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/")
    expect(tv.locator('[data-clock="status"]')).to_have_text("running")
    expect(tv.locator('[data-panel="seating"] [data-table="1"]')).to_be_attached()
    expect(tv.locator("[data-tv-leaders] li")).to_have_count(0)

    seats = dict(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list("seat", "entry__number")
    )
    ordered = sorted(seats)
    act(report_counts, tournament.id, 1, {ordered[0]: 30_000, ordered[1]: 5_000, ordered[2]: 25_000}, staff["floor"])
    act(publish_chip_leaders, tournament.id, staff["media"])
    leaders = tv.locator("[data-tv-leaders] li")
    expect(leaders).to_have_count(3)
    expect(leaders.first).to_contain_text("30,000")
    act(player_out, tournament.id, 1, ordered[1], staff["floor"])
    expect(tv.locator("[data-tv-results] li")).to_have_count(1)
    expect(tv.locator("[data-tv-results] li").first).to_contain_text("6. Tv")
    expect(tv.locator("[data-tv-results] li").first).to_contain_text(f"(#{seats[ordered[1]]})")
    expect(leaders.nth(2)).to_have_class("out")  # the leader who went out since is marked, not kept as playing

    # The rotation (a 12 s timer in the page; here stepped by hand): every panel with something to show.
    shown = set()
    for _ in range(6):
        # static/tv.js is the page's module: importing its URL again gives the page's own tvPage.
        panel = tv.evaluate(
            "import(document.querySelector('script[type=module]').src).then(({ tvPage }) => {"
            " tvPage.next(); return document.querySelector('[data-tv-screen]').dataset.panelShown; })"
        )
        expect(tv.locator(f'[data-panel="{panel}"]')).to_be_visible()
        assert tv.locator("[data-panel]:visible").count() == 1
        shown.add(panel)
    assert shown == {"payouts", "seating", "leaders", "results"}  # no announcement is up: none shown
    assert tv.evaluate("document.documentElement.scrollHeight <= innerHeight")


def test_TV_DISPLAY_shows_the_winner_at_the_finish(stack, tv_page, make_tournament, staff):
    tournament = seated_field(make_tournament, staff, 2)
    act(level_clock.start_clock, tournament.id, staff["director"])
    tv = tv_page(1920, 1080)
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/")
    expect(tv.locator('[data-clock="status"]')).to_have_text("running")
    expect(tv.locator("[data-tv-winner]")).to_be_hidden()
    seats = dict(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list("seat", "entry__number")
    )
    out_seat, winner_seat = sorted(seats)
    act(player_out, tournament.id, 1, out_seat, staff["floor"])
    expect(tv.locator("[data-tv-winner]")).to_be_visible()
    # The latest results first (issue 22): the winner, then the player out in second place.
    expect(tv.locator("[data-tv-results] li").first).to_contain_text("1. Tv")
    expect(tv.locator("[data-tv-results] li").nth(1)).to_contain_text("2. Tv")
    expect(tv.locator("[data-tv-winner-title]")).to_have_text("Winner")
    expect(tv.locator("[data-tv-winner-names]")).to_have_text(re.compile(rf"Tv\d W\. \(#{seats[winner_seat]}\)"))
    expect(tv.locator('[data-clock="status"]')).to_have_text("tournament over")
    names = box(tv, "[data-tv-winner-names]")
    assert names["height"] >= 0.1 * 1080 and tv.evaluate("document.documentElement.scrollHeight <= innerHeight")
    tv.reload()  # a TV switched on later has it from the snapshot
    expect(tv.locator("[data-tv-winner-names]")).to_contain_text(f"(#{seats[winner_seat]})")


def test_TV_IMAGES_the_director_uploads_an_image_on_the_console_and_the_tv_shows_it_live(
    stack, tv_page, new_page, make_tournament, staff, tmp_path
):
    tournament = make_tournament()
    tv = tv_page(1280, 720)
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/")
    expect(tv.locator("[data-live-status]")).to_have_text("live")
    expect(tv.locator("[data-tv-images]")).to_be_hidden()
    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    expect(director.locator("[data-tv-link]")).to_have_attribute("href", f"/tournaments/{tournament.id}/tv/")
    director.get_by_text("TV display: festival and sponsor images").click()
    expect(director.locator("[data-tv-image-list]")).to_contain_text("No images yet")

    wrong = tmp_path / "logo.gif"
    wrong.write_bytes(b"GIF89a\x01\0\x01\0" + b"\0" * 30)
    director.get_by_label("Image (PNG, JPEG or WebP, at most 1 MB)").set_input_files(str(wrong))
    director.get_by_role("button", name="Upload to the TV").click()
    expect(director.locator("[data-tv-image-result]")).to_have_text(
        "That file is not a PNG, JPEG or WebP image: save it in one of those formats."
    )

    logo = tmp_path / "acme.png"
    logo.write_bytes(PNG)
    director.get_by_label("Image (PNG, JPEG or WebP, at most 1 MB)").set_input_files(str(logo))
    director.get_by_label("Whose").select_option("sponsor")
    director.get_by_label("Caption (optional)").fill("Acme Poker")
    director.get_by_role("button", name="Upload to the TV").click()
    expect(director.locator("[data-tv-image-result]")).to_have_text("The image is on the TV.")
    expect(director.locator("[data-tv-image-list] li")).to_contain_text(["Sponsor: Acme Poker"])

    expect(tv.locator("[data-tv-images]")).to_be_visible()
    expect(tv.locator("[data-tv-image-caption]")).to_have_text("Acme Poker")
    expect(tv.locator("[data-tv-image]")).to_have_attribute("src", re.compile(r"^/tv-images/\d+/$"))
    tv.wait_for_function("() => document.querySelector('[data-tv-image]').naturalWidth === 1")  # served, decoded
    assert tv.evaluate("document.documentElement.scrollHeight <= innerHeight")

    director.get_by_role("button", name="Take off the TV").click()
    expect(director.locator("[data-tv-image-result]")).to_have_text("The image is off the TV.")
    expect(tv.locator("[data-tv-images]")).to_be_hidden()


def test_TV_DISPLAY_the_festival_screen_shows_every_running_tournaments_clock(stack, tv_page, make_tournament, staff):
    first = make_tournament(name="Main Event")
    structure = Structure.objects.create(name="Turbo structure")
    for position in range(2):
        Level.objects.create(
            structure=structure,
            position=position,
            duration=timedelta(minutes=20),
            small_blind=500 * (position + 1),
            big_blind=1000 * (position + 1),
            ante=0,
        )
    second = Tournament.objects.create(festival=first.festival, name="Turbo", status=Tournament.Status.REGISTRATION)
    Clock.objects.create(tournament=second, structure=structure)
    Tournament.objects.create(festival=first.festival, name="Yesterday", status=Tournament.Status.FINISHED)
    Tournament.objects.create(festival=first.festival, name="Being set up", status=Tournament.Status.SCHEDULED)
    act(level_clock.start_clock, first.id, staff["director"])

    for width, height in TV_SIZES:
        screen = tv_page(width, height)
        screen.goto(f"{stack.url}/festivals/{first.festival_id}/tv/")
        cards = screen.locator("[data-tournament]")
        expect(cards).to_have_count(2)  # not the finished one, nor the one being set up
        main, turbo = (
            screen.locator(f'[data-tournament="{first.id}"]'),
            screen.locator(f'[data-tournament="{second.id}"]'),
        )
        expect(main.locator("[data-feed-status]")).to_have_text("live")
        expect(turbo.locator("[data-feed-status]")).to_have_text("live")
        expect(main.locator('[data-clock="status"]')).to_have_text("running")
        expect(main.locator('[data-clock="blinds"]')).to_have_text("100 / 200")
        expect(turbo.locator('[data-clock="status"]')).to_have_text("not started")
        expect(turbo.locator('[data-clock="blinds"]')).to_have_text("500 / 1,000")
        for card in (main, turbo):
            for figure in ('[data-clock="remaining"]', '[data-clock="blinds"]', '[data-clock="players-left"]'):
                shown = card.locator(figure).evaluate(BOX)
                assert not shown["clipped"] and shown["bottom"] <= height, (figure, shown)
            assert card.locator('[data-clock="remaining"]').evaluate(BOX)["height"] >= 0.08 * height
        assert screen.evaluate(
            "document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth"
        )
        assert screen.locator("a, form").count() == 0
    act(level_clock.start_clock, second.id, staff["director"])
    expect(turbo.locator('[data-clock="status"]')).to_have_text("running")  # each card has its own live feed
    expect(main.locator('[data-clock="status"]')).to_have_text("running")


@pytest.mark.parametrize("width, height", TV_SIZES)
def test_TV_DISPLAY_seats_show_their_numbers_and_prizes_their_places_as_text_with_long_names_cut_per_line(
    stack, tv_page, make_tournament, staff, width, height
):
    tournament = seated_field(make_tournament, staff, 7)
    seats = dict(Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list("seat", "entry"))
    long_seat = min(seats)
    Player.objects.filter(entries__pk=seats[long_seat]).update(
        first_name="Maximiliana-Konstantina-Wilhelmina-Friederike"
    )
    act(level_clock.start_clock, tournament.id, staff["director"])
    tv = tv_page(width, height)
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/?panel=seating")
    table = tv.locator('[data-panel="seating"] [data-table="1"]')
    expect(table.locator("li")).to_have_count(9)
    for seat in range(1, 10):
        number = table.locator(f'li[data-seat="{seat}"] .tv-seat')
        expect(number).to_have_text(str(seat))
        shown = number.evaluate(BOX)
        assert not shown["clipped"] and shown["right"] <= width, (seat, shown)  # the number itself is on screen
        if seat not in seats:
            expect(table.locator(f'li[data-seat="{seat}"]')).to_have_text(f"{seat} —")
    # The long name is cut with an ellipsis on its own line; the line stays inside its table.
    line = table.locator(f'li[data-seat="{long_seat}"] .tv-line')
    expect(line).to_contain_text("Maximiliana")
    entry = table.locator(f'li[data-seat="{long_seat}"] .tv-entry')
    expect(entry).to_have_text(re.compile(r"^\(#\d+\)$"))  # the entry number stays whole
    assert not entry.evaluate(BOX)["clipped"]
    cut = line.evaluate(
        "(el) => ({cut: el.scrollWidth > el.clientWidth, ellipsis: getComputedStyle(el).textOverflow,"
        " inside: el.getBoundingClientRect().right <= el.closest('article').getBoundingClientRect().right + 1})"
    )
    assert cut == {"cut": True, "ellipsis": "ellipsis", "inside": True}, cut

    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/?panel=payouts")
    prizes = tv.locator("[data-tv-payouts] li")
    expect(prizes.first).to_contain_text("EUR")
    for i in range(prizes.count()):
        expect(prizes.nth(i).locator(".tv-place")).to_have_text(f"{i + 1}.")
        place = prizes.nth(i).locator(".tv-place").evaluate(BOX)
        assert not place["clipped"] and place["right"] <= width, (i, place)
    expect(prizes.first).to_have_text(re.compile(r"^1\. \d[\d,.]* EUR$"))
    assert tv.evaluate(
        "document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth"
    )


# Every tile's and panel's words on a German TV: labels, figures, headings and the lines under the
# clock, each whole (German words are long: "Durchschnittsstack", "Bezahlte Plätze").
GERMAN_TILES = [
    ".tv-stats dt",
    ".tv-stats dd",
    '[data-clock="level"]',
    '[data-clock="blinds"]',
    '[data-clock="next"]',
    "[data-tv-forecast]",
]
GERMAN_PANELS = {
    "payouts": ["h2", "[data-tv-payouts-note]"],
    "seating": ["h2", "h3"],
    "leaders": ["h2", "[data-tv-leaders-when]"],
    "results": ["h2"],
    "announcements": ["h2", ".announcement"],
}


def cut_words(tv, selector: str) -> list[dict]:
    return [shown for shown in tv.locator(selector).evaluate_all(f"(all) => all.map({BOX})") if shown["clipped"]]


@pytest.mark.parametrize("width, height", TV_SIZES)
def test_TV_DISPLAY_in_German_every_tile_shows_its_words_whole(stack, browser, make_tournament, staff, width, height):
    tournament = seated_field(make_tournament, staff, 6, buy_in=1_234_500)
    Tournament.objects.filter(pk=tournament.pk).update(places_paid=3, guarantee=999_999_900, forecast_on_tv=True)
    Festival.objects.filter(pk=tournament.festival_id).update(language="de")
    act(level_clock.start_clock, tournament.id, staff["director"])
    act(record.announce, tournament.id, "Abendessenspause am Ende von Level 4.", staff["director"])
    seats = sorted(Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list("seat", flat=True))
    act(report_counts, tournament.id, 1, {seats[0]: 30_000, seats[1]: 5_000, seats[2]: 25_000}, staff["floor"])
    act(publish_chip_leaders, tournament.id, staff["media"])
    act(player_out, tournament.id, 1, seats[1], staff["floor"])
    act(hand_done, tournament.id, 1, staff["floor"])
    context = browser.new_context(viewport={"width": width, "height": height}, locale="de-DE")
    context.set_default_timeout(WAIT_MS)
    tv = context.new_page()
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/?panel=payouts")
    expect(tv.locator("[data-live-status]")).to_have_text("live")
    expect(tv.locator('[data-clock="status"]')).to_have_text("läuft")
    expect(tv.locator('[data-tv="pool"]')).to_contain_text("garantiert")
    expect(tv.locator('[data-tv="pay-jump"]')).to_contain_text("Mindestgewinn")
    # Five left of three paid: the bubble and the winner, each with its range, on one line.
    expect(tv.locator("[data-tv-forecast]")).to_contain_text("Bubble etwa")
    expect(tv.locator("[data-tv-forecast]")).to_contain_text("Sieger etwa")
    for selector in GERMAN_TILES:
        assert cut_words(tv, selector) == [], selector

    Tournament.objects.filter(pk=tournament.pk).update(places_paid=6)
    act(player_out, tournament.id, 1, seats[2], staff["floor"])  # in the money: the next prize and the one after
    expect(tv.locator('[data-tv="pay-jump"]')).to_contain_text("danach")
    for selector in GERMAN_TILES:
        assert cut_words(tv, selector) == [], selector

    for panel, parts in GERMAN_PANELS.items():
        tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/?panel={panel}")
        shown = tv.locator(f'[data-panel="{panel}"]')
        expect(shown).to_be_visible()
        expect(shown.locator(parts[-1]).first).not_to_be_empty()
        for part in parts:
            assert cut_words(tv, f'[data-panel="{panel}"] {part}') == [], (panel, part)
    context.close()
