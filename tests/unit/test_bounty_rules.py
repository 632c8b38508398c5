"""Knockout events' pure rules (tournaments/rules/bounties.py): BNT-POOL, BNT-KO, BNT-PKO,
BNT-COVER, BNT-MYSTERY. Amounts in minor units; every split adds up exactly."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.bounties import (
    DEFAULT_TEMPLATE,
    Award,
    Disqualified,
    Format,
    Pot,
    StageStart,
    Tier,
    check_template,
    disqualified,
    disqualified_destination,
    draw,
    envelopes,
    knockout_award,
    ledger_balances,
    order_from_button,
    pot_winners,
    progressive_award,
    split_equally,
    stage_started,
    tier_counts,
    tiers_from_json,
    tiers_to_json,
)
from tournaments.rules.rulesets import PRESETS, BountyRules, Ruleset, preset

TABLE = 9


def test_BNT_COVER_order_starts_left_of_the_button():
    assert order_from_button([1, 3, 5, 9], button=5, table_seats=TABLE) == [9, 1, 3, 5]
    assert order_from_button([4, 2], button=0, table_seats=TABLE) == [2, 4]
    assert order_from_button([4, 2], button=None, table_seats=TABLE) == [2, 4]  # no button recorded yet
    for seat, button in ((0, 1), (10, 1), (3, 10)):
        with pytest.raises(ValueError):
            order_from_button([seat], button=button, table_seats=TABLE)


def test_BNT_COVER_odd_cents_go_to_the_first_winners_left_of_the_button():
    """BNT-COVER: 100.00 split three ways with the button on seat 4: seat 6 (first left of the
    button) takes the odd cent; 100.01: seats 6 and 8 one each."""
    assert split_equally(10_000, [2, 6, 8], button=4, table_seats=TABLE) == {6: 3334, 8: 3333, 2: 3333}
    assert split_equally(10_001, [2, 6, 8], button=4, table_seats=TABLE) == {6: 3334, 8: 3334, 2: 3333}
    assert list(split_equally(10_001, [2, 6, 8], button=4, table_seats=TABLE)) == [6, 8, 2]


def test_BNT_COVER_the_side_pot_against_the_player_decides():
    """BNT-COVER: seat 3 covered seat 5 but lost the main pot to short seat 1; seat 7 won the side
    pot against seat 5: seat 7 wins the bounty."""
    pots = [Pot(winners=(1,), eligible=(1, 3, 5, 7)), Pot(winners=(7,), eligible=(3, 5, 7))]
    assert pot_winners(5, pots) == (7,)
    assert pot_winners(5, [Pot(winners=(3, 7), eligible=(3, 5, 7))]) == (3, 7)
    with pytest.raises(ValueError):
        pot_winners(2, pots)
    with pytest.raises(ValueError):
        pot_winners(5, [Pot(winners=(), eligible=(3, 5))])
    with pytest.raises(ValueError):
        pot_winners(5, [Pot(winners=(8,), eligible=(3, 5))])


def test_BNT_KO_the_whole_head_in_cash():
    assert knockout_award(5_000, [3], 1, TABLE) == [Award(3, 5_000, 0)]


def test_BNT_PKO_half_in_cash_half_on_the_head():
    """BNT-PKO: 50% of a 101-cent head split between two winners: parts 51 and 50; cash rounded
    down, the rest onto their heads."""
    assert progressive_award(101, 50, [2, 7], 1, TABLE) == [Award(2, 25, 26), Award(7, 25, 25)]


def test_BNT_MYSTERY_default_template_envelopes():
    check_template(DEFAULT_TEMPLATE)
    """BNT-MYSTERY: 1,000.00 in 60 envelopes: one of 100.00, five of 30.00, 54 share 750.00
    (13.88 each, the odd 48 cents one each to the first 48)."""
    amounts = envelopes(100_000, DEFAULT_TEMPLATE, 60)
    assert amounts[0] == 10_000
    assert amounts[1:6] == [3_000] * 5
    assert amounts[6:] == [1_389] * 48 + [1_388] * 6
    assert len(amounts) == 60 and sum(amounts) == 100_000


def test_BNT_MYSTERY_a_small_field_never_pays_a_small_envelope_more_than_a_large_one():
    """BNT-MYSTERY: 1,000.00 in 20 envelopes by the default template: the rest tier alone would
    hold 53.57 each against the large tier's 30.00, so the two merge and share 900.00 equally
    (47.37 for 16 of them, 47.36 for 3); the top envelope keeps its 100.00."""
    amounts = envelopes(100_000, DEFAULT_TEMPLATE, 20)
    assert amounts == [10_000] + [4_737] * 16 + [4_736] * 3
    assert sum(amounts) == 100_000


def test_BNT_MYSTERY_a_template_as_stored():
    """BNT-MYSTERY: a template is stored as JSON tiers; none stored is the default template."""
    assert tiers_from_json([]) == tiers_from_json(None) == DEFAULT_TEMPLATE
    stored = [{"share_bp": 2500, "count": 2}, {"share_bp": 7500, "count": None}]
    assert tiers_from_json(stored) == (Tier(2500, 2), Tier(7500, None))
    assert tiers_to_json(tiers_from_json(stored)) == stored
    assert tiers_from_json([{"share_bp": 10_000}]) == (Tier(10_000, None),)
    for bad in ({"share_bp": 10_000}, [{"count": None}], [[10_000, None]], [{"share_bp": 9_999, "count": None}]):
        with pytest.raises(ValueError):
            tiers_from_json(bad)


def test_BNT_MYSTERY_template_errors():
    for bad in ([], [Tier(10_000, 1)], [Tier(5_000, None), Tier(5_000, None)], [Tier(0, 1), Tier(10_000, None)]):
        with pytest.raises(ValueError):
            check_template(bad)


def test_BNT_MYSTERY_a_recorded_seed_replays_the_same_draws():
    """BNT-MYSTERY: the draws of a recorded seed are fixed for good (a replay years later)."""
    assert [draw(list(range(10)), "c0ffee00c0ffee00", number) for number in range(1, 6)] == [8, 0, 2, 2, 0]
    with pytest.raises(ValueError):
        draw([], "c0ffee00c0ffee00", 1)


@given(st.text(max_size=16), st.integers(1, 500), st.lists(st.integers(0, 10**6), min_size=1, max_size=50))
def test_BNT_MYSTERY_draw_replays(seed, number, remaining):
    index = draw(remaining, seed, number)
    assert 0 <= index < len(remaining)
    assert draw(list(remaining), seed, number) == index


def test_BNT_MYSTERY_stage_predicate():
    common = {"places_paid": 10, "current_level": 5, "is_day_two": False}
    assert stage_started(StageStart.BUBBLE, None, players_left=10, **common)
    assert not stage_started(StageStart.BUBBLE, None, players_left=11, **common)
    assert stage_started(StageStart.TWICE_PAID, None, players_left=20, **common)
    assert not stage_started(StageStart.DAY_TWO, None, players_left=2, **common)
    assert stage_started(StageStart.LEVEL, 5, players_left=99, **common)
    assert not stage_started(StageStart.LEVEL, 6, players_left=99, **common)


def test_BNT_POOL_ledger():
    assert ledger_balances(100, [30, 20], [40], 0, 10)
    assert not ledger_balances(100, 30, 40, 0, 10)


def test_BNT_MYSTERY_the_ruleset_bounties_section_is_the_same_in_every_preset():
    """BNT-MYSTERY: the stage starts at the bubble and a DQ'd bounty goes to the next eliminator,
    in every preset; a house may choose otherwise, and the choice is stored and read back."""
    for ruleset in PRESETS.values():
        assert ruleset.bounties == BountyRules()
        assert ruleset.bounties.stage_starts == StageStart.BUBBLE
        assert ruleset.bounties.disqualified_bounty == Disqualified.NEXT_ELIMINATOR
        assert Ruleset.from_json(ruleset.to_json()) == ruleset
    section = {"stage_starts": "level", "stage_level": 6, "disqualified_bounty": "prize_pool"}
    edited = Ruleset.from_json({"preset": "chips", "bounties": section})
    assert edited.bounties == BountyRules(StageStart.LEVEL, 6, Disqualified.PRIZE_POOL)
    assert edited.chips == preset("chips").chips
    stored = json.loads(json.dumps(edited.to_json()))
    assert stored["bounties"] == section
    assert Ruleset.from_json(stored) == edited


@pytest.mark.parametrize(
    ("section", "named"),
    [
        ({"stage_starts": "level"}, "bounties.stage_level"),
        ({"stage_starts": "level", "stage_level": 0}, "bounties.stage_level"),
        ({"stage_starts": "final_table"}, "bounties.stage_starts"),
        ({"disqualified_bounty": "to_the_house"}, "bounties.disqualified_bounty"),
        ({"disqualified_bounty": 1}, "bounties.disqualified_bounty"),
        ({"stage_level": -2}, "bounties.stage_level"),
        ({"stage_level": "3"}, "bounties.stage_level"),
        ([], "bounties"),
    ],
)
def test_BNT_MYSTERY_a_wrong_bounties_section_is_refused_naming_the_setting(section, named):
    with pytest.raises(ValueError, match=named.replace(".", r"\.")):
        Ruleset.from_json({"preset": "pokerfest", "bounties": section})


# Properties for any amounts, winners, buttons, templates and counts.

tables = st.integers(2, 12)


@st.composite
def winners_at_a_table(draw_from):
    """(table_seats, button, winners): distinct seats of a table and its button (0: not known)."""
    seats = draw_from(tables)
    button = draw_from(st.integers(0, seats))
    winners = draw_from(st.lists(st.integers(1, seats), min_size=1, max_size=seats, unique=True))
    return seats, button, winners


@given(winners_at_a_table())
def test_BNT_COVER_order_from_the_button_is_clockwise_and_ends_on_the_button(table):
    seats, button, winners = table
    ordered = order_from_button(winners, button, seats)
    assert sorted(ordered) == sorted(winners)
    distances = [(seat - button - 1) % seats for seat in ordered]
    assert distances == sorted(distances)
    if button in winners:
        assert ordered[-1] == button


@given(st.integers(0, 10**9), winners_at_a_table())
def test_BNT_COVER_equal_parts_add_up_and_the_odd_cents_go_left_of_the_button(amount, table):
    """BNT-COVER: for any amount and winners the parts add up exactly, differ by one cent at most,
    and the larger parts are those of the first winners left of the button."""
    seats, button, winners = table
    parts = split_equally(amount, winners, button, seats)
    assert sum(parts.values()) == amount
    assert list(parts) == order_from_button(winners, button, seats)
    values = list(parts.values())
    assert values == sorted(values, reverse=True)
    assert max(values) - min(values) <= 1
    assert sum(1 for value in values if value > amount // len(winners)) == amount % len(winners)


@st.composite
def hands(draw_from):
    """A hand's pots, main pot first: each pot's players are some of the pot below's (a short
    all-in is in the lower pots only); one seat is out, in the first `k` pots, winning none."""
    seats = draw_from(tables)
    players = draw_from(st.lists(st.integers(1, seats), min_size=2, max_size=seats, unique=True))
    out = players[0]
    in_pots = [players]
    while len(in_pots[-1]) > 2 and draw_from(st.booleans()):
        in_pots.append(draw_from(st.lists(st.sampled_from(in_pots[-1]), min_size=2, unique=True)))
    pots = []
    for eligible in in_pots:
        if len(eligible) < 2:
            break
        can_win = [seat for seat in eligible if seat != out]
        if not can_win:
            break
        winners = draw_from(st.lists(st.sampled_from(can_win), min_size=1, unique=True))
        pots.append(Pot(winners=tuple(winners), eligible=tuple(sorted(eligible))))
    return out, pots


@given(hands())
def test_BNT_COVER_the_highest_pot_against_the_player_decides(hand):
    """BNT-COVER: the bounty goes to the winners of the last pot the player who went out was in."""
    out, pots = hand
    theirs = [pot for pot in pots if out in pot.eligible]
    if theirs:
        winners = pot_winners(out, pots)
        assert winners == theirs[-1].winners
        assert out not in winners and set(winners) <= set(theirs[-1].eligible)
    else:
        with pytest.raises(ValueError):
            pot_winners(out, pots)


@given(st.integers(0, 10**9), winners_at_a_table())
def test_BNT_KO_the_whole_head_in_cash_to_the_pots_winners(head, table):
    """BNT-KO: the winners take the whole head in cash between them; nothing goes onto a head."""
    seats, button, winners = table
    awards = knockout_award(head, winners, button, seats)
    assert sum(award.cash for award in awards) == head
    assert all(award.to_head == 0 for award in awards)
    assert [award.seat for award in awards] == order_from_button(winners, button, seats)


@given(st.integers(0, 10**9), st.integers(0, 100), winners_at_a_table())
def test_BNT_PKO_cash_and_head_parts_add_up_to_the_head(head, percent, table):
    """BNT-PKO: each winner's equal part is cash (rounded down to the cent) plus what goes onto
    their own head; over all winners, cash plus to_head is the head exactly."""
    seats, button, winners = table
    awards = progressive_award(head, percent, winners, button, seats)
    parts = split_equally(head, winners, button, seats)
    assert sum(award.cash + award.to_head for award in awards) == head
    for award in awards:
        assert award.cash == parts[award.seat] * percent // 100
        assert award.cash + award.to_head == parts[award.seat]
        assert award.cash >= 0 and award.to_head >= 0


@given(
    st.integers(2, 9),
    st.integers(0, 100_000),
    st.integers(0, 100),
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 3), st.integers(0, 9)), min_size=1),
)
def test_BNT_PKO_a_table_to_its_winner_pays_exactly_the_pool(players, bounty, percent, busts):
    """BNT-PKO, BNT-POOL: one table plays down to its winner, each bust won by one to three of the
    players left (split pots); after every bust what was paid plus the heads still in play is the
    pool, and the winner's own head makes the pool paid out to the cent."""
    heads = dict.fromkeys(range(1, players + 1), bounty)
    pool, paid = players * bounty, 0
    for pick, how_many, button in busts:
        if len(heads) == 1:
            break
        left = sorted(heads)
        out = left[pick % len(left)]
        others = [seat for seat in left if seat != out]
        winners = [others[(pick + k) % len(others)] for k in range(min(how_many, len(others)))]
        for award in progressive_award(heads.pop(out), percent, winners, button, 9):
            paid += award.cash
            heads[award.seat] += award.to_head
        assert ledger_balances(pool, paid, heads.values(), 0, 0)
    while len(heads) > 1:  # the rest of the table goes out to the lowest seat
        out, winner = max(heads), min(heads)
        for award in progressive_award(heads.pop(out), percent, [winner], 0, 9):
            paid += award.cash
            heads[award.seat] += award.to_head
        assert ledger_balances(pool, paid, heads.values(), 0, 0)
    (winner_head,) = heads.values()
    assert paid + winner_head == pool  # the winner also takes their own bounty


