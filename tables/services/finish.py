"""The finish (END-FINISH): the tournament is over, the tables close, the clock stops; and the
same close for a cancelled tournament (END-CANCEL).

Reactions inside the operation that ends the tournament: the floor's last bust (one player
holds every chip), a recorded end (a full final-table deal), the director's cancellation.
Service floor: tables' services may call the clock's; reads come from the queries.
"""

from django.utils import timezone

from clock.services.level_clock import stop_at_the_finish
from core import kinds
from core.operation import Operation
from tournaments.models import Tournament
from tournaments.promotion import award_seats
from tournaments.queries import winners


def finish(op: Operation, how: str) -> dict:
    """Close every table, stop the clock and mark the tournament finished; `how` says why, for
    the log ("last player standing", "deal"). The results are final from here on."""
    clock = close(op, Tournament.Status.FINISHED)
    public = {"tournament_status": Tournament.Status.FINISHED, "how": how, "winners": winners(op.tournament),
              "clock": clock}
    op.append(kinds.TOURNAMENT_FINISHED, public=public, payload=public)
    award_seats(op)  # a satellite's seats (a level's freerolls) become vouchers with the final results
    return public


def close(op: Operation, status: str) -> dict | None:
    """The end of play, finished or cancelled (END-CANCEL): every seat and table closes, no more
    entries, the clock stops for good. Answers with the stopped clock's document."""
    tournament = op.tournament
    now = timezone.now()
    tournament.seatings.filter(ended_at__isnull=True).update(ended_at=now, ended_because=status)
    tournament.tables.filter(broken_at__isnull=True).update(broken_at=now)
    Tournament.objects.filter(pk=tournament.pk).update(status=status, registration_closed=True)
    tournament.status, tournament.registration_closed = status, True
    return stop_at_the_finish(op)
