"""Final-table deals (PAY-CHOP): recording the one every remaining player agreed to; and the
recorded ends that divide the prizes among the players left without one (END-FINISH): the
time limit's chip-chop (CLK-LIMIT) and the final gong's places by chips.

A deal shares the prizes still in play among the players left: chip-chop, ICM or a
guaranteed minimum, optionally keeping an amount back for the winner of the play that goes
on. It is recorded only when every remaining player agrees and a tournament representative
is present, and it goes to media through the public log. The proposals side by side are a
query (tournaments/queries/: deal_proposals).

Service floor: reads the queries only.
"""

from django.utils.translation import gettext as _

from clock.rules.calls import heads_up_count
from core import kinds, time_source
from core.access import recorded_user
from core.operation import Operation, operation
from players.queries.players import public_name_of
from rules.refusals import Refused
from tables.services.finish import finish
from tables.services.knockouts import deal_bounties
from tournaments.models import Deal
from tournaments.queries.deals import deal_stacks, players_left_by_number
from tournaments.queries.payouts import field_and_money
from tournaments.rules import payouts
from tournaments.rules.rulesets import endings


def record(
    tournament_id: int,
    method: str,
    stacks: dict[int, int],
    left_to_play: int,
    agreed: list[int],
    representative: str,
    director,
    request_key: str | None = None,
    include_bounties: bool = False,
) -> dict:
    """PAY-CHOP. BNT-DEAL: the bounties stay outside the deal unless `include_bounties` (the
    players agreed): the bounties left are then shared in the deal's proportions
    (tables/services/knockouts.py deal_bounties) and the deal records how much."""
    representative = representative.strip()
    if not representative:
        raise Refused(_("Name the tournament representative present: a deal is recorded only in their presence."))
    if method not in (Deal.Method.CHIP_CHOP, Deal.Method.ICM, Deal.Method.GUARANTEED):
        raise Refused(_("Choose a deal: chip_chop, icm, guaranteed."))
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        numbers, chips, prizes = deal_stacks(op.tournament, stacks)
        missing = sorted(set(numbers) - set(agreed))
        if missing:
            raise Refused(
                _("Every player left must agree; not yet: entries %(missing)s.")
                % {"missing": ", ".join(map(str, missing))}
            )
        try:
            amounts = payouts.deal_proposals(chips, prizes, left_to_play)[method]
        except ValueError as problem:
            raise Refused(_("%(problem)s.") % {"problem": str(problem).capitalize()}) from None
        public = _recorded(op, method, numbers, stacks, amounts, left_to_play, representative, include_bounties)
        if not left_to_play:
            finish(op, "deal")  # END-FINISH: a full deal is the result; the players in it are placed by chips
    return public


def end_by_time_limit(tournament_id: int, stacks: dict[int, int], director, request_key: str | None = None) -> dict:
    """END-FINISH by CLK-LIMIT (kentucky): once the time limit has stopped the clock, the
    remaining prizes are split by chip count (exactly, or by the house's rounded percentages:
    the ruleset's clock.time_limit_split) and that chop is the result, recorded without an
    agreement; the players left are placed by their chips."""
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        clock = op.locked_clock()
        if clock is None or not clock.limit_reached:
            raise Refused(_("The time limit has not been reached: play on, or record a deal everyone agrees to."))
        numbers, chips, prizes = deal_stacks(op.tournament, stacks)
        amounts = payouts.time_limit_chop(chips, sum(prizes), op.tournament.rules().clock.time_limit_split)
        public = _recorded(op, Deal.Method.CHIP_CHOP, numbers, stacks, amounts, 0, "the time limit (CLK-LIMIT)")
        finish(op, "time limit")
    return public


def end_at_the_gong(tournament_id: int, stacks: dict[int, int], director, request_key: str | None = None) -> dict:
    """END-FINISH at the final gong (chips): the players left are placed by their chips and
    win their places' prizes, no more (and ranking points by place); a heads-up match first
    plays the house's minimum hands (CLK-HEADSUP)."""
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        tournament = op.tournament
        if "gong" not in endings(tournament.rules()):
            raise Refused(
                _("The house rules (%(preset)s) have no final gong: play on, or record a deal everyone agrees to.")
                % {"preset": tournament.ruleset_preset}
            )
        heads_up = tournament.tables.filter(broken_at__isnull=True, heads_up_from_hand__isnull=False).first()
        if heads_up is not None:
            count = heads_up_count(tournament.rules().clock, heads_up.hands_dealt, heads_up.heads_up_from_hand)
            if count and count["to_play"]:
                raise Refused(
                    _(
                        "Heads-up, at least %(count)s hands are played (CLK-HEADSUP): "
                        "%(count2)s more before the gong ends the tournament."
                    )
                    % {"count": count["minimum"], "count2": count["to_play"]}
                )
        numbers, chips, prizes = deal_stacks(tournament, stacks)
        public = _recorded(op, Deal.Method.BY_PLACE, numbers, stacks, prizes, 0, "the final gong")
        finish(op, "final gong")
    return public


def _recorded(
    op: Operation,
    method: str,
    numbers: list[int],
    stacks: dict[int, int],
    amounts: list[int],
    left_to_play: int,
    representative: str,
    include_bounties: bool = False,
) -> dict:
    """The deal's row and its event (`numbers` in order of chips, `amounts` alike)."""
    tournament = op.tournament
    bounties_included = deal_bounties(op, numbers, amounts) if include_bounties else 0
    deal = Deal.objects.create(
        tournament=tournament,
        method=method,
        stacks={str(n): stacks[n] for n in numbers},
        amounts={str(n): a for n, a in zip(numbers, amounts)},
        left_to_play=left_to_play,
        bounties_included=bounties_included,
        representative=representative,
        at=time_source.now(),
        recorded_by=recorded_user(op.actor),
    )
    left = players_left_by_number(tournament)
    public = {
        "method": deal.get_method_display(),
        "left_to_play": left_to_play,
        "bounties_included": bounties_included,
        "players": [
            {"entry": n, "name": public_name_of(left[n].player), "chips": stacks[n], "amount": a}
            for n, a in zip(numbers, amounts)
        ],
    }
    public["money"] = field_and_money(tournament).money
    op.append(kinds.DEAL_RECORDED, public=public, payload={**public, "representative": representative})
    return public
