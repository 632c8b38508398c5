"""Final-table deals (PAY-CHOP): recording the one every remaining player agreed to.

A deal shares the prizes still in play among the players left: chip-chop, ICM or a
guaranteed minimum, optionally keeping an amount back for the winner of the play that goes
on. It is recorded only when every remaining player agrees and a tournament representative
is present, and it goes to media through the public log. The proposals side by side are a
query (tournaments/queries.py: deal_proposals).

Service floor: reads the queries only.
"""

from django.utils import timezone

from core import kinds
from core.access import recorded_user
from core.operation import operation
from core.refusals import Refused
from players.queries import public_name
from tournaments import payouts
from tournaments.models import Deal
from tables.services.finish import finish
from tournaments.queries import deal_stacks, field_counts, money_summary, players_left_by_number


def record(tournament_id: int, method: str, stacks: dict[int, int], left_to_play: int, agreed: list[int],
           representative: str, director, request_key: str | None = None) -> dict:
    representative = representative.strip()
    if not representative:
        raise Refused("Name the tournament representative present: a deal is recorded only in their presence.")
    if method not in Deal.Method.values:
        raise Refused(f"Choose a deal: {', '.join(Deal.Method.values)}.")
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        tournament = op.tournament
        numbers, chips, prizes = deal_stacks(tournament, stacks)
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
        left = players_left_by_number(tournament)
        public = {"method": deal.get_method_display(), "left_to_play": left_to_play,
                  "players": [{"entry": n, "name": public_name(left[n].player.first_name, left[n].player.last_name),
                               "chips": stacks[n], "amount": a} for n, a in zip(numbers, amounts)]}
        public["money"] = money_summary(tournament, field_counts(tournament_id)["players_left"])
        op.append(kinds.DEAL_RECORDED, public=public, payload={**public, "representative": representative})
        if not left_to_play:
            finish(op, "deal")  # END-FINISH: a full deal is the result; the players in it are placed by chips
    return public
