"""Checkable draws, read: the hash of the next draw's seed (the snapshot's `next_draw`), the
published breaking order, and each draw made with its seed, public inputs and the seats
recomputed from them beside the seats recorded (the public draws page and API). A seed is
read here only once its draw is made."""

from django.db import connection

from core import kinds, model_rows
from rules.times import iso_time
from tables.models import Seating
from tables.queries.tables import breaking_order
from tables.rules import draws
from tournaments.models import DrawSeed, Event, Tournament

SHOWN_SEATS = 200  # the page lists a draw's seats up to this many; the API lists them all


def entry_numbers(tournament: Tournament) -> dict[int, int]:
    """entry id -> entry number, for the tournament's entries: the draws' inputs are by number."""
    return dict(tournament.entries.values_list("id", "number"))


_SEED = model_rows.columns(DrawSeed, "d")
_WAITING_SEED = f"SELECT {_SEED.sql} FROM {DrawSeed._meta.db_table} d WHERE d.tournament_id = %s AND d.drawn_at IS NULL"


def waiting_seed(tournament_id: int) -> DrawSeed | None:
    """The seed committed to for the next draw, unspent (one at most: one_waiting_draw_seed);
    one static statement, as every break reads it."""
    with connection.cursor() as cursor:
        cursor.execute(_WAITING_SEED, [tournament_id])
        row = cursor.fetchone()
    return None if row is None else model_rows.instance(_SEED, row)


def next_draw(tournament: Tournament) -> dict | None:
    """The commitment for the next seat draw: its seed's SHA-256 and when it was published."""
    waiting = waiting_seed(tournament.id)
    if waiting is None:
        return None
    return {
        "seed_hash": waiting.seed_hash,
        "published_at": iso_time(waiting.committed_at),
        "seq": waiting.committed_seq,
    }


def published_breaking_order(tournament: Tournament) -> dict | None:
    """SEAT-BREAK: public from the moment registration closes; with each change made since."""
    if not tournament.registration_closed:
        return None
    closed = Event.objects.filter(tournament=tournament, kind=kinds.REGISTRATION_CLOSED.name).order_by("seq").first()
    changes = Event.objects.filter(
        tournament=tournament, kind=kinds.TABLES_BREAKING_ORDER.name, public__altered=True
    ).order_by("seq")
    return {
        "order": breaking_order(tournament),
        "published_at": iso_time(closed.at) if closed else None,
        "changes": [
            {"at": iso_time(e.at), "order": e.public["order"], "reason": e.public.get("reason", "")} for e in changes
        ],
    }


def recorded_seats(drawn: DrawSeed) -> list[list[int]]:
    """The seat rows the draw wrote, as they stand now: [table, seat, entry number]."""
    return sorted(
        list(row)
        for row in Seating.objects.filter(pk__in=drawn.seatings).values_list(
            "tournament_table__table__number", "seat", "entry__number"
        )
    )


def draw_check(drawn: DrawSeed) -> dict:
    """One draw as the public sees it: the commitment, the seed, the public inputs, and the
    seats recomputed from them against the seats recorded."""
    public, private = draws.public_inputs(drawn.inputs)
    ahead = drawn.committed_seq < drawn.drawn_seq
    checked = draws.check(drawn.kind, drawn.seed, drawn.seed_hash, drawn.inputs, recorded_seats(drawn), ahead)
    return {
        "kind": drawn.kind,
        "seed_hash": drawn.seed_hash,
        "hash_published_at": iso_time(drawn.committed_at),
        "hash_seq": drawn.committed_seq,
        "published_ahead": ahead,
        "drawn_at": iso_time(drawn.drawn_at),
        "drawn_seq": drawn.drawn_seq,
        "seed": drawn.seed,
        "hash_matches": checked.hash_matches,
        "inputs": public,
        "private_inputs": private,
        "publicly_recomputable": not any(private.values()),
        "recomputed": checked.recomputed,
        "recorded": checked.recorded,
        "differences": checked.differences,
        "matches": checked.matches,
    }


def draws_view(tournament: Tournament) -> dict:
    """The public draws page and API: every draw made, in order, the next draw's hash and the
    published breaking order."""
    made = DrawSeed.objects.filter(tournament=tournament, drawn_at__isnull=False).order_by("drawn_seq")
    return {
        "next_draw": next_draw(tournament),
        "breaking_order": published_breaking_order(tournament),
        "draws": [draw_check(drawn) for drawn in made],
    }