@st.composite
def templates(draw_from):
    """A valid template: tiers with shares > 0 adding up to 10000 bp, the last one the rest."""
    tiers = draw_from(st.integers(1, 6))
    cuts = sorted(draw_from(st.lists(st.integers(1, 9_999), min_size=tiers - 1, max_size=tiers - 1, unique=True)))
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, 10_000])]
    counts = draw_from(st.lists(st.integers(1, 12), min_size=tiers - 1, max_size=tiers - 1))
    return tuple(Tier(share, count) for share, count in zip(shares, [*counts, None]))


@given(templates(), st.integers(0, 10**8), st.integers(1, 400))
def test_BNT_MYSTERY_envelopes_add_up_to_the_pool_for_any_template_and_count(tiers, pool, count):
    """BNT-MYSTERY: for any pool, template and number of envelopes: that many envelopes, largest
    first, none negative, adding up to the pool exactly; with envelopes enough for every tier,
    each fixed tier's envelopes hold its share between them."""
    check_template(tiers)
    amounts = envelopes(pool, tiers, count)
    assert len(amounts) == count
    assert sum(amounts) == pool
    assert amounts == sorted(amounts, reverse=True) and min(amounts) >= 0
    counts = tier_counts(tiers, count)
    assert sum(counts) == count and min(counts) >= 0
    fixed = sum(tier.count for tier in tiers[:-1])
    if count > fixed:
        assert counts == [*(tier.count for tier in tiers[:-1]), count - fixed]
    else:  # the smallest tiers shrink first: once a tier has lost an envelope, the ones after it have none
        shrunk = [n < (tier.count or n + 1) for n, tier in zip(counts, tiers)]
        first = shrunk.index(True)
        assert counts[:first] == [tier.count for tier in tiers[:first]]
        assert all(n == 0 for n in counts[first + 1 :])


