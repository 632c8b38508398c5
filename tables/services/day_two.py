"""Day 2 of a main event played in flights: the director opens its tables (one room's or two
venues' ranges, "1-40, 101-140") and draws the qualified bags over them at random (SEAT-DRAW,
SEAT-SEPARATE). Each bag going forward becomes an entry of the main event with the bag's chips
and extension chips (AC-CARRY); the seed is logged and replays the draw.

Service floor: tables' services may call the clock's; reads come from the queries.
"""

from django.db import connection
from django.db.models import Max
from django.utils.translation import gettext as _

from clock.queries.clock import level_now
from clock.rules.timeline import READY
from clock.services.day import start_day_at
from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from players.models import LogoDeclaration
from rules.refusals import Refused
from tables.models import KeepApart, Qualifier, Seating, TournamentTable
from tables.rules import draws, seating
from tables.services.draw import open_tables
from tables.services.draws import record_draw, revealed, seed_for_draw
from tables.services.penalties import carry_to_day_two
from tables.services.tv_logos import DRAW, check_tv_tables
from tournaments.models import Entry, Tournament
from tournaments.queries.day_two import day_two_start
from tournaments.rules.flights import table_ranges


def open_day_two_tables(main_event_id: int, ranges: str, director, request_key: str | None = None) -> dict:
    """The venue's tables for Day 2, typed as ranges; they open in the order given."""
    try:
        numbers = table_ranges(ranges)
    except ValueError as problem:
        raise Refused(str(problem)) from None
    main = Tournament.objects.filter(pk=main_event_id).first()
    if main is not None and main.main_event_id is not None:
        raise Refused(_("Day 2 is played in the main event: open its tables there."))
    opened = open_tables(main_event_id, numbers, director, request_key)
    return {"tables": [here.table.number for here in opened] if opened else numbers}


def set_day_two_level(main_event_id: int, level_index: int, director, request_key: str | None = None) -> dict:
    """The director sets (or confirms) the level Day 2 starts with: by default where the flights
    stopped (tournaments.queries.day_two.day_two_start), never level 1 by oversight."""
    with operation(main_event_id, director, request_key) as op:
        main = op.tournament
        if op.repeated:
            return op.repeated.payload
        if main.main_event_id is not None:
            raise Refused(_("Day 2 is played in the main event: set its first level there."))
        if not main.flights.exists():
            raise Refused(
                _("%(name)s has no flights: its clock starts where its structure starts.") % {"name": main.name}
            )
        start_day_at(op, level_index, "set by the director")
        payload = _day_two_level(main)
    return payload


def _day_two_level(main: Tournament) -> dict:
    start = day_two_start(main)
    return {"level_index": start["level_index"], "level_number": start["level_number"], "proposed": start["proposed"]}


