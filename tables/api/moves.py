"""The moves' schemas of the tables' API (tables/api/tables.py's routes): what a tablet sends
to confirm a move, move by hand or swap, and the answers (issue 26: with the move's reason and
the player's moves so far)."""

from ninja import Field, Schema

from core.api import Answer, SeatNumber, TableNumber


class MoveIn(Schema):
    from_table: TableNumber
    from_seat: SeatNumber
    to_table: TableNumber
    to_seat: SeatNumber


class ByHandIn(MoveIn):
    reason: str = Field(..., max_length=200, description="why, for the log")


class SwapIn(Schema):
    table_a: TableNumber
    seat_a: SeatNumber
    table_b: TableNumber
    seat_b: SeatNumber
    reason: str = Field(..., max_length=200, description="why, for the log")


class MovedOut(Answer):
    moved: bool
    already_done: bool = Field(..., description="always false: a move made already is refused (409, by whom)")
    reason: str = Field("", description="why the player moved, one line (issue 26)")
    times_moved: int = Field(0, description="the player's moves so far, this one included")


class MovedByHandOut(Answer):
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str


class SwappedOut(Answer):
    table_a: int
    seat_a: int
    table_b: int
    seat_b: int
    reason: str
