"""Flights of a main event (Day 1A, 1B, ...): the director adds them from the main event's
set-up, and closes each once its day is over and its bags are in; the bags then qualify for
Day 2 by the ruleset's re-entry across flights (FLIGHT-REENTRY, AC-CARRY).

A flight is a tournament of its own (registration, tables, clock, end of day) with
`main_event` set. Locks: the flight's row, then the main event's (its log takes the
qualifiers); adding a flight locks the main event only (the flight is new).

Service floor: tournaments' services may call the tables' (a closing flight's tables close).
"""

from datetime import datetime

from django.utils.translation import gettext as _

from clock.models import Clock, Structure
from core import kinds, time_source
from core.operation import Operation, operation
from rules.refusals import Refused
from rules.times import festival_time
from tables.models import ChipBag, Qualifier, Seating
from tables.services.finish import close
from tournaments.models import Entry, Tournament
from tournaments.rules import flights as rules

OVER = (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)


def add_flight(
    main_event_id: int,
    name: str,
    starts_at: datetime | None,
    max_entries: int | None,
    director,
    request_key: str | None = None,
) -> dict:
    """A flight of the main event: its buy-in, fee, starting stack, ruleset and a copy of its
    structure are the main event's; its name, start and seat cap its own."""
    name = (name or "").strip()
    if not name:
        raise Refused(_("Name the flight, e.g. Day 1A."))
    if max_entries is not None and max_entries < 1:
        raise Refused(_("A flight's seat cap is at least 1, or empty for no cap."))
    with operation(main_event_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        main = op.tournament
        starts_at = festival_time(starts_at, main.festival.time_zone)
        if main.main_event_id is not None:
            raise Refused(_("%(name)s is itself a flight: add flights to its main event.") % {"name": main.name})
        if main.status in OVER:
            raise Refused(_("The main event is %(status)s: it takes no more flights.") % {"status": _(main.status)})
        if main.qualifiers.filter(day_two_entry__isnull=False).exists():
            raise Refused(_("Day 2 is drawn already: it takes no more flights."))
        if main.flights.filter(name__iexact=name).exists():
            raise Refused(_("The main event has a flight named %(name)s already.") % {"name": name})
        if main.seats_sold:
            raise Refused(
                _("The main event has sold entries of its own: flights are for an event whose Day 1 is played in them.")
            )
        flight = Tournament.objects.create(
            festival=main.festival,
            name=name,
            starts_at=starts_at,
            ruleset_preset=main.ruleset_preset,
            ruleset=main.ruleset,
            buy_in=main.buy_in,
            fee=main.fee,
            bounty_format=main.bounty_format,  # BNT-POOL: a flight sells with its main event's bounty
            bounty=main.bounty,
            bounty_cash_percent=main.bounty_cash_percent,
            bounty_template=main.bounty_template,
            starting_stack=main.starting_stack,
            max_entries=max_entries,
            main_event=main,
            status=main.status if main.status == Tournament.Status.REGISTRATION else Tournament.Status.SCHEDULED,
        )
        with operation(flight.id, director) as flight_op:
            public = {
                "tournament": {
                    "id": flight.id,
                    "name": flight.name,
                    "festival": main.festival.name,
                    "preset": flight.ruleset_preset,
                    "main_event": main.id,
                }
            }
            flight_op.append(kinds.TOURNAMENT_CREATED, public=public, payload=public)
            _copy_structure(flight_op, op.locked_clock())
        public = {
            "flight": {
                "id": flight.id,
                "name": flight.name,
                "max_entries": max_entries,
                "starts_at": starts_at.isoformat() if starts_at else None,
            }
        }
        op.append(kinds.FLIGHT_ADDED, public=public, payload=public)
    return public


def _copy_structure(op: Operation, main_clock: Clock | None) -> None:
    """The flight's clock runs a copy of the main event's structure (none without one)."""
    if main_clock is None:
        return
    source = main_clock.structure
    copy = Structure.objects.create(
        name=f"{op.tournament.name}: {source.name}",
        festival=op.tournament.festival,
        late_entry_until_level=source.late_entry_until_level,
        rebuys_until_level=source.rebuys_until_level,
    )
    Level = copy.levels.model
    Level.objects.bulk_create(
        [
            Level(
                structure=copy,
                position=level.position,
                small_blind=level.small_blind,
                big_blind=level.big_blind,
                ante=level.ante,
                duration=level.duration,
                is_break=level.is_break,
                name=level.name,
                big_blind_ante=level.big_blind_ante,
                colour_up=level.colour_up,
            )
            for level in source.levels.all()
        ]
    )
    levels = copy.timeline_levels()
    clock = Clock.objects.create(
        tournament=op.tournament, structure=copy, level_index=0, remaining=levels[0].duration if levels else None
    )
    public = {"clock": clock.document(time_source.now(), levels)}
    op.append(kinds.CLOCK_STRUCTURE_SET, public=public, payload={**public, "structure": source.name})


def close_flight(flight_id: int, director, request_key: str | None = None) -> dict:
    """The flight is over: once its day has ended and every player still in has a bag a second
    person confirmed (CLK-EOD, CHIP-COUNT), its tables close and its bags qualify for Day 2 by
    FLIGHT-REENTRY, with their chips and extension chips (AC-CARRY)."""
    with operation(flight_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        flight = op.tournament
        if flight.main_event_id is None:
            raise Refused(_("%(name)s is not a flight of a main event.") % {"name": flight.name})
        if flight.status in OVER:
            raise Refused(_("%(name)s is %(status)s already.") % {"name": flight.name, "status": _(flight.status)})
        clock = op.locked_clock()
        if clock is None or not clock.day_over:
            raise Refused(
                _(
                    "%(name)s's day is not over: announce the last hands and let every table play "
                    "them (CLK-EOD), then bag."
                )
                % {"name": flight.name}
            )
        in_play = list(flight.entries.filter(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS))
        bags = {
            bag.entry_id: bag for bag in ChipBag.objects.filter(tournament=flight, day=clock.day, entry__in=in_play)
        }
        missing = _places([entry.id for entry in in_play if entry.id not in bags])
        if missing:
            raise Refused(_("Still to bag (CLK-EOD): %(seats)s.") % {"seats": missing})
        unconfirmed = sorted(f"{bag.table}/{bag.seat}" for bag in bags.values() if bag.confirmed_at is None)
        if unconfirmed:
            raise Refused(
                _("Bags not yet confirmed by a second person (CHIP-COUNT), table/seat: %(seats)s.")
                % {"seats": ", ".join(unconfirmed)}
            )
        if op.tournament.main_event.qualifiers.filter(day_two_entry__isnull=False).exists():
            raise Refused(_("Day 2 is drawn already: a flight closes before the Day 2 draw."))
        close(op, Tournament.Status.FINISHED)
        with operation(flight.main_event_id, director) as main_op:
            totals = _qualify(main_op, flight, list(bags.values()))
        going = set(
            Qualifier.objects.filter(flight=flight, status=Qualifier.Status.FORWARD).values_list("bag_id", flat=True)
        )
        forward = [bag for bag in bags.values() if bag.id in going]
        public = {
            "flight": flight.name,
            "bags": len(bags),  # "Day 1A is over: N bags" on the flight's screens
            "tournament_status": Tournament.Status.FINISHED.value,
            "main_event_name": flight.main_event.name,
            "qualified": len(forward),
            "forfeited": len(bags) - len(forward),
            "chips": sum(bag.chips for bag in forward),
            "main_event": totals,
        }
        op.append(kinds.FLIGHT_CLOSED, public=public, payload=public)
    return public


def _places(entry_ids: list[int]) -> str:
    """Where the players still to bag sit: "table 3 seat 4, ..."; entries with no seat by number."""
    seats = dict(
        Seating.objects.filter(entry_id__in=entry_ids, ended_at__isnull=True).values_list(
            "entry_id", "tournament_table__table__number"
        )
    )
    seat_numbers = dict(
        Seating.objects.filter(entry_id__in=entry_ids, ended_at__isnull=True).values_list("entry_id", "seat")
    )
    numbers = dict(Entry.objects.filter(id__in=entry_ids).values_list("id", "number"))
    return ", ".join(
        _("table %(table)s seat %(seat)s") % {"table": seats[e], "seat": seat_numbers[e]}
        if e in seats
        else _("entry #%(number)s (no seat)") % {"number": numbers[e]}
        for e in sorted(entry_ids)
    )


def _qualify(op: Operation, flight: Tournament, bags: list[ChipBag]) -> dict:
    """Inside the main event's operation: the closing flight's bags join the qualifiers and
    FLIGHT-REENTRY decides again, over every closed flight, which bag of each player goes on."""
    main = op.tournament
    now = time_source.now()
    entries = {entry.id: entry for entry in Entry.objects.filter(id__in=[bag.entry_id for bag in bags])}
    Qualifier.objects.bulk_create(
        [
            Qualifier(
                main_event=main,
                flight=flight,
                bag=bag,
                flight_entry_id=bag.entry_id,
                player_id=entries[bag.entry_id].player_id,
                chips=bag.chips,
                time_extensions=bag.time_extensions,
                status=Qualifier.Status.FORWARD,
                qualified_at=now,
            )
            for bag in bags
        ]
    )
    order = {
        flight_id: position
        for position, flight_id in enumerate(
            main.flights.order_by("starts_at", "id").values_list("id", flat=True), start=1
        )
    }
    qualifiers = list(Qualifier.objects.select_for_update().filter(main_event=main).select_related("flight"))
    decided = rules.qualify(
        main.rules().entries.flight_reentry,
        [
            rules.Bag(
                bag=q.id, player=q.player_id, flight_order=order[q.flight_id], flight=q.flight.name, chips=q.chips
            )
            for q in qualifiers
        ],
    )
    for qualifier in qualifiers:
        reason = decided.forfeited.get(qualifier.id, "")
        qualifier.status = Qualifier.Status.FORFEITED if reason else Qualifier.Status.FORWARD
        qualifier.reason = reason[:200]
    Qualifier.objects.bulk_update(qualifiers, ["status", "reason"], batch_size=500)
    public = {"flight": flight.name, "qualified": len(decided.forward), "forfeited": len(decided.forfeited)}
    op.append(kinds.QUALIFIERS_UPDATED, public=public, payload=public)
    return public
