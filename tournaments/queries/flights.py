"""Reads of flights that the tournament's own queries and the desk need: the field a main
event's payout table counts (every flight's), the entries sold across its flights, and what
FLIGHT-REENTRY says of a player at a flight's desk.

Query floor: below tournaments.queries (which reads these), above core and the models.
"""

from dataclasses import dataclass

from django.db import connection
from django.db.models import Sum
from django.utils.translation import gettext as _

from core import log
from players.models import Player
from players.rules import eligibility
from tables.models import ChipBag, Qualifier
from tournaments.models import Entry, Tournament
from tournaments.queries.counts import NOTHING_COUNTED, POOLED, pooled_counts
from tournaments.rules.flights import FlightReentry, OtherFlightEntry, entry_refusal

OVER = (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)


def payout_field(tournament: Tournament) -> int:
    """PAY-STRUCT: the field the payout table is made for: seat entries not voided or refunded
    (PAY-DQ: a disqualified one still counts), across the flights, Day 2 entries not again. A
    flight pays nothing itself (0: no payout table): its main event pays. Kept by the database."""
    if tournament.main_event_id is not None:
        return 0
    return pooled_counts(tournament)["field"]


def money_event(tournament: Tournament) -> Tournament:
    """Whose money a tournament plays for: a flight's is its main event's (one pool, one payout
    table, one guarantee: PAY-POOL, FLIGHT-ITM); any other tournament's its own."""
    return tournament.main_event if tournament.main_event_id is not None else tournament


def main_event_with_flights(tournament: Tournament) -> Tournament | None:
    """The main event whose flights a tournament belongs to (itself for a main event with
    flights), else None."""
    if tournament.main_event_id is not None:
        return tournament.main_event
    # One static statement (the ORM's exists() took longer to build than PostgreSQL to answer);
    # a sale's or a bust's money line asks in money_reads' statement instead.
    with connection.cursor() as cursor:
        cursor.execute("SELECT EXISTS (SELECT 1 FROM tournaments_tournament WHERE main_event_id = %s)", [tournament.pk])
        has_flights = cursor.fetchone()[0]
    return tournament if has_flights else None


def players_left_in_event(main: Tournament, still_in: bool = True) -> int:
    """FLIGHT-ITM: the main event's players across its flights: the bags going to Day 2 and the
    players still playing a flight, once per player (FLIGHT-REENTRY "each": once per entry).
    `still_in`: on Day 2, only the Day 2 entries still in; else every bag that went forward (the
    field the flights ended with, above which the flights' places are counted).

    Counted by PostgreSQL in one static statement (its SQL is part of money_reads', which every
    sale and bust of a flight runs under the flight's lock): the player ids of a 5,000-entry
    flight fetched into a Python set held that lock for milliseconds (issue 25). The flights'
    entries are read by the flights' ids (an array computed once), so through the index on
    tournament_id whatever the statistics say: joined to the flights, a burst of entries not
    yet analysed was planned as a nested loop over every entry of every tournament (185 ms at
    4,500 entries; by ids 0.1 ms)."""
    left, params = _players_left(main, still_in)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {left}", params)
        return cursor.fetchone()[0]


def _players_left(main: Tournament, still_in: bool) -> tuple[str, list]:
    """players_left_in_event's count as an SQL expression (bigint) and its parameters, which
    money_reads' statement takes in too. FLIGHT-REENTRY "each": the bags and the flights' kept
    counts; else each player once, over the bags and the flights' entries."""
    forward = [main.pk, Qualifier.Status.FORWARD, still_in, Entry.Status.ACTIVE]
    if FlightReentry(main.rules().entries.flight_reentry) == FlightReentry.EACH:
        left = (
            f"(SELECT COUNT(*) FROM ({_FORWARD}) bags) + (SELECT coalesce(sum(fc.players_left), 0) "
            f"FROM tournaments_fieldcounts fc JOIN {Tournament._meta.db_table} t ON t.id = fc.tournament_id "
            "WHERE t.main_event_id = %s AND NOT t.status = ANY(%s))"
        )
        return f"({left})::bigint", [*forward, main.pk, list(OVER)]
    left = f"(SELECT COUNT(*) FROM ({_FORWARD} UNION {_PLAYING}) players)"
    return left, [*forward, Entry.Status.ACTIVE, list(Entry.SEAT_KINDS), main.pk, list(OVER)]


