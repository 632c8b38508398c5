"""The answers of the tables' API that more than one operation gives: the floor's view and its
parts (seats, penalties, absences, photo ID checks, the money line), the moves the tables need,
the waiting list and a player's companion page. Each field as the queries build it
(tables.queries, tournaments.queries.seat): the schema names every field a screen reads."""

from ninja import Field

from clock.api.clock import TableClockOut
from core.api import Answer, Row
from tournaments.api.tournaments import HandForHandOut, MoneyOut


class PlayerRef(Answer):
    """A player as the log names them: who, no personal data."""

    id: int
    name: str


class TournamentRef(Answer):
    id: int
    name: str


class SeededOut(Answer):
    """A seat draw's answer: its seed, committed to beforehand (checkable draws)."""

    seed: int = Field(..., description="the draw's seed, public once drawn: it replays the draw")
    seed_hash: str = Field(..., description="its SHA-256, published before the draw (draw.committed)")


class TableSeatOut(Row):
    table: int
    seat: int


# The money line (tournaments.queries.payouts.money_summary) ------------------------------


# Moves (tables.queries.tables.proposed_moves) -----------------------------------------------


class ProposedMoveOut(Answer):
    entry: int = Field(..., description="the moving entry's id (not its number)")
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    times_moved: int = Field(0, description="the player's moves so far (issue 26: the fewest moved goes)")
    reason: str = Field("", description="why this player moves, one line for the floor")


class MovesOut(Answer):
    """What the tables need now: the final table, a table to break, or the balancing moves."""

    moves: list[ProposedMoveOut] = Field(..., description="the balancing moves, proposed, not yet made")
    halted: list[int] = Field(..., description="tables short enough that play halts there until balanced")
    waiting: list[int] = Field(..., description="short tables with no seat to take a player this hand")
    break_due: int | None = Field(..., description="the table to break now (SEAT-BREAK)")
    final_due: bool = Field(..., description="the field fits the final table: draw it (SEAT-FINAL)")
    players_left: int


class FloorMoveOut(ProposedMoveOut):
    name: str


# The waiting list (ENT-WAIT) --------------------------------------------------------------


class WaitingOut(Answer):
    position: int
    entry: int
    name: str = Field(..., description="the public name on the public reads, the full name on the floor's")


class WaitingListOut(Answer):
    seats_left: int = Field(..., description="open seats at the open tables")
    waiting: list[WaitingOut] = Field(..., description="in order: the first takes the next seat that opens")


# Penalties (tables.queries.penalties.penalty_document) -------------------------------------


class PenaltyOut(Row):
    """A penalty as the screens show it (PEN-LADDER, PEN-FINE)."""

    id: int
    entry: int
    name: str
    infraction: str
    step: str = Field(..., description='as given, e.g. "1 orbit", "big blind + 5 minutes"')
    proposed: bool = Field(..., description="the step was the one proposed from the player's record")
    table: int = Field(..., description="where it was given")
    seat: int
    hand: int
    given_at: str
    given_by: str | None
    hands_left: int
    seconds_left: int = Field(..., description="time away still to serve as of `as_of`")
    counting_until: str | None = Field(
        ..., description="while play counts, the moment it stops (the level's end): a screen counts down to it"
    )
    as_of: str
    chips_fined: int
    status: str = Field(..., description='"serving", "served" or "lifted"')
    may_return: bool = Field(..., description="served just now: the player may return")
    ended_at: str | None
    lift_reason: str | None
    lifted_by: str | None
    now_at: TableSeatOut | None = Field(..., description="where the player sits now")


# The floor's view (tables.queries.floor, tables.queries.absent) ------------------------------


class HeadsUpOut(Row):
    """CLK-HEADSUP: the hands played heads-up against the house's minimum."""

    played: int
    minimum: int
    to_play: int


class TableRulingOut(Row):
    id: int
    decision: str
    disputed: bool
    overturned: str | None = Field(..., description="the reason it was overturned")


class FloorSeatOut(Row):
    entry: int = Field(..., description="the entry's id")
    number: int = Field(..., description="the entry number")
    name: str
    extensions: int = Field(..., description="time-extension chips (AC-EXT)")
    penalty: PenaltyOut | None = Field(..., description="being served, or just served (may return)")
    stack: int | None = Field(..., description="the latest count or bag (CHIP-COUNT); none before any")
    moves: int = Field(0, description="times the floor moved this player so far (issue 26)")


