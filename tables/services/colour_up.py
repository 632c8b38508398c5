"""Colour-ups and chip races (CHIP-RACE, CHIP-ODD): the director starts a colour-up (a chip
leaves play), each table's tablet sends its race sheet (the odd chips per seat) and the race is
run once, from a recorded seed, changing the chips in play by its difference and nothing else.

Service floor: reads the tables' queries and the field's chips in play from the tournaments'.
"""

import random
import secrets

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from rules.refusals import Refused
from tables.models import ChipAdjustment, ChipRace, ColourUp
from tables.queries.colour_up import colour_up_view, latest_colour_up, race_answer
from tables.queries.tables import open_table
from tables.rules.colour_up import OddChips, chip_race, colour_up_problem, odd_chip_pot
from tables.rules.high_card import shoe
from tournaments.queries.snapshot import field_counts

MOST_CHIP_VALUE = 10**9  # a chip's value; a typo's extra zeros stop here
MOST_ODD_CHIPS = 1_000  # odd chips at one seat: fewer than smallest / leaving


def start_colour_up(
    tournament_id: int, leaving: int, smallest: int, actor, request_key: str | None = None, note: str = ""
) -> dict:
    """The director: chips of `leaving` leave play; the tables race their odd chips into
    chips of `smallest`, the smallest staying in play."""
    for name, value in (("leaving play", leaving), ("staying", smallest)):
        if not isinstance(value, int) or not 1 <= value <= MOST_CHIP_VALUE:
            raise Refused(
                _("The chip %(name)s is a value from 1 to %(most_chip_value)s.")
                % {"name": name, "most_chip_value": format(MOST_CHIP_VALUE, ",")}
            )
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if op.repeated:
            return colour_up_view(tournament)
        last = latest_colour_up(tournament)
        if problem := colour_up_problem(leaving, smallest, last.smallest if last else None):
            raise Refused(problem)
        if last is not None:
            waiting = colour_up_view(tournament)["current"]
            if waiting["to_race"]:
                tables = [str(row["table"]) for row in waiting["tables"] if not row["raced"]]
                raise Refused(
                    ngettext(
                        "Colour-up %(number)s (chips of %(leaving)s) still has table %(tables)s to race: "
                        "race it first.",
                        "Colour-up %(number)s (chips of %(leaving)s) still has tables %(tables)s to race: "
                        "race them first.",
                        len(tables),
                    )
                    % {"number": last.number, "leaving": format(last.leaving, ","), "tables": ", ".join(tables)}
                )
        if not tournament.seatings.filter(ended_at__isnull=True).exists():
            raise Refused(
                _("Nobody is seated: a colour-up races the odd chips at the tables, so draw the field first.")
            )
        number = (last.number if last else 0) + 1
        ColourUp.objects.create(
            tournament=tournament,
            number=number,
            leaving=leaving,
            smallest=smallest,
            note=note.strip()[:100],
            started_at=time_source.now(),
            started_by=recorded_user(actor),
        )
        public = {"colour_up": number, "leaving": leaving, "smallest": smallest, "note": note.strip()[:100]}
        op.append(kinds.COLOUR_UP_STARTED, public=public, payload=public)
        return colour_up_view(tournament)


def _sheet(rows: list) -> list[OddChips]:
    if not rows:
        raise Refused(_("Enter the odd chips of at least one seat."))
    sheet = []
    for row in rows:
        seat, odd, other = row.get("seat"), row.get("odd_chips"), row.get("has_other_chips", True)
        if not isinstance(seat, int) or not 1 <= seat <= 12:
            raise Refused(_("%(seat)s is not a seat: seats are numbered 1 to 12.") % {"seat": repr(seat)})
        if not isinstance(odd, int) or not 0 <= odd <= MOST_ODD_CHIPS:
            raise Refused(
                _("Seat %(seat)s: odd chips are a whole number from 0 to %(most_odd_chips)s.")
                % {"seat": seat, "most_odd_chips": format(MOST_ODD_CHIPS, ",")}
            )
        if not isinstance(other, bool):
            raise Refused(_("Seat %(seat)s: say whether the player has other chips (yes or no).") % {"seat": seat})
        if not odd and not other:
            raise Refused(
                _(
                    "Seat %(seat)s has no odd chips and no other chips: a player without "
                    "chips is out, so record the bust instead."
                )
                % {"seat": seat}
            )
        sheet.append(OddChips(seat, odd, other))
    if len({row.seat for row in sheet}) != len(sheet):
        raise Refused(_("Each seat is on the race sheet once."))
    return sheet