# The bags that went forward (the Day 2 entries still in, with `still_in`), and the players of
# the flights still playing: player ids, for players_left_in_event.
_FORWARD = (
    f"SELECT q.player_id FROM {Qualifier._meta.db_table} q "
    f"LEFT JOIN {Entry._meta.db_table} d ON d.id = q.day_two_entry_id "
    "WHERE q.main_event_id = %s AND q.status = %s AND (NOT %s OR q.day_two_entry_id IS NULL OR d.status = %s)"
)
_PLAYING = (
    f"SELECT player_id FROM {Entry._meta.db_table} WHERE status = %s AND kind = ANY(%s) "
    f"AND tournament_id = ANY(ARRAY(SELECT id FROM {Tournament._meta.db_table} "
    "WHERE main_event_id = %s AND NOT status = ANY(%s)))"
)


def players_left_for_money(tournament: Tournament, players_left: int) -> int:
    """The players left the money counts (in the money, next out, the bubble): a flight's and a
    main event's with flights are the whole event's (FLIGHT-ITM), any other's its own."""
    main = main_event_with_flights(tournament)
    return players_left if main is None else players_left_in_event(main)


# The main event's flights (%s: OVER, then its id): how many, and whether the combined field can
# grow no more (FLIGHT-ITM: every flight has closed its registration or is over; none: False).
_FLIGHTS_FINAL = (
    "SELECT count(*), coalesce(bool_and(registration_closed OR status = ANY(%s)), false) "
    f"FROM {Tournament._meta.db_table} WHERE main_event_id = %s"
)


def field_final(main: Tournament) -> bool:
    """FLIGHT-ITM: the combined field can grow no more: every flight has closed its registration
    or is over."""
    with connection.cursor() as cursor:  # static SQL (a sale's and a bust's: in money_reads)
        cursor.execute(_FLIGHTS_FINAL, [list(OVER), main.pk])
        return cursor.fetchone()[1]


@dataclass(frozen=True)
class MoneyReads:
    """What a money line reads (payouts.money_summary), read by money_reads in one statement."""

    kept: dict  # the tournament's own counts (counts.kept_counts)
    sums: dict  # its money event's and the flights' sums (counts.pooled_counts)
    main: Tournament | None  # main_event_with_flights
    event_players_left: int  # players_left_in_event(main), when there is one
    field_final: bool  # field_final(main), when there is one
    deal_id: int | None  # the latest deal's (payouts.latest_deal)
    place: log.Place | None  # with next_seq: the seq taken for the caller's next event


def money_reads(tournament: Tournament, next_seq: bool = False) -> MoneyReads:
    """The money line's reads in one statement: every sale and bust asks, under the flight's
    lock, and five statements were five round trips with the row held (issue 25). The same
    reads as kept_counts, pooled_counts, main_event_with_flights, players_left_in_event,
    field_final and payouts.latest_deal; for a tournament without flights the players across
    flights are an index lookup that finds none. `next_seq`: the statement takes the log's next
    seq too (core.log.BUMP: one round trip fewer with the row held), for the event the caller
    appends next, with nothing appended in between (the chain's head is read here)."""
    own = tournament.pk
    flight = tournament.main_event_id is not None
    main_id = tournament.main_event_id if flight else own
    main = tournament.main_event if flight else tournament
    left, left_params = _players_left(main, still_in=True)
    kept = ", ".join(f"coalesce(c.{name}, 0)" for name in NOTHING_COUNTED)
    table = Tournament._meta.db_table
    bump, bumped, bump_params = "", "", []
    if next_seq:
        bump = f"WITH bumped AS (UPDATE {table} SET {log.BUMP} WHERE id = %s RETURNING {log.BUMPED}) "
        bumped, bump_params = ", bumped.*", [own]
    with connection.cursor() as cursor:
        cursor.execute(
            f"{bump}SELECT {kept}, p.pool, p.back, p.field, f.flights, f.final, {left}, "
            f"(SELECT id FROM tournaments_deal WHERE tournament_id = %s ORDER BY at DESC LIMIT 1){bumped} "
            "FROM (VALUES (1)) one LEFT JOIN tournaments_fieldcounts c ON c.tournament_id = %s "
            f"CROSS JOIN LATERAL ({POOLED}) p(pool, back, field) "
            f"CROSS JOIN LATERAL ({_FLIGHTS_FINAL}) f(flights, final)"
            f"{' CROSS JOIN bumped' if next_seq else ''}",
            [*bump_params, *left_params, own, own, main_id, main_id, list(OVER), main_id],
        )
        row = cursor.fetchone()
    width = len(NOTHING_COUNTED)
    pool, back, field, flights, final, event_left, deal_id, *place = row[width:]
    return MoneyReads(
        kept=dict(zip(NOTHING_COUNTED, row[:width], strict=True)),
        sums={"pool": pool, "back": back, "field": field},
        main=main if flights else None,
        event_players_left=event_left,
        field_final=final,
        deal_id=deal_id,
        place=log.Place(*place) if place else None,
    )


