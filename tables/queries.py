"""Reads of the tables: the open tables as the pure rules see them, what the tables need now
(final table, break, balancing), the floor's view, the public seating chart, "find my seat"
and a player's seat page, and the hand-for-hand view.

Query floor: below every service, above core and the models. It may read the clock's and
the players' queries (apps to its right), never the tournaments' (to its left) nor a service.
"""

from dataclasses import dataclass

from django.db.models import Count, F, Max, Q
from django.utils.translation import gettext as _

from clock.models import Clock, TableClock
from clock.queries import level_now
from clock.table_clocks import extension_chips, heads_up_count
from core import kinds
from core.refusals import Refused
from players.queries import public_name, public_name_of
from tables import chips, seating
from tables.models import ChipAdjustment, HandForHand, KeepApart, Seating, TournamentTable
from tables.penalty_queries import seated_penalties
from tournaments.models import Elimination, Entry, Tournament

HandForHandStatus = TournamentTable.HandForHand


@dataclass(frozen=True)
class OpenTable:
    """An open table as the proposals read it: its row, its places in the orders, and the pure
    rules' view of it (who sits where, the last hand's positions)."""

    id: int
    is_tv: bool
    is_final: bool
    open_order: int
    break_position: int | None
    hands_dealt: int
    playing_level: int | None
    hands_left: int | None
    heads_up_from_hand: int | None
    state: seating.Table | seating.TableSize  # TableSize from open_table_sizes


_OPEN_TABLE_FIELDS = ("id", "table__number", "table__seats", "table__is_tv", "is_final", "open_order", "break_position",
                      "hands_dealt", "playing_level", "hands_left", "heads_up_from_hand", "button", "small_blind",
                      "big_blind")


def _open_table_rows(tournament: Tournament) -> list[dict]:
    return list(tournament.tables.filter(broken_at__isnull=True).order_by("open_order").values(*_OPEN_TABLE_FIELDS))


def _open_table(row: dict, state: seating.Table | seating.TableSize) -> OpenTable:
    return OpenTable(row["id"], row["table__is_tv"], row["is_final"], row["open_order"], row["break_position"],
                     row["hands_dealt"], row["playing_level"], row["hands_left"], row["heads_up_from_hand"], state)


def open_tables(tournament: Tournament) -> dict[int, OpenTable]:
    """Every open table by number, from two plain queries: on a 1,000-table floor every bust
    reads them, so no model instances."""
    rows = _open_table_rows(tournament)
    players: dict[int, dict[int, int]] = {row["id"]: {} for row in rows}
    for table_id, seat, entry_id in tournament.seatings.filter(ended_at__isnull=True).values_list(
            "tournament_table_id", "seat", "entry_id"):
        players[table_id][seat] = entry_id
    return {row["table__number"]: _open_table(row, seating.Table(
        row["table__number"], row["table__seats"], players[row["id"]], row["button"], row["small_blind"],
        row["big_blind"])) for row in rows}


def open_table_sizes(tournament: Tournament) -> dict[int, OpenTable]:
    """Every open table by number with how many sit there (its `state` a seating.TableSize):
    what a bust's proposal reads first. The database counts the seats (one scan, grouped: a
    count per table is a thousand lookups); no seat comes to Python."""
    rows = _open_table_rows(tournament)
    counts = dict(tournament.seatings.filter(ended_at__isnull=True).order_by().values("tournament_table_id")
                  .annotate(sitting=Count("id")).values_list("tournament_table_id", "sitting"))
    return {row["table__number"]: _open_table(row, seating.TableSize(
        row["table__number"], row["table__seats"], counts.get(row["id"], 0))) for row in rows}


def in_use_elsewhere(tournament: Tournament, numbers: list[int]) -> list[tuple[int, str]]:
    """(table number, tournament name) for each of the festival's venue tables among `numbers`
    that another tournament has open: a venue table seats one tournament at a time."""
    return list(TournamentTable.objects.filter(
        table__festival_id=tournament.festival_id, table__number__in=numbers, broken_at__isnull=True)
        .exclude(tournament=tournament).order_by("table__number").values_list("table__number", "tournament__name"))


def table_state(here: TournamentTable) -> seating.Table:
    """The pure rules' view of a table: who sits where (entry ids), and the last hand's positions."""
    players = dict(here.seatings.filter(ended_at__isnull=True).values_list("seat", "entry_id"))
    return seating.Table(here.table.number, here.table.seats, players, here.button, here.small_blind, here.big_blind)


