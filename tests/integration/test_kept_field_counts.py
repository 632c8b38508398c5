"""Issue 25: the field's counts kept by the database (FieldCounts, migration 0031) equal the
aggregates over the entries and the chip adjustments they replaced, after every step of a
tournament's life: sales, a void, a refund, the draw, busts, a re-entry, a bust undone,
disqualifications with and without chips, chip adjustments changed and removed, and a main
event's flight bagged into a Day 2 draw (CHIP-COUNT, PAY-POOL, PAY-DQ, FLIGHT-ITM)."""

import pytest
from django.db.models import Count, Q, Sum

from clock.services import level_clock
from tables.models import ChipAdjustment, Seating
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tests.helpers.day_two import bag_the_rest_and_close, draw_day_two_at, end_the_day, main_event_with_a_flight
from tournaments.models import Entry, FieldCounts, Tournament
from tournaments.queries.counts import kept_counts, pooled_counts
from tournaments.queries.entries import Sale
from tournaments.queries.flights import (
    field_final,
    main_event_with_flights,
    money_reads,
    payout_field,
    players_left_in_event,
)
from tournaments.queries.payouts import field_size, latest_deal
from tournaments.queries.snapshot import field_counts
from tournaments.rules.entries import Kind, RefundReason
from tournaments.services import desk, rulings

IN_THE_POOL = ["active", "busted", "disqualified"]
SEAT = Q(kind__in=Entry.SEAT_KINDS)


def aggregated(entries) -> dict:
    """The whole-field aggregates the queries ran before issue 25, over `entries`."""
    return entries.aggregate(
        players_left=Count("id", filter=Q(status="active") & SEAT),
        chips=Sum("chips", filter=Q(status__in=IN_THE_POOL)),
        pool=Sum("pool_part", filter=Q(status__in=IN_THE_POOL)),
        returned=Sum("returned_from_pool", filter=Q(status__in=IN_THE_POOL)),
        pooled_seats=Count("id", filter=Q(status__in=IN_THE_POOL) & SEAT & ~Q(kind="day_two")),
        seats=Count("id", filter=Q(status__in=IN_THE_POOL) & SEAT),
        placed_seats=Count("id", filter=Q(status__in=["active", "busted"]) & SEAT),
    )


def assert_kept(*tournaments: Tournament) -> None:
    for tournament in tournaments:
        real = aggregated(Entry.objects.filter(tournament=tournament))
        adjusted = ChipAdjustment.objects.filter(tournament=tournament).aggregate(c=Sum("chips"))["c"] or 0
        kept = kept_counts(tournament.id)
        assert kept == {
            "players_left": real["players_left"],
            "chips_in_play": (real["chips"] or 0) + adjusted,
            "pool": real["pool"] or 0,
            "returned": real["returned"] or 0,
            "pooled_seats": real["pooled_seats"],
            "seats": real["seats"],
            "placed_seats": real["placed_seats"],
        }, tournament.name
        assert field_size(tournament) == real["seats"]  # PAY-DQ: the disqualified still count
        assert field_size(tournament, disqualified=False) == real["placed_seats"]
        # PAY-POOL: the money event's pool is its entries' and its flights'.
        main = tournament.main_event_id or tournament.id
        money = aggregated(Entry.objects.filter(Q(tournament_id=main) | Q(tournament__main_event_id=main)))
        pooled = pooled_counts(tournament)
        assert pooled == {"pool": money["pool"] or 0, "back": money["returned"] or 0, "field": money["pooled_seats"]}
        assert {type(figure) for figure in pooled.values()} == {int}  # not numeric: the events are JSON
        if tournament.main_event_id is None:
            assert payout_field(tournament) == money["pooled_seats"]
        assert_one_read(tournament)


def assert_one_read(tournament: Tournament) -> None:
    """The money line's one statement (flights.money_reads) reads what its six reads did."""
    tournament = Tournament.objects.get(pk=tournament.pk)
    reads = money_reads(tournament)
    main = main_event_with_flights(tournament)
    deal = latest_deal(tournament)
    assert (reads.kept, reads.sums, reads.main, reads.deal_id, reads.place) == (
        kept_counts(tournament.id),
        pooled_counts(tournament),
        main,
        deal.id if deal else None,
        None,
    )
    if main is not None:
        assert (reads.event_players_left, reads.field_final) == (players_left_in_event(main), field_final(main))


