"""Checkable draws, public: each seat draw with its published hash, its seed, its public
inputs and the seats recomputed from them beside the seats recorded; the next draw's hash;
the breaking order once published (tables/queries/draws.py)."""

from typing import Literal

from ninja import Field, Router
from ninja.decorators import decorate_view

from core.access import Action, tournament_for
from core.api import ERRORS, Answer, Id
from core.http_cache import public_read
from tables.queries.draws import draws_view
from tournaments.api.tournaments import NextDrawOut

public = Router(tags=["seating"])


class OrderChangeOut(Answer):
    at: str
    order: list[int]
    reason: str


class PublishedOrderOut(Answer):
    order: list[int] = Field(..., description="first breaks first (SEAT-BREAK)")
    published_at: str | None = Field(..., description="when registration closed")
    changes: list[OrderChangeOut] = Field(..., description="changes made since, with the director's reason")


class DrawInputsOut(Answer):
    version: int = Field(
        1,
        description=(
            "break: 3 since 6 December 2026 (the tables it fills and the fill level), 2 since 3 December "
            "(every table's size and open seats), 1 before"
        ),
    )
    entries: list[int] = Field([], description="field, Day 2, final: the entry numbers drawn, ascending")
    tables: list[list[int | list[list[int]]]] = Field(
        [],
        description=(
            "field, Day 2: [table, seats] in the order they fill; break: every open table, [table, seats, "
            "players seated] (version 2) or [table, seats, [[seat, entry], …]] (version 1)"
        ),
    )
    breaking: list[list[int]] = Field([], description="break, versions 2 and 3: the breaking table's [seat, entry]")
    breaking_table: list[int] = Field([], description="break, version 3: the breaking table's [number, seats]")
    players: int | None = Field(None, description="break, version 3: players left, the breaking table's among them")
    other_tables: list[list[int]] = Field(
        [], description="break, version 3: [seats, how many] the other open tables counted by their seats"
    )
    filling: list[list[int | list[int]]] = Field(
        [],
        description=(
            "break, version 3: [table, seats, players seated, rank, [open seat, …]] the tables the break fills, "
            "in the order they opened; rank: its place among the open tables with seats above the fill level "
            "(0: not above it), which decides the places over the level"
        ),
    )
    open_seats: list[list[int | list[int]]] = Field(
        [], description="break, version 2: [table, [seat, …]] the open seats of the tables the break fills"
    )
    field_button_draw: bool = Field(False, description="one button draw for the whole field (BTN-DRAW)")
    breaking_order: list[int] = Field([], description="break: the order the tables break in")
    table: int | None = Field(None, description="final: the final table's number")
    seats: int | None = Field(None, description="final: its seats")


class PrivateInputsOut(Answer):
    keep_apart: int = Field(..., description="keep-apart groups (SEAT-SEPARATE): personal, not published")
    pinned: int = Field(..., description="reserved seats (SEAT-DRAW): personal, not published")


class DrawCheckOut(Answer):
    kind: Literal["field", "day_two", "break", "final"]
    seed_hash: str
    hash_published_at: str
    hash_seq: int
    published_ahead: bool = Field(..., description="the hash was out in an earlier event than the draw")
    drawn_at: str
    drawn_seq: int
    seed: int
    hash_matches: bool = Field(..., description="SHA-256 of the seed is the hash published")
    inputs: DrawInputsOut
    private_inputs: PrivateInputsOut
    publicly_recomputable: bool = Field(..., description="no private inputs: anyone can recompute it")
    recomputed: list[list[int]] = Field(..., description="[table, seat, entry number] from the seed and inputs")
    recorded: list[list[int]] = Field(..., description="[table, seat, entry number] as the seat rows stand")
    differences: list[list[int]]
    matches: bool


class DrawsOut(Answer):
    next_draw: NextDrawOut | None
    breaking_order: PublishedOrderOut | None = Field(..., description="null until registration closes")
    draws: list[DrawCheckOut]


@public.get(
    "/tournaments/{tournament_id}/draws/",
    response={200: DrawsOut, **ERRORS},
    summary="Checkable draws: each seat draw recomputed from its seed, published as a hash beforehand",
)
@decorate_view(public_read)
def draws(request, tournament_id: Id):
    return draws_view(tournament_for(request.user, tournament_id, Action.VIEW_LOBBY))
