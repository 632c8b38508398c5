"""A progressive knockout main event played in a flight (issue 23): the flight sells with the
main event's bounty (BNT-POOL), its busts win bounties there (BNT-PKO), and a Day 2 entry
carries its bag's head into the main event. The ledger balances across the event (BNT-POOL)."""

import pytest

from tables.models import Qualifier, Seating
from tables.services.floor import player_out
from tests.helpers.bounties import assert_ledger, bounty_main_with_flight, seats_of
from tests.helpers.day_two import bag_the_rest_and_close, draw_day_two_at, end_the_day
from tournaments.models import Entry, Tournament
from tournaments.queries.bounties import bounty_board

pytestmark = pytest.mark.django_db


def test_BNT_PKO_a_day_two_entry_carries_its_flight_bags_head(make_tournament, staff):
    main, flight = bounty_main_with_flight(make_tournament, staff, "progressive", 2_000)
    assert Entry.objects.filter(tournament=flight).first().paid == 13_000
    seats = sorted(Seating.objects.filter(tournament=flight, ended_at__isnull=True).values_list("seat", flat=True))
    winner_entry = Seating.objects.get(tournament=flight, seat=seats[1], ended_at__isnull=True).entry
    player_out(flight.id, 1, seats[0], staff["floor"], eliminated_by=[seats[1]])
    assert Entry.objects.get(pk=winner_entry.pk).head == 3_000
    assert assert_ledger(main)["on_heads"] == 11_000
    assert bounty_board(flight)["pool"] == 12_000  # the flight's board is its main event's
    end_the_day(flight)
    bag_the_rest_and_close(flight, staff)
    draw_day_two_at(main, staff, [2])
    day_two = Qualifier.objects.get(flight_entry=winner_entry).day_two_entry
    assert day_two.tournament_id == main.id and Entry.objects.get(pk=day_two.pk).head == 3_000
    assert Entry.objects.get(pk=winner_entry.pk).head == 0  # moved, not copied
    assert_ledger(main)
    while Tournament.objects.get(pk=main.pk).status != "finished":
        out, by = sorted(seats_of(main))[:2]
        player_out(main.id, 2, out, staff["floor"], eliminated_by=[by])
        assert_ledger(main)
    assert assert_ledger(main) == {"pool": 12_000, "won": 12_000, "on_heads": 0, "envelopes_left": 0, "carried": 0}
