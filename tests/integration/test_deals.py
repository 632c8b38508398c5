"""Final-table deals (PAY-CHOP) recorded with every player's agreement, and the results they make."""

import pytest
from django.test import Client

from tables.services.draw import draw_field, open_tables
from tables.queries import floor_view
from tables.services.floor import player_out
from tournaments.models import Entry
from tournaments.queries import standings


@pytest.mark.django_db
def test_PAY_CHOP_a_deal_needs_everyone_and_a_representative_then_the_results_pay_it(field, staff):
    tournament, entries = field(4, tables=1, buy_in=10_000)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    seats = {Entry.objects.get(pk=p["entry"]).number: int(s) for s, p in floor_view(tournament.id)["tables"][0][
        "players"].items()}
    player_out(tournament.id, 1, seats[4], staff["floor"])
    director = Client()
    director.force_login(staff["director"])
    base = f"/api/tournaments/{tournament.id}/deals"
    stacks = {"1": 60_000, "2": 30_000, "3": 30_000}
    wrong = director.post(f"{base}/proposals/", {"stacks": {"1": 5}}, content_type="application/json")
    assert wrong.status_code == 409 and wrong.json()["detail"].endswith("entries 1, 2, 3.")
    offered = director.post(f"{base}/proposals/", {"stacks": stacks}, content_type="application/json").json()
    prizes = offered["prizes"]
    for amounts in offered["deals"].values():
        assert sum(amounts.values()) == sum(prizes)
    body = {"stacks": stacks, "method": "icm", "agreed": [1, 2], "representative": "A. Floor"}
    not_all = director.post(base + "/", body, content_type="application/json")
    assert not_all.status_code == 409 and not_all.json()["detail"].endswith("entries 3.")
    nobody = director.post(base + "/", {**body, "agreed": [1, 2, 3], "representative": " "},
                           content_type="application/json")
    assert "representative" in nobody.json()["detail"]
    recorded = director.post(base + "/", {**body, "agreed": [1, 2, 3]}, content_type="application/json").json()
    assert [p["amount"] for p in recorded["players"]] == [offered["deals"]["icm"][n] for n in ("1", "2", "3")]
    assert tournament.events.get(kind="deal.recorded").public == recorded  # to media, no representative name

    player_out(tournament.id, 1, seats[3], staff["floor"])
    player_out(tournament.id, 1, seats[2], staff["floor"])
    paid = {row["entry"]: row["prize"] for row in standings(tournament)["out"]}
    assert paid == {1: offered["deals"]["icm"]["1"], 2: offered["deals"]["icm"]["2"],
                    3: offered["deals"]["icm"]["3"], 4: 0}
    assert standings(tournament)["out"][0]["place"] == [1, 1] and standings(tournament)["out"][0]["entry"] == 1
