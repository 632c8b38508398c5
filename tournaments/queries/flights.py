"""Reads of flights that the tournament's own queries and the desk need: the field a main
event's payout table counts (every flight's), the entries sold across its flights, and what
FLIGHT-REENTRY says of a player at a flight's desk.

Query floor: below tournaments.queries (which reads these), above core and the models.
"""

from django.db import connection
from django.db.models import Sum
from django.utils.translation import gettext as _

from players.models import Player
from players.rules import eligibility
from tables.models import ChipBag, Qualifier
from tournaments.models import Entry, Tournament
from tournaments.queries.counts import flights_players_left, pooled_counts
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
    # Every bust's money line asks: one static statement (the ORM's exists() took longer to
    # build than PostgreSQL to answer).
    with connection.cursor() as cursor:
        cursor.execute("SELECT EXISTS (SELECT 1 FROM tournaments_tournament WHERE main_event_id = %s)", [tournament.pk])
        has_flights = cursor.fetchone()[0]
    return tournament if has_flights else None


def players_left_in_event(main: Tournament, still_in: bool = True) -> int:
    """FLIGHT-ITM: the main event's players across its flights: the bags going to Day 2 and the
    players still playing a flight, once per player (FLIGHT-REENTRY "each": once per entry).
    `still_in`: on Day 2, only the Day 2 entries still in; else every bag that went forward (the
    field the flights ended with, above which the flights' places are counted).

    Counted by PostgreSQL in one static statement: every sale and bust of a flight asks, under
    the flight's lock, and the player ids of a 5,000-entry flight fetched into a Python set held
    that lock for milliseconds (issue 25). The flights' entries are read by the flights' ids (an
    array computed once), so through the index on tournament_id whatever the statistics say:
    joined to the flights, a burst of entries not yet analysed was planned as a nested loop over
    every entry of every tournament (185 ms at 4,500 entries; by ids 0.1 ms)."""
    forward = [main.pk, Qualifier.Status.FORWARD, still_in, Entry.Status.ACTIVE]
    with connection.cursor() as cursor:
        if FlightReentry(main.rules().entries.flight_reentry) == FlightReentry.EACH:
            cursor.execute(f"SELECT COUNT(*) FROM ({_FORWARD}) bags", forward)
            return cursor.fetchone()[0] + flights_players_left(main, OVER)  # the flights' kept counts
        cursor.execute(
            f"SELECT COUNT(*) FROM ({_FORWARD} UNION {_PLAYING}) players",
            [*forward, Entry.Status.ACTIVE, Entry.SEAT_KINDS, main.pk, list(OVER)],
        )
        return cursor.fetchone()[0]


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


def field_final(main: Tournament) -> bool:
    """FLIGHT-ITM: the combined field can grow no more: every flight has closed its registration
    or is over."""
    with connection.cursor() as cursor:  # static SQL: every sale and bust of a flight asks
        cursor.execute(
            f"SELECT registration_closed, status FROM {Tournament._meta.db_table} WHERE main_event_id = %s", [main.pk]
        )
        flights = cursor.fetchall()
    return bool(flights) and all(closed or status in OVER for closed, status in flights)


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
