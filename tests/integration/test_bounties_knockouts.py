"""Knockout and progressive knockout events through the floor's bust (issue 23): who won the
pot (ELIM-BY, BNT-COVER), the bounties won (BNT-KO, BNT-PKO), the winner's own at the finish,
an undone bust taking its awards back. The ledger balances after every step (BNT-POOL)."""

import pytest
from django.test import Client

from rules.refusals import Refused
from tables.models import TournamentTable
from tables.services.floor import player_out
from tables.services.undo import undo_last
from tests.helpers.bounties import assert_ledger, bounty_field, head
from tournaments.models import BountyAward, Elimination, Knockout
from tournaments.queries.bounties import bounty_board
from tournaments.services import rulings
from tournaments.services.bounties import pay_bounty, reverse_bounty_payment

pytestmark = pytest.mark.django_db


def _seat_of(seats, number):
    return next(seat for seat, entry in seats.items() if entry == number)


def test_ELIM_BY_a_bounty_event_needs_the_pots_winner_seated_at_the_table(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 4, "knockout", 2_000)
    out, by = sorted(seats)[:2]
    with pytest.raises(Refused, match="eliminated by"):
        player_out(tournament.id, 1, out, staff["floor"])
    empty = min(set(range(1, 10)) - set(seats))
    with pytest.raises(Refused, match=f"Nobody sits in seat {empty}"):
        player_out(tournament.id, 1, out, staff["floor"], eliminated_by=[empty])
    with pytest.raises(Refused, match="cannot eliminate itself"):
        player_out(tournament.id, 1, out, staff["floor"], eliminated_by=[out])
    assert not Elimination.objects.filter(tournament=tournament).exists()  # refused before anything is written
    assert_ledger(tournament)


def test_BNT_KO_the_eliminator_wins_the_whole_bounty_and_the_winner_takes_their_own(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 3, "knockout", 2_500)
    assert assert_ledger(tournament)["pool"] == 7_500
    first, second, third = sorted(seats)
    player_out(tournament.id, 1, first, staff["floor"], eliminated_by=[second])
    award = BountyAward.objects.get(tournament=tournament)
    assert (award.kind, award.cash, award.to_head, award.winner.number) == ("knockout", 2_500, 0, seats[second])
    assert Knockout.objects.get().by_entry.number == seats[second]  # ELIM-BY
    assert head(tournament, seats[first]) == 0 and head(tournament, seats[second]) == 2_500
    assert_ledger(tournament)
    player_out(tournament.id, 1, third, staff["floor"], eliminated_by=[second])
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    own = BountyAward.objects.get(tournament=tournament, kind="own")
    assert (own.winner.number, own.cash) == (seats[second], 2_500)
    assert assert_ledger(tournament) == {"pool": 7_500, "won": 7_500, "on_heads": 0, "envelopes_left": 0, "carried": 0}


def test_BNT_PKO_half_in_cash_half_on_the_head_to_the_winner_paid_at_the_cashier(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 4, "progressive", 1_001, cash_percent=50)
    a, b, c, d = sorted(seats)
    player_out(tournament.id, 1, a, staff["floor"], eliminated_by=[b])
    # BNT-PKO: 1,001 -> 500 cash (rounded down), 501 onto the eliminator's head.
    assert head(tournament, seats[b]) == 1_001 + 501
    assert assert_ledger(tournament) == {
        "pool": 4_004,
        "won": 500,
        "on_heads": 3_504,
        "envelopes_left": 0,
        "carried": 0,
    }
    player_out(tournament.id, 1, b, staff["floor"], eliminated_by=[c])  # the grown head goes on: 1,502
    assert head(tournament, seats[c]) == 1_001 + 751
    assert_ledger(tournament)
    player_out(tournament.id, 1, d, staff["floor"], eliminated_by=[c])
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    ledger = assert_ledger(tournament)
    assert ledger == {"pool": 4_004, "won": 4_004, "on_heads": 0, "envelopes_left": 0, "carried": 0}
    cashier = Client()
    cashier.force_login(staff["director"])
    due = cashier.get(f"/api/tournaments/{tournament.id}/bounties/due/").json()
    assert sum(row["cash"] for row in due) == 4_004 and not any(row["paid"] for row in due)
    for row in due:
        paid = cashier.post(
            f"/api/tournaments/{tournament.id}/bounties/{row['id']}/pay/",
            {"method": "cash"},
            content_type="application/json",
        )
        assert paid.status_code == 200, paid.json()
    again = cashier.post(
        f"/api/tournaments/{tournament.id}/bounties/{due[0]['id']}/pay/",
        {"method": "cash"},
        content_type="application/json",
    )
    assert again.status_code == 409 and "already been paid" in again.json()["detail"]
    board = Client().get(f"/api/tournaments/{tournament.id}/bounties/").json()
    assert (board["pool"], board["won"], board["paid"], board["due"]) == (4_004, 4_004, 4_004, 0)
    assert board["latest"][0]["kind"] == "own" and board["latest"][0]["entry"] == seats[c]
    reversed_ = cashier.post(
        f"/api/tournaments/{tournament.id}/bounties/{due[0]['id']}/reverse/",
        {"reason": "wrong player"},
        content_type="application/json",
    )
    assert reversed_.status_code == 200
    assert bounty_board(tournament)["due"] == due[0]["cash"]


