"""SEAT-COLLECT (pokerfest L148): where the house collects seat cards at the draw, the floor
records each seat collected; the stacks of a seat number go into play once every seat of that
number is collected (all seat-8s together), and the log says which numbers just went in.

Service floor: reads come from the queries.
"""

from django.utils.translation import gettext as _

from core import kinds, time_source
from core.operation import operation
from players.queries.players import player_summary
from rules.refusals import Refused
from tables.queries.collect import collecting
from tables.queries.tables import open_table, sitting_at


def collect_seat(tournament_id: int, table_number: int, seat: int, actor, request_key: str | None = None) -> dict:
    """The player in this seat collected their seat card (or the floor put the absent player's
    stack out): once every seat of its number is collected, those stacks go into play."""
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if repeated := op.repeated:
            return {key: value for key, value in repeated.payload.items() if key != "player"}
        sitting = sitting_at(open_table(tournament, table_number), seat)
        if not sitting.to_collect:
            raise Refused(
                _("Seat %(seat)s at table %(table)s has no seat card to collect: its stack is in play.")
                % {"seat": seat, "table": table_number}
            )
        before = collecting(tournament)
        if sitting.collected_at is not None:
            return {"table": table_number, "seat": seat, "in_play": [], "waiting": before["waiting"] if before else []}
        sitting.collected_at = time_source.now()
        sitting.save(update_fields=["collected_at"])
        after = collecting(tournament)
        waiting = after["waiting"] if after else []
        public = {
            "table": table_number,
            "seat": seat,
            "in_play": sorted(set(before["waiting"]) - set(waiting)),  # the numbers this card completed
            "waiting": waiting,
        }
        op.append(kinds.SEAT_COLLECTED, public=None, payload={**public, "player": player_summary(sitting.entry.player)})
    return public
