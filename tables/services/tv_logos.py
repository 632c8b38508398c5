"""PF-LOGO-TV and PF-LOGO-SIZE as players sit down at a TV table: a reaction inside the
seating operations (the draw, a move, a table break, the final table), which logs what the
logos there break. The seats stand; the director resolves a breach on the compliance page as
the field's cap is resolved (players/services/logos.py).

Service floor: tables' services may call the clock's; reads come from the queries.
"""

from core import kinds
from core.operation import Operation
from players.queries.logos import logo_free_at_final_table, tv_table_findings

DRAW, LATE, MOVE, BREAK, FINAL = "draw", "late entry", "move", "break", "final table"


def check_tv_tables(op: Operation, tables: set[int], how: str) -> list[dict]:
    """Check the TV tables among `tables` (venue numbers) players just sat down at. At the final
    table's draw, also record who starts it logo-free: they stay so."""
    found = tv_table_findings(op.tournament, tables)
    logo_free = sorted(logo_free_at_final_table(op.tournament)) if how == FINAL else []
    if found or logo_free:
        op.append(kinds.LOGO_TV_CHECKED, public=None, payload={"how": how, "tables": found, "logo_free": logo_free})
    return found