def seat_of(entry: Entry) -> tuple[int, int]:
    sitting = Seating.objects.select_related("tournament_table__table").get(entry=entry, ended_at__isnull=True)
    return sitting.tournament_table.table.number, sitting.seat


@pytest.mark.django_db
def test_CHIP_COUNT_PAY_POOL_PAY_DQ_the_kept_counts_equal_the_aggregates_through_a_tournament(field, staff):
    tournament, entries = field(14, tables=2, buy_in=10_000)
    assert_kept(tournament)
    voided, refunded = entries[-1], entries[-2]
    desk.void_entry(tournament.id, voided.number, "wrong player", staff["cashier"])
    assert_kept(tournament)
    desk.refund_entry(tournament.id, refunded.number, RefundReason.WITHDRAWAL, staff["cashier"])
    assert_kept(tournament)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    level_clock.start_clock(tournament.id, staff["director"])  # play started: re-entries are sold
    playing = entries[:12]
    busted = []
    for entry in playing[:4]:
        player_out(tournament.id, *seat_of(entry), staff["floor"])
        busted.append(entry)
        assert_kept(tournament)
    desk.register_entry(tournament.id, busted[0].player_id, Sale(Kind.RE_ENTRY, "cash", "d", "s"), None)
    assert_kept(tournament)
    rulings.undo_bust(tournament.id, busted[1].number, "wrong seat tapped", staff["director"])
    assert_kept(tournament)
    rulings.disqualify(tournament.id, playing[6].number, "collusion", staff["director"], chips=7_500)
    assert_kept(tournament)
    rulings.disqualify(tournament.id, busted[2].number, "abuse after the bust", staff["director"])
    assert_kept(tournament)
    # The chip adjustments' trigger follows an UPDATE and a DELETE as well as the INSERT above.
    ChipAdjustment.objects.filter(tournament=tournament).update(chips=-5_000)
    assert_kept(tournament)
    ChipAdjustment.objects.filter(tournament=tournament).delete()
    assert_kept(tournament)
    assert field_counts(tournament.id)["players_left"] == 12 - 4 + 1 + 1 - 1


@pytest.mark.django_db
def test_FLIGHT_ITM_PAY_POOL_a_flight_bagged_into_day_two_keeps_the_main_events_counts(make_tournament, staff):
    main, flight = main_event_with_a_flight(make_tournament, staff, 7)
    assert_kept(main, flight)
    first = Entry.objects.filter(tournament=flight).order_by("number").first()
    player_out(flight.id, *seat_of(first), staff["floor"])
    assert_kept(main, flight)
    end_the_day(flight)
    bag_the_rest_and_close(flight, staff)
    assert_kept(main, flight)
    draw_day_two_at(main, staff, [2, 3])
    assert kept_counts(main.id)["players_left"] == 6 and kept_counts(main.id)["pooled_seats"] == 0
    assert_kept(main, flight)
    day_two = list(Entry.objects.filter(tournament=main, kind="day_two").order_by("number"))
    player_out(main.id, *seat_of(day_two[0]), staff["floor"])
    assert_kept(main, flight)
    rulings.disqualify(main.id, day_two[1].number, "chip dumping", staff["director"], chips=20_000)
    assert_kept(main, flight)
    assert pooled_counts(main)["field"] == 7  # FLIGHT-ITM: the flight's seats, Day 2's not again
    # FLIGHT-REENTRY "each" counts the players across the flights by entry, not by player.
    Tournament.objects.filter(pk=main.pk).update(ruleset={"preset": "pokerfest", "entries": {"flight_reentry": "each"}})
    assert_kept(main, flight)


@pytest.mark.django_db
def test_every_tournament_has_its_counts_row_from_its_creation(make_tournament):
    tournament = make_tournament()
    assert FieldCounts.objects.filter(tournament=tournament).exists()
    assert kept_counts(tournament.id)["players_left"] == 0
