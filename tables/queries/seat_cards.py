"""Seating by cards (kentucky, tables/rules/seat_cards.py): the tables whose card order the
floor is still to enter, from the log: a table waits from the field's draw or the final
table's draw until its cards seat it or it plays a hand."""

from core import kinds
from tournaments.models import Tournament

DRAWS = (kinds.SEATING_DRAWN.name, kinds.FINAL_TABLE_DRAWN.name)
SETTLED = (kinds.TABLE_SEATED_BY_CARDS.name, kinds.HAND_DONE.name)


def awaiting_cards(tournament: Tournament) -> set[int]:
    """The open tables' numbers that wait for their card order; none when the house does not
    seat by cards."""
    if not tournament.rules().seating.seat_by_cards:
        return set()
    draw = tournament.events.filter(kind__in=DRAWS).order_by("-seq").values("seq", "kind", "public").first()
    if draw is None:
        return set()
    drawn = (
        {draw["public"]["table"]}
        if draw["kind"] == kinds.FINAL_TABLE_DRAWN.name
        else {int(number) for number in draw["public"]["tables"]}
    )
    settled = set(
        tournament.events.filter(kind__in=SETTLED, seq__gt=draw["seq"]).values_list("payload__table", flat=True)
    )
    open_now = set(tournament.tables.filter(broken_at__isnull=True).values_list("table__number", flat=True))
    return (drawn & open_now) - settled
