"""Chip counts (CHIP-COUNT): stacks counted at a table during play, bags confirmed by a second
person at the end of a day, and the chip leaders published to the lobby.

Service floor: reads the field's chips in play from the tournaments' queries; every count is
checked against it and the answer says whether the counts agree and, if not, by how much.
"""

from django.utils.translation import gettext as _

from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from rules.refusals import Refused
from rules.times import iso_time
from tables.models import ChipBag, ChipCount
from tables.queries.counts import chip_leaders, count_check
from tables.queries.tables import open_table, sitting_at
from tournaments.queries.snapshot import field_counts

MOST_CHIPS = 10**12  # as the API bounds a stack; a typo's extra zeros stop here


def _checked_counts(counts: dict) -> dict[int, int]:
    if not counts:
        raise Refused(_("Enter at least one seat's count."))
    checked = {}
    for seat, amount in counts.items():
        try:
            seat, amount = int(seat), int(amount)
        except (TypeError, ValueError):
            raise Refused(_("Seat %(seat)s: a count is a whole number of chips.") % {"seat": seat}) from None
        if not 0 <= amount <= MOST_CHIPS:
            raise Refused(
                _("Seat %(seat)s: a count is from 0 to %(most_chips)s chips.")
                % {"seat": seat, "most_chips": format(MOST_CHIPS, ",")}
            )
        checked[seat] = amount
    return checked


def report_counts(tournament_id: int, table_number: int, counts: dict, actor, request_key: str | None = None) -> dict:
    """seat -> chips counted now at one table (the floor or the media)."""
    counts = _checked_counts(counts)
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if op.repeated:
            return count_check(tournament, field_counts(tournament_id)["chips_in_play"])
        here = open_table(tournament, table_number)
        now = time_source.now()
        ChipCount.objects.bulk_create(
            ChipCount(
                tournament=tournament,
                entry=sitting_at(here, seat).entry,
                table=table_number,
                seat=seat,
                chips=amount,
                counted_at=now,
                counted_by=recorded_user(actor),
            )
            for seat, amount in sorted(counts.items())
        )
        check = count_check(tournament, field_counts(tournament_id)["chips_in_play"])
        op.append(
            kinds.CHIPS_COUNTED,
            public=None,
            payload={"table": table_number, "counts": {str(seat): amount for seat, amount in counts.items()}, **check},
        )
    return check


def confirm_bag(
    tournament_id: int, table_number: int, seat: int, chips: int, actor, request_key: str | None = None
) -> dict:
    """A second person counts a bag again; the count stands when both agree."""
    chips = _checked_counts({seat: chips})[seat]
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        clock = op.locked_clock()
        if op.repeated:
            return op.repeated.payload
        bag = (
            ChipBag.objects.select_for_update()
            .filter(tournament=tournament, table=table_number, seat=seat, day=clock.day if clock else 1)
            .first()
        )
        if bag is None:
            raise Refused(
                _("Seat %(seat)s at table %(table_number)s has no bag today.")
                % {"seat": seat, "table_number": table_number}
            )
        if bag.confirmed_at:
            raise Refused(
                _("The bag of seat %(seat)s at table %(table_number)s is already confirmed.")
                % {"seat": seat, "table_number": table_number}
            )
        if bag.bagged_by_id is not None and bag.bagged_by_id == getattr(actor, "id", None):
            raise Refused(_("A second person confirms a bag: ask another floor person to count it."))
        if chips != bag.chips:
            raise Refused(
                _("Your count of %(chips)s differs from the first count of %(chips2)s: count it again together.")
                % {"chips": format(chips, ","), "chips2": format(bag.chips, ",")}
            )
        bag.confirmed_at, bag.confirmed_by = time_source.now(), recorded_user(actor)
        bag.save(update_fields=["confirmed_at", "confirmed_by"])
        payload = {"table": table_number, "seat": seat, "chips": chips}
        op.append(kinds.CHIP_BAG_CONFIRMED, public=None, payload=payload)
    return payload


def publish_chip_leaders(tournament_id: int, actor, request_key: str | None = None) -> dict:
    """The lobby's chip leaders and average stack, from the latest counts."""
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return op.repeated.public
        field = field_counts(tournament_id)
        if not field["players_left"]:
            raise Refused(_("No player is left to count."))
        board = chip_leaders(op.tournament, field["chips_in_play"], field["players_left"])
        if not board["leaders"]:
            raise Refused(_("No stack has been counted yet: count the tables first."))
        public = {**board, "counted_at": iso_time(time_source.now())}
        op.append(kinds.CHIP_LEADERS_PUBLISHED, public=public, payload=public)
    return public
