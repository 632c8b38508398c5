"""Chips that leave play by rule, on PostgreSQL through the services and the API: chips out of
view or in a pocket (pokerfest L185, neverending L89, chips L107) and small chips left after a
chip race (pokerfest L179) leave play and the count check follows (CHIP-COUNT, CHIP-RACE); a
dodged blind (neverending L87) is dead money in the next pot, still in play; the director's
elimination penalty (pokerfest L275-276, PEN-LADDER) takes the stack out and places the player
like a bust, paid in the money."""

import json

import pytest
from django.test import Client

from rules.refusals import Refused
from tables.models import ChipAdjustment, ChipCount, Forfeit, Seating
from tables.queries.counts import count_check, counts_view
from tables.queries.penalties import stack_now
from tables.services.colour_up import race_table, start_colour_up
from tables.services.counts import report_counts
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tables.services.forfeits import forfeit_chips
from tournaments.models import Entry, Tournament
from tournaments.queries.payouts import payout
from tournaments.queries.results import standings
from tournaments.queries.snapshot import field_counts
from tournaments.services.penalties import give_penalty

pytestmark = pytest.mark.django_db


def _house(tournament, preset):
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset=preset, ruleset={})
    tournament.refresh_from_db()


def test_CHIP_COUNT_chips_out_of_view_or_in_a_pocket_leave_play_and_the_count_check_follows(seated, staff):
    tournament, seats = seated
    first, second, *others = sorted(seats)
    report_counts(tournament.id, 1, dict.fromkeys(seats, 10_000), staff["floor"])
    assert count_check(tournament, 60_000)["agrees"]

    # neverending L89, chips L107: chips in a pocket are forfeited and taken out of play.
    answer = forfeit_chips(
        tournament.id, 1, first, 1_500, "in_pocket", staff["floor"], stack=10_000, note="T500s in a jacket"
    )
    assert (answer["out_of_play"], answer["to_pot"], answer["stack_left"]) == (1_500, 0, 8_500)
    assert answer["chips_in_play"] == field_counts(tournament.id)["chips_in_play"] == 58_500
    # pokerfest L185: chips carried out of view, the same.
    forfeit_chips(tournament.id, 1, second, 2_000, "out_of_view", staff["floor"], stack=10_000)
    assert field_counts(tournament.id)["chips_in_play"] == 56_500  # sold − forfeited
    removed = ChipAdjustment.objects.order_by("id")
    assert [(row.kind, row.chips, row.entry.number) for row in removed] == [
        ("removed", -1_500, seats[first]),
        ("removed", -2_000, seats[second]),
    ]
    assert removed[0].reason == "forfeited, chips in a pocket: T500s in a jacket"
    # The stack counted with the chips found, less what left, is the seat's count now: the check agrees.
    check = count_check(tournament, 56_500)
    assert (check["counted"], check["gap"], check["agrees"]) == (56_500, 0, True)
    event = tournament.events.filter(kind="chips.forfeited").order_by("seq").first()
    assert set(event.public) == {"players_left", "chips_in_play"}  # the lobby's average follows; no one named
    assert event.payload["reason"] == "in_pocket" and event.payload["chips"] == 1_500

    # Bad amounts are refused with a sentence and change nothing.
    for chips, stack, sentence in (
        (0, 10_000, "0 chips cannot be forfeited"),
        (-500, 10_000, "-500 chips cannot be forfeited"),
        (12_000, 10_000, "12,000 chips is more than the player's stack of 10,000"),
        (10_000, 10_000, "the player's whole stack"),
    ):
        with pytest.raises(Refused, match=sentence):
            forfeit_chips(tournament.id, 1, others[0], chips, "out_of_view", staff["floor"], stack=stack)
    with pytest.raises(Refused, match="Count .*'s stack first"):
        forfeit_chips(tournament.id, 1, others[0], 500, "in_pocket", staff["floor"])
    with pytest.raises(Refused, match="Say why the chips are forfeited"):
        forfeit_chips(tournament.id, 1, others[0], 500, "lost", staff["floor"], stack=10_000)
    assert Forfeit.objects.count() == 2 and field_counts(tournament.id)["chips_in_play"] == 56_500
    parts = counts_view(tournament, 56_500)["parts"]  # sold − forfeited
    assert parts == {"bought": 60_000, "removed": 0, "forfeited": 3_500, "colour_ups": 0, "dead_money": 0}


def test_CHIP_RACE_small_chips_left_after_a_race_are_forfeited_unless_worth_a_chip_still_in_play(seated, staff):
    tournament, seats = seated
    first, second, *others = sorted(seats)
    with pytest.raises(Refused, match="No chip has been raced off yet"):
        forfeit_chips(tournament.id, 1, first, 75, "after_race", staff["floor"], stack=10_000)
    start_colour_up(tournament.id, 25, 100, staff["director"])
    race = race_table(tournament.id, 1, 1, [{"seat": seat, "odd_chips": 2} for seat in seats], staff["floor"], seed=3)
    in_play = race["chips_in_play"]
    # pokerfest L179: three T25 chips found in a stack after the race are worth less than a T100: forfeited.
    answer = forfeit_chips(tournament.id, 1, first, 75, "after_race", staff["floor"], stack=9_975)
    assert (answer["out_of_play"], answer["changed_up"]) == (75, 0)
    assert field_counts(tournament.id)["chips_in_play"] == in_play - 75
    # Five of them: four are worth a T100 still in play and are changed up; the fifth is forfeited.
    answer = forfeit_chips(tournament.id, 1, second, 125, "after_race", staff["floor"], stack=10_025)
    assert (answer["out_of_play"], answer["changed_up"], answer["stack_left"]) == (25, 100, 10_000)
    assert field_counts(tournament.id)["chips_in_play"] == in_play - 100
    with pytest.raises(Refused, match="worth whole chips of 100, still in play"):
        forfeit_chips(tournament.id, 1, others[0], 200, "after_race", staff["floor"], stack=10_000)
    assert ChipCount.objects.filter(entry__number=seats[second]).latest("counted_at").chips == 10_000


