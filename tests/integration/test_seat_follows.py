"""The seat page from any ticket of a main event played in flights follows its player to the
end (issue 22): the flight's seat, the bag, the way to Day 2 once the flight closes (the page
listens to the main event from then on), the Day 2 seat, a move, a table break, the final
table's redraw, then the place and the prize; the Day 2 entry's own ticket says the same. Each
tournament numbers its own entries: the ticket, the seat page and the results give both numbers
where they differ (a flight's #3 is Day 2's #5)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from rules.times import iso_time
from tables.models import Qualifier, Seating
from tables.services.breaking import break_next_table, draw_final_table, set_breaking_order
from tables.services.floor import move_by_hand, player_out
from tests.helpers.day_two import (
    bag,
    bag_the_rest_and_close,
    draw_day_two_at,
    end_the_day,
    flight_of,
    main_event_with_a_flight,
)
from tests.helpers.day_two import seat_of_entry as where
from tournaments.models import Entry, Tournament
from tournaments.queries.payouts import payout

pytestmark = pytest.mark.django_db(transaction=True)


def companion(tournament_id: int, code: str) -> dict:
    answer = Client().get(f"/api/tournaments/{tournament_id}/seat/{code}/")
    assert answer.status_code == 200, answer.content
    return answer.json()


def test_a_flight_ticket_follows_its_player_from_the_flight_through_day_two_to_the_prize(make_tournament, staff):
    """AC-CARRY, SEAT-BREAK, SEAT-FINAL, ELIM-*: one flight ticket's page from Day 1A to the finish."""
    main, flight = main_event_with_a_flight(make_tournament, staff, 7)
    ticket = Entry.objects.get(tournament=flight, number=3)
    other = Entry.objects.get(tournament=flight, number=5)
    mine = companion(flight.id, ticket.public_code)
    assert (mine["table"], mine["seat"]) == where(ticket) and mine["table"] == 1
    assert (mine["entry"], mine["entries"], mine["follow"]["id"], mine["day_two"]) == (
        3,
        [{"tournament": "Day 1A", "tournament_id": flight.id, "entry": 3}],
        flight.id,
        None,
    )

    # Bagged: the bag shows while the flight is still open, at the seat it was bagged at.
    end_the_day(flight)
    bag(flight, staff, ticket, 61_000)
    mine = companion(flight.id, ticket.public_code)
    assert (mine["day_two"]["status"], mine["day_two"]["chips"], mine["follow"]["id"]) == ("bagged", 61_000, flight.id)

    # The flight closes: the way to Day 2 (its start), and from now on the page listens to the main event.
    day_two_starts = timezone.now() + timedelta(days=1)
    Tournament.objects.filter(pk=main.pk).update(starts_at=day_two_starts)
    bag_the_rest_and_close(flight, staff)
    mine = companion(flight.id, ticket.public_code)
    assert (mine["table"], mine["tournament_status"], mine["status"]) == (None, "finished", "active")
    assert mine["follow"] == {"id": main.id, "name": "Main Event", "status": main.status}
    assert (mine["day_two"]["status"], mine["day_two"]["day_two_entry"], mine["day_two"]["table"]) == (
        "forward",
        None,
        None,
    )
    assert mine["day_two"]["starts_at"] == iso_time(day_two_starts)
    page = Client().get(f"/tournaments/{flight.id}/seat/{ticket.public_code}/").content.decode()
    assert f'data-live-path="/ws/tournaments/{main.id}/lobby/"' in page  # the dead flight's clock is gone
    assert "Your flight is over: your way to Day 2 is below." in page

    # Day 2 is drawn: the page is the Day 2 entry's, both numbers said.
    draw_day_two_at(main, staff, [2, 3])
    day_two = Qualifier.objects.get(flight_entry=ticket).day_two_entry
    mine = companion(flight.id, ticket.public_code)
    assert (mine["table"], mine["seat"]) == where(day_two) and mine["table"] in (2, 3)
    assert mine["entries"] == [
        {"tournament": "Day 1A", "tournament_id": flight.id, "entry": 3},
        {"tournament": "Main Event", "tournament_id": main.id, "entry": day_two.number},
    ]
    assert (mine["tournament_status"], mine["day_two"]["day_two_entry"], mine["players_left"]) == (
        main.status,
        day_two.number,
        7,
    )
    assert companion(main.id, day_two.public_code)["entries"] == mine["entries"]  # the Day 2 ticket: the same
    page = Client().get(f"/tournaments/{flight.id}/seat/{ticket.public_code}/").content.decode()
    assert f"Day 1A #3 is Main Event #{day_two.number} on Day 2." in page
    assert f"Day 2: table {mine['table']}, seat {mine['seat']}" in page

    # Moved by the floor, then its table breaks, then the final table is drawn again.
    table, seat = where(day_two)
    elsewhere = 5 - table  # 2 <-> 3
    taken = set(
        Seating.objects.filter(
            tournament=main, ended_at__isnull=True, tournament_table__table__number=elsewhere
        ).values_list("seat", flat=True)
    )
    free = min(set(range(1, 10)) - taken)
    move_by_hand(main.id, table, seat, elsewhere, free, "a broken chair", staff["floor"])
    assert (companion(flight.id, ticket.public_code)["table"], companion(flight.id, ticket.public_code)["seat"]) == (
        elsewhere,
        free,
    )
    set_breaking_order(main.id, [elsewhere, table], staff["director"])
    break_next_table(main.id, staff["director"], seed=7)
    mine = companion(flight.id, ticket.public_code)
    assert (mine["table"], mine["seat"]) == where(day_two) and mine["table"] == table  # never the broken table's seat
    draw_final_table(main.id, staff["director"], seed=8)
    mine = companion(flight.id, ticket.public_code)
    assert (mine["table"], mine["seat"]) == where(day_two) and mine["table"] == table

    # Out in 3rd: the place and prize, never "your seat appears once Day 2 is drawn".
    winner = Qualifier.objects.get(flight_entry=other).day_two_entry
    rest = Entry.objects.filter(tournament=main, status="active").exclude(id__in=[day_two.id, winner.id])
    for entry in list(rest.order_by("number"))[1:]:  # three players left: ours, the winner and one more
        player_out(main.id, *where(entry), staff["floor"], new_hand=True)
    player_out(main.id, *where(day_two), staff["floor"], new_hand=True)
    mine = companion(flight.id, ticket.public_code)
    prizes = payout(main)
    assert (mine["status"], mine["table"]) == ("busted", None)
    assert mine["finish"] == {
        "place": [3, 3],
        "prize": prizes[2] if len(prizes) > 2 else 0,
        "seat": None,
        "field": 7,
        "published": True,
    }
    assert (mine["day_two"]["day_two_entry"], mine["day_two"]["table"]) == (day_two.number, None)
    page = Client().get(f"/tournaments/{flight.id}/seat/{ticket.public_code}/").content.decode()
    assert "This entry is busted." in page and "once Day 2 is drawn" not in page
    assert f"Day 2 entry #{day_two.number}" in page

    # The finish: the winner's flight ticket says 1st.
    last = next(e for e in Entry.objects.filter(tournament=main, status="active") if e.id != winner.id)
    player_out(main.id, *where(last), staff["floor"], new_hand=True)
    won = companion(flight.id, other.public_code)
    assert (won["status"], won["tournament_status"], won["finish"]["place"], won["finish"]["prize"]) == (
        "active",
        "finished",
        [1, 1],
        prizes[0],
    )
    page = Client().get(f"/tournaments/{flight.id}/seat/{other.public_code}/").content.decode()
    assert "The tournament is over: see the results." in page

    # The results and the ticket give both numbers.
    results = Client().get(f"/api/tournaments/{main.id}/results/").json()
    row = next(row for row in results["out"] if row["entry"] == day_two.number)
    assert row["from_flight"] == {"flight": "Day 1A", "entry": 3}
    assert f"#{day_two.number} (Day 1A #3)" in Client().get(f"/tournaments/{main.id}/results/").content.decode()
    desk = Client()
    desk.force_login(staff["desk"])
    printed = desk.get(f"/tournaments/{flight.id}/entries/3/ticket/").content.decode()
    assert f"Day 1A #3 is Main Event #{day_two.number} on Day 2." in printed
    assert "Entry Busted" in printed


