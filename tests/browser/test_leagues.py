"""Leagues through the pages (PAY-POINTS, issue 26): the director sets up a league on its page
(a bad formula refused with a sentence, nothing saved), the public leaderboard shows the
players by points, a player's history which entries count, and the CSV downloads."""

import csv
import io
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.helpers.leagues import league_players, played_out
from tests.helpers.pages import act, sign_in
from tournaments.models import League

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1440, "height": 900}


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
