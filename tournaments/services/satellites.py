"""Satellites' won seats: the director issues a winner's seat in the target tournament, with
the voucher the desk sells it by (REG-NONTRANSFER); the desk's sale spends it
(tournaments.services.desk.register_entry)."""

from django.utils.translation import gettext as _

from core import kinds
from core.access import recorded_user
from core.operation import operation
from players.models import Player
from players.queries.players import player_summary
from rules.refusals import Refused
from tournaments.models import WonSeat


def issue_won_seat(tournament_id: int, player_id: int, source: str, director) -> WonSeat:
    """A satellite or freeroll winner's seat in this tournament, with the voucher code the
    desk will ask for (REG-NONTRANSFER: it is good for this player only)."""
    if not source.strip():
        raise Refused(_('Say where the seat was won, e.g. "Satellite 3, 1st place".'))
    with operation(tournament_id, director) as op:
        player = Player.objects.get(pk=player_id)
        seat = WonSeat.objects.create(
            tournament_id=tournament_id, player=player, source=source.strip(), issued_by=recorded_user(director)
        )
        op.append(
            kinds.WON_SEAT_ISSUED,
            public=None,
            payload={"player": player_summary(player), "source": seat.source, "code": seat.code},
        )
    return seat