def open_table(tournament: Tournament, number: int) -> TournamentTable:
    here = tournament.tables.filter(broken_at__isnull=True, table__number=number).select_related("table").first()
    if here is None:
        raise Refused(_("Table %(number)s is not open in this tournament.") % {"number": number})
    return here


def sitting_at(here: TournamentTable, seat: int) -> Seating:
    sitting = here.seatings.filter(seat=seat, ended_at__isnull=True).select_related("entry__player").first()
    if sitting is None:
        raise Refused(_("Seat %(seat)s at table %(table_number)s is empty.") % {"seat": seat, "table_number": here.table.number})
    return sitting


def keep_apart(tournament: Tournament) -> list[set[int]]:
    """SEAT-SEPARATE: each group's entries still in play."""
    groups = {}
    members = KeepApart.entries.through.objects.filter(keepapart__tournament=tournament,
                                                       entry__status=Entry.Status.ACTIVE)
    for group_id, entry_id in members.values_list("keepapart_id", "entry_id"):
        groups.setdefault(group_id, set()).add(entry_id)
    return [group for group in groups.values() if len(group) > 1]


def breaking_order(tournament: Tournament, open_here: dict[int, OpenTable] | None = None) -> list[int]:
    """SEAT-BREAK: the open tables in the order they break. Tables the director has not placed
    break first, the last opened first; then the published order."""
    open_here = open_tables(tournament) if open_here is None else open_here
    ranked = sorted(open_here.values(), key=lambda t: (t.break_position is not None, t.break_position or 0,
                                                       -t.open_order))
    return [t.state.number for t in ranked]


def final_table_of(open_here: dict[int, OpenTable], order: list[int]) -> OpenTable:
    """The table the final is played at: the table already redrawn as final, else an open TV
    table, else the table that would break last."""
    final = next((t for t in open_here.values() if t.is_final), None) or \
        next((t for t in open_here.values() if t.is_tv), None)
    return final or open_here[order[-1]]


def final_table_size(tournament: Tournament, final: OpenTable) -> int:
    size = tournament.rules().seating.final_table_size
    return min(size, final.state.seats) if size else final.state.seats


def proposed_moves(tournament_id: int) -> dict:
    """What the tables need now, in this order of precedence: the final-table redraw when the
    field fits the final table (SEAT-FINAL), else the next table of the breaking order when the
    field fits one table fewer (SEAT-BREAK), else the balancing moves (SEAT-BALANCE) and the
    tables to halt."""
    tournament = Tournament.objects.get(pk=tournament_id)
    rules = tournament.rules().seating
    open_here = open_table_sizes(tournament)  # the sizes decide; who sits where only for moves
    sizes = [t.state for t in open_here.values()]
    left = sum(t.count for t in sizes)
    answer = {"moves": [], "halted": [], "waiting": [], "break_due": None, "final_due": False,
              "players_left": left}
    if not open_here or left == 0:
        return answer
    order = breaking_order(tournament, open_here)
    final = final_table_of(open_here, order)
    if len(open_here) > 1 and not final.is_final and 2 <= left <= final_table_size(tournament, final):
        return {**answer, "final_due": True}
    breaking = seating.table_to_break(sizes, order)
    if breaking is not None:
        return {**answer, "break_due": breaking}
    if not seating.needs_balancing(sizes, rules.balance_tolerance):
        return {**answer, "halted": seating.halted_tables(sizes, rules.halt_when_short_by)}
    states = [t.state for t in open_tables(tournament).values()]
    moved_before = frozenset(tournament.seatings.filter(ended_because="moved").values_list("entry_id", flat=True))
    plan = seating.balance(states, tolerance=rules.balance_tolerance, moved_before=moved_before,
                           by_corresponding_seat=rules.move_by_corresponding_seat,
                           halt_when_short_by=rules.halt_when_short_by, keep_apart=keep_apart(tournament))
    return {**answer, "moves": [{"entry": m.player, "from_table": m.from_table, "from_seat": m.from_seat,
                                 "to_table": m.to_table, "to_seat": m.to_seat} for m in plan.moves],
            "halted": plan.halted, "waiting": plan.waiting}


