"""Final-table deals (PAY-CHOP) recorded with every player's agreement, and the results they make."""

import pytest
from django.test import Client

from clock.models import Clock
from rules.refusals import Refused
from tables.queries.floor import floor_view
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tournaments.models import Deal, Entry, Tournament
from tournaments.queries.deals import deal_proposals
from tournaments.queries.payout_desk import prizes_to_pay
from tournaments.queries.results import standings
from tournaments.rules.payouts import chip_chop, league_points
from tournaments.services.deals import end_at_the_gong, end_by_time_limit, record


@pytest.mark.django_db
def test_PAY_CHOP_a_deal_needs_everyone_and_a_representative_then_the_results_pay_it(field, staff):
    tournament, entries = field(4, tables=1, buy_in=10_000)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    seats = {
        Entry.objects.get(pk=p["entry"]).number: int(s)
        for s, p in floor_view(tournament.id)["tables"][0]["players"].items()
    }
    player_out(tournament.id, 1, seats[4], staff["floor"])
    director = Client()
    director.force_login(staff["director"])
    base = f"/api/tournaments/{tournament.id}/deals"
    stacks = {"1": 60_000, "2": 30_000, "3": 30_000}
    wrong = director.post(f"{base}/proposals/", {"stacks": {"1": 5}}, content_type="application/json")
    assert wrong.status_code == 409 and wrong.json()["detail"].endswith("entries 1, 2, 3.")
    offered = director.post(
        f"{base}/proposals/", {"stacks": stacks, "left_to_play": 1_000}, content_type="application/json"
    ).json()
    prizes = offered["prizes"]
    for amounts in offered["deals"].values():
        assert sum(amounts.values()) == sum(prizes) - 1_000
    body = {"stacks": stacks, "method": "icm", "agreed": [1, 2], "representative": "A. Floor", "left_to_play": 1_000}
    not_all = director.post(base + "/", body, content_type="application/json")
    assert not_all.status_code == 409 and not_all.json()["detail"].endswith("entries 3.")
    nobody = director.post(
        base + "/", {**body, "agreed": [1, 2, 3], "representative": " "}, content_type="application/json"
    )
    assert "representative" in nobody.json()["detail"]
    recorded = director.post(base + "/", {**body, "agreed": [1, 2, 3]}, content_type="application/json").json()
    assert [p["amount"] for p in recorded["players"]] == [offered["deals"]["icm"][n] for n in ("1", "2", "3")]
    assert tournament.events.get(kind="deal.recorded").public == recorded  # to media, no representative name

    player_out(tournament.id, 1, seats[3], staff["floor"])
    player_out(tournament.id, 1, seats[2], staff["floor"])
    paid = {row["entry"]: row["prize"] for row in standings(tournament)["out"]}
    assert paid == {
        1: offered["deals"]["icm"]["1"] + 1_000,
        2: offered["deals"]["icm"]["2"],
        3: offered["deals"]["icm"]["3"],
        4: 0,
    }  # the winner also takes what was left to play
    assert standings(tournament)["out"][0]["place"] == [1, 1] and standings(tournament)["out"][0]["entry"] == 1
    assert recorded["money"]["deal"]["players"][0]["amount"] == offered["deals"]["icm"]["1"]  # the lobby shows it


def test_END_FINISH_a_full_deal_ends_the_tournament_and_places_its_players_by_chips(field, staff):
    tournament, entries = field(4, tables=1, buy_in=10_000)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    seats = {
        Entry.objects.get(pk=p["entry"]).number: int(s)
        for s, p in floor_view(tournament.id)["tables"][0]["players"].items()
    }
    player_out(tournament.id, 1, seats[4], staff["floor"])
    stacks = {1: 20_000, 2: 70_000, 3: 30_000}
    chop = deal_proposals(tournament.id, stacks)["deals"]["chip_chop"]
    record(tournament.id, "chip_chop", stacks, 0, [1, 2, 3], "A. Floor", staff["director"])
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    finished = tournament.events.get(kind="tournament.finished").public
    assert finished["how"] == "deal" and [w["entry"] for w in finished["winners"]] == [2]
    places = {row["entry"]: (row["place"], row["prize"]) for row in standings(tournament)["out"]}
    assert places == {2: ([1, 1], chop["2"]), 3: ([2, 2], chop["3"]), 1: ([3, 3], chop["1"]), 4: ([4, 4], 0)}
    assert [row["entry"] for row in prizes_to_pay(tournament)] == [2, 3, 1]  # every deal amount is payable
    assert floor_view(tournament.id)["tables"] == []


def _three_left(field, staff, preset, buy_in=10_000):
    tournament, entries = field(4, tables=1, buy_in=buy_in)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset=preset, places_paid=3)
    tournament.refresh_from_db()
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    seats = {
        Entry.objects.get(pk=p["entry"]).number: int(s)
        for s, p in floor_view(tournament.id)["tables"][0]["players"].items()
    }
    player_out(tournament.id, 1, seats[4], staff["floor"])
    return tournament