def draw_day_two(main_event_id: int, director, seed: int | None = None, request_key: str | None = None) -> dict:
    """SEAT-DRAW for Day 2: every bag going forward gets an entry of the main event and a seat
        at random over its open tables, sizes within one; keep-apart groups of the flights sit at
        different tables where the numbers allow (SEAT-SEPARATE). The seed is the one committed to
    when the Day 2 tables opened (or by the last draw), published with the draw."""
    now = time_source.now()
    with operation(main_event_id, director, request_key) as op:
        main = op.tournament
        if op.repeated:
            return op.repeated.payload
        flights = list(main.flights.order_by("starts_at", "id"))
        if not flights:
            raise Refused(_("%(name)s has no flights: draw its field with the ordinary draw.") % {"name": main.name})
        still_open = [
            flight.name
            for flight in flights
            if flight.status != Tournament.Status.FINISHED and flight.status != Tournament.Status.CANCELLED
        ]
        if still_open:
            raise Refused(_("Close every flight first: %(flights)s still open.") % {"flights": ", ".join(still_open)})
        qualifiers = list(main.qualifiers.filter(status=Qualifier.Status.FORWARD).order_by("id"))
        if any(q.day_two_entry_id for q in qualifiers) or main.seatings.filter(ended_at__isnull=True).exists():
            raise Refused(_("Day 2 is drawn already."))
        if not qualifiers:
            raise Refused(_("No bag has qualified for Day 2."))
        open_here = list(main.tables.filter(broken_at__isnull=True).select_related("table"))
        if not open_here:
            raise Refused(_("Open the Day 2 tables first."))
        capacity = sum(here.table.seats for here in open_here)
        if len(qualifiers) > capacity:
            raise Refused(
                _(
                    "%(count)s qualifiers need more than the %(capacity)s seats of the open tables: "
                    "open more tables first."
                )
                % {"count": len(qualifiers), "capacity": capacity}
            )
        entries = _day_two_entries(main, qualifiers, op.actor, now)
        logos = _carry_logos(qualifiers)  # logged with the draw (its payload's logos_carried)
        carried = carry_to_day_two(op, [(q.flight_entry_id, q.day_two_entry_id) for q in qualifiers])
        # By entry number: the draw's public inputs name the Day 2 entries as the room knows them.
        by_entry = {entry.number: entry.id for entry in entries}
        number_of = {entry.id: entry.number for entry in entries}
        inputs = {
            "entries": sorted(by_entry),
            "tables": [[here.table.number, here.table.seats] for here in open_here],
            "keep_apart": sorted(sorted(number_of[e] for e in group) for group in _keep_apart(main, qualifiers)),
            "field_button_draw": main.rules().seating.field_button_draw,
        }
        drawing = seed_for_draw(op, seed)
        plan = draws.draw("day_two", drawing.seed, inputs)
        seats_at: dict[int, dict[int, int]] = {}
        for table, seat, number in plan.seats:
            seats_at.setdefault(table, {})[seat] = by_entry[number]
        rows, chart = [], {}
        collect = main.rules().seating.collect_by_seat_number  # SEAT-COLLECT: Day 2 is a draw too
        for here in open_here:
            players = seats_at.get(here.table.number, {})
            rows += [
                Seating(
                    tournament=main,
                    entry_id=entry_id,
                    tournament_table=here,
                    seat=seat,
                    started_at=now,
                    to_collect=collect,
                )
                for seat, entry_id in players.items()
            ]
            if here.table.number in plan.buttons:
                first = seating.next_hand(
                    seating.Table(here.table.number, here.table.seats, players, button=plan.buttons[here.table.number])
                )
                here.button, here.small_blind, here.big_blind = first.button, first.small_blind, first.big_blind
            chart[here.table.number] = len(players)
        start = day_two_start(main)
        if start and start["may_set"] and start["level_index"] == 0 and start["proposed"]:
            # Day 2 starts where the flights stopped unless the director chose its level already.
            start_day_at(op, start["proposed"], "where the flights stopped")
        level = level_now(main.id)
        for here in open_here:
            here.playing_level = level
        TournamentTable.objects.bulk_update(
            open_here, ["button", "small_blind", "big_blind", "playing_level"], batch_size=500
        )
        Seating.objects.bulk_create(rows, batch_size=1000)
        clock = op.locked_clock()
        if clock is not None and clock.status == READY and clock.day == 1:
            clock.day = 2  # the main event's clock runs Day 2: its bags at the end are day 2's
            clock.save(update_fields=["day"])
        public = {"tables": chart, "entries": len(entries), **revealed(drawing)}
        if plan.button_draw:
            public["button_draw"] = {"table": plan.button_draw[0], "seat": plan.button_draw[1]}
        payload = {
            **public,
            "kept_apart_failed": plan.kept_apart_failed,
            "penalties_carried": carried,  # PEN-CARRY
            "logos_carried": logos,  # PF-LOGO-DECLARE
        }
        event = op.append(kinds.DAY_TWO_DRAWN, public=public, payload=payload)
        record_draw(op, drawing, "day_two", inputs, plan.seats, [row.pk for row in rows], event)
        check_tv_tables(op, set(chart), DRAW)  # PF-LOGO-TV with the logos carried from the flights
    return payload