def floor_view(tournament_id: int) -> dict:
    """What the floor tablets and the director's overview show: every open table's seats
    (names), positions and count, the breaking order, and what the tables need now. (The API
    adds the money line from the tournaments' queries.)"""
    tournament = Tournament.objects.get(pk=tournament_id)
    clock_rules = tournament.rules().clock
    names, chips, numbers = {}, {}, {}
    for sitting in tournament.seatings.filter(ended_at__isnull=True).select_related("entry__player"):
        names[sitting.entry_id] = str(sitting.entry.player)
        numbers[sitting.entry_id] = sitting.entry.number
        chips[sitting.entry_id] = extension_chips(sitting.entry.time_extensions, clock_rules)
    tables = []
    clocks = {clock.tournament_table_id: clock for clock in _table_clocks_this_hand(tournament)}
    out_this_hand = _out_this_hand(tournament)
    bagged, confirmed = _bagged_seats(tournament)
    rulings = _rulings_this_hand(tournament)
    hfh_status = dict(tournament.tables.filter(broken_at__isnull=True).values_list("id", "hand_for_hand"))
    sitting_out = seated_penalties(tournament)  # PEN-LADDER: serving, or "may return"
    stacks = latest_counts(tournament)  # CHIP-COUNT: the tablet shows the latest count as the stack
    for here in open_tables(tournament).values():
        state = here.state
        clock = clocks.get(here.id)
        tables.append({"number": state.number, "seats": state.seats, "count": state.count, "button": state.button,
                       "small_blind": state.small_blind, "big_blind": state.big_blind,
                       "is_tv": here.is_tv, "is_final": here.is_final, "hands_dealt": here.hands_dealt,
                       "hand": here.hands_dealt + 1,  # the hand being played: "hand done" names it
                       "playing_level": here.playing_level, "hands_left": here.hands_left,
                       "heads_up": heads_up_count(clock_rules, here.hands_dealt, here.heads_up_from_hand),
                       "hand_for_hand": hfh_status.get(here.id) or None,
                       "bagged": sorted(bagged.get(here.id, ())),
                       "bags_confirmed": sorted(confirmed.get(here.id, ())),  # CHIP-COUNT: by a second person
                       "rulings_this_hand": rulings.get((here.id, here.hands_dealt + 1), []),  # TD-RULING
                       "out_this_hand": out_this_hand.get((state.number, here.hands_dealt), []),
                       "out_last_hand": out_this_hand.get((state.number, here.hands_dealt - 1), []),
                       "clock": clock.document() if clock else None,
                       "players": {str(seat): {"entry": entry, "number": numbers[entry], "name": names[entry],
                                               "extensions": chips[entry], "penalty": sitting_out.get(entry),
                                               "stack": stacks[entry]["chips"] if entry in stacks else None}
                                   for seat, entry in sorted(state.players.items())}})
    proposal = proposed_moves(tournament_id)
    for move in proposal["moves"]:
        move["name"] = names.get(move["entry"], "")
    return {"tables": tables, "tournament_status": tournament.status,
            "waiting_list": waiting_list(tournament, public=False),
            "breaking_order": breaking_order(tournament), "clock_level": level_now(tournament_id),
            "registration_closed": tournament.registration_closed,
            "tolerance": tournament.rules().seating.balance_tolerance, "action_clock": clock_rules.action_clock,
            "hand_for_hand": hand_for_hand_view(tournament), **proposal}


def broken_table(tournament: Tournament, number: int) -> dict | None:
    """SEAT-BREAK: where the players of table `number`, broken, sit now (the broken table's
    tablet lists them), or None while the table is open or was never opened."""
    broken = (tournament.tables.filter(table__number=number, broken_at__isnull=False)
              .order_by("-broken_at").first())
    if broken is None or tournament.tables.filter(table__number=number, broken_at__isnull=True).exists():
        return None
    left = list(broken.seatings.filter(ended_at=broken.broken_at).select_related("entry__player").order_by("seat"))
    now_at = {row["entry_id"]: (row["tournament_table__table__number"], row["seat"]) for row in
              tournament.seatings.filter(ended_at__isnull=True, entry_id__in=[s.entry_id for s in left])
              .values("entry_id", "tournament_table__table__number", "seat")}
    over = tournament.status == Tournament.Status.FINISHED  # END-FINISH: who is still in has won, not gone out
    return {"number": number, "broken_at": broken.broken_at.isoformat(),
            "players": [{"name": str(s.entry.player), "number": s.entry.number, "from_seat": s.seat,
                         "winner": over and s.entry.status == Entry.Status.ACTIVE,
                         "table": now_at.get(s.entry_id, (None, None))[0], "seat": now_at.get(s.entry_id, (None, None))[1]}
                        for s in left]}


