"""Reads of the penalties (PEN-LADDER, PEN-FINE, PEN-CARRY): what each player has left to serve
(the tablet's seats, the director's list), a player's record, the step the system proposes from
it, and the stack a fine is taken from.

Query floor: below tables.queries (whose floor view shows each seated player's penalty), above
the clock's queries, which say how much play has passed (minutes away count only in play).
"""

from django.db.models import Q
from django.utils.translation import gettext as _

from clock.queries.clock import play_time
from core import time_source
from players.queries.players import entry_search
from rules.times import iso_time
from tables.models import ChipBag, ChipCount, Forfeit, Penalty, Seating
from tables.rules import penalties
from tournaments.models import Entry, Tournament

ACTIVE = Q(status=Penalty.Status.SERVING) | Q(may_return=True)
NAMED = ("entry__player", "given_by", "lifted_by")


def seconds_left(penalty: Penalty, played: int) -> int:
    """The time away still to serve once `played` seconds of play have passed in all."""
    return max(0, penalty.seconds_left - max(0, played - penalty.played_at))


def penalty_document(penalty: Penalty, played: int, counting_until, now, where: tuple[int, int] | None = None) -> dict:
    """A penalty as the screens show it. `seconds_left` is as of `as_of`; while play is counted
    (`counting_until`: the end of the level being played) a screen counts it down itself."""
    entry = penalty.entry
    serving = penalty.status == Penalty.Status.SERVING
    return {
        "id": penalty.id,
        "entry": entry.number,
        "name": str(entry.player),
        "infraction": penalty.infraction,
        "step": penalty.step,
        "proposed": penalty.proposed,
        "table": penalty.table,
        "seat": penalty.seat,
        "hand": penalty.hand,
        "given_at": iso_time(penalty.given_at),
        "given_by": penalty.given_by.get_username() if penalty.given_by else None,
        "hands_left": penalty.hands_left if serving else 0,
        "seconds_left": seconds_left(penalty, played) if serving else 0,
        "counting_until": iso_time(counting_until) if serving and penalty.seconds_left else None,
        "as_of": iso_time(now),
        "chips_fined": penalty.chips_fined,
        "status": penalty.status,
        "may_return": penalty.may_return,
        "ended_at": iso_time(penalty.ended_at),
        "lift_reason": penalty.lift_reason or None,
        "lifted_by": penalty.lifted_by.get_username() if penalty.lifted_by else None,
        "now_at": {"table": where[0], "seat": where[1]} if where else None,
    }


def _documents(tournament_id: int, found) -> list[tuple[Penalty, dict]]:
    now = time_source.now()
    played, until = play_time(tournament_id, now)
    found = list(found)
    seats = {
        entry: (table, seat)
        for entry, table, seat in Seating.objects.filter(
            entry_id__in={p.entry_id for p in found}, ended_at__isnull=True
        ).values_list("entry_id", "tournament_table__table__number", "seat")
    }
    return [(p, penalty_document(p, played, until, now, seats.get(p.entry_id))) for p in found]


def seated_penalties(tournament: Tournament, table: int | None = None) -> dict[int, dict]:
    """entry id -> the penalty each seated player is serving, or has just served ("may
    return"), for the floor's tables view; `table`: the players seated at that table only."""
    seated = tournament.seatings.filter(ended_at__isnull=True)
    if table is not None:
        seated = seated.filter(tournament_table__table__number=table)
    seated = seated.values("entry_id")
    found = tournament.penalties.filter(ACTIVE, entry_id__in=seated).select_related(*NAMED).order_by("given_at", "id")
    return {penalty.entry_id: document for penalty, document in _documents(tournament.id, found)}


def active_penalties(tournament_id: int) -> list[dict]:
    """The director's list: every penalty being served, oldest first, with where the player sits
    now and what is left."""
    serving = Penalty.objects.filter(
        tournament_id=tournament_id, status=Penalty.Status.SERVING, entry__status=Entry.Status.ACTIVE
    ).select_related(*NAMED)
    return [document for _, document in _documents(tournament_id, serving.order_by("given_at", "id"))]


def event_of(tournament_id: int) -> list[int]:
    """PEN-CARRY: the tournaments one player's record runs through: a main event played in
    flights and every flight of it (the ladder does not restart on Day 2 or in another flight);
    any other tournament alone."""
    tournament = Tournament.objects.filter(pk=tournament_id).values("id", "main_event_id").first()
    if tournament is None:
        return [tournament_id]
    main = tournament["main_event_id"] or tournament["id"]
    return list(Tournament.objects.filter(Q(pk=main) | Q(main_event_id=main)).values_list("id", flat=True))


