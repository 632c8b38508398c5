"""Mystery bounty events (issue 23, BNT-MYSTERY): the published template, the bounty stage by
the ruleset, the envelopes sealed at the first bust in it, every draw replayable from the
recorded seed, an undone bust putting its envelope back, the winner drawing the last envelope;
a main event with a flight whose stage is Day 2. The ledger balances after every step (BNT-POOL)."""

import pytest
from django.test import Client

from clock.models import Clock
from rules.refusals import Refused
from tables.models import Seating
from tables.services.floor import player_out
from tables.services.undo import undo_last
from tests.helpers.bounties import assert_ledger, bounty_field, bounty_main_with_flight, seats_of
from tests.helpers.day_two import bag_the_rest_and_close, draw_day_two_at, end_the_day
from tournaments.models import BountyAward, Envelope, Tournament
from tournaments.rules import bounties
from tournaments.services import rulings
from tournaments.services.bounties import set_template
from tournaments.services.desk import close_registration

pytestmark = pytest.mark.django_db

TWICE_PAID = {"preset": "pokerfest", "bounties": {"stage_starts": "twice_paid"}}


def _replayed(root: Tournament) -> list[int]:
    """Every draw again from the recorded seed, over the envelopes in their sealed order."""
    left = list(Envelope.objects.filter(tournament=root).order_by("number").values_list("amount", flat=True))
    drawn = []
    for number in range(1, Envelope.objects.filter(tournament=root, draw_number__isnull=False).count() + 1):
        drawn.append(left.pop(bounties.draw(left, root.bounty_seed, number)))
    return drawn


def test_BNT_MYSTERY_the_stage_seals_the_envelopes_each_bust_draws_one_the_winner_the_last(make_tournament, staff):
    tournament, _seats = bounty_field(make_tournament, staff, 6, "mystery", 1_000, ruleset=TWICE_PAID)
    Tournament.objects.filter(pk=tournament.pk).update(places_paid=2)
    director = Client()
    director.force_login(staff["director"])
    url = f"/api/tournaments/{tournament.id}/bounties/template/"
    bad = director.put(url, {"tiers": [{"share_bp": 5000, "count": 1}]}, content_type="application/json")
    assert bad.status_code == 409 and "10000" in bad.json()["detail"]
    tiers = [{"share_bp": 5000, "count": 1}, {"share_bp": 5000, "count": None}]
    assert director.put(url, {"tiers": tiers}, content_type="application/json").json() == {"tiers": tiers}
    assert assert_ledger(tournament)["envelopes_left"] == 6_000  # not sealed: the whole pool

    def bust(**more):
        out, winner = sorted(seats_of(tournament))[:2]
        player_out(tournament.id, 1, out, staff["floor"], eliminated_by=[winner], **more)

    bust()  # 6 players left > twice 2 paid: before the stage, nothing is won
    assert not BountyAward.objects.exists() and not Envelope.objects.exists()
    bust()  # 5 left: the stage would not start yet either
    assert not Envelope.objects.exists()
    bust()  # 4 left == twice the places paid: the stage, but registration is still open: it waits
    assert not Envelope.objects.exists()
    assert_ledger(tournament)
    close_registration(tournament.id, staff["director"])
    bust(request_key="tap-out")  # 3 left (with the one going out): sealed as 3 envelopes, the first drawn
    tournament.refresh_from_db()
    assert tournament.bounty_seed and Envelope.objects.filter(tournament=tournament).count() == 3
    assert sum(Envelope.objects.filter(tournament=tournament).values_list("amount", flat=True)) == 6_000
    assert sorted(Envelope.objects.values_list("amount", flat=True)) == [1_500, 1_500, 3_000]
    drawn = BountyAward.objects.get()
    assert drawn.kind == "mystery" and drawn.cash == drawn.envelope.amount and drawn.envelope.draw_number == 1
    assert tournament.events.filter(kind="envelopes.sealed").count() == 1
    assert_ledger(tournament)
    sealed = director.put(url, {"tiers": []}, content_type="application/json")
    assert sealed.status_code == 409 and "sealed" in sealed.json()["detail"]
    # An undone bust puts its envelope back on the board; the draw replays the same.
    undo_last(tournament.id, 1, staff["floor"], key="tap-out")
    assert not Envelope.objects.filter(draw_number__isnull=False).exists()
    assert assert_ledger(tournament)["envelopes_left"] == 6_000
    bust()
    assert_ledger(tournament)
    bust()  # 2 left: heads-up's loser draws the second
    tournament.refresh_from_db()
    assert tournament.status == "finished"  # the winner drew the last envelope
    awards = list(BountyAward.objects.filter(undone_at__isnull=True).order_by("seq"))
    assert [a.envelope.draw_number for a in awards] == [1, 2, 3] and awards[-1].kind == "mystery"
    assert [a.cash for a in awards] == _replayed(tournament)  # BNT-MYSTERY: replays from the seed
    assert assert_ledger(tournament) == {"pool": 6_000, "won": 6_000, "on_heads": 0, "envelopes_left": 0, "carried": 0}
    board = Client().get(f"/api/tournaments/{tournament.id}/bounties/").json()
    assert board["envelopes_left"] == [] and board["sealed"] and board["latest"][0]["draw_number"] == 3