def _out_this_hand(tournament: Tournament) -> dict[tuple[int, int], list[str]]:
    """(table, hand) -> the players out in it so far: a second bust asks "same hand?"."""
    out: dict[tuple[int, int], list[str]] = {}
    busts = (Elimination.objects.filter(tournament=tournament, undone_at__isnull=True,
                                        entry__status=Entry.Status.BUSTED)
             .select_related("entry__player").order_by("seq"))
    for bust in busts.filter(table__in=tournament.tables.filter(broken_at__isnull=True).values("table__number")):
        out.setdefault((bust.table, bust.hand), []).append(str(bust.entry.player))
    return out


def _bagged_seats(tournament: Tournament) -> tuple[dict[int, set[int]], dict[int, set[int]]]:
    """Seats bagged today at tables that have played their last hand (CLK-EOD), and those whose
    bag a second person has confirmed (CHIP-COUNT)."""
    day = Clock.objects.filter(tournament=tournament).values_list("day", flat=True).first() or 1
    counting = dict(tournament.tables.filter(broken_at__isnull=True, hands_left=0).values_list("table__number", "id"))
    bagged: dict[int, set[int]] = {}
    confirmed: dict[int, set[int]] = {}
    for number, seat, at in tournament.chip_bags.filter(day=day, table__in=counting).values_list(
            "table", "seat", "confirmed_at"):
        bagged.setdefault(counting[number], set()).add(seat)
        if at is not None:
            confirmed.setdefault(counting[number], set()).add(seat)
    return bagged, confirmed


def _rulings_this_hand(tournament: Tournament) -> dict[tuple[int, int], list[dict]]:
    """TD-RULING: each open table's rulings in the hand being played, which may be disputed."""
    found: dict[tuple[int, int], list[dict]] = {}
    for row in tournament.rulings.filter(table__broken_at__isnull=True).filter(hand__gt=F("table__hands_dealt")).values(
            "id", "table_id", "hand", "decision", "disputed_at", "overturn_reason"):
        found.setdefault((row["table_id"], row["hand"]), []).append(
            {"id": row["id"], "decision": row["decision"], "disputed": row["disputed_at"] is not None,
             "overturned": row["overturn_reason"] or None})
    return found


def _table_clocks_this_hand(tournament: Tournament):
    """Each open table's clock of the hand being played: running, or ended with the hand dead
    (the tablet shows it until "hand done")."""
    return (TableClock.objects.filter(tournament=tournament, tournament_table__broken_at__isnull=True,
                                      hand=F("tournament_table__hands_dealt"))
            .filter(Q(ended_at__isnull=True) | Q(outcome=TableClock.Outcome.HAND_DEAD)).order_by("started_at"))


def seat_of(entry: Entry) -> tuple[int, int] | None:
    """(table number, seat) of the entry's open seating, if it has one."""
    current = entry.seatings.filter(ended_at__isnull=True).select_related("tournament_table__table").first()
    return (current.tournament_table.table.number, current.seat) if current else None


# The waiting list (ENT-WAIT) -------------------------------------------------------------


def waiting_entries(tournament: Tournament) -> list[Entry]:
    """ENT-WAIT: once the field is drawn, the entries still in play with no seat, in order of
    sale: the first takes the next seat that opens. Empty before the draw (nobody sits yet)."""
    if not tournament.seatings.filter(ended_at__isnull=True).exists():
        return []
    seated = tournament.seatings.filter(ended_at__isnull=True).values("entry_id")
    return list(tournament.entries.filter(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS)
                .exclude(id__in=seated).select_related("player").order_by("number"))


def waiting_list(tournament: Tournament, public: bool = True) -> dict:
    """The waiting list for the desk, the director and the lobby: position, entry and name
    (first name and last initial in public), and how many open seats the open tables have."""
    waiting = waiting_entries(tournament)
    seats = sum(tournament.tables.filter(broken_at__isnull=True).values_list("table__seats", flat=True))
    seated = tournament.seatings.filter(ended_at__isnull=True).count()
    return {"seats_left": max(0, seats - seated),
            "waiting": [{"position": position, "entry": entry.number,
                         "name": public_name_of(entry.player) if public
                         else str(entry.player)} for position, entry in enumerate(waiting, start=1)]}