def test_END_FINISH_CLK_LIMIT_kentuckys_time_limit_records_its_sheets_chop_as_the_result(field, staff):
    """CLK-LIMIT: kentucky's sheet, through the service: $16,000 left for three players with
    400,000 / 250,000 / 100,000 chips is split by 53.3% / 33.3% / 13.4% as $8,528 / $5,328 /
    $2,144 (the exact split would be $8,533.34 / $5,333.33 / $2,133.33)."""
    tournament = _three_left(field, staff, "kentucky", buy_in=400_000)  # four $4,000 entries, three paid
    stacks = {1: 100_000, 2: 400_000, 3: 250_000}
    with pytest.raises(Refused, match="time limit has not been reached"):
        end_by_time_limit(tournament.id, stacks, staff["director"])
    Clock.objects.filter(tournament=tournament).update(limit_reached=True)  # CLK-LIMIT stopped the clock
    assert sum(standings(tournament)["payouts"][:3]) == 1_600_000
    ended = end_by_time_limit(tournament.id, stacks, staff["director"])
    tournament.refresh_from_db()
    assert (
        tournament.status == "finished"
        and tournament.events.get(kind="tournament.finished").public["how"] == "time limit"
    )
    places = {row["entry"]: (row["place"], row["prize"]) for row in standings(tournament)["out"]}
    assert places == {2: ([1, 1], 852_800), 3: ([2, 2], 532_800), 1: ([3, 3], 214_400), 4: ([4, 4], 0)}
    assert [(p["entry"], p["amount"]) for p in ended["players"]] == [(2, 852_800), (3, 532_800), (1, 214_400)]


def test_CLK_LIMIT_a_house_that_splits_exactly_records_the_exact_chop(field, staff):
    """CLK-LIMIT: a ruleset whose time_limit_split is "exact" splits to the cent by chips."""
    tournament = _three_left(field, staff, "kentucky", buy_in=400_000)
    ruleset = {**tournament.rules().to_json(), "clock": {"time_limit_minutes": 360, "time_limit_split": "exact"}}
    Tournament.objects.filter(pk=tournament.pk).update(ruleset=ruleset)
    Clock.objects.filter(tournament=tournament).update(limit_reached=True)
    ended = end_by_time_limit(tournament.id, {1: 100_000, 2: 400_000, 3: 250_000}, staff["director"])
    assert [p["amount"] for p in ended["players"]] == chip_chop([400_000, 250_000, 100_000], 1_600_000)
    assert [p["amount"] for p in ended["players"]] == [853_334, 533_333, 213_333]


def test_END_FINISH_the_final_gong_places_by_chips_with_no_prize_beyond_the_place(field, staff):
    tournament = _three_left(field, staff, "chips")
    table = standings(tournament)["payouts"]
    end_at_the_gong(tournament.id, {1: 20_000, 2: 70_000, 3: 30_000}, staff["director"])
    tournament.refresh_from_db()
    places = {row["entry"]: (row["place"], row["prize"], row["points"]) for row in standings(tournament)["out"]}
    assert [places[n][:2] for n in (2, 3, 1)] == [([1, 1], table[0]), ([2, 2], table[1]), ([3, 3], table[2])]
    assert places[2][2] > places[3][2] > places[1][2]  # PAY-POINTS by place (chips' sqrt points)
    assert Deal.objects.get(tournament=tournament).get_method_display() == "final gong: places by chips"


def test_END_FINISH_PAY_POINTS_survivors_at_the_gong_outside_the_prizes_get_their_places_points_and_no_prize(
    field, staff
):
    """END-FINISH / PAY-POINTS (chips L131): three players still in at the final gong, one place
    paid: the chip leader wins the prize; the two others are placed by chips, paid nothing, and
    still get the ranking points of their places."""
    tournament = _three_left(field, staff, "chips")
    Tournament.objects.filter(pk=tournament.pk).update(places_paid=1)
    tournament.refresh_from_db()
    table = standings(tournament)["payouts"]
    assert len(table) == 1  # fewer places paid than survivors
    ended = end_at_the_gong(tournament.id, {1: 20_000, 2: 70_000, 3: 30_000}, staff["director"])
    assert [(p["entry"], p["amount"]) for p in ended["players"]] == [(2, table[0]), (3, 0), (1, 0)]
    tournament.refresh_from_db()
    rows = {row["entry"]: (row["place"], row["prize"], row["points"]) for row in standings(tournament)["out"]}
    rules = tournament.rules().payouts
    assert rows[2] == ([1, 1], table[0], league_points(4, 1, 1, rules))
    assert rows[3] == ([2, 2], 0, league_points(4, 2, 2, rules)) and rows[3][2] > 0
    assert rows[1] == ([3, 3], 0, league_points(4, 3, 3, rules)) and rows[1][2] > 0
    assert tournament.status == "finished"


def test_CLK_HEADSUP_the_gong_waits_for_the_heads_up_minimum(field, staff):
    tournament = _three_left(field, staff, "chips")
    seats = {
        Entry.objects.get(pk=p["entry"]).number: int(s)
        for s, p in floor_view(tournament.id)["tables"][0]["players"].items()
    }
    player_out(tournament.id, 1, seats[3], staff["floor"], new_hand=True)  # heads-up: ten hands first
    with pytest.raises(Refused, match="10 more before the gong"):
        end_at_the_gong(tournament.id, {1: 50_000, 2: 70_000}, staff["director"])
