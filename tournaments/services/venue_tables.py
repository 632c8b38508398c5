"""The venue's tables on the set-up page: add one or a range at once ("1-40, 9 seats"), change
a table's seats or its TV mark while no tournament has it open, remove one no tournament has
used. Each is one operation in the log of the tournament whose set-up page the director is on
(the tables are the festival's, for all its tournaments)."""

from django.db import transaction
from django.utils.translation import gettext as _

from core import kinds
from core.operation import operation
from rules.refusals import Refused
from tables.models import Table
from tournaments.queries.venue_tables import open_in, used_by
from tournaments.rules.flights import table_ranges


def _seats(seats: int) -> None:
    if not 2 <= seats <= 12:
        raise Refused(_("A table has 2 to 12 seats."))


def add_venue_tables(tournament_id: int, tables: str, seats: int, is_tv: bool, director, request_key=None) -> dict:
    """One table ("7") or a range ("1-40", "1-20, 31-40") with the same seats."""
    _seats(seats)
    try:
        numbers = table_ranges(tables)
    except ValueError as problem:
        raise Refused(str(problem)) from None
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.payload
        festival = op.tournament.festival_id
        taken = list(
            Table.objects.filter(festival_id=festival, number__in=numbers)
            .order_by("number")
            .values_list("number", flat=True)
        )
        if len(taken) == 1:
            raise Refused(_("The venue already has a table %(number)s.") % {"number": taken[0]})
        if taken:
            raise Refused(
                _("The venue already has tables %(numbers)s: add the others, or change those.")
                % {"numbers": ", ".join(map(str, taken))}
            )
        with transaction.atomic():
            Table.objects.bulk_create(
                [Table(festival_id=festival, number=number, seats=seats, is_tv=is_tv) for number in numbers]
            )
        answer = {"table": numbers[0], "tables": numbers, "seats": seats, "is_tv": is_tv}
        for number in numbers:  # one event per table; the first carries the whole answer
            public = {"table": number, "seats": seats, "is_tv": is_tv}
            op.append(kinds.VENUE_TABLE_ADDED, public=public, payload=answer if number == numbers[0] else public)
    return answer


def _table(op, number: int) -> Table:
    table = Table.objects.select_for_update().filter(festival_id=op.tournament.festival_id, number=number).first()
    if table is None:
        raise Refused(_("The venue has no table %(table_number)s.") % {"table_number": number})
    return table


def change_venue_table(tournament_id: int, number: int, seats: int, is_tv: bool, director, request_key=None) -> dict:
    """A table's seats or TV mark, while no tournament has it open (its seats are in play)."""
    _seats(seats)
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        table = _table(op, number)
        playing = open_in(table)
        if playing is not None:
            raise Refused(
                _("Table %(number)s is open in %(tournament)s: change it once it breaks there or that tournament ends.")
                % {"number": number, "tournament": playing.name}
            )
        if (table.seats, table.is_tv) == (seats, is_tv):
            raise Refused(_("Nothing changed."))
        table.seats, table.is_tv = seats, is_tv
        table.save(update_fields=["seats", "is_tv"])
        public = {"table": number, "tables": [number], "seats": seats, "is_tv": is_tv}
        op.append(kinds.VENUE_TABLE_CHANGED, public=public, payload=public)
    return public


def remove_venue_table(tournament_id: int, number: int, director, request_key=None) -> dict:
    """A table no tournament has used: one opened or pinned once stays in that tournament's
    record (change its seats instead)."""
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        table = _table(op, number)
        used = used_by(table)
        if used is not None:
            raise Refused(
                _("Table %(number)s is used by %(tournament)s and stays in its record: it cannot be removed.")
                % {"number": number, "tournament": used.name}
            )
        public = {"table": number, "tables": [number], "seats": table.seats, "is_tv": table.is_tv}
        table.delete()
        op.append(kinds.VENUE_TABLE_REMOVED, public=public, payload=public)
    return public