# Hand-for-hand (HFH-MODE) ----------------------------------------------------------------


def current_hand_for_hand(tournament: Tournament) -> HandForHand | None:
    return HandForHand.objects.filter(tournament=tournament, ended_at__isnull=True).first()


def hand_for_hand_view(tournament: Tournament, running: HandForHand | None = None) -> dict | None:
    """For the director page, the lobby and the tablets: the hand and each table's state."""
    running = running or current_hand_for_hand(tournament)
    if running is None:
        return None
    states: dict[str, list[int]] = {status.value: [] for status in HandForHandStatus}
    for number, status in tournament.tables.filter(broken_at__isnull=True).values_list("table__number",
                                                                                       "hand_for_hand"):
        states.setdefault(status or HandForHandStatus.PLAYING, []).append(number)
    return {"hand": running.hand, **{status: sorted(numbers) for status, numbers in states.items()}}


def bubble_burst(tournament: Tournament) -> dict | None:
    """HFH-MODE: the `hfh.ended` record ("in the money!") once hand-for-hand has ended, so a
    screen that resyncs after the bubble burst still says so (the log is its record)."""
    if not HandForHand.objects.filter(tournament=tournament, ended_at__isnull=False).exists():
        return None
    last = tournament.events.filter(kind=kinds.HFH_ENDED.name).order_by("-seq").values("public").first()
    return last["public"] if last else None


def bust_hand(tournament: Tournament) -> int | None:
    """The hand-for-hand hand a bust now belongs to (ELIM-TIE), or None."""
    running = current_hand_for_hand(tournament)
    return running.hand if running else None


# Public reads: the lobby's seating chart, "find my seat" and the player's seat page. Names
# only as "first name, last initial" (public_name): no personal data.


def seating_chart(tournament_id: int) -> dict:
    tournament = Tournament.objects.get(pk=tournament_id)
    sitting = tournament.seatings.filter(ended_at__isnull=True).values_list(
        "tournament_table_id", "seat", "entry__number", "entry__player__first_name", "entry__player__last_name",
        "entry__player__initials_only")
    by_table: dict[int, dict[str, dict]] = {}
    for table_id, seat, number, first, last, initials in sitting:
        by_table.setdefault(table_id, {})[str(seat)] = {"entry": number, "name": public_name(first, last, initials)}
    open_here = tournament.tables.filter(broken_at__isnull=True).select_related("table").order_by("open_order")
    return {"tables": [{"number": here.table.number, "seats": here.table.seats, "button": here.button,
                        "is_final": here.is_final, "players": dict(sorted(by_table.get(here.pk, {}).items(),
                                                                          key=lambda item: int(item[0])))}
                       for here in open_here],
            "waiting_list": waiting_list(tournament)}


def find_seat(tournament_id: int, name: str, limit: int = 20) -> list[dict]:
    """Players still seated whose first or last name starts with each word typed."""
    words = name.split()
    if not words or len(name.strip()) < 2:
        raise Refused(_("Type at least two letters of the name."))
    query = Seating.objects.filter(tournament_id=tournament_id, ended_at__isnull=True)
    for word in words:
        query = query.filter(Q(entry__player__first_name__istartswith=word) |
                             Q(entry__player__last_name__istartswith=word))
    found = query.order_by("entry__player__last_name", "entry__player__first_name").values_list(
        "entry__player__first_name", "entry__player__last_name", "entry__player__initials_only", "entry__number",
        "tournament_table__table__number", "seat", "entry__kind", "entry__chips")[:limit]
    # A Day 2 seat shows the bag it was drawn with (AC-CARRY); other seats' chips are not public here.
    return [{"name": public_name(first, last, initials), "entry": number, "table": table, "seat": seat,
             **({"bag": chips} if kind == Entry.Kind.DAY_TWO else {})}
            for first, last, initials, number, table, seat, kind, chips in found]


def seat_page(tournament_id: int, code: str) -> dict:
    """What the player's seat page shows, from the code on the ticket."""
    entry = Entry.objects.select_related("tournament").get(tournament_id=tournament_id, public_code=code)
    return {"entry": entry.number, "status": entry.status, "status_display": entry.get_status_display(),
            "tournament_status": entry.tournament.status, **place_of(entry)}


