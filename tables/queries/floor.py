"""The floor tablets' view: every open table with its seats, stacks, the hand being played,
rulings and clocks of this hand, bags at the end of the day; and a broken table's moves."""

from django.db.models import F, Q, QuerySet
from django.utils.translation import gettext as _

from clock.models import Clock, TableClock
from clock.queries.clock import action_clock_now, level_now
from clock.rules.calls import extension_chips, heads_up_count
from core import time_source
from rules.refusals import Invalid
from tables.models import Qualifier
from tables.queries.collect import collecting
from tables.queries.counts import bags_of_the_day, latest_counts
from tables.queries.hand_for_hand import hand_for_hand_view
from tables.queries.penalties import seated_penalties
from tables.queries.seat_cards import awaiting_cards
from tables.queries.tables import breaking_order, open_table_sizes, open_tables, proposed_moves
from tables.queries.waiting_list import waiting_list
from tournaments.models import Elimination, Entry, Tournament


def floor_view(tournament_id: int, viewer_id: int | None = None, table: int | None = None) -> dict:
    """What the floor tablets and the director's overview show: every open table's seats
    (names), positions and count, the breaking order, and what the tables need now. (The API
    adds the money line from the tournaments' queries.) `viewer_id`: the person looking, whose
    own bags they may recount and others' they confirm (CHIP-COUNT). `table`: a table's own
    tablet, which reads that table alone and the moves into or out of it; the rest as ever."""
    tournament = Tournament.objects.get(pk=tournament_id)
    clock_rules = tournament.rules().clock
    names, chips, numbers, moved = {}, {}, {}, {}
    seatings = at_table(tournament.seatings.filter(ended_at__isnull=True), table, "tournament_table__table__number")
    # Plain rows, not model instances: the room's tablet reads every seat of the room.
    for entry, moves, number, extensions, first, last in seatings.values_list(
        "entry_id",
        "moves",
        "entry__number",
        "entry__time_extensions",
        "entry__player__first_name",
        "entry__player__last_name",
    ):
        moved[entry] = moves  # issue 26: the floor sees each player's moves
        names[entry] = f"{first} {last}"  # as str(Player)
        numbers[entry] = number
        chips[entry] = extension_chips(extensions, clock_rules)
    tables = []
    clocks = {clock.tournament_table_id: clock for clock in _table_clocks_this_hand(tournament, table)}
    out_this_hand = _out_this_hand(tournament, table)
    bagged, confirmed, bags = _bagged_seats(tournament, viewer_id, table)
    rulings = _rulings_this_hand(tournament, table)
    hfh_status = dict(
        at_table(tournament.tables.filter(broken_at__isnull=True), table, "table__number").values_list(
            "id", "hand_for_hand"
        )
    )
    sitting_out = seated_penalties(tournament, table)  # PEN-LADDER: serving, or "may return"
    # CHIP-COUNT: the tablet shows the latest count as the stack
    stacks = latest_counts(tournament, None if table is None else set(names))
    open_here = open_tables(tournament, table)
    by_cards = awaiting_cards(tournament)  # kentucky: tables whose card order the floor is to enter
    # A seat may change between the reads above and the tables' read (a move or a late entry
    # commits meanwhile): name whoever the tables' read seats, so the view never fails on it.
    seated = {entry for here in open_here.values() for entry in here.state.players.values()}
    for entry in Entry.objects.filter(pk__in=seated - names.keys()).select_related("player"):
        names[entry.id] = str(entry.player)
        numbers[entry.id] = entry.number
        chips[entry.id] = extension_chips(entry.time_extensions, clock_rules)
    for here in open_here.values():
        state = here.state
        clock = clocks.get(here.id)
        tables.append(
            {
                "number": state.number,
                "seats": state.seats,
                "count": state.count,
                "button": state.button,
                "small_blind": state.small_blind,
                "big_blind": state.big_blind,
                "is_tv": here.is_tv,
                "is_final": here.is_final,
                "awaiting_cards": state.number in by_cards,
                "hands_dealt": here.hands_dealt,
                "hand": here.hands_dealt + 1,  # the hand being played: "hand done" names it
                "playing_level": here.playing_level,
                "hands_left": here.hands_left,
                "heads_up": heads_up_count(clock_rules, here.hands_dealt, here.heads_up_from_hand),
                "hand_for_hand": hfh_status.get(here.id) or None,
                "bagged": sorted(bagged.get(here.id, ())),
                "bags_confirmed": sorted(confirmed.get(here.id, ())),  # CHIP-COUNT: by a second person
                "bags": bags.get(here.id, {}),
                "rulings_this_hand": rulings.get((here.id, here.hands_dealt + 1), []),  # TD-RULING
                "out_this_hand": out_this_hand.get((state.number, here.hands_dealt), []),
                "out_last_hand": out_this_hand.get((state.number, here.hands_dealt - 1), []),
                "clock": clock.document() if clock else None,
                "players": {
                    str(seat): {
                        "entry": entry,
                        "number": numbers[entry],
                        "name": names[entry],
                        "extensions": chips[entry],
                        "penalty": sitting_out.get(entry),
                        "stack": stacks[entry]["chips"] if entry in stacks else None,
                        "moves": moved.get(entry, 0),
                    }
                    for seat, entry in sorted(state.players.items())
                },
            }
        )
    proposal = proposed_moves(tournament_id)
    if table is not None:  # a table's own tablet confirms the moves into or out of it
        proposal["moves"] = [m for m in proposal["moves"] if table in (m["from_table"], m["to_table"])]
    movers = {move["entry"] for move in proposal["moves"]} - names.keys()
    for entry, first, last in Entry.objects.filter(pk__in=movers).values_list(
        "id", "player__first_name", "player__last_name"
    ):
        names[entry] = f"{first} {last}"  # a move into this table: the player sits elsewhere yet
    for move in proposal["moves"]:
        move["name"] = names.get(move["entry"], "")
    # The breaking order is the room's: the one table read above is not enough for it.
    ordered = open_here if table is None else open_table_sizes(tournament)
    return {
        "tables": tables,
        "tournament_status": tournament.status,
        "flight_over": flight_over_of(tournament),
        "waiting_list": waiting_list(tournament, public=False),
        "breaking_order": breaking_order(tournament, ordered),  # the tables read above, not again
        "clock_level": level_now(tournament_id),
        "registration_closed": tournament.registration_closed,
        "breaking_order_alterable": tournament.rules().seating.alter_published_breaking_order,
        "tolerance": tournament.rules().seating.balance_tolerance,
        "action_clock": clock_rules.action_clock,
        "action_clock_now": action_clock_now(tournament_id, clock_rules, time_source.now()),
        "hand_for_hand": hand_for_hand_view(tournament),
        "collecting": collecting(tournament),  # SEAT-COLLECT
        **proposal,
    }


