"""Bounties and the director's rulings (issue 23): a disqualified player's bounty by the
ruleset (PAY-DQ: next eliminator, prize pool, out of play), a deal that includes the bounties
left (BNT-DEAL), the results' knockouts and bounties won (ELIM-BY) and the seat page's bounty.
The ledger balances after every step (BNT-POOL)."""

import pytest
from django.test import Client

from tables.services.floor import player_out
from tests.helpers.bounties import assert_ledger, bounty_field, head
from tournaments.models import BountyAward, Deal, Entry
from tournaments.queries.payouts import prize_pool
from tournaments.services import rulings
from tournaments.services.deals import record

pytestmark = pytest.mark.django_db


def _ruleset(policy):
    return {"preset": "pokerfest", "bounties": {"disqualified_bounty": policy}}


def test_BNT_PKO_a_disqualified_players_bounty_goes_to_the_next_eliminator(make_tournament, staff):
    tournament, seats = bounty_field(
        make_tournament, staff, 4, "progressive", 1_000, ruleset=_ruleset("next_eliminator")
    )
    a, b, c, d = sorted(seats)
    rulings.disqualify(tournament.id, seats[a], "collusion", staff["director"], chips=0)
    carried = BountyAward.objects.get(kind="disqualified")
    assert (carried.destination, carried.cash, carried.winner) == ("carried", 1_000, None)
    assert head(tournament, seats[a]) == 0
    assert assert_ledger(tournament)["carried"] == 1_000
    player_out(tournament.id, 1, b, staff["floor"], eliminated_by=[c])
    award = BountyAward.objects.get(kind="progressive")
    assert (award.cash, award.to_head) == (500 + 1_000, 500)  # half of b's head, and the carried bounty
    assert assert_ledger(tournament)["carried"] == 0
    assert tournament.events.filter(kind="bounty.disqualified").count() == 1


@pytest.mark.parametrize("policy", ["prize_pool", "out_of_play"])
def test_PAY_DQ_a_disqualified_players_bounty_by_the_ruleset(make_tournament, staff, policy):
    tournament, seats = bounty_field(make_tournament, staff, 4, "knockout", 2_000, ruleset=_ruleset(policy))
    before = prize_pool(tournament)["collected"]
    rulings.disqualify(tournament.id, seats[min(seats)], "abuse", staff["director"], chips=0)
    assert BountyAward.objects.get().destination == policy
    assert prize_pool(tournament)["collected"] == before + (2_000 if policy == "prize_pool" else 0)
    assert assert_ledger(tournament)["won"] == 2_000


def test_BNT_DEAL_the_deal_shares_the_bounties_left_in_its_proportions(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 4, "knockout", 1_001)
    a, b, c, d = sorted(seats)
    player_out(tournament.id, 1, a, staff["floor"], eliminated_by=[b])
    left = {seats[s]: 10_000 for s in (b, c, d)}
    left[seats[b]] = 20_000
    public = record(
        tournament.id, "chip_chop", left, 0, list(left), "A. Floor", staff["director"], include_bounties=True
    )
    assert public["bounties_included"] == 3_003 == Deal.objects.get().bounties_included
    shares = {a.winner.number: a.cash for a in BountyAward.objects.filter(kind="deal")}
    assert sum(shares.values()) == 3_003 and shares[seats[b]] > shares[seats[c]]
    assert Entry.objects.filter(tournament=tournament, head__gt=0).count() == 0
    tournament.refresh_from_db()
    assert tournament.status == "finished" and not BountyAward.objects.filter(kind="own").exists()
    assert assert_ledger(tournament) == {"pool": 4_004, "won": 4_004, "on_heads": 0, "envelopes_left": 0, "carried": 0}


def test_BNT_DEAL_without_the_bounties_each_player_keeps_their_own(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 3, "knockout", 1_000)
    numbers = {seats[s]: 10_000 for s in seats}
    public = record(tournament.id, "chip_chop", numbers, 0, list(numbers), "A. Floor", staff["director"])
    assert public["bounties_included"] == 0
    assert sorted(a.cash for a in BountyAward.objects.filter(kind="own")) == [1_000, 1_000, 1_000]
    assert_ledger(tournament)


def test_ELIM_BY_the_results_and_the_seat_page_count_knockouts_and_bounties(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 3, "progressive", 2_000)
    a, b, c = sorted(seats)
    player_out(tournament.id, 1, a, staff["floor"], eliminated_by=[b])
    code = Entry.objects.get(tournament=tournament, number=seats[b]).public_code
    page = Client().get(f"/api/tournaments/{tournament.id}/seat/{code}/").json()
    assert page["bounty"] == {"format": "progressive", "head": 3_000, "knockouts": 1, "won": 1_000, "envelopes": []}
    player_out(tournament.id, 1, c, staff["floor"], eliminated_by=[b])
    results = Client().get(f"/api/tournaments/{tournament.id}/results/").json()["out"]
    winner = next(row for row in results if row["entry"] == seats[b])
    assert (winner["knockouts"], winner["bounties_won"]) == (2, 1_000 + 1_000 + 4_000)  # the whole pool
    assert next(row for row in results if row["entry"] == seats[a])["knockouts"] == 0
    assert_ledger(tournament)
