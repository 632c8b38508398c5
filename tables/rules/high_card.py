"""The high-card draw: how the house settles a choice by chance, in public (PF-LOGO-CAP,
PF-LOGO-TV; the button draw BTN-DRAW uses the same cards).

One card to each participant in the order given, from as many shuffled decks as needed.
Higher rank wins; equal ranks go by suit, spades > hearts > diamonds > clubs; the very same
card (from a second deck) goes to the one dealt first. Randomness comes in as a seeded
random.Random, so a recorded seed replays the draw exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs < diamonds < hearts < spades


@dataclass(frozen=True)
class Card:
    rank: str
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def strength(self) -> tuple[int, int]:
        return RANKS.index(self.rank), SUITS.index(self.suit)


def shoe(players: int, rng: random.Random) -> list[Card]:
    decks = max(1, -(-players // 52))
    cards = [Card(rank, suit) for _ in range(decks) for rank in RANKS for suit in SUITS]
    rng.shuffle(cards)
    return cards


@dataclass(frozen=True)
class Draw:
    order: list  # participants, best card first
    cards: dict  # participant -> the card they drew (as text, e.g. "As")


def high_card(participants: list, rng: random.Random) -> Draw:
    if len(set(participants)) != len(participants):
        raise ValueError("each participant draws once")
    dealt = list(zip(participants, shoe(len(participants), rng)))
    ranked = sorted(range(len(dealt)), key=lambda i: (dealt[i][1].strength, -i), reverse=True)
    return Draw([dealt[i][0] for i in ranked], {who: str(card) for who, card in dealt})
