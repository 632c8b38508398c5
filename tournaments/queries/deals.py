"""Final-table deals: the players left with their stacks, and the chip-chop, ICM and
guaranteed-minimum proposals side by side (PAY-CHOP, PAY-ICM)."""

from django.utils.translation import gettext as _

from rules.refusals import Refused
from tables.queries.counts import latest_counts
from tournaments.models import Entry, Tournament
from tournaments.queries.payouts import payout
from tournaments.rules import payouts


def deal_players(tournament: Tournament) -> list[dict]:
    """The deal form's rows: every player left, by entry number, named as the staff see them,
    with the chips last counted for them (CHIP-COUNT: a count at the table or a bag; None: not
    counted yet), which the form starts from."""
    counted = latest_counts(tournament)
    return [
        {
            "entry": number,
            "name": str(entry.player),
            "chips": counted[entry.id]["chips"] if entry.id in counted else None,
        }
        for number, entry in sorted(players_left_by_number(tournament).items())
    ]


def players_left_by_number(tournament: Tournament) -> dict[int, Entry]:
    return {
        entry.number: entry
        for entry in tournament.entries.filter(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS).select_related(
            "player"
        )
    }


def deal_stacks(tournament: Tournament, stacks: dict[int, int]) -> tuple[list[int], list[int], list[int]]:
    """(entry numbers, their stacks, the prizes in play), checked against the players left."""
    left = players_left_by_number(tournament)
    if len(left) < 2:
        raise Refused(_("A deal needs at least two players left."))
    if set(stacks) != set(left):
        raise Refused(
            _("Give the chips of every player left, and only theirs: entries %(left)s.")
            % {"left": ", ".join(map(str, sorted(left)))}
        )
    numbers = sorted(left, key=lambda n: -stacks[n])
    table = payout(tournament)
    prizes = (table + [0] * len(numbers))[: len(numbers)]
    return numbers, [stacks[n] for n in numbers], prizes


def deal_proposals(tournament_id: int, stacks: dict[int, int], left_to_play: int = 0) -> dict:
    tournament = Tournament.objects.get(pk=tournament_id)
    numbers, chips, prizes = deal_stacks(tournament, stacks)
    try:
        deals = payouts.deal_proposals(chips, prizes, left_to_play)
    except ValueError as problem:
        raise Refused(_("%(problem)s.") % {"problem": str(problem).capitalize()}) from None
    return {
        "entries": numbers,
        "prizes": prizes,
        "left_to_play": left_to_play,
        "deals": {method: dict(zip(map(str, numbers), amounts)) for method, amounts in deals.items()},
    }
