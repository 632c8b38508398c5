"""Promotion at the finish: a satellite's seat places, or a neverending level's freeroll places
(PAY-STRUCT), become won-seat vouchers for the tournament's target, each issued to the
player who won it (REG-NONTRANSFER). A reaction inside the operation that finishes the
tournament (tables/services/finish.py), so the results and the vouchers are final together.

Service floor, below the tables' services (which call it at the finish) and above the
queries: it writes only WonSeat rows and the finishing tournament's log.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core import kinds
from core.access import recorded_user
from core.operation import Operation
from tournaments.models import Entry, Tournament, WonSeat
from tournaments.queries import standings
from tournaments.won_seat_queries import promotes_by_freeroll, target_of


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
    entries = {entry.number: entry for entry in Entry.objects.filter(
        tournament=tournament, number__in=[row["entry"] for row in rows]).select_related("player")}
    issued, shown = [], []
    for row in rows:
        entry = entries[row["entry"]]
        if WonSeat.objects.filter(won_with=entry).exists():
            continue
        source = (_("%(name)s, place %(place)s (freeroll)") if by_freeroll else _("%(name)s, place %(place)s")) % {
            "name": tournament.name, "place": row["place"][0]}
        try:
            with transaction.atomic():
                seat = WonSeat.objects.create(tournament_id=target["id"], player=entry.player, source=source[:200],
                                              won_with=entry, issued_by=recorded_user(op.actor))
        except IntegrityError:  # issued meanwhile by another run of the same finish
            continue
        issued.append(seat)
        shown.append({"entry": entry.number, "name": row["public_name"], "place": row["place"],
                      "cash": row["prize"], "_player": entry.player, "_code": seat.code})
    if shown:
        public = {"target": target, "freerolls": by_freeroll,
                  "seats": [{key: value for key, value in seat.items() if not key.startswith("_")} for seat in shown]}
        staff = {**public, "seats": [{**public_seat, "player": {"id": seat["_player"].id, "name": str(seat["_player"])},
                                      "code": seat["_code"]} for public_seat, seat in zip(public["seats"], shown)]}
        op.append(kinds.SEATS_AWARDED, public=public, payload=staff)
    return issued
