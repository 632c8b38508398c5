"""kentucky's seating by cards, the pure rule (tables/rules/seat_cards.py): SEAT-DRAW and
SEAT-FINAL as kentucky plays them (L21-28, L39-40)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.refusals import Refused
from tables.rules.high_card import RANKS, SUITS
from tables.rules.seat_cards import card_order, read_card, seats_by_cards

DECK = [rank + suit for rank in RANKS for suit in SUITS]


@given(st.lists(st.sampled_from(DECK), min_size=2, max_size=10, unique=True), st.integers(10, 12), st.randoms())
def test_SEAT_DRAW_kentucky_the_high_card_keeps_the_seat_and_the_button_the_rest_sit_to_its_left(cards, seats, rng):
    by_seat = dict(zip(sorted(rng.sample(range(1, seats + 1), len(cards))), cards))  # the draw's seats
    players = {seat: 100 + seat for seat in by_seat}
    new, button = seats_by_cards(players, card_order(by_seat), seats)
    strength = {seat: (RANKS.index(card[0]), SUITS.index(card[1])) for seat, card in by_seat.items()}
    assert button == max(by_seat, key=strength.get) and new[button] == players[button]  # the dealer stays
    clockwise = [(button - 1 + step) % seats + 1 for step in range(len(cards))]  # the empties after them
    assert sorted(new) == sorted(clockwise)
    held = [strength[new[seat] - 100] for seat in clockwise]
    assert held == sorted(held, reverse=True)  # high card to low from the dealer's left
    assert sorted(new.values()) == sorted(players.values())


def test_SEAT_DRAW_kentucky_the_same_rank_goes_to_the_first_card_dealt():
    assert card_order({4: "Q", 2: "Q", 7: "A", 1: "2"}) == [7, 2, 4, 1]
    assert card_order({1: "10h", 2: "T♠", 3: "9c"}) == [2, 1, 3]


def test_the_floor_types_cards_as_people_say_them():
    assert read_card("as") == ("A", "s") and read_card("10♦") == ("T", "d") and read_card(" k ") == ("K", None)
    assert read_card("1s") is None and read_card("Ax") is None and read_card("") is None


@pytest.mark.parametrize(
    ("cards", "sentence"),
    [
        ({1: "As", 2: "A♠"}, "Seats 1 and 2 cannot both hold As: one deck has each card once."),
        ({1: "As", 2: "K"}, "Give every card with its suit, or every card as its rank alone: seat 2 has no suit."),
        ({1: "As", 2: "joker"}, 'Seat 2: "joker" is not a card'),
    ],
)
def test_a_card_order_that_cannot_be_is_refused_with_a_sentence(cards, sentence):
    with pytest.raises(Refused, match=sentence):
        card_order(cards)


def test_SEAT_FINAL_the_order_names_every_player_once_and_only_them():
    players = {2: 20, 5: 50, 9: 90}
    with pytest.raises(Refused, match="Seat 9 has no card"):
        seats_by_cards(players, [5, 2], 10)
    with pytest.raises(Refused, match="Nobody sits in seat 3"):
        seats_by_cards(players, [5, 2, 9, 3], 10)
    with pytest.raises(Refused, match="Seat 5 is named twice"):
        seats_by_cards(players, [5, 2, 9, 5], 10)
    assert seats_by_cards(players, [9, 2, 5], 10) == ({9: 90, 10: 20, 1: 50}, 9)  # round the table's end