def place_of(entry: Entry) -> dict:
    """Where an entry is: its table and seat, or its position on the waiting list (ENT-WAIT)."""
    place = seat_of(entry)
    waiting = [e.id for e in waiting_entries(entry.tournament)] if place is None else []
    return {"table": place[0] if place else None, "seat": place[1] if place else None,
            "waiting_position": waiting.index(entry.id) + 1 if entry.id in waiting else None}


def latest_counts(tournament: Tournament) -> dict[int, dict]:
    """CHIP-COUNT: each player still in, by entry id, with their latest count: a count at the
    table or, when newer, the bag counted at the end of a day."""
    counts: dict[int, dict] = {}
    latest = (tournament.chip_counts.filter(entry__status=Entry.Status.ACTIVE, entry__kind__in=Entry.SEAT_KINDS)
              .order_by("entry_id", "-counted_at").distinct("entry_id")
              .values("entry_id", "chips", "counted_at", "table", "seat"))
    for row in latest:
        counts[row["entry_id"]] = {**row, "bag": False}
    bags = (tournament.chip_bags.filter(entry__status=Entry.Status.ACTIVE)
            .order_by("entry_id", "-bagged_at").distinct("entry_id")
            .values("entry_id", "chips", "bagged_at", "table", "seat", "confirmed_at"))
    for row in bags:
        known = counts.get(row["entry_id"])
        if known is None or known["counted_at"] < row["bagged_at"]:
            counts[row["entry_id"]] = {"entry_id": row["entry_id"], "chips": row["chips"],
                                       "counted_at": row["bagged_at"], "table": row["table"], "seat": row["seat"],
                                       "bag": True, "confirmed": row["confirmed_at"] is not None}
    return counts


def count_check(tournament: Tournament, in_play: int) -> dict:
    """The latest counts of every player still in against the chips in play, and the gap."""
    seated = set(tournament.entries.filter(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS)
                 .values_list("id", flat=True))
    latest = latest_counts(tournament)
    # A count taken before a colour-up raced its table no longer describes the stack (CHIP-RACE):
    # it is left out of the check and named, not blamed on the floor as a gap.
    raced = dict(ChipAdjustment.objects.filter(tournament=tournament, kind=ChipAdjustment.Kind.COLOUR_UP)
                 .values("table").annotate(last=Max("at")).values_list("table", "last"))
    stale = {entry for entry, row in latest.items() if row["table"] in raced and row["counted_at"] < raced[row["table"]]}
    fresh = {entry: row["chips"] for entry, row in latest.items() if entry not in stale}
    check = chips.check_counts(fresh, seated, in_play)
    unconfirmed = sum(1 for row in latest.values() if row["bag"] and not row["confirmed"])
    stale_seated = len(stale & seated)
    sentence = check.sentence() + (f" {stale_seated} count{'s' if stale_seated > 1 else ''} predate"
                                   f"{'' if stale_seated > 1 else 's'} a colour-up at the table: count again."
                                   if stale_seated else "")
    return {"counted": check.counted, "in_play": check.in_play, "gap": check.gap, "complete": check.complete,
            "agrees": check.agrees, "seats_counted": check.seats_counted, "seats_in_play": check.seats_in_play,
            "bags_to_confirm": unconfirmed, "stale_counts": stale_seated, "sentence": sentence}


def counts_view(tournament: Tournament, in_play: int) -> dict:
    """The director's check and the latest count of every player still in, by table and seat."""
    latest = latest_counts(tournament)
    numbers = dict(tournament.entries.filter(id__in=latest).values_list("id", "number"))
    stacks = [{"entry": numbers[entry], "table": row["table"], "seat": row["seat"], "chips": row["chips"],
               "bag": row["bag"], "confirmed": row.get("confirmed")} for entry, row in latest.items()]
    return {**count_check(tournament, in_play), "stacks": sorted(stacks, key=lambda row: (row["table"], row["seat"]))}


def chip_leaders(tournament: Tournament, in_play: int, players_left: int, top: int = 10) -> dict:
    """The lobby's chip leaders from the latest counts: public names, no personal data."""
    latest = latest_counts(tournament)
    entries = {entry.id: entry for entry in tournament.entries.filter(id__in=latest).select_related("player")}
    board = chips.chip_leaders({entry: row["chips"] for entry, row in latest.items()}, in_play, players_left, top)
    return {"leaders": [{"name": public_name_of(entries[entry].player),
                         "entry": entries[entry].number, "chips": amount, "table": latest[entry]["table"]}
                        for entry, amount in board.leaders],
            "average": board.average}
