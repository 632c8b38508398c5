"""Finishing places (ELIM-SAMETABLE, ELIM-TIE, PAY-DQ) as plain data."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.places import Bust, places, prizes_by_entry


def test_ELIM_SAMETABLE_two_out_in_one_hand_the_bigger_starting_stack_finishes_higher():
    busts = [
        Bust(1, 1, table=3, hand=40, starting_stack=12_000),
        Bust(2, 2, table=3, hand=40, starting_stack=30_000),
        Bust(3, 3, table=5, hand=41, starting_stack=5_000),
    ]
    assert places(10, busts) == {2: (9, 9), 1: (10, 10), 3: (8, 8)}
    same = [Bust(1, 1, 3, 40, 8_000), Bust(2, 2, 3, 40, 8_000)]
    assert places(10, same) == {1: (9, 10), 2: (9, 10)}  # equal stacks share


def test_ELIM_TIE_out_in_the_same_hand_for_hand_hand_at_different_tables_tie_and_split():
    busts = [
        Bust(1, 1, table=2, hand=70, starting_stack=1_000, hand_for_hand=4),
        Bust(2, 2, table=6, hand=55, starting_stack=90_000, hand_for_hand=4),
    ]
    assert places(16, busts) == {1: (15, 16), 2: (15, 16)}
    assert places(16, busts, tie_across_tables=False) == {2: (15, 15), 1: (16, 16)}  # the other convention
    table = [5000, 3000, 2000] + [1000] * 12 + [0]  # 15 paid
    assert prizes_by_entry(places(16, busts), table) == {1: 500, 2: 500}  # 15th's $10 and 16th's nothing, shared


def test_PAY_DQ_a_disqualified_player_takes_no_place_and_the_others_move_up():
    busts = [Bust(7, 1, 1, 10, 100), Bust(8, 2, 1, 11, 100)]
    assert places(50, busts) == {7: (50, 50), 8: (49, 49)}
    assert places(49, busts) == {7: (49, 49), 8: (48, 48)}  # one disqualified: the field is one smaller


@given(
    st.integers(2, 60),
    st.lists(st.tuples(st.integers(1, 4), st.integers(0, 3), st.integers(0, 5), st.booleans()), max_size=40),
)
def test_ELIM_places_cover_the_bottom_of_the_field_once_and_prizes_add_up(field, raw):
    busts, hands = [], {}
    for order, (table, step, stack, in_hfh) in enumerate(raw[: field - 1], start=1):
        hands[table] = hands.get(table, 0) + step
        busts.append(Bust(order, order, table, hands[table], stack * 1000, order // 3 if in_hfh else None))
    placed = places(field, busts)
    taken = sorted(p for best, worst in placed.values() for p in range(best, worst + 1))
    counts = {}
    for span in placed.values():
        counts[span] = counts.get(span, 0) + 1
    assert all(worst - best + 1 == counts[(best, worst)] for best, worst in counts)  # a range per tie
    assert sorted(set(taken)) == list(range(field - len(busts) + 1, field + 1))
    table = sorted((field - k) * 100 for k in range(field))[::-1]
    prizes = prizes_by_entry(placed, table)
    assert sum(prizes.values()) == sum(table[field - len(busts) :])
