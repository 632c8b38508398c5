"""Why a player was moved (issue 26): the one line the floor tablet, the log and the player's
phone show, from the reason the seat row keeps (Seating.move_reason)."""

from django.utils.translation import gettext as _


def balance_reason(from_table: int, from_count: int, to_table: int, to_count: int, times_moved: int) -> dict:
    """SEAT-BALANCE: the counts the move was decided on, and the mover's moves before it."""
    return {
        "kind": "balance",
        "from_table": from_table,
        "from_count": from_count,
        "to_table": to_table,
        "to_count": to_count,
        "times_moved": times_moved,
    }


def reason_line(why: dict | None) -> str:
    """The sentence for a move's reason, in the reader's language; empty for a seat not moved into."""
    if not why:
        return ""
    if why.get("kind") == "balance":
        return (
            _(
                "To balance the tables: table %(from_table)s had %(from_count)s players, table %(to_table)s "
                "%(to_count)s; of the players next to post the big blind, this one had been moved fewest "
                "times (%(times_moved)s)."
            )
            % why
        )
    if why.get("kind") == "break":
        return _("Table %(from_table)s was broken (SEAT-BREAK): a seat card for an open seat.") % why
    if why.get("kind") == "by_hand":
        return _("Moved by the floor: %(text)s") % why
    return ""