@given(templates(), st.integers(0, 10**8), st.integers(1, 60), st.text(max_size=12))
def test_BNT_MYSTERY_drawing_every_envelope_pays_the_pool_and_replays(tiers, pool, count, seed):
    """BNT-MYSTERY, BNT-POOL: drawing the envelopes one by one (draw numbers 1, 2, ...) hands out
    the pool exactly, won plus envelopes left is the pool after every draw, and the same seed
    draws the same envelopes in the same order."""

    def draw_all():
        left, drawn = envelopes(pool, tiers, count), []
        for number in range(1, count + 1):
            drawn.append(left.pop(draw(left, seed, number)))
            assert ledger_balances(pool, drawn, 0, left, 0)
        return drawn

    drawn = draw_all()
    assert sum(drawn) == pool
    assert drawn == draw_all()


@given(
    st.lists(
        st.tuples(st.integers(-5, 10_001), st.one_of(st.none(), st.integers(-1, 5)) | st.booleans()),
        max_size=5,
    )
)
def test_BNT_MYSTERY_a_template_is_refused_unless_it_is_whole(raw):
    """BNT-MYSTERY: a template is accepted exactly when its shares are whole numbers above 0 adding
    up to 10000 bp, the last tier (only it) is the rest and every other holds 1 or more envelopes."""
    tiers = [Tier(share, count) for share, count in raw]
    whole = (
        bool(tiers)
        and all(tier.share_bp > 0 for tier in tiers)
        and sum(tier.share_bp for tier in tiers) == 10_000
        and tiers[-1].count is None
        and all(type(tier.count) is int and tier.count >= 1 for tier in tiers[:-1])
    )
    if whole:
        check_template(tiers)
        assert tiers_from_json(tiers_to_json(tiers)) == tuple(tiers)
    else:
        with pytest.raises(ValueError):
            check_template(tiers)


