"""AC-SUSPEND: "The Tournament Action Clock will NOT be suspended unless an extreme situation
arises in which play will be halted" (action-clock rulebook). The director suspends it for the
whole tournament or at one table, with a reason for the log, and resumes it; while it is
suspended no player's time runs there (the clock running on a player stops) and the tablets
say so. One operation each way, one event kind.

Service floor: calls no other app's services; reads the tables' queries.
"""

from django.utils.translation import gettext as _

from clock.models import TableClock
from core import kinds, time_source
from core.operation import operation
from rules.refusals import Refused, logged_reason
from tables.queries.tables import open_table


def suspend_action_clock(
    tournament_id: int, table_number: int | None, reason: str, director, request_key: str | None = None
) -> dict:
    """Suspend the action clock: at table `table_number`, or for the whole tournament (None)."""
    reason = logged_reason(reason, _("the action clock is suspended"))
    return _suspension(tournament_id, table_number, reason, director, request_key)


def resume_action_clock(tournament_id: int, table_number: int | None, director, request_key: str | None = None) -> dict:
    """Resume the action clock where the director suspended it (a table, or the whole tournament)."""
    return _suspension(tournament_id, table_number, "", director, request_key)


def _suspension(tournament_id: int, table_number: int | None, reason: str, director, request_key) -> dict:
    suspend = bool(reason)
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        if not op.tournament.rules().clock.action_clock:
            raise Refused(_("This tournament does not play with the action clock (ruleset: clock.action_clock)."))
        clock = op.locked_clock()
        if clock is None:
            raise Refused(_("This tournament has no structure yet; choose one in the admin before running the clock."))
        tables = dict(clock.action_suspended_tables)
        if table_number is None:
            if suspend == bool(clock.action_suspended):
                raise Refused(
                    _("The action clock is suspended already: resume it first.")
                    if suspend
                    else _("The action clock is not suspended for the whole tournament.")
                )
            clock.action_suspended, stopping = reason, op.tournament.table_clocks
            if not suspend:
                tables = {}  # resuming the whole tournament resumes every table too
        else:
            here = open_table(op.tournament, table_number)
            key = str(table_number)
            if suspend and (clock.action_suspended or key in tables):
                raise Refused(
                    _("The action clock is suspended already at table %(table)s: resume it first.")
                    % {"table": table_number}
                )
            if not suspend and key not in tables:
                raise Refused(
                    _("The action clock is not suspended at table %(table)s.") % {"table": table_number}
                    if not clock.action_suspended
                    else _("The action clock is suspended for the whole tournament: resume it for every table.")
                )
            if suspend:
                tables[key] = reason
            else:
                del tables[key]
            stopping = here.clocks
        clock.action_suspended_tables = tables
        clock.save(update_fields=["action_suspended", "action_suspended_tables"])
        if suspend:  # the time running on a player stops: nobody's hand dies while play is halted
            stopping.filter(kind=TableClock.Kind.ACTION, ended_at__isnull=True).update(
                ended_at=time_source.now(), outcome=TableClock.Outcome.SUSPENDED
            )
        public = {"table": table_number, "suspended": suspend}
        op.append(kinds.ACTION_SUSPENSION, public=public, payload={**public, "reason": reason})
    return public