def race_table(
    tournament_id: int,
    number: int,
    table_number: int,
    rows: list,
    actor,
    request_key: str | None = None,
    seed: int | None = None,
) -> dict:
    """A table's race sheet: each seated player's odd chips of the leaving chip and whether they
    have other chips (a seat left out has no odd chips). The race runs once per table and
    colour-up; a second sheet for the same table is answered with the race recorded
    (`already_raced`), nothing raced again. `seed`: the shoe's (tests and replays); by default a
    fresh one, recorded."""
    sheet = _sheet(rows)
    seed = secrets.randbits(62) if seed is None else seed
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        colour_up = tournament.colour_ups.filter(number=number).first()
        if colour_up is None:
            raise Refused(_("There is no colour-up %(number)s: the director starts one first.") % {"number": number})
        recorded = ChipRace.objects.filter(colour_up=colour_up, table=table_number).select_related("colour_up").first()
        if recorded is not None:
            return race_answer(recorded, already_raced=not op.repeated)
        here = open_table(tournament, table_number)
        seated = set(here.seatings.filter(ended_at__isnull=True).values_list("seat", flat=True))
        if empty := sorted(row.seat for row in sheet if row.seat not in seated):
            raise Refused(
                _("Seat %(empty)s at table %(table_number)s is empty: the race sheet lists the players seated there.")
                % {"empty": empty[0], "table_number": table_number}
            )
        rules = tournament.rules().chips
        start_after = None if rules.race_from_seat_1 else here.button
        cards = shoe(max(1, sum(row.odd_chips for row in sheet)), random.Random(seed))
        try:
            if rules.odd_chips_to_high_card:
                result = odd_chip_pot(sheet, colour_up.leaving, colour_up.smallest, cards)
            else:
                result = chip_race(sheet, colour_up.leaving, colour_up.smallest, start_after, cards)
        except ValueError as problem:
            raise Refused(str(problem)) from None
        now = time_source.now()
        adjustment = ChipAdjustment.objects.create(
            tournament=tournament,
            kind=ChipAdjustment.Kind.COLOUR_UP,
            chips=result.difference,
            table=table_number,
            reason=f"colour-up {number}: the odd chips of {colour_up.leaving:,} raced at table {table_number}",
            at=now,
            by=recorded_user(actor),
        )
        race = ChipRace.objects.create(
            colour_up=colour_up,
            table=table_number,
            pot=rules.odd_chips_to_high_card,
            start_after=None if rules.odd_chips_to_high_card else start_after,
            seed=seed,
            sheet=[
                {"seat": row.seat, "odd_chips": row.odd_chips, "has_other_chips": row.has_other_chips} for row in sheet
            ],
            result={
                "new_chips": {str(seat): chips for seat, chips in result.new_chips.items()},
                "protected": list(result.protected),
                "cards": {str(seat): cards for seat, cards in result.cards.items()},
            },
            odd_value=result.odd_value,
            new_value=result.new_value,
            difference=result.difference,
            adjustment=adjustment,
            raced_at=now,
            raced_by=recorded_user(actor),
        )
        answer = {**race_answer(race), "chips_in_play": field_counts(tournament_id)["chips_in_play"]}
        op.append(kinds.CHIPS_RACED, public=None, payload={**answer, "seed": seed, "sheet": race.sheet})
        return answer