def entries_sold(tournament: Tournament) -> int:
    """The entries the lobby shows: the tournament's seats sold and, for a main event, its flights'."""
    flights = tournament.flights.aggregate(sold=Sum("seats_sold"))["sold"] or 0
    return tournament.seats_sold + flights


def flight_names(tournament: Tournament) -> list[str]:
    return list(tournament.flights.order_by("starts_at", "id").values_list("name", flat=True))


def flight_reason(
    tournament: Tournament, player: Player, seats_a_player: bool, new_player: bool = False
) -> eligibility.Reason | None:
    """The desk's check of a seat sale against the flights (FLIGHT-REENTRY): a main event with
    flights sells its seats in them; a flight refuses what the ruleset's re-entry across flights
    forbids. None where flights play no part. `new_player`: the player's row was written in
    this transaction, so they have no seat in another flight (none is read)."""
    if not seats_a_player:
        return None
    if tournament.main_event_id is None:
        names = flight_names(tournament)
        if names:
            return eligibility.Reason(
                "FLIGHT-REENTRY",
                False,
                _("%(event)s is played in flights: sell the entry in one of them (%(flights)s).")
                % {"event": tournament.name, "flights": ", ".join(names)},
            )
        return None
    others = [] if new_player else _other_flight_seats(tournament, player)
    active = Entry.Status.ACTIVE
    facts = [
        OtherFlightEntry(
            flight=name,
            playing=status == active and not bagged and flight_status not in OVER,
            bagged=status == active and bagged and not forfeited,
        )
        for name, status, flight_status, bagged, forfeited in others
    ]
    refusal = entry_refusal(tournament.main_event.rules().entries.flight_reentry, facts)
    return None if refusal is None else eligibility.Reason("FLIGHT-REENTRY", False, refusal)


def _other_flight_seats(tournament: Tournament, player: Player) -> list[tuple]:
    """One static statement (a seat sale in a flight asks under the lock): the player's seats in
    the other flights, each with whether it is bagged and whether its qualification was forfeited."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT t.name, e.status, t.status, "
            f"EXISTS (SELECT 1 FROM {ChipBag._meta.db_table} b WHERE b.entry_id = e.id), "
            f"EXISTS (SELECT 1 FROM {Qualifier._meta.db_table} q WHERE q.flight_entry_id = e.id "
            "AND q.player_id = %s AND q.main_event_id = %s AND q.status = %s) "
            f"FROM {Entry._meta.db_table} e JOIN {Tournament._meta.db_table} t ON t.id = e.tournament_id "
            "WHERE t.main_event_id = %s AND e.player_id = %s AND e.kind = ANY(%s) AND e.tournament_id <> %s "
            "ORDER BY e.tournament_id, e.number",
            [
                player.pk,
                tournament.main_event_id,
                Qualifier.Status.FORFEITED,
                tournament.main_event_id,
                player.pk,
                list(Entry.SEAT_KINDS),
                tournament.pk,
            ],
        )
        return cursor.fetchall()