def test_BNT_MYSTERY_a_main_event_with_a_flight_starts_its_stage_on_day_two(make_tournament, staff):
    main, flight = bounty_main_with_flight(
        make_tournament,
        staff,
        "mystery",
        2_000,
        ruleset={"preset": "pokerfest", "bounties": {"stage_starts": "day_two"}},
    )
    assert flight.bounty_format == "mystery"
    seats = sorted(Seating.objects.filter(tournament=flight, ended_at__isnull=True).values_list("seat", flat=True))
    player_out(flight.id, 1, seats[0], staff["floor"], eliminated_by=[seats[1]])  # only flights play: no stage
    assert not Envelope.objects.exists() and not BountyAward.objects.exists()
    assert assert_ledger(main)["envelopes_left"] == 12_000
    end_the_day(flight)
    bag_the_rest_and_close(flight, staff)
    draw_day_two_at(main, staff, [2])
    assert_ledger(main)
    while Tournament.objects.get(pk=main.pk).status != "finished":
        out, winner = sorted(seats_of(main))[:2]
        player_out(main.id, 2, out, staff["floor"], eliminated_by=[winner])
        assert_ledger(main)
    main.refresh_from_db()
    assert main.bounty_seed and Envelope.objects.filter(tournament=main).count() == 5  # Day 2's five players
    assert not Envelope.objects.filter(draw_number__isnull=True).exists()  # the winner drew the last
    assert assert_ledger(main) == {"pool": 12_000, "won": 12_000, "on_heads": 0, "envelopes_left": 0, "carried": 0}
    with pytest.raises(Refused, match="main event"):
        set_template(flight.id, [], staff["director"])


def test_BNT_MYSTERY_a_disqualified_players_envelope_goes_to_the_next_eliminator(make_tournament, staff):
    ruleset = {
        "preset": "pokerfest",
        "bounties": {"stage_starts": "level", "stage_level": 1, "disqualified_bounty": "next_eliminator"},
    }
    tournament, _seats = bounty_field(make_tournament, staff, 5, "mystery", 1_000, ruleset=ruleset)
    close_registration(tournament.id, staff["director"])

    def bust():
        out, winner = sorted(seats_of(tournament))[:2]
        player_out(tournament.id, 1, out, staff["floor"], eliminated_by=[winner])

    bust()  # the stage from level 1: sealed as five envelopes, the first drawn
    assert Envelope.objects.filter(tournament=tournament).count() == 5
    disqualified = max(seats_of(tournament).values())
    rulings.disqualify(tournament.id, disqualified, "collusion", staff["director"], chips=0)
    carried = BountyAward.objects.get(kind="disqualified")
    assert carried.destination == "carried" and carried.envelope.draw_number == 2
    assert assert_ledger(tournament)["carried"] == carried.cash
    bust()  # the next eliminator takes its own envelope and the carried one
    award = BountyAward.objects.get(kind="mystery", envelope__draw_number=3)
    assert award.cash == award.envelope.amount + carried.cash
    assert_ledger(tournament)
    bust()
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert not Envelope.objects.filter(draw_number__isnull=True).exists()
    assert assert_ledger(tournament) == {"pool": 5_000, "won": 5_000, "on_heads": 0, "envelopes_left": 0, "carried": 0}


def test_BNT_MYSTERY_a_multi_day_events_day_two_stage_starts_when_its_clock_is_on_day_two(make_tournament, staff):
    ruleset = {"preset": "pokerfest", "bounties": {"stage_starts": "day_two"}}
    tournament, _seats = bounty_field(make_tournament, staff, 4, "mystery", 1_000, ruleset=ruleset)
    close_registration(tournament.id, staff["director"])

    def bust():
        out, winner = sorted(seats_of(tournament))[:2]
        player_out(tournament.id, 1, out, staff["floor"], eliminated_by=[winner])

    bust()  # day 1: no stage
    assert not Envelope.objects.exists()
    Clock.objects.filter(tournament=tournament).update(day=2)
    bust()
    assert Envelope.objects.filter(tournament=tournament).count() == 3 and BountyAward.objects.count() == 1
    assert_ledger(tournament)


def test_BNT_MYSTERY_a_stage_that_never_came_leaves_the_pool_to_the_winner(make_tournament, staff):
    ruleset = {"preset": "pokerfest", "bounties": {"stage_starts": "level", "stage_level": 30}}
    tournament, _seats = bounty_field(make_tournament, staff, 3, "mystery", 1_000, ruleset=ruleset)
    close_registration(tournament.id, staff["director"])
    for _ in range(2):
        out, winner = sorted(seats_of(tournament))[:2]
        player_out(tournament.id, 1, out, staff["floor"], eliminated_by=[winner])
    tournament.refresh_from_db()
    assert tournament.status == "finished" and tournament.bounty_seed
    award = BountyAward.objects.get()
    assert (award.kind, award.cash, award.envelope.draw_number) == ("mystery", 3_000, 1)
    assert assert_ledger(tournament) == {"pool": 3_000, "won": 3_000, "on_heads": 0, "envelopes_left": 0, "carried": 0}