class BagOut(Row):
    """CHIP-COUNT, CLK-EOD: a bag of the day as the seat panel and the director's list show it."""

    table: int
    seat: int
    entry: int = Field(..., description="the entry number")
    name: str
    chips: int = Field(..., description="the bag's count (the latest, when counted again)")
    first_count: int | None = Field(..., description="the first count, when the bagger counted the bag again")
    bagged_by: str | None = Field(..., description="who bagged it")
    confirmed: bool = Field(..., description="a second person counted the same")
    confirmed_by: str | None
    yours: bool = Field(..., description="the person asking bagged it: they may recount it, others confirm it")


class FloorTableOut(Row):
    number: int
    seats: int
    count: int = Field(..., description="players seated")
    button: int | None
    small_blind: int | None = Field(..., description="the small blind's seat")
    big_blind: int | None = Field(..., description="the big blind's seat")
    is_tv: bool
    is_final: bool
    awaiting_cards: bool = Field(..., description="kentucky: the floor is to enter this table's cards")
    hands_dealt: int
    hand: int = Field(..., description="the hand being played: hand done names it")
    playing_level: int | None = Field(..., description="the level index of the hand being played")
    hands_left: int | None = Field(..., description="the day's last hands still to play (CLK-EOD)")
    heads_up: HeadsUpOut | None
    hand_for_hand: str | None = Field(..., description='HFH-MODE: "playing", "done", "frozen" or "released"')
    bagged: list[int] = Field(..., description="seats bagged today (CLK-EOD)")
    bags_confirmed: list[int] = Field(..., description="seats whose bag a second person confirmed")
    bags: dict[str, BagOut] = Field(..., description="seat -> its bag today")
    rulings_this_hand: list[TableRulingOut]
    out_this_hand: list[str] = Field(..., description="names of the players out in the hand being played")
    out_last_hand: list[str]
    clock: TableClockOut | None = Field(..., description="the clock on a player this hand")
    players: dict[str, FloorSeatOut] = Field(..., description="seat -> the player there")


class BrokenPlayerOut(Answer):
    name: str
    number: int
    from_seat: int
    winner: bool = Field(..., description="the tournament is over and this player is still in")
    table: int | None = Field(..., description="where the player sits now")
    seat: int | None


class BrokenTableOut(Answer):
    """SEAT-BREAK: where the players of a broken table sit now."""

    number: int
    broken_at: str
    players: list[BrokenPlayerOut]


class AbsentSeatOut(Row):
    since: str
    retired: bool = Field(..., description="ENT-SUBST: retired without a substitute")
    may_remove: bool = Field(..., description="the stack may be removed now (PEN-ABSENT)")
    sentence: str


class UncheckedOut(Row):
    table: int
    seat: int
    entry: int
    name: str


class IdChecksOut(Answer):
    """REG-ID: the photo ID checks of the day of play."""

    required: bool = Field(..., description="the ruleset asks for photo ID each day")
    day: int
    day_started: bool
    unchecked: list[UncheckedOut] = Field(..., description="seated players still to check, by table and seat")
    checked: list[int] = Field(..., description="entry numbers checked")


class AbsentAndIdOut(Answer):
    absent: dict[str, dict[str, AbsentSeatOut]] = Field(..., description="table -> seat -> the absent player there")
    id_checks: IdChecksOut
    retiring: bool = Field(..., description="ENT-SUBST: the house has substitutes, so a player may retire")


class FlightOverOut(Answer):
    flight: str = Field(..., description="the flight's name, e.g. Day 1A")
    bags: int = Field(..., description="its bags at the close")


class CollectingOut(Answer):
    """SEAT-COLLECT: a seat number's stacks go into play once every seat of it is collected."""

    in_play: list[int] = Field(..., description="seat numbers whose stacks are in play")
    waiting: list[int] = Field(..., description="seat numbers still being collected")
    to_collect: dict[str, list[int]] = Field(..., description="table -> its seats not yet collected")


class ActionClockNowOut(Answer):
    outside: str | None = Field(..., description="AC-PERIOD: why the action clock is outside its period now")
    suspended: str = Field(..., description="AC-SUSPEND: the director's reason for the whole tournament, or empty")
    tables_suspended: dict[int, str] = Field(..., description="AC-SUSPEND: table -> the director's reason")


