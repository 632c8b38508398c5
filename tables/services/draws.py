"""Checkable draws: the seed of the next seat draw is chosen now and its SHA-256 published
(`draw.committed`); the draw uses that seed, publishes it, and keeps its inputs (by entry
number), its result and the seat rows it wrote, so the public draws page recomputes it
(tables/rules/draws.py, tables/queries/draws.py). Reactions inside the operation of the draw
or of opening tables.

Service floor: reads come from the queries.
"""

import json
import secrets

from django.db import connection

from core import kinds
from core.operation import Operation
from tables.queries.draws import waiting_seed
from tables.rules import draws
from tournaments.models import DrawSeed

# Static statements: a break on a 1,000-table floor spends a seed and commits the next, and
# the ORM's save of every column took longer to build than PostgreSQL to write it.
_COMMIT = """
    INSERT INTO tournaments_drawseed (tournament_id, seed, seed_hash, committed_at, committed_seq, kind, inputs,
        result, seatings)
    VALUES (%s, %s, %s, %s, %s, '', '{}', '{}', '[]')"""
_SPEND = """
    UPDATE tournaments_drawseed SET kind = %s, drawn_at = %s, drawn_seq = %s, inputs = %s::jsonb, result = %s::jsonb,
        seatings = %s::jsonb
    WHERE id = %s"""


def commit_next_draw(op: Operation, none_waiting: bool = False) -> None:
    """Choose the next draw's seed and publish its hash, unless one is waiting already. Opening
    tables does it (before the field's or Day 2's draw) and every draw does it for the next,
    so a hash is out before any draw that the floor makes after it. `none_waiting`: the caller
    has just spent the waiting seed, and only one waits at a time (one_waiting_draw_seed)."""
    if not none_waiting and waiting_seed(op.tournament.id) is not None:
        return
    seed = secrets.randbits(62)
    committed = draws.seed_hash(seed)
    event = op.append(kinds.DRAW_COMMITTED, public={"seed_hash": committed}, payload={"seed_hash": committed})
    with connection.cursor() as cursor:
        cursor.execute(_COMMIT, [op.tournament.id, seed, committed, event.at, event.seq])


def seed_for_draw(op: Operation, seed: int | None) -> DrawSeed:
    """The seed a draw uses: the one committed to. A seed given by the caller (a replay, a
    test), or a tournament with none waiting (made before checkable draws), gets a record made
    now, not published ahead: the draws page says so. Unsaved until `record_draw`."""
    if seed is None:
        waiting = waiting_seed(op.tournament.id)
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
    if spent_the_waiting:
        with connection.cursor() as cursor:
            cursor.execute(
                _SPEND,
                [kind, event.at, event.seq, json.dumps(inputs), json.dumps(result), json.dumps(seatings), drawn.pk],
            )
    else:  # not published ahead: its hash went out with the draw
        drawn.committed_at, drawn.committed_seq = event.at, event.seq
        drawn.kind, drawn.drawn_at, drawn.drawn_seq = kind, event.at, event.seq
        drawn.inputs, drawn.result, drawn.seatings = inputs, result, seatings
        drawn.save()
    commit_next_draw(op, none_waiting=spent_the_waiting)