def test_FLIGHT_REENTRY_a_forfeited_bag_s_ticket_follows_the_player_s_bag_that_went_on(make_tournament, staff):
    """FLIGHT-REENTRY best_stack: the smaller bag's page shows why it stays behind, and once Day 2
    is drawn it follows the player's Day 2 entry from the bigger bag."""
    main, flight = main_event_with_a_flight(make_tournament, staff, 3)
    assert main.rules().entries.flight_reentry == "best_stack"
    ticket = Entry.objects.get(tournament=flight, number=1)
    end_the_day(flight)
    bag(flight, staff, ticket, 20_000)
    bag_the_rest_and_close(flight, staff)
    # Day 1B: the same player bags more there; their Day 1A bag stays behind.
    second = flight_of(main, staff, "Day 1B", [ticket.player, Entry.objects.get(tournament=flight, number=2).player], 2)
    end_the_day(second)
    bag(second, staff, Entry.objects.get(tournament=second, player=ticket.player), 90_000)
    bag_the_rest_and_close(second, staff)
    mine = companion(flight.id, ticket.public_code)
    assert mine["day_two"]["status"] == "forfeited" and mine["follow"]["id"] == main.id
    assert mine["day_two"]["reason"] == "The bag of Day 1B (90,000 chips) goes forward instead (best_stack)."
    draw_day_two_at(main, staff, [3])
    kept = Qualifier.objects.get(flight__name="Day 1B", player=ticket.player).day_two_entry
    mine = companion(flight.id, ticket.public_code)
    assert (mine["table"], mine["seat"]) == where(kept) and mine["day_two"]["status"] == "forfeited"
    assert mine["entries"][1] == {"tournament": "Main Event", "tournament_id": main.id, "entry": kept.number}
