"""Final-table deals (PAY-CHOP): proposals side by side, and recording the one agreed.

A deal shares the prizes still in play among the players left: chip-chop, ICM or a
guaranteed minimum, optionally keeping an amount back for the winner of the play that goes
on. It is recorded only when every remaining player agrees and a tournament representative
is present, and it goes to media through the public log.
"""

from django.db import transaction
from django.utils import timezone

from players.services import public_name
from pokerfest.access import recorded_user
from pokerfest.refusals import Refused
from tables.services import lock_tournament
from tournaments import events, payouts
from tournaments.models import Deal, Entry, Tournament
from tournaments.results import payout


def _players_left(tournament: Tournament) -> dict[int, Entry]:
    return {entry.number: entry for entry in tournament.entries.filter(
        status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS).select_related("player")}


def _stacks(tournament: Tournament, stacks: dict[int, int]) -> tuple[list[int], list[int], list[int]]:
    """(entry numbers, their stacks, the prizes in play), checked against the players left."""
    left = _players_left(tournament)
    if len(left) < 2:
        raise Refused("A deal needs at least two players left.")
    if set(stacks) != set(left):
        raise Refused(f"Give the chips of every player left, and only theirs: entries {', '.join(map(str, sorted(left)))}.")
    numbers = sorted(left, key=lambda n: -stacks[n])
    table = payout(tournament)
    prizes = (table + [0] * len(numbers))[:len(numbers)]
    return numbers, [stacks[n] for n in numbers], prizes


def proposals(tournament_id: int, stacks: dict[int, int], left_to_play: int = 0) -> dict:
    tournament = Tournament.objects.get(pk=tournament_id)
    numbers, chips, prizes = _stacks(tournament, stacks)
    try:
        deals = payouts.deal_proposals(chips, prizes, left_to_play)
    except ValueError as problem:
        raise Refused(f"{str(problem).capitalize()}.") from None
    return {"entries": numbers, "prizes": prizes, "left_to_play": left_to_play,
            "deals": {method: dict(zip(map(str, numbers), amounts)) for method, amounts in deals.items()}}


def record(tournament_id: int, method: str, stacks: dict[int, int], left_to_play: int, agreed: list[int],
           representative: str, director, request_key: str | None = None) -> dict:
    representative = representative.strip()
    if not representative:
        raise Refused("Name the tournament representative present: a deal is recorded only in their presence.")
    if method not in Deal.Method.values:
        raise Refused(f"Choose a deal: {', '.join(Deal.Method.values)}.")
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return repeated.public
        numbers, chips, prizes = _stacks(tournament, stacks)
        missing = sorted(set(numbers) - set(agreed))
        if missing:
            raise Refused(f"Every player left must agree; not yet: entries {', '.join(map(str, missing))}.")
        try:
            amounts = payouts.deal_proposals(chips, prizes, left_to_play)[method]
        except ValueError as problem:
            raise Refused(f"{str(problem).capitalize()}.") from None
        deal = Deal.objects.create(tournament=tournament, method=method, stacks={str(n): stacks[n] for n in numbers},
                                   amounts={str(n): a for n, a in zip(numbers, amounts)}, left_to_play=left_to_play,
                                   representative=representative, at=timezone.now(),
                                   recorded_by=recorded_user(director))
        left = _players_left(tournament)
        public = {"method": deal.get_method_display(), "left_to_play": left_to_play,
                  "players": [{"entry": n, "name": public_name(left[n].player.first_name, left[n].player.last_name),
                               "chips": stacks[n], "amount": a} for n, a in zip(numbers, amounts)]}
        events.append_event(tournament_id, "deal.recorded", actor=director, public=public, request_key=request_key,
                            payload={**public, "representative": representative})
    return public
