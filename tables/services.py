"""Seating services: open tables for a tournament, draw the field (SEAT-DRAW, BTN-DRAW).
Each one transaction, one event in the tournament's log, broadcast after commit."""

import random
import secrets

from django.db import transaction
from django.utils import timezone

from pokerfest.refusals import Refused
from tables import seating
from tables.models import Seating, Table, TournamentTable
from tournaments import events
from tournaments.models import Entry, Tournament


def open_tables(tournament_id: int, numbers: list[int], director) -> list[TournamentTable]:
    """Open the venue's tables for this tournament, in this order (the order they fill)."""
    if not numbers or len(set(numbers)) != len(numbers):
        raise Refused("List each table number once, in the order the tables open.")
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        venue = {t.number: t for t in Table.objects.filter(festival_id=tournament.festival_id, number__in=numbers)}
        unknown = [n for n in numbers if n not in venue]
        if unknown:
            raise Refused(f"The venue has no table {', '.join(map(str, unknown))}; add it in the admin first.")
        already = set(tournament.tables.filter(table__number__in=numbers).values_list("table__number", flat=True))
        if already:
            raise Refused(f"Already open: table {', '.join(map(str, sorted(already)))}.")
        start = tournament.tables.count()
        opened = [TournamentTable.objects.create(tournament=tournament, table=venue[n], open_order=start + i + 1)
                  for i, n in enumerate(numbers)]
        events.append_event(tournament_id, "tables.opened", actor=director,
                            payload={"tables": numbers}, public={"tables": numbers})
    return opened


def draw_field(tournament_id: int, director, seed: int | None = None) -> dict:
    """SEAT-DRAW: seat every entry at random over the open tables, sizes within one, and
    draw each table's button by high card (BTN-DRAW). The seed is logged: it replays the draw."""
    seed = secrets.randbits(62) if seed is None else seed
    now = timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.seatings.filter(ended_at__isnull=True).exists():
            raise Refused("The field is already drawn: seat late entries one by one instead.")
        open_here = list(tournament.tables.filter(broken_at__isnull=True).select_related("table"))
        if not open_here:
            raise Refused("Open the tournament's tables first.")
        entries = {e.id: e for e in tournament.entries.filter(kind__in=Entry.SEAT_KINDS, status=Entry.Status.ACTIVE)}
        if not entries:
            raise Refused("There are no entries to seat yet.")
        capacity = sum(t.table.seats for t in open_here)
        if len(entries) > capacity:
            raise Refused(f"{len(entries)} entries need more than the {capacity} seats of the open tables: "
                          "open more tables first.")
        rng = random.Random(seed)
        plan = seating.draw(sorted(entries), [seating.Table(t.table.number, t.table.seats) for t in open_here], rng)
        by_number = {t.table.number: t for t in open_here}
        rows, chart = [], {}
        for drawn in plan.tables:
            here = by_number[drawn.number]
            rows += [Seating(tournament=tournament, entry_id=entry_id, tournament_table=here, seat=seat, started_at=now)
                     for seat, entry_id in drawn.players.items()]
            if drawn.count >= 2:
                here.button, _ = seating.button_draw(drawn, rng)
                here.save(update_fields=["button"])
            chart[drawn.number] = drawn.count
        Seating.objects.bulk_create(rows)
        events.append_event(tournament_id, "seating.drawn", actor=director,
                            payload={"seed": seed, "tables": chart}, public={"tables": chart})
    return {"seed": seed, "tables": chart}


def seat_of(entry: Entry) -> tuple[int, int] | None:
    """(table number, seat) of the entry's open seating, if it has one."""
    current = entry.seatings.filter(ended_at__isnull=True).select_related("tournament_table__table").first()
    return (current.tournament_table.table.number, current.seat) if current else None
