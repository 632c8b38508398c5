"""Seating by cards: SEAT-DRAW and SEAT-FINAL (with BTN-DRAW) as kentucky plays them, at the
start (L21-28) and at the final table (L39-40). Pure.

The rulebook: "One card will be dealt to each player - the recipient of the highest card deals
the first hand. The remaining players will rearrange their positions at the table and sit to
the left of the dealer in order, high card to lowest. If two or more players draw the same
card, the first card dealt gets the higher value."

Seats are numbered 1..n clockwise, and a player's left is the next seat clockwise. Only "the
remaining players" rearrange: the high card keeps their seat and takes the button; the second
card sits at the dealer's left (the small blind), the third at the left of the second, and so
on down to the lowest card. A table short of players keeps its empty seats together, between
the lowest card and the dealer. The cards are dealt from seat 1 clockwise as the players sat
before (the draw's seats), which says who was dealt first when two cards are the same.

The floor gives each player's card ("As", "K", "10h", "Q♦") or the order itself, high card
first. Cards with suits rank by suit on a tie (spades > hearts > diamonds > clubs, as BTN-DRAW);
cards given as ranks alone tie, and the first dealt wins. One deck: the same card with its suit
cannot be dealt twice.
"""

from __future__ import annotations

from rules.refusals import Refused
from rules.refusals import gettext as _
from tables.rules.high_card import RANKS, SUITS

SUIT_SIGNS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def read_card(text: str) -> tuple[str, str | None] | None:
    """(rank, suit or None) for a card as the floor types it; None when it is not a card."""
    card = str(text).strip().upper().replace("10", "T")
    for sign, letter in SUIT_SIGNS.items():
        card = card.replace(sign, letter.upper())
    if len(card) == 1 and card in RANKS:
        return card, None
    if len(card) == 2 and card[0] in RANKS and card[1].lower() in SUITS:
        return card[0], card[1].lower()
    return None


def card_order(cards: dict[int, str]) -> list[int]:
    """The seats (as the players sit now) by their cards, high card first. Refuses a card that
    is not one, the same card twice, and suits given for some cards but not others."""
    read = {}
    for seat in sorted(cards):
        card = read_card(cards[seat])
        if card is None:
            raise Refused(
                _('Seat %(seat)s: "%(card)s" is not a card; type its rank and suit (As, Kh, 10d) or its rank alone.')
                % {"seat": seat, "card": cards[seat]}
            )
        read[seat] = card
    suited = {seat for seat, (_rank, suit) in read.items() if suit}
    if suited and len(suited) != len(read):
        bare = min(set(read) - suited)
        raise Refused(
            _("Give every card with its suit, or every card as its rank alone: seat %(seat)s has no suit.")
            % {"seat": bare}
        )
    if suited:
        held: dict[tuple[str, str | None], int] = {}
        for seat, card in read.items():
            if card in held:
                raise Refused(
                    _("Seats %(first)s and %(second)s cannot both hold %(card)s: one deck has each card once.")
                    % {"first": held[card], "second": seat, "card": card[0] + card[1]}
                )
            held[card] = seat
    dealt = sorted(read)  # dealt from seat 1 clockwise: the first dealt wins a tie
    return sorted(
        dealt,
        key=lambda seat: (-RANKS.index(read[seat][0]), -SUITS.index(read[seat][1]) if read[seat][1] else 0, seat),
    )


def seats_by_cards(players: dict[int, int], order: list[int], seats: int) -> tuple[dict[int, int], int]:
    """The new seat map {seat: player} and the button's seat: the players (by the seats they sit
    in now) in card order; the high card stays in their seat on the button, each next card at
    the left of the one before. Refuses an order that misses a player at the table, names a
    seat twice or a seat nobody sits in."""
    strangers = [seat for seat in order if seat not in players]
    if strangers:
        raise Refused(_("Nobody sits in seat %(seat)s at this table.") % {"seat": strangers[0]})
    twice = sorted({seat for seat in order if order.count(seat) > 1})
    if twice:
        raise Refused(_("Seat %(seat)s is named twice in the card order.") % {"seat": twice[0]})
    missing = sorted(set(players) - set(order))
    if missing:
        raise Refused(_("Seat %(seat)s has no card: every player at the table draws one.") % {"seat": missing[0]})
    dealer = order[0]
    return {(dealer - 1 + step) % seats + 1: players[seat] for step, seat in enumerate(order)}, dealer