@given(
    st.sampled_from(list(StageStart)),
    st.integers(1, 30),
    st.integers(1, 500),
    st.integers(1, 100),
    st.integers(1, 40),
    st.booleans(),
)
def test_BNT_MYSTERY_once_the_stage_has_started_it_stays_started(start, level, players_left, paid, current, day_two):
    """BNT-MYSTERY: the bounty stage predicate, and it never ends again as players go out and the
    levels go up."""
    started = stage_started(
        start, level, players_left=players_left, places_paid=paid, current_level=current, is_day_two=day_two
    )
    expected = {
        StageStart.BUBBLE: players_left <= paid,
        StageStart.TWICE_PAID: players_left <= 2 * paid,
        StageStart.DAY_TWO: day_two,
        StageStart.LEVEL: current >= level,
    }[start]
    assert started == expected
    if started:
        assert stage_started(
            start, level, players_left=players_left - 1, places_paid=paid, current_level=current + 1, is_day_two=True
        )


def test_BNT_MYSTERY_a_stage_at_a_level_needs_the_level():
    with pytest.raises(ValueError):
        stage_started(StageStart.LEVEL, None, players_left=5, places_paid=3, current_level=9, is_day_two=True)


@given(
    st.integers(2, 30),
    st.integers(0, 50_000),
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 3), st.booleans()), min_size=1, max_size=40),
)
def test_BNT_KO_with_disqualifications_carried_to_the_next_eliminator(players, bounty, steps):
    """BNT-KO, BNT-POOL: busts (some split) and disqualifications whose head the ruleset carries
    to the next elimination ("next_eliminator"): after every step the pool is what was won, the
    heads in play and what is carried; the next bust's winners take the carried amount too."""
    assert disqualified_destination(Disqualified.NEXT_ELIMINATOR) == "carried"
    heads = dict.fromkeys(range(players), bounty)
    pool, won, carried = players * bounty, 0, 0
    for pick, how_many, dq in steps:
        if len(heads) == 1:
            break
        left = sorted(heads)
        out = left[pick % len(left)]
        if dq:
            carried += heads.pop(out)
        else:
            others = [seat for seat in left if seat != out]
            winners = [others[(pick + k) % len(others)] % 9 + 1 for k in range(min(how_many, len(others)))]
            awards = knockout_award(heads.pop(out) + carried, set(winners), pick % 10, 9)
            won, carried = won + sum(award.cash for award in awards), 0
        assert ledger_balances(pool, won, heads.values(), 0, carried)