class FloorOut(AbsentAndIdOut, MovesOut):
    """The floor tablets' and the director's view of every open table."""

    tables: list[FloorTableOut]
    tournament_status: str
    flight_over: FlightOverOut | None = Field(..., description="a closed flight: its name and bags")
    waiting_list: WaitingListOut
    breaking_order: list[int] = Field(..., description="the open tables, the first to break first")
    clock_level: int | None = Field(..., description="the level index the clock shows")
    registration_closed: bool
    breaking_order_alterable: bool = Field(
        ..., description="the house may alter the published breaking order, with a reason (SEAT-BREAK)"
    )
    tolerance: int = Field(..., description="the largest table may have this many more players (SEAT-BALANCE)")
    action_clock: bool
    action_clock_now: ActionClockNowOut
    hand_for_hand: HandForHandOut | None
    collecting: CollectingOut | None = Field(..., description="none: no stack waits for its seat card")
    moves: list[FloorMoveOut]
    broken_table: BrokenTableOut | None = Field(
        ..., description="with ?broken=: where the players of that broken table went"
    )
    money: MoneyOut


# The player's companion (tournaments.queries.seat) ---------------------------------------


class SeatPenaltyOut(Answer):
    """What the player's own page says of a penalty: what is left, never who gave it."""

    step: str
    status: str
    may_return: bool
    hands_left: int
    seconds_left: int
    counting_until: str | None
    as_of: str
    chips_fined: int


class AbsenceOut(Answer):
    since: str
    retired: bool


class FinishOut(Answer):
    place: list[int] = Field(..., description="[from, to]: a range when tied")
    prize: int | None = Field(..., description="minor units; none until the payouts are published")
    seat: TournamentRef | None = Field(..., description="a satellite: the seat won in its target")
    field: int
    published: bool


class DayTwoOut(Answer):
    """A flight entry's way to Day 2 (AC-CARRY)."""

    main_event: str
    main_event_id: int
    status: str = Field(..., description='"bagged" until the flight closes, then the qualifier\'s status')
    chips: int
    time_extensions: int | None
    table: int | None
    seat: int | None
    reason: str = Field(..., description="why a bag is forfeited")
    day_two_entry: int | None = Field(None, description="the Day 2 entry number, once the flight has closed")
    starts_at: str | None = Field(None, description="Day 2's start, when the main event's is set after the flight's")


class SeatPageVoucherOut(Answer):
    code: str
    target: TournamentRef
    source: str
    used: bool
    void: bool = Field(..., description="SAT-SEATS: its winner was disqualified; the seat passed on")


class EntryNumberOut(Answer):
    """One number a player's run in the event goes by: a flight's entry, then its Day 2 entry."""

    tournament: str
    tournament_id: int
    entry: int


class FollowOut(Answer):
    """The tournament the seat page listens to: the ticket's, or from its flight's close the
    main event (Day 2)."""

    id: int
    name: str
    status: str


class SeatEnvelopeOut(Answer):
    amount: int = Field(..., description="the envelope drawn, minor units")
    draw_number: int | None
    cash: int = Field(..., description="the player's part of it (a split pot shares it)")


class SeatBountyOut(Answer):
    """The player's bounties (issue 23): none in an event without them (format none)."""

    format: str = Field(..., description="none, knockout, progressive or mystery")
    head: int = Field(..., description="the bounty on the player now, minor units")
    knockouts: int = Field(..., description="ELIM-BY: the players they knocked out")
    won: int = Field(..., description="bounties won in cash, minor units")
    envelopes: list[SeatEnvelopeOut] = Field(..., description="BNT-MYSTERY: the envelopes drawn")


class CompanionOut(Answer):
    """The player's seat page from the ticket's code: no personal data. A flight's ticket follows
    its player into Day 2: the seat, status, penalty, absence, money and finish are then the Day 2
    entry's."""

    entry: int = Field(..., description="the ticket's own entry number")
    entries: list[EntryNumberOut] = Field(
        ..., description="the player's numbers in the event: a flight's entry and its Day 2 entry where they differ"
    )
    follow: FollowOut
    status: str
    status_display: str
    tournament_status: str
    table: int | None
    seat: int | None
    waiting_position: int | None = Field(..., description="the place on the waiting list (ENT-WAIT)")
    move_reason: str = Field("", description="why the player was moved to this seat, one line (issue 26)")
    currency: str
    penalty: SeatPenaltyOut | None
    absent: AbsenceOut | None
    money: MoneyOut
    players_left: int
    finish: FinishOut | None = Field(..., description="once out: the place and the prize")
    day_two: DayTwoOut | None
    won_seats: list[SeatPageVoucherOut] = Field(..., description="the seats this entry won in satellites")
    bounty: SeatBountyOut
