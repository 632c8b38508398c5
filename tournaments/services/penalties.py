"""The floor gives a penalty to a seat (PEN-LADDER, PEN-FINE): the step named, or the one the
system proposes from the player's record for that infraction. A warning is recorded with
nothing to serve; a fine takes the level's small or big blind from the stack to the pot; hands,
orbits (one hand per player seated at the table now) and minutes are served from the next hand
wherever the player sits (PEN-CARRY, tables/services/penalties.py). A disqualification goes
through PAY-DQ and only the director gives it; a ban adds an exclusion for the festival
(REG-EXCLUDE). An elimination (pokerfest L275-276), the director's too, takes the stack out of
play and places the player as out now (tables/services/forfeits.py).

Service floor: calls the director's disqualification and the players' exclusion; reads the
tables' and the clock's queries.
"""

from datetime import timedelta
from zoneinfo import ZoneInfo

from django.utils import timezone
from django.utils.translation import gettext as _

from clock.queries.clock import level_blinds, play_time
from core import kinds, time_source
from core.access import Action, can, recorded_user
from core.operation import operation
from players.models import Exclusion
from players.queries.players import player_summary
from players.rules.eligibility import local_day
from rules.refusals import Invalid, Refused
from tables.models import Penalty
from tables.queries.penalties import checked_infraction, latest_given, penalty_document, proposal, stack_now
from tables.queries.tables import open_table, sitting_at, table_state
from tables.rules.penalties import Sentence, fine, parse_step, sentence
from tables.services.forfeits import eliminate
from tournaments.models import Tournament
from tournaments.services.rulings import disqualify


def give_penalty(
    tournament_id: int,
    table_number: int,
    seat: int,
    infraction: str,
    actor,
    step: str | None = None,
    request_key: str | None = None,
    stack: int | None = None,
    reason: str = "",
    given_before: int | None = None,
) -> dict:
    """Answers with the penalty as the tablet shows it. A disqualification or a ban takes the
    player's stack out of play, and so does an elimination: `stack` is that stack, counted at
    the table (CHIP-COUNT), and `reason` what happened, for the record. `given_before` is the
    record the tablet saw (the proposal's count): when another device gave this infraction
    since, the same tap from two tablets is refused, not given twice or escalated."""
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return op.repeated.payload["penalty"]
        tournament = op.tournament
        ladders = tournament.rules().penalties.ladders
        try:
            infraction = checked_infraction(ladders, infraction)
        except ValueError as problem:
            raise Refused(str(problem)) from None
        here = open_table(tournament, table_number)
        sitting = sitting_at(here, seat)
        entry = sitting.entry
        offered = proposal(entry, ladders, infraction)
        if given_before is not None and offered["given_before"] > given_before:
            raise _given_since(tournament, entry, infraction)
        offer = offered["proposed"]
        text = step if step is not None and step.strip() else offer
        if text is None:
            raise Refused(
                _('This house has no ladder for "%(infraction)s": name the step to give.') % {"infraction": infraction}
            )
        try:
            given = parse_step(text)
        except ValueError as problem:
            raise Refused(str(problem)) from None
        text = str(given)
        out = given.disqualification or given.elimination
        what = _("a ban") if given.ban else _("a disqualification") if given.disqualification else _("an elimination")
        if out and not can(actor, Action.DIRECTOR_APPROVAL):
            raise Refused(
                _(
                    "Only the tournament director gives %(value)s: call the director to "
                    "table %(table_number)s, seat %(seat)s."
                )
                % {"value": what, "table_number": table_number, "seat": seat}
            )
        if out and (stack is None or stack < 0):
            raise Invalid(
                _(
                    "Count %(player)s's stack first: %(value)s takes it out of play, and "
                    "the chips in play must stay right (CHIP-COUNT)."
                )
                % {"player": entry.player, "value": what}
            )
        if given.sits_out and entry.penalties.filter(status=Penalty.Status.SERVING).exists():
            raise Refused(
                _(
                    "%(player)s is already sitting out a penalty: wait until it is served, "
                    "or ask the director to lift it first."
                )
                % {"player": entry.player}
            )
        seated = table_state(here).count
        # A disqualified or eliminated player leaves the tournament: nothing to serve.
        left = Sentence() if out else sentence(given, seated)
        chips = 0
        if given.fine_blinds:
            blinds = level_blinds(tournament_id, here.playing_level)
            if blinds is None:
                raise Refused(_("The clock shows no level with blinds: a fine in blinds needs the level being played."))
            chips = fine(given, blinds[0], blinds[1], stack_now(entry))
        now = time_source.now()
        played, counting_until = play_time(tournament_id, now)
        serving = not left.served
        penalty = Penalty.objects.create(
            tournament=tournament,
            entry=entry,
            infraction=infraction,
            step=text,
            proposed=text == offer,
            given_at=now,
            given_by=recorded_user(actor),
            table=table_number,
            seat=seat,
            hand=here.hands_dealt + 1,
            seated_at_table=seated,
            hands_left=left.hands,
            seconds_left=left.seconds,
            played_at=played,
            chips_fined=chips,
            status=Penalty.Status.SERVING if serving else Penalty.Status.SERVED,
            ended_at=None if serving else now,
        )
        document = penalty_document(penalty, played, counting_until, now, (table_number, seat))
        op.append(
            kinds.PENALTY_GIVEN,
            public=None,
            payload={
                "penalty": document,
                "player": player_summary(entry.player),
                "table": table_number,
                "seat": seat,
                "chips_to_pot": chips,
            },
        )
        if left.seconds and counting_until is not None:  # minutes away end without a hand: the worker says so
            op.after_commit("tables.tasks.settle_penalties", tournament_id, eta=now + timedelta(seconds=left.seconds))
        if given.disqualification:
            said = " ".join(reason.split())[:150]
            disqualify(
                tournament_id,
                entry.number,
                f"penalty for {infraction}: {text}" + (f" ({said})" if said else ""),
                actor,
                chips=stack,
            )
        if given.elimination:
            said = " ".join(reason.split())[:150]
            eliminate(op, here, sitting, stack, f"{infraction}" + (f" ({said})" if said else ""))
        if given.ban:
            _ban(op, entry, infraction, now, actor)
        return document


