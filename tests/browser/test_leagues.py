"""Leagues through the pages (PAY-POINTS, issue 26): the director sets up a league on its page
(a bad formula refused with a sentence, nothing saved), the public leaderboard shows the
players by points, a player's history which entries count, and the CSV downloads."""

import csv
import io
from pathlib import Path

import pytest
from playwright.sync_api import expect

from players.models import Player
from tests.helpers.leagues import league_players, played_out
from tests.helpers.pages import WAIT_MS, act, sign_in
from tournaments.models import League
from tournaments.services.leagues import save_league

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1440, "height": 900}
TEN_FIVE = {"table": [10, 5, 2], "knockout": 1}


def two_events(make_tournament, staff):
    first, ids = league_players(make_tournament, 3)
    played_out(first, ids, staff)
    second = played_out(make_tournament(name="League Event 2"), [ids[1], ids[0]], staff)
    return first, second, ids


def test_PAY_POINTS_the_director_sets_up_a_league_and_the_public_reads_its_leaderboard(
    stack, new_page, make_tournament, staff
):
    first, second, ids = act(two_events, make_tournament, staff)
    page = new_page(**DESKTOP)
    sign_in(page, stack.url, staff["director"], "/leagues/new/")
    form = page.locator("[data-league-form]")
    form.get_by_label("Name").fill("Club League")
    form.get_by_label("Formula").fill("place * 10")
    form.get_by_label("Scale").fill("1")
    form.get_by_label("Points per knockout").fill("2")
    for tournament in (first, second):
        form.locator(f'input[name="tournaments"][value="{tournament.id}"]').check()
    form.get_by_role("button", name="Save the league").click()
    expect(page.locator("[data-problem]")).to_contain_text("more points than the place above it")
    assert act(League.objects.count) == 0

    form.get_by_label("Formula").fill("field_minus_place")
    form.get_by_role("button", name="Save the league").click()
    board = page.locator("[data-league-board]")
    # Event 1 (3 players): L0 3 + 2 knockouts * 2, L1 2, L2 1; event 2 (2): L1 2 + 2, L0 1.
    expect(board.locator("tbody tr")).to_have_count(3)
    expect(board.locator(f'tr[data-player="{ids[0]}"]')).to_contain_text("8.0")
    expect(board.locator(f'tr[data-player="{ids[1]}"]')).to_contain_text("6.0")
    expect(page.locator("[data-league-formula]")).to_contain_text("n - place + 1")

    with page.expect_download() as arriving:
        page.locator("[data-league-csv]").click()
    rows = list(csv.DictReader(io.StringIO(Path(arriving.value.path()).read_text(encoding="utf-8"))))
    assert [(int(r["player"]), r["rank"]) for r in rows] == [(ids[0], "1"), (ids[1], "2"), (ids[2], "3")]

    board.locator(f'tr[data-player="{ids[1]}"] a').click()
    history = page.locator("[data-player-history]")
    expect(history.locator("tbody tr")).to_have_count(2)
    expect(history).to_contain_text("League Event 2")
    expect(page.locator("[data-player-total]")).to_contain_text("rank 2")

    public = new_page(**DESKTOP)  # anyone: the results page links the league
    public.goto(f"{stack.url}/tournaments/{second.id}/results/")
    public.locator("[data-league-link]").click()
    expect(public.locator("[data-league-board] tbody tr")).to_have_count(3)
    expect(public.get_by_role("link", name="Edit the league")).to_have_count(0)


PHONES = ({"width": 360, "height": 740}, {"width": 390, "height": 844})
LONG_WORD = "Wolfeschlegelsteinhausenbergerdorff"
# Each word of the table's headers and figures on one line: a word broken inside ("Knock/outs",
# "17/.0") reads badly. A cell's own text only: the names are links, which may break.
WORDS_WHOLE = """(selector) => [...document.querySelectorAll(selector)].flatMap((cell) => {
  const text = cell.firstChild && cell.firstChild.nodeType === 3 ? cell.firstChild : null;
  if (!text) return [];
  const broken = [];
  for (const match of text.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, match.index);
    range.setEnd(text, match.index + match[0].length);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    if (lines.size > 1) broken.push(match[0]);
  }
  return broken;
})"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_PAY_POINTS_the_leaderboard_fits_a_phone_with_whole_header_words(
    stack, browser, make_tournament, staff, language
):
    first, second, ids = act(two_events, make_tournament, staff)
    act(Player.objects.filter(pk=ids[0]).update, first_name=LONG_WORD)
    league = act(
        save_league, None, {"name": "Club League", **TEN_FIVE, "tournaments": [first.id, second.id]}, staff["director"]
    )
    for size in PHONES:
        context = browser.new_context(viewport=size, is_mobile=True, has_touch=True, locale=language)
        context.set_default_timeout(WAIT_MS)
        page = context.new_page()
        page.goto(f"{stack.url}/leagues/{league['id']}/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        board = page.locator("[data-league-board]")
        expect(board.locator("tbody tr")).to_have_count(3)
        expect(board.locator(f'tr[data-player="{ids[0]}"]')).to_contain_text(LONG_WORD)
        if language == "de":  # the German words, and numbers written the German way throughout
            expect(board.locator("th")).to_have_text(
                ["#", "Spieler", "Punkte", "Turniere", "Bester Platz", "Knockouts"]
            )
            expect(page.locator("[data-league-formula]")).to_have_text(
                "Punkte nach Platzierung: 10, 5, 2 · 1 pro Knockout · pro Turnier zählt das beste Entry eines Spielers"
            )
        widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= size["width"] and widths[0] <= widths[1], widths  # no sideways scrolling
        assert page.evaluate(WORDS_WHOLE, "[data-league-board] th, [data-league-board] td") == [], size
        board.locator(f'tr[data-player="{ids[0]}"] a').click()  # the player's history fits too
        expect(page.locator("[data-player-history] tbody tr")).to_have_count(2)
        widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= size["width"] and widths[0] <= widths[1], widths
        assert page.evaluate(WORDS_WHOLE, "[data-player-history] th, [data-player-history] td") == [], size
        context.close()
