"""Checkable draws: the seed of the next seat draw is chosen now and its SHA-256 published
(`draw.committed`); the draw uses that seed, publishes it, and keeps its inputs (by entry
number), its result and the seat rows it wrote, so the public draws page recomputes it
(tables/rules/draws.py, tables/queries/draws.py). Reactions inside the operation of the draw
or of opening tables.

Service floor: reads come from the queries.
"""

import secrets

from core import kinds
from core.operation import Operation
from tables.rules import draws
from tournaments.models import DrawSeed


def commit_next_draw(op: Operation, none_waiting: bool = False) -> DrawSeed | None:
    """Choose the next draw's seed and publish its hash, unless one is waiting already. Opening
    tables does it (before the field's or Day 2's draw) and every draw does it for the next,
    so a hash is out before any draw that the floor makes after it. `none_waiting`: the caller
    has just spent the waiting seed, and only one waits at a time (one_waiting_draw_seed)."""
    if not none_waiting and DrawSeed.objects.filter(tournament_id=op.tournament.id, drawn_at__isnull=True).exists():
        return None
    seed = secrets.randbits(62)
    committed = draws.seed_hash(seed)
    event = op.append(kinds.DRAW_COMMITTED, public={"seed_hash": committed}, payload={"seed_hash": committed})
    return DrawSeed.objects.create(
        tournament_id=op.tournament.id, seed=seed, seed_hash=committed, committed_at=event.at, committed_seq=event.seq
    )


def seed_for_draw(op: Operation, seed: int | None) -> DrawSeed:
    """The seed a draw uses: the one committed to. A seed given by the caller (a replay, a
    test), or a tournament with none waiting (made before checkable draws), gets a record made
    now, not published ahead: the draws page says so. Unsaved until `record_draw`."""
    if seed is None:
        waiting = DrawSeed.objects.filter(tournament_id=op.tournament.id, drawn_at__isnull=True).first()
        if waiting is not None:
            return waiting
        seed = secrets.randbits(62)
    return DrawSeed(tournament_id=op.tournament.id, seed=seed, seed_hash=draws.seed_hash(seed), committed_seq=0)


def revealed(drawn: DrawSeed) -> dict:
    """What the draw's event adds to its public part: the seed, now that it is used, and its hash."""
    return {"seed": drawn.seed, "seed_hash": drawn.seed_hash}


def record_draw(op: Operation, drawn: DrawSeed, kind: str, inputs: dict, result: list, seatings: list[int], event):
    """After the draw's event: the seed is spent, the draw's record kept, the next seed committed."""
    spent_the_waiting = drawn.pk is not None  # seed_for_draw's waiting seed, saved ahead
    if not spent_the_waiting:  # not published ahead: its hash went out with the draw
        drawn.committed_at, drawn.committed_seq = event.at, event.seq
    drawn.kind, drawn.drawn_at, drawn.drawn_seq = kind, event.at, event.seq
    drawn.inputs, drawn.result, drawn.seatings = inputs, result, seatings
    drawn.save()
    commit_next_draw(op, none_waiting=spent_the_waiting)