def _day_two_entries(main: Tournament, qualifiers: list[Qualifier], actor, now) -> list[Entry]:
    """One entry of the main event per bag going forward (AC-CARRY: its chips and extension
    chips); the flights' entries paid for it, so it adds nothing to the pool."""
    first = (main.entries.aggregate(last=Max("number"))["last"] or 0) + 1
    clerk = recorded_user(actor)
    entries = Entry.objects.bulk_create(
        [
            Entry(
                tournament=main,
                player_id=q.player_id,
                number=first + i,
                kind=Entry.Kind.DAY_TWO,
                chips=q.chips,
                pool_part=0,
                fee_part=0,
                paid=0,
                method=Entry.Method.QUALIFIED,
                desk="",
                shift="",
                clerk=clerk,
                created_at=now,
                time_extensions=q.time_extensions,
            )
            for i, q in enumerate(qualifiers)
        ],
        batch_size=1000,
    )
    for qualifier, entry in zip(qualifiers, entries):
        qualifier.day_two_entry = entry
    _carry_heads(main, qualifiers, entries)
    # One statement for every link (bulk_update's CASE per row took seconds at 1,500 bags).
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Qualifier._meta.db_table} AS q SET day_two_entry_id = v.entry "
            "FROM (SELECT unnest(%s::bigint[]) AS id, unnest(%s::bigint[]) AS entry) AS v WHERE q.id = v.id",
            [[q.id for q in qualifiers], [entry.id for entry in entries]],
        )
    return entries


def _carry_heads(main: Tournament, qualifiers: list[Qualifier], entries: list[Entry]) -> None:
    """BNT-KO, BNT-PKO: a Day 2 entry's bounty is its flight bag's head; a player's forfeited
    bags' heads are not lost, they ride on the player's first bag that goes on. The flights'
    entries keep no head of their own after that."""
    if main.bounty_format not in ("knockout", "progressive"):
        return
    heads = dict(
        Entry.objects.filter(qualifier__main_event=main, head__gt=0).values_list("id", "head")
    )  # every bag's flight entry, forward or forfeited
    forfeited = Qualifier.objects.filter(main_event=main, status=Qualifier.Status.FORFEITED, flight_entry_id__in=heads)
    riding: dict[int, int] = {}
    for player_id, flight_entry_id in forfeited.values_list("player_id", "flight_entry_id"):
        riding[player_id] = riding.get(player_id, 0) + heads[flight_entry_id]
    moved = []
    for qualifier, entry in zip(qualifiers, entries):
        entry.head = heads.get(qualifier.flight_entry_id, 0) + riding.pop(qualifier.player_id, 0)
        if entry.head:
            Entry.objects.filter(pk=entry.pk).update(head=entry.head)
        moved.append(qualifier.flight_entry_id)
    moved += list(
        forfeited.exclude(player_id__in=list(riding)).values_list("flight_entry_id", flat=True)
    )  # a player with no bag going on keeps the heads where they are
    Entry.objects.filter(pk__in=moved).update(head=0)


def _carry_logos(qualifiers: list[Qualifier]) -> int:
    """PF-LOGO-DECLARE: a logo declared for a flight (before its start, or later with proof) is
    worn on Day 2 too, so the Day 2 entry carries the declarations still worn."""
    day_two = {q.flight_entry_id: q.day_two_entry_id for q in qualifiers}
    worn = LogoDeclaration.objects.filter(entry_id__in=list(day_two), removed_at__isnull=True)
    carried = LogoDeclaration.objects.bulk_create(
        [
            LogoDeclaration(
                entry_id=day_two[logo.entry_id],
                company_id=logo.company_id,
                placement=logo.placement,
                width_cm=logo.width_cm,
                height_cm=logo.height_cm,
                declared_at=logo.declared_at,
                before_start=logo.before_start,
                written_proof=logo.written_proof,
                recorded_by_id=logo.recorded_by_id,
            )
            for logo in worn
        ]
    )
    return len(carried)


def _keep_apart(main: Tournament, qualifiers: list[Qualifier]) -> list[set[int]]:
    """SEAT-SEPARATE: the flights' keep-apart groups, carried to the members' Day 2 entries, and
    one group per player holding several Day 2 entries (FLIGHT-REENTRY "each")."""
    day_two = {q.flight_entry_id: q.day_two_entry_id for q in qualifiers}
    groups: dict[str, set[int]] = {}  # a family named alike in several flights is one group on Day 2
    members = KeepApart.entries.through.objects.filter(
        keepapart__tournament__main_event=main, entry_id__in=list(day_two)
    )
    for name, entry_id in members.values_list("keepapart__name", "entry_id"):
        groups.setdefault(name.strip().casefold(), set()).add(day_two[entry_id])
    by_player: dict[int, set[int]] = {}
    for q in qualifiers:
        by_player.setdefault(q.player_id, set()).add(q.day_two_entry_id)
    found = [group for group in groups.values() if len(group) > 1]
    return found + [entries for entries in by_player.values() if len(entries) > 1]