def test_CHIP_COUNT_a_dodged_blind_is_dead_money_in_the_next_pot_and_stays_in_play(seated, staff):
    tournament, seats = seated
    _house(tournament, "neverending")
    first, *others = sorted(seats)
    entry = Entry.objects.get(tournament=tournament, number=seats[first])
    # neverending L87: the blinds dodged go into the next pot as dead money; the pot's winner keeps them.
    answer = forfeit_chips(tournament.id, 1, first, 1_500, "dodged_blind", staff["floor"], note="dodged SB + BB")
    assert (answer["out_of_play"], answer["to_pot"], answer["stack_left"]) == (0, 1_500, 8_500)
    assert field_counts(tournament.id)["chips_in_play"] == 60_000  # still in play
    assert not ChipAdjustment.objects.exists() and Forfeit.objects.get().to_pot == 1_500
    assert stack_now(entry) == 8_500  # the stack a fine or the next forfeit is bounded by
    assert counts_view(tournament, 60_000)["parts"]["dead_money"] == 1_500
    with pytest.raises(Refused, match="9,000 chips is more than the player's stack of 8,500"):
        forfeit_chips(tournament.id, 1, first, 9_000, "dodged_blind", staff["floor"])


def test_CHIP_COUNT_the_tablets_forfeit_answers_422_free_sentences(seated, staff):
    tournament, seats = seated
    floor = Client()
    floor.force_login(staff["floor"])
    url = f"/api/tournaments/{tournament.id}/tables/1/seats/{sorted(seats)[0]}/forfeit/"
    post = lambda body: floor.post(url, json.dumps(body), content_type="application/json")  # noqa: E731
    refused = post({"chips": -100, "reason": "in_pocket", "stack": 10_000})
    assert refused.status_code == 409 and "-100 chips cannot be forfeited" in refused.json()["detail"]
    done = post({"chips": 500, "reason": "out_of_view", "stack": 10_000})
    assert done.status_code == 200 and done.json()["chips_in_play"] == 59_500


def test_PEN_LADDER_the_directors_elimination_penalty_places_the_player_as_out_now_and_pays_in_the_money(field, staff):
    tournament, _ = field(6, tables=1, buy_in=10_000)
    Tournament.objects.filter(pk=tournament.pk).update(places_paid=3)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    seats = dict(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list("seat", "entry__number")
    )
    order = sorted(seats)
    for seat in order[:3]:  # three busts, one a hand: 6th, 5th, 4th
        player_out(tournament.id, 1, seat, staff["floor"])
        hand_done(tournament.id, 1, staff["floor"])
    target = order[3]
    # pokerfest L275: "elimination from the event" is a step of the house's ladder, before disqualification.
    steps = [str(step) for step in tournament.rules().penalties.ladders[0][1]]
    assert steps.index("elimination") == steps.index("disqualification") - 1
    with pytest.raises(Refused, match="Only the tournament director gives an elimination"):
        give_penalty(tournament.id, 1, target, "abuse", staff["floor"], step="elimination", stack=25_000)
    with pytest.raises(Refused, match="Count .*'s stack first"):
        give_penalty(tournament.id, 1, target, "abuse", staff["director"], step="elimination")
    with pytest.raises(Refused, match="give it on its own"):
        give_penalty(tournament.id, 1, target, "abuse", staff["director"], step="elimination + 1 orbit", stack=1)
    given = give_penalty(
        tournament.id, 1, target, "abuse", staff["director"], step="elimination", stack=25_000, reason="barred"
    )
    assert given["step"] == "elimination" and given["status"] == "served"
    entry = Entry.objects.get(tournament=tournament, number=seats[target])
    assert entry.status == Entry.Status.BUSTED  # out, not disqualified: a place of their own
    assert field_counts(tournament.id) == {"players_left": 2, "chips_in_play": 60_000 - 25_000}
    removed = ChipAdjustment.objects.get()
    assert (removed.chips, removed.entry_id) == (-25_000, entry.id) and "elimination penalty" in removed.reason
    assert counts_view(tournament, 35_000)["parts"]["removed"] == 25_000
    rows = {row["entry"]: row for row in standings(Tournament.objects.get(pk=tournament.pk))["out"]}
    assert rows[seats[target]]["place"] == [3, 3]  # "the finishing place their elimination equals"
    prizes = payout(Tournament.objects.get(pk=tournament.pk))
    assert len(prizes) == 3 and rows[seats[target]]["prize"] == prizes[2] > 0  # in the money: paid
    assert rows[seats[order[2]]]["prize"] == 0  # 4th, the bubble
    kinds = list(tournament.events.order_by("seq").values_list("kind", flat=True))
    assert kinds[-3:] == ["penalty.given", "penalty.elimination", "player.out"]
