"""The printed slips (issue 26, "Print"), each a page printed from the browser on 80 mm thermal
paper or A4 (views/paper.py): move slips (a broken table's, one player's), payout receipts and
the day's chip-count sheet. The seat ticket is pages.ticket. Names are staff's: each page needs
the right of the screen it is printed from."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from core.access import Action
from tables.queries.floor import broken_table
from tournaments.models import Entry
from tournaments.queries import prints
from tournaments.views.pages import _allowed
from tournaments.views.paper import paper_for, remember_paper


def _nothing(request, tournament, sentence: str):
    # 422 like a refused results download: the page exists, what was asked of it has nothing yet.
    return render(request, "pokerfest/print/nothing.html", {"tournament": tournament, "sentence": sentence}, status=422)


def _printed(request, tournament_id: int, action: Action, template: str, read, default: str = "80mm", also=None):
    """A print page: access first, then `read(tournament)`, a dict or a sentence saying why there
    is nothing to print."""
    tournament = _allowed(request, tournament_id, *(action, also) if also else (action,))
    if isinstance(tournament, HttpResponse):
        return tournament
    answer = read(tournament)
    if isinstance(answer, str):
        return _nothing(request, tournament, answer)
    page = {"tournament": tournament, "paper": paper_for(request, default), **answer}
    return remember_paper(request, render(request, template, page))


def _number(request, name: str) -> int | None:
    value = request.GET.get(name, "").strip().lstrip("#")
    return int(value) if value.isdigit() else None


def moves(request, tournament_id: int):
    """SEAT-BREAK / SEAT-BALANCE: `?table=N`, the broken table's moves on one slip (one line a
    player, to cut apart on A4); `?entry=N`, one player's slip for their last move."""
    table, entry = _number(request, "table"), _number(request, "entry")

    def read(tournament):
        if table is not None:
            broken = broken_table(tournament, table)
            if broken is None:
                return _("Table %(table)s is not broken: there are no moves to print.") % {"table": table}
            return {"broken": broken, "slips": broken["players"]}
        if entry is not None:
            move = prints.move_of(tournament, entry)
            if move is None:
                return _("Entry #%(entry)s has not been moved, or is out: there is no move slip.") % {"entry": entry}
            return {"slips": [move]}
        return _("Give a broken table's number (table=) or an entry's number (entry=) to print its moves.")

    return _printed(request, tournament_id, Action.FLOOR, "pokerfest/print/moves.html", read)


def receipt(request, tournament_id: int, number: int):
    """The payout receipt of entry `number`'s prize, for the player and the cashier to sign."""

    def read(tournament):
        get_object_or_404(Entry, tournament=tournament, number=number)  # an unknown entry is not found
        paid = prints.receipt_of(tournament, number)
        if paid is None:
            return _("No prize is paid to entry #%(entry)s: there is no receipt to print.") % {"entry": number}
        return {"receipt": paid}

    return _printed(
        request, tournament_id, Action.PAY_PRIZES, "pokerfest/print/receipt.html", read, also=Action.PERSONAL_DATA
    )


def chip_counts(request, tournament_id: int):
    """CHIP-COUNT: the day's chip-count sheet, by table and seat, A4 by default."""
    return _printed(
        request,
        tournament_id,
        Action.COUNT_CHIPS,
        "pokerfest/print/chip_counts.html",
        lambda tournament: {"sheet": prints.chip_count_sheet(tournament)},
        default="a4",
    )