def _ban(op, entry, infraction: str, now, actor) -> None:
    """REG-EXCLUDE: every desk refuses the player until the festival's last tournament day."""
    today = local_day(now, op.tournament.festival.time_zone)
    ends = max([today, *_festival_days(op.tournament)])
    reason = f"festival ban: {infraction}"[:100]
    Exclusion.objects.create(
        player=entry.player, reason=reason, starts=today, ends=ends, recorded_by=recorded_user(actor)
    )
    op.append(
        kinds.PLAYER_EXCLUDED,
        public=None,
        payload={
            "player": player_summary(entry.player),
            "reason": reason,
            "starts": today.isoformat(),
            "ends": ends.isoformat(),
        },
    )


def _festival_days(tournament: Tournament) -> list:
    """The days the festival's tournaments start: a ban lasts until its last one."""
    starts = Tournament.objects.filter(festival_id=tournament.festival_id, starts_at__isnull=False)
    return [local_day(at, tournament.festival.time_zone) for at in starts.values_list("starts_at", flat=True)]


def _given_since(tournament: Tournament, entry, infraction: str) -> Refused:
    """Two tablets tapping the same penalty at once: the second hears who gave it, and when."""
    given = latest_given(entry, infraction)
    at = timezone.localtime(given.given_at, ZoneInfo(tournament.festival.time_zone))
    return Refused(
        _(
            "%(player)s was given %(step)s for %(infraction)s by %(person)s at %(time)s, after your "
            "tablet looked: nothing more is given. To give another penalty, open the seat again."
        )
        % {
            "player": entry.player,
            "step": given.step,
            "infraction": infraction,
            "person": given.given_by.username if given.given_by else _("the system"),
            "time": at.strftime("%H:%M:%S"),
        }
    )
