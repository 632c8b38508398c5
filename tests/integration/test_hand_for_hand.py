"""Hand-for-hand at the bubble (HFH-MODE, HFH-ALLIN, ELIM-TIE) against PostgreSQL."""

import pytest
from django.test import Client

from tables.queries.floor import floor_view
from tables.queries.hand_for_hand import hand_for_hand_view
from tables.services import hand_for_hand
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tournaments.models import Entry, Tournament
from tournaments.queries.results import standings
from tournaments.queries.snapshot import snapshot
from tournaments.rules.payouts import split_tie

# Ten of twelve paid: the bubble bursts when two are out.
TEN_PAID = {
    "preset": "pokerfest",
    "payouts": {"percent_table": [[20, [2000, 1500, 1200, 1000, 900, 900, 800, 700, 500, 500]]]},
}


def seated_at(tournament, table: int) -> list[int]:
    view = next(t for t in floor_view(tournament.id)["tables"] if t["number"] == table)
    return sorted(int(seat) for seat in view["players"])


def done(client, base: str, table: int, hand: int):
    return client.post(f"{base}/tables/{table}/hand-done/", {"hand": hand}, content_type="application/json")


@pytest.mark.django_db
def test_HFH_MODE_and_HFH_ALLIN_two_busts_at_two_tables_and_a_frozen_table_share_the_bubble(field, staff):
    tournament, entries = field(12, tables=3, buy_in=10_000)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset=TEN_PAID)
    tournament.refresh_from_db()
    open_tables(tournament.id, [1, 2, 3], staff["director"])
    draw_field(tournament.id, staff["director"], seed=6)
    floor, director = Client(), Client()
    floor.force_login(staff["floor"])
    director.force_login(staff["director"])
    base = f"/api/tournaments/{tournament.id}"
    assert floor.post(f"{base}/hand-for-hand/start/").status_code == 403
    started = director.post(f"{base}/hand-for-hand/start/").json()
    assert started == {"hand": 1, "playing": [1, 2, 3], "done": [], "frozen": [], "released": []}
    assert snapshot(tournament.id)["bubble_burst"] is None

    player_out(tournament.id, 1, seated_at(tournament, 1)[0], staff["floor"], starting_stack=5_000)
    player_out(tournament.id, 2, seated_at(tournament, 2)[0], staff["floor"], starting_stack=90_000)
    assert done(floor, base, 1, hand=1).status_code == 200
    again = done(floor, base, 1, hand=1)  # a second tablet at table 1 reports the same hand: nothing changes
    assert again.status_code == 200 and again.json()["already_done"] and again.json()["hand"] == 2
    twice = done(floor, base, 1, hand=2)  # the next hand, before the other tables: it waits
    assert twice.status_code == 409 and "wait for the other tables" in twice.json()["detail"]
    assert hand_for_hand_view(tournament)["done"] == [1]
    done(floor, base, 2, hand=1)
    early = floor.post(f"{base}/tables/3/hand-for-hand/play-out/")
    assert early.json()["detail"] == "Table 3 is not frozen."
    frozen = floor.post(f"{base}/tables/3/hand-for-hand/frozen/").json()
    assert (frozen["done"], frozen["frozen"]) == ([1, 2], [3])
    assert done(floor, base, 3, hand=1).json()["detail"].startswith("Table 3 is frozen")
    floor.post(f"{base}/tables/3/hand-for-hand/play-out/")
    player_out(tournament.id, 3, seated_at(tournament, 3)[0], staff["floor"], starting_stack=40_000)
    assert hand_for_hand_view(tournament)["released"] == [3]
    done(floor, base, 3, hand=1)  # the last table done: the bubble hand is over

    assert hand_for_hand_view(tournament) is None  # ended by itself: in the money
    ended = tournament.events.get(kind="hfh.ended").public
    assert ended == {"hand": 1, "players_left": 9, "places_paid": 10, "in_the_money": True}
    # A screen that resyncs after the bubble burst still says "in the money" (the lobby's line).
    after = snapshot(tournament.id)
    assert after["hand_for_hand"] is None and after["bubble_burst"] == ended
    results = standings(tournament)
    out = {row["entry"]: row for row in results["out"]}
    assert {tuple(row["place"]) for row in out.values()} == {(10, 12)}  # three tables, one hand: a tie
    shares = split_tie([results["payouts"][9], 0, 0])
    assert sorted((row["prize"] for row in out.values()), reverse=True) == shares
    assert sum(shares) == results["payouts"][9]


@pytest.mark.django_db
def test_HFH_MODE_every_table_reported_deals_the_next_hand_everywhere(field, staff):
    tournament, _ = field(12, tables=2, buy_in=10_000)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset=TEN_PAID)
    tournament.refresh_from_db()
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=2)
    hand_for_hand.start(tournament.id, staff["director"])
    with pytest.raises(hand_for_hand.Refused, match="already on"):
        hand_for_hand.start(tournament.id, staff["director"])
    hand_done(tournament.id, 1, staff["floor"])
    assert hand_for_hand_view(tournament) == {"hand": 1, "playing": [2], "done": [1], "frozen": [], "released": []}
    hand_done(tournament.id, 2, staff["floor"])
    assert hand_for_hand_view(tournament)["hand"] == 2 and hand_for_hand_view(tournament)["playing"] == [1, 2]
    assert tournament.events.filter(kind="hfh.next_hand").count() == 1
    player_out(tournament.id, 1, seated_at(tournament, 1)[0], staff["floor"])
    bust = Entry.objects.get(tournament=tournament, status="busted").eliminations.get()
    assert bust.hand_for_hand == 2