def flight_over_of(tournament: Tournament) -> dict | None:
    """A closed flight: its name and bags, so its screens say "Day 1A is over: N bags"."""
    if tournament.main_event_id is None or tournament.status != Tournament.Status.FINISHED:
        return None
    return {"flight": tournament.name, "bags": Qualifier.objects.filter(flight=tournament).count()}


def played_here(tournament: Tournament, number: int) -> None:
    """Refuses a table this tournament never opened: a table's own tablet asks by its number."""
    if not tournament.tables.filter(table__number=number).exists():
        raise Invalid(
            _(
                "Table %(number)s has not been opened in this tournament: the director opens it (and draws the "
                "field), or check the table number in the tablet's address."
            )
            % {"number": number}
        )


def broken_table(tournament: Tournament, number: int) -> dict | None:
    """SEAT-BREAK: where the players of table `number`, broken, sit now (the broken table's
    tablet lists them), or None while the table is open or was never opened."""
    broken = tournament.tables.filter(table__number=number, broken_at__isnull=False).order_by("-broken_at").first()
    if broken is None or tournament.tables.filter(table__number=number, broken_at__isnull=True).exists():
        return None
    left = list(broken.seatings.filter(ended_at=broken.broken_at).select_related("entry__player").order_by("seat"))
    now_at = {
        row["entry_id"]: (row["tournament_table__table__number"], row["seat"])
        for row in tournament.seatings.filter(ended_at__isnull=True, entry_id__in=[s.entry_id for s in left]).values(
            "entry_id", "tournament_table__table__number", "seat"
        )
    }
    over = tournament.status == Tournament.Status.FINISHED  # END-FINISH: who is still in has won, not gone out
    return {
        "number": number,
        "broken_at": broken.broken_at.isoformat(),
        "players": [
            {
                "name": str(s.entry.player),
                "number": s.entry.number,
                "from_seat": s.seat,
                "winner": over and s.entry.status == Entry.Status.ACTIVE,
                "table": now_at.get(s.entry_id, (None, None))[0],
                "seat": now_at.get(s.entry_id, (None, None))[1],
            }
            for s in left
        ],
    }


