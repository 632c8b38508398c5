"""The finish (END-FINISH): the tournament is over, the tables close, the clock stops; and the
same close for a cancelled tournament (END-CANCEL); a satellite's seats become vouchers with
the final results (SAT-SEATS).

Reactions inside the operation that ends the tournament: the floor's last bust (one player
holds every chip), a recorded end (a full final-table deal), the director's cancellation.
Service floor: tables' services may call the clock's; reads come from the queries.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clock.services.level_clock import stop_at_the_finish
from core import kinds, time_source
from core.access import recorded_user
from core.operation import Operation
from tables.services.knockouts import own_bounty
from tournaments.models import Entry, Tournament, WonSeat
from tournaments.queries.results import standings, winners
from tournaments.queries.satellites import promotes_by_freeroll, target_of


def finish(op: Operation, how: str) -> dict:
    """Close every table, stop the clock and mark the tournament finished; `how` says why, for
    the log ("last player standing", "deal"). The results are final from here on. The winner
    takes their own bounty (or draws the last envelope) first."""
    own_bounty(op)
    clock = close(op, Tournament.Status.FINISHED)
    public = {
        "tournament_status": Tournament.Status.FINISHED,
        "how": how,
        "winners": winners(op.tournament),
        "clock": clock,
    }
    op.append(kinds.TOURNAMENT_FINISHED, public=public, payload=public)
    award_seats(op)  # a satellite's seats (a level's freerolls) become vouchers with the final results
    return public


def close(op: Operation, status: str) -> dict | None:
    """The end of play, finished or cancelled (END-CANCEL): every seat and table closes, no more
    entries, the clock stops for good. Answers with the stopped clock's document."""
    tournament = op.tournament
    now = time_source.now()
    tournament.seatings.filter(ended_at__isnull=True).update(ended_at=now, ended_because=status)
    tournament.tables.filter(broken_at__isnull=True).update(broken_at=now)
    Tournament.objects.filter(pk=tournament.pk).update(status=status, registration_closed=True)
    tournament.status, tournament.registration_closed = status, True
    return stop_at_the_finish(op)


def award_seats(op: Operation) -> list[WonSeat]:
    """Issue the vouchers the final results award, once per winning entry: an entry that has
    its voucher already (a finish run again) is left as it is, and the database holds one
    voucher per winning entry whatever runs twice. Answers with the vouchers issued now."""
    tournament = op.tournament
    target = target_of(tournament)
    if target is None or tournament.status != Tournament.Status.FINISHED:
        return []
    by_freeroll = promotes_by_freeroll(tournament)
    rows = [row for row in standings(tournament)["out"] if (row["freeroll"] if by_freeroll else row["seat"])]
    entries = {
        entry.number: entry
        for entry in Entry.objects.filter(
            tournament=tournament, number__in=[row["entry"] for row in rows]
        ).select_related("player")
    }
    issued, shown = [], []
    for row in rows:
        entry = entries[row["entry"]]
        if WonSeat.objects.filter(won_with=entry).exists():
            continue
        source = (_("%(name)s, place %(place)s (freeroll)") if by_freeroll else _("%(name)s, place %(place)s")) % {
            "name": tournament.name,
            "place": row["place"][0],
        }
        try:
            with transaction.atomic():
                seat = WonSeat.objects.create(
                    tournament_id=target["id"],
                    player=entry.player,
                    source=source[:200],
                    won_with=entry,
                    issued_by=recorded_user(op.actor),
                )
        except IntegrityError:  # issued meanwhile by another run of the same finish
            continue
        issued.append(seat)
        shown.append(
            {
                "entry": entry.number,
                "name": row["public_name"],
                "place": row["place"],
                "cash": row["prize"],
                "_player": entry.player,
                "_code": seat.code,
            }
        )
    if shown:
        public = {
            "target": target,
            "freerolls": by_freeroll,
            "seats": [{key: value for key, value in seat.items() if not key.startswith("_")} for seat in shown],
        }
        staff = {
            **public,
            "seats": [
                {
                    **public_seat,
                    "player": {"id": seat["_player"].id, "name": str(seat["_player"])},
                    "code": seat["_code"],
                }
                for public_seat, seat in zip(public["seats"], shown)
            ],
        }
        op.append(kinds.SEATS_AWARDED, public=public, payload=staff)
    return issued