def test_BNT_POOL_every_disqualification_policy_is_said_and_has_a_destination():
    """PAY-DQ in a bounty event: each policy of the ruleset is said in words for the log and
    names the award's destination."""
    assert {disqualified_destination(policy) for policy in Disqualified} == {"carried", "prize_pool", "out_of_play"}
    assert all(disqualified(policy) for policy in Disqualified)
    assert "prize pool" in disqualified("prize_pool")
    assert [str(kind) for kind in Format] == ["none", "knockout", "progressive", "mystery"]


@given(
    st.integers(3, 60),
    st.integers(0, 20_000),
    st.integers(1, 10),
    st.lists(st.tuples(st.integers(1, 3), st.integers(0, 9)), max_size=60),
    st.text(max_size=8),
)
def test_BNT_MYSTERY_a_tournament_to_the_last_envelope(players, bounty, paid_places, busts, seed):
    """BNT-MYSTERY, BNT-POOL: nothing is won before the stage (the bubble); the first bust in it
    seals one envelope per player left (the one going out included); each bust draws one, a split
    pot shares it (odd cents left of the button); the winner draws the last. After every step the
    pool is what was won plus the envelopes left (or, unsealed, the whole pool)."""
    pool, won, left, number, players_left = players * bounty, 0, None, 0, players
    for how_many, button in [*busts, *[(1, 0)] * players]:
        if players_left == 1:
            break
        in_stage = stage_started(
            "bubble", None, players_left=players_left, places_paid=paid_places, current_level=1, is_day_two=False
        )
        if in_stage:
            if left is None:
                left = envelopes(pool, DEFAULT_TEMPLATE, players_left)
            number += 1
            amount = left.pop(draw(left, seed, number))
            shares = split_equally(amount, range(1, min(how_many, players_left - 1) + 1), button, 9)
            won += sum(shares.values())
        players_left -= 1
        assert ledger_balances(pool, won, 0, pool if left is None else left, 0)
    if left is None:  # a field that never reached the bubble: everything is left for the winner
        left = envelopes(pool, DEFAULT_TEMPLATE, 1)
    assert len(left) == 1  # the winner draws the last envelope
    won += left.pop(draw(left, seed, number + 1))
    assert won == pool


@given(templates(), st.integers(0, 10**8), st.integers(1, 400))
def test_BNT_MYSTERY_a_lower_tier_never_holds_more_than_the_tier_above(tiers, pool, count):
    """BNT-MYSTERY: walking the tiers from the top, each tier's envelopes hold no more (within
    the odd cent) than those of the tiers above it, whatever the count."""
    amounts = envelopes(pool, tiers, count)
    counts = [n for n in tier_counts(tiers, count) if n]
    start, lowest_above = 0, None
    for n in counts:
        tier = amounts[start : start + n]
        if lowest_above is not None:
            assert max(tier) <= lowest_above + 1
        lowest_above, start = min(tier), start + n