def at_table(rows: QuerySet, table: int | None, number: str) -> QuerySet:
    """Only table `table`'s rows (its number at the lookup `number`) for a table's own tablet;
    every table's for the room."""
    return rows if table is None else rows.filter(**{number: table})


def _out_this_hand(tournament: Tournament, table: int | None = None) -> dict[tuple[int, int], list[str]]:
    """(table, hand) -> the players out in it so far: a second bust asks "same hand?"."""
    out: dict[tuple[int, int], list[str]] = {}
    busts = at_table(
        Elimination.objects.filter(tournament=tournament, undone_at__isnull=True, entry__status=Entry.Status.BUSTED)
        .select_related("entry__player")
        .order_by("seq"),
        table,
        "table",
    )
    busts = list(busts.filter(table__in=tournament.tables.filter(broken_at__isnull=True).values("table__number")))
    # A player out who has re-entered is seated again, so their bust was in an earlier hand even
    # when no "Hand done" was tapped since: naming them as out "in this hand" would be wrong.
    back_in = set(
        tournament.entries.filter(
            status=Entry.Status.ACTIVE,
            kind__in=Entry.SEAT_KINDS,
            player_id__in={bust.entry.player_id for bust in busts},  # those out only, not the field
        ).values_list("player_id", flat=True)
    )
    for bust in busts:
        if bust.entry.player_id not in back_in:
            out.setdefault((bust.table, bust.hand), []).append(str(bust.entry.player))
    return out


def _bagged_seats(
    tournament: Tournament, viewer_id: int | None = None, table: int | None = None
) -> tuple[dict[int, set[int]], dict[int, set[int]], dict[int, dict[str, dict]]]:
    """Seats bagged today at tables that have played their last hand (CLK-EOD), those whose
    bag a second person has confirmed (CHIP-COUNT), and each bag as the seat panel shows it."""
    day = Clock.objects.filter(tournament=tournament).values_list("day", flat=True).first() or 1
    counting = dict(
        at_table(tournament.tables.filter(broken_at__isnull=True, hands_left=0), table, "table__number").values_list(
            "table__number", "id"
        )
    )
    bagged: dict[int, set[int]] = {}
    confirmed: dict[int, set[int]] = {}
    bags: dict[int, dict[str, dict]] = {}
    for bag in bags_of_the_day(tournament, day, viewer_id, table):
        if bag["table"] not in counting:
            continue
        here = counting[bag["table"]]
        bagged.setdefault(here, set()).add(bag["seat"])
        if bag["confirmed"]:
            confirmed.setdefault(here, set()).add(bag["seat"])
        bags.setdefault(here, {})[str(bag["seat"])] = bag
    return bagged, confirmed, bags


def _rulings_this_hand(tournament: Tournament, table: int | None = None) -> dict[tuple[int, int], list[dict]]:
    """TD-RULING: each open table's rulings in the hand being played, which may be disputed."""
    found: dict[tuple[int, int], list[dict]] = {}
    for row in (
        at_table(tournament.rulings.filter(table__broken_at__isnull=True), table, "table__table__number")
        .filter(hand__gt=F("table__hands_dealt"))
        .values("id", "table_id", "hand", "decision", "disputed_at", "overturn_reason")
    ):
        found.setdefault((row["table_id"], row["hand"]), []).append(
            {
                "id": row["id"],
                "decision": row["decision"],
                "disputed": row["disputed_at"] is not None,
                "overturned": row["overturn_reason"] or None,
            }
        )
    return found


def _table_clocks_this_hand(tournament: Tournament, table: int | None = None):
    """Each open table's clock of the hand being played: running, or ended with the hand dead
    (the tablet shows it until "hand done")."""
    return (
        at_table(
            TableClock.objects.filter(
                tournament=tournament, tournament_table__broken_at__isnull=True, hand=F("tournament_table__hands_dealt")
            ),
            table,
            "tournament_table__table__number",
        )
        .filter(Q(ended_at__isnull=True) | Q(outcome=TableClock.Outcome.HAND_DEAD))
        .order_by("started_at")
    )