def test_BNT_COVER_a_split_pot_splits_the_bounty_odd_cent_left_of_the_button(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 5, "knockout", 1_001)
    here = TournamentTable.objects.get(tournament=tournament, table__number=1)
    out, one, two, three = sorted(seats)[:4]
    # Main pot: split by `one` and `two`; the side pot against `out`... `out` was only in the main pot.
    pots = [{"winners": [one, two], "eligible": [out, one, two, three]}, {"winners": [three], "eligible": [one, three]}]
    player_out(tournament.id, 1, out, staff["floor"], pots=pots)
    awards = {a.winner.number: a.cash for a in BountyAward.objects.filter(tournament=tournament)}
    first_left = next(s for s in sorted([one, two], key=lambda s: (s - here.button - 1) % 9))
    assert awards == {seats[first_left]: 501, seats[one if first_left == two else two]: 500}
    assert_ledger(tournament)


def test_BNT_COVER_the_side_pot_winner_takes_it_when_the_main_pot_winner_did_not_cover(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 4, "knockout", 3_000)
    short, big, covered = sorted(seats)[:3]
    pots = [{"winners": [short], "eligible": [short, big, covered]}, {"winners": [big], "eligible": [big, covered]}]
    with pytest.raises(Refused, match="not out"):
        player_out(tournament.id, 1, short, staff["floor"], pots=pots)
    floor = Client()
    floor.force_login(staff["floor"])
    answer = floor.post(
        f"/api/tournaments/{tournament.id}/tables/1/seats/{covered}/out/",
        {"pots": pots},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.json()
    assert BountyAward.objects.get(tournament=tournament).winner.number == seats[big]
    won = tournament.events.get(kind="bounty.won").public
    assert (
        won["entry"] == seats[covered] and won["awards"][0]["entry"] == seats[big] and won["awards"][0]["cash"] == 3_000
    )
    assert_ledger(tournament)


def test_an_undone_bust_takes_its_bounty_back_unless_paid(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 4, "progressive", 2_000, cash_percent=40)
    a, b = sorted(seats)[:2]
    player_out(tournament.id, 1, a, staff["floor"], eliminated_by=[b], request_key="tap-a")
    award = BountyAward.objects.get(tournament=tournament)
    assert (award.cash, award.to_head) == (800, 1_200)
    pay_bounty(tournament.id, award.id, "cash", staff["director"])
    with pytest.raises(Refused, match="reverse the payment first"):
        undo_last(tournament.id, 1, staff["floor"], key="tap-a")
    reverse_bounty_payment(tournament.id, award.id, "the bust is undone", staff["director"])
    undo_last(tournament.id, 1, staff["floor"], key="tap-a")
    award.refresh_from_db()
    assert award.undone_at is not None
    assert (head(tournament, seats[a]), head(tournament, seats[b])) == (2_000, 2_000)
    assert not Knockout.objects.exists()
    assert tournament.events.filter(kind="bounty.undone").count() == 1
    assert assert_ledger(tournament)["won"] == 0
    # The director's undo with a reason takes it back too.
    player_out(tournament.id, 1, a, staff["floor"], eliminated_by=[b])
    assert_ledger(tournament)
    rulings.undo_bust(tournament.id, seats[a], "wrong seat tapped", staff["director"])
    assert (head(tournament, seats[a]), head(tournament, seats[b])) == (2_000, 2_000)
    assert assert_ledger(tournament)["won"] == 0


def test_ELIM_BY_a_no_bounty_event_records_who_knocked_out_whom_when_given(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 4, "none", 0)
    a, b, c = sorted(seats)[:3]
    player_out(tournament.id, 1, a, staff["floor"])  # optional here
    floor = Client()
    floor.force_login(staff["floor"])
    answer = floor.post(
        f"/api/tournaments/{tournament.id}/tables/1/seats/{b}/out/",
        {"eliminated_by": [c]},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.json()
    assert [k.by_entry.number for k in Knockout.objects.all()] == [seats[c]]
    assert not BountyAward.objects.exists()


def test_BNT_COVER_two_players_out_in_one_hand_the_same_pots_name_both(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 5, "knockout", 1_000)
    short, medium, big = sorted(seats)[:3]
    pots = [
        {"winners": [big], "eligible": [short, medium, big]},
        {"winners": [big], "eligible": [medium, big]},
    ]
    player_out(tournament.id, 1, short, staff["floor"], pots=pots)
    player_out(tournament.id, 1, medium, staff["floor"], pots=pots)  # `short` is gone from the table already
    assert [a.winner.number for a in BountyAward.objects.all()] == [seats[big], seats[big]]
    with pytest.raises(Refused, match="seats 1 to 9"):
        player_out(tournament.id, 1, big, staff["floor"], pots=[{"winners": [12], "eligible": [12, big]}])
    assert_ledger(tournament)
