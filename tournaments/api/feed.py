"""The official live data feed, version 1 (issue 26, docs/feed.md): /api/feed/v1/…, public
JSON with an ETag and a short Cache-Control, its schema in the OpenAPI document. The same
document streams on /ws/feed/v1/tournaments/<id>/ (tournaments/consumers.py, FeedConsumer)."""

from ninja import Field, Router
from ninja.decorators import decorate_view

from core.access import Action, tournament_for
from core.api import ERRORS, Answer, Id
from core.http_cache import public_read
from tournaments.api.tournaments import StoppedClockOut
from tournaments.queries.feed import feed

router = Router(tags=["feed"])


class FeedTournamentOut(Answer):
    id: int
    name: str
    status: str
    festival: str
    currency: str = Field(..., description="ISO 4217; every amount is in its minor units")


class FeedCountsOut(Answer):
    entries: int = Field(..., description="entries sold (a main event: with its flights')")
    players_left: int
    chips_in_play: int


class FeedPayoutsOut(Answer):
    published: bool = Field(..., description="PAY-POOL: false until the house publishes the payouts")
    pool: int | None = Field(..., description="minor units; null until published")
    places_paid: int
    table: list[int] = Field(..., description="the prize of each place, first first (minor units); [] until published")


class FeedEliminationOut(Answer):
    entry: int
    name: str = Field(..., description="as the player consented to publish it (REG-CONSENT): 'Anna K.' or 'A. K.'")
    place: list[int] = Field(..., description="[best, worst]: a range when places are shared")
    prize: int | None = Field(..., description="minor units; null: not published yet")
    seat_in: str | None = Field(
        ..., description="a satellite's place: the tournament whose seat it won (the prize is the cash beside it)"
    )


class FeedSeatOut(Answer):
    entry: int
    name: str = Field(..., description="as the player consented to publish it")


class FeedTableOut(Answer):
    number: int
    seats: int
    button: int | None
    is_final: bool
    players: dict[str, FeedSeatOut] = Field(..., description="seat number -> the player there")


class FeedDrawOut(Answer):
    public_at: str | None = Field(..., description="when the latest draw's seats are public (the house's delay)")
    tables: list[FeedTableOut] | None = Field(..., description="null until public_at")


class FeedOut(Answer):
    version: str = Field(..., description="the feed's version: '1'")
    seq: int = Field(..., description="the last event of the tournament's log this document covers")
    chain_head: str = Field(..., description="the log's hash chain head at seq (sha256, hex; issue 27)")
    tournament: FeedTournamentOut
    counts: FeedCountsOut
    clock: StoppedClockOut | None
    payouts: FeedPayoutsOut
    eliminations: list[FeedEliminationOut] = Field(..., description="every player out, in the order of places")
    draw: FeedDrawOut


@router.get(
    "/feed/v1/tournaments/{tournament_id}/",
    response={200: FeedOut, **ERRORS},
    summary="The live data feed (v1): draw, counts, eliminations, payouts, clock, and the log's chain head",
)
@decorate_view(public_read)
def tournament_feed(request, tournament_id: Id):
    return feed(tournament_for(request.user, tournament_id, Action.VIEW_LOBBY).id)