def penalty_record(tournament_id: int, player: str = "", limit: int = 200) -> list[dict]:
    """Every penalty given, newest first; `player` narrows to an entry number (#12 or 12) or the
    players whose first or last name starts with each word given. A main event's record has its
    flights' too (PEN-CARRY), each penalty once: one carried to Day 2 is shown as carried."""
    here = Tournament.objects.filter(pk=tournament_id).values_list("main_event_id", flat=True).first()
    event = [tournament_id] if here is not None else event_of(tournament_id)
    found = Penalty.objects.filter(entry_search(player, "entry"), tournament_id__in=event)
    if len(event) > 1:
        found = found.filter(carried_to__isnull=True)
    return [
        document
        for _, document in _documents(tournament_id, found.select_related(*NAMED).order_by("-given_at", "-id")[:limit])
    ]


def given_before(entry: Entry, infraction: str) -> int:
    """The player's record for this infraction in the tournament (every entry of theirs, in every
    flight of its main event and on Day 2: PEN-CARRY; a penalty lifted early still counts: the
    infraction happened; a penalty carried to Day 2 counts once)."""
    return Penalty.objects.filter(
        tournament_id__in=event_of(entry.tournament_id),
        entry__player_id=entry.player_id,
        infraction=infraction,
        carried_from__isnull=True,
    ).count()


def latest_given(entry: Entry, infraction: str) -> Penalty | None:
    """The newest penalty of the player's record for this infraction (as given_before counts)."""
    return (
        Penalty.objects.select_related("given_by")
        .filter(
            tournament_id__in=event_of(entry.tournament_id),
            entry__player_id=entry.player_id,
            infraction=infraction,
            carried_from__isnull=True,
        )
        .order_by("-given_at", "-id")
        .first()
    )


def checked_infraction(ladders: tuple, infraction: str) -> str:
    """The infraction as the house names it; ValueError with the choices for any other."""
    infraction = " ".join((infraction or "").split()).lower()
    names = penalties.infractions(ladders)
    if infraction not in names:
        raise ValueError(
            _('"%(infraction)s" is not one of this house\'s infractions: choose %(names)s.')
            % {"infraction": infraction, "names": ", ".join(names)}
        )
    return infraction


def proposal(entry: Entry, ladders: tuple, infraction: str) -> dict:
    """PEN-LADDER: the house's steps for the infraction and the next one from the player's record
    (the floor may give any step; this is only proposed). Raises ValueError for an infraction the
    house does not name."""
    infraction = checked_infraction(ladders, infraction)
    steps = penalties.ladder(ladders, infraction)
    before = given_before(entry, infraction)
    proposed = penalties.propose(steps, before)
    return {
        "entry": entry.number,
        "name": str(entry.player),
        "infraction": infraction,
        "infractions": penalties.infractions(ladders),
        "given_before": before,
        "ladder": [str(step) for step in steps],
        "proposed": str(proposed) if proposed else None,
    }


def stack_now(entry: Entry) -> int:
    """The chips in front of the player as far as the record knows: the latest count or bag,
    else every chip they bought; less the fines taken since (PEN-FINE) and the dead money put
    in the pot since (a dodged blind, tables/rules/forfeits.py)."""
    count = ChipCount.objects.filter(entry=entry).order_by("-counted_at").values_list("chips", "counted_at").first()
    bag = ChipBag.objects.filter(entry=entry).order_by("-bagged_at").values_list("chips", "bagged_at").first()
    latest = max((row for row in (count, bag) if row), key=lambda row: row[1], default=None)
    if latest is None:
        bought = Entry.objects.filter(
            tournament_id=entry.tournament_id, player_id=entry.player_id, status=Entry.Status.ACTIVE
        ).exclude(kind__in=Entry.SEAT_KINDS)
        chips, since = entry.chips + sum(bought.values_list("chips", flat=True)), None
    else:
        chips, since = latest
    fines = Penalty.objects.filter(entry=entry)
    dead_money = Forfeit.objects.filter(entry=entry)
    if since is not None:
        fines = fines.filter(given_at__gt=since)
        dead_money = dead_money.filter(at__gt=since)
    taken = sum(fines.values_list("chips_fined", flat=True)) + sum(dead_money.values_list("to_pot", flat=True))
    return max(0, chips - taken)


def minutes_served() -> list[int]:
    """Tournaments where a penalty's minutes away have run out with no hand left to serve: the
    worker's repair ends them (a hand done there would too)."""
    due = set()
    now = time_source.now()
    waiting = Penalty.objects.filter(status=Penalty.Status.SERVING, hands_left=0, seconds_left__gt=0)
    for tournament_id in set(waiting.values_list("tournament_id", flat=True)):
        played, _ = play_time(tournament_id, now)
        if any(seconds_left(p, played) == 0 for p in waiting.filter(tournament_id=tournament_id)):
            due.add(tournament_id)
    return sorted(due)
