"""Seating by cards (kentucky L21-28, L39-40): once a table is drawn, at the start or at the
final table, the floor enters the card each player drew (or the order of the cards) once, and
the table's seats follow: the high card keeps their seat and takes the button, the rest sit to
its left, high card to low (tables/rules/seat_cards.py).

Service floor: reads come from the queries.
"""

from dataclasses import replace

from django.utils.translation import gettext as _

from core import kinds, time_source
from core.operation import operation
from players.queries.players import player_summary
from rules.refusals import Refused
from tables.models import Seating
from tables.queries.seat_cards import awaiting_cards
from tables.queries.tables import open_table, table_state
from tables.rules import seat_cards, seating


def seat_by_cards(
    tournament_id: int,
    table_number: int,
    actor,
    cards: dict[int, str] | None = None,
    order: list[int] | None = None,
    request_key: str | None = None,
) -> dict:
    """The floor's card order for a table: `cards` {seat as they sit now: the card drawn} or
    `order` [seats as they sit now, high card first]. Logged; the seats, the button and the
    blinds of the first hand follow. Refused where the house does not seat by cards, once the
    table has its card order or has played a hand since its draw, and for a card order that
    misses a player, names a seat twice or an empty one, or gives one card twice."""
    if (cards is None) == (order is None):
        raise Refused(_("Give each player's card, or the seats in card order, high card first."))
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if op.repeated:
            return op.repeated.public
        if not tournament.rules().seating.seat_by_cards:
            raise Refused(
                _("The house rules (%(preset)s) do not seat by cards: the draw's seats stand.")
                % {"preset": tournament.ruleset_preset}
            )
        here = open_table(tournament, table_number)
        if table_number not in awaiting_cards(tournament):
            raise Refused(
                _(
                    "Table %(table)s is not waiting for its cards: the cards seat a table once, after the "
                    "draw or the final table's draw and before its first hand."
                )
                % {"table": table_number}
            )
        state = table_state(here)
        given = set(cards) if cards is not None else set(order)
        missing = sorted(set(state.players) - given)
        if missing:
            sitting = here.seatings.get(seat=missing[0], ended_at__isnull=True)
            raise Refused(
                _("Seat %(seat)s (#%(entry)s %(name)s) has no card: every player at the table draws one.")
                % {"seat": missing[0], "entry": sitting.entry.number, "name": sitting.entry.player}
            )
        if cards is not None:
            order = seat_cards.card_order(cards)
        new_seats, button = seat_cards.seats_by_cards(state.players, order, state.seats)  # new seat -> entry id
        first = seating.next_hand(replace(state, players=new_seats, button=button, small_blind=None, big_blind=None))
        now = time_source.now()
        sittings = {s.entry_id: s for s in here.seatings.filter(ended_at__isnull=True).select_related("entry__player")}
        here.seatings.filter(ended_at__isnull=True).update(ended_at=now, ended_because="seated by cards")
        Seating.objects.bulk_create(
            [
                Seating(tournament=tournament, entry_id=entry, tournament_table=here, seat=seat, started_at=now)
                for seat, entry in new_seats.items()
            ]
        )
        here.button, here.small_blind, here.big_blind = first.button, first.small_blind, first.big_blind
        here.save(update_fields=["button", "small_blind", "big_blind"])
        old_seat = {entry: seat for seat, entry in state.players.items()}
        public = {
            "table": table_number,
            "seats": {str(seat): old_seat[entry] for seat, entry in new_seats.items()},
            "button": first.button,
            "small_blind": first.small_blind,
            "big_blind": first.big_blind,
        }
        if cards is not None:
            public["cards"] = {str(seat): str(cards[old_seat[entry]]).strip() for seat, entry in new_seats.items()}
        players = {
            str(seat): {**player_summary(sittings[entry].entry.player), "entry": sittings[entry].entry.number}
            for seat, entry in new_seats.items()
        }
        op.append(kinds.TABLE_SEATED_BY_CARDS, public=public, payload={**public, "players": players})
    return public
