"""The second walkthrough's floor tablet, against PostgreSQL: a table opened during play gets
its button drawn (BTN-DRAW) instead of a 500 at its first "Out … a new hand"; a table gone
heads-up by a new hand's bust still seats late entries (ENT-LATE) and its next hand puts the
small blind on the button (BTN-DEAD)."""

from datetime import date

import pytest

from clock.services import level_clock
from players.services import desk as player_services
from tables.queries.tables import seat_of
from tables.queries.waiting_list import waiting_entries
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, move_by_hand, player_out
from tests.helpers.heads_up import gone_heads_up, positions, seats_at
from tournaments.models import Entry
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk


def sell_late(tournament, count: int) -> list[Entry]:
    return [
        desk.register_entry(
            tournament.id,
            player_services.create_player(
                tournament.id,
                player_services.NewPlayer(f"Late{i}", "Comer", date(1980, 1, 1), accepts_terms=True, id_checked=True),
                None,
            ).id,
            Sale(Kind.LATE, "cash", "d", "s"),
            None,
        )
        for i in range(count)
    ]


@pytest.mark.django_db
def test_BTN_DRAW_a_table_opened_during_play_draws_its_button_when_the_waiting_list_sits_there(field, staff):
    """Walkthrough: satellite at table 3, late entries on the waiting list, "Open tables" 2,
    table 2 seat 5 Out, "A new hand": a 500 (`table 2 needs a button (BTN-DRAW)`)."""
    tournament, _ = field(9, tables=3)
    open_tables(tournament.id, [3], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    level_clock.start_clock(tournament.id, staff["director"])
    late = sell_late(tournament, 4)
    assert [entry.id for entry in waiting_entries(tournament)] == [entry.id for entry in late]  # table 3 is full
    open_tables(tournament.id, [2], staff["director"])
    assert not waiting_entries(tournament) and {seat_of(Entry.objects.get(pk=e.pk))[0] for e in late} == {2}
    drawn = tournament.events.get(kind="table.button_drawn")
    assert drawn.public["table"] == 2 and set(drawn.public["cards"]) == {str(seat) for seat in seats_at(tournament, 2)}
    assert "seed" in drawn.payload and "seed" not in drawn.public
    button, small, big = positions(tournament, 2)
    assert (button, small, big) == (drawn.public["button"], drawn.public["small_blind"], drawn.public["big_blind"])
    assert {button, small, big} <= seats_at(tournament, 2) and len({button, small, big}) == 3
    out = next(seat for seat in sorted(seats_at(tournament, 2)) if seat not in (button, small, big))
    player_out(tournament.id, 2, out, staff["floor"], new_hand=True)  # no 500: BTN-DEAD from the drawn button
    assert positions(tournament, 2)[2] == next(
        s for s in [*range(big + 1, 10), *range(1, big)] if s in seats_at(tournament, 2) | {out}
    )
    assert tournament.events.filter(kind="table.button_drawn").count() == 1  # drawn once


@pytest.mark.django_db
def test_BTN_DRAW_a_table_filled_by_moves_draws_its_button_at_its_first_hand_done_at_the_latest(field, staff):
    tournament, _ = field(9, tables=3)
    open_tables(tournament.id, [3], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    open_tables(tournament.id, [2], staff["director"])
    for to_seat, from_seat in zip((2, 7), sorted(seats_at(tournament, 3))[:2]):
        move_by_hand(tournament.id, 3, from_seat, 2, to_seat, "balancing by hand", staff["floor"])
    assert positions(tournament, 2) == (None, None, None)  # moves alone draw nothing
    done = hand_done(tournament.id, 2, staff["floor"])  # was: ValueError, a 500
    drawn = tournament.events.get(kind="table.button_drawn").public
    assert drawn["table"] == 2 and set(drawn["cards"]) == {"2", "7"}
    assert (done["button"], done["small_blind"], done["big_blind"]) == (
        drawn["button"],
        drawn["small_blind"],
        drawn["big_blind"],
    )
    assert done["button"] == done["small_blind"] != done["big_blind"] and {done["button"], done["big_blind"]} == {2, 7}
    assert done["hand"] == 2 and tournament.events.filter(kind="hand.done").count() == 1


@pytest.mark.django_db
def test_BTN_DEAD_a_new_hands_bust_that_leaves_two_puts_the_small_blind_on_the_button_next(make_tournament, staff):
    tournament, small, big, out = gone_heads_up(make_tournament, staff)
    following = hand_done(tournament.id, 1, staff["floor"])
    # Heads-up: the button posts the small blind; the big blind moves on to the next player.
    assert (following["button"], following["small_blind"], following["big_blind"]) == (big, big, small)


@pytest.mark.django_db
def test_ENT_LATE_a_table_gone_heads_up_seats_late_entries_between_the_button_and_small_blind(make_tournament, staff):
    """Walkthrough: "Every seat is taken: on the waiting list" with 4 seats free. Every free
    seat lies between the next button and big blind; a new player still sits there, without a
    hand until the button has passed; only the next small blind's seat waits for a hand."""
    tournament, small, big, out = gone_heads_up(make_tournament, staff)
    late = sell_late(tournament, 5)
    sat = [seat_of(Entry.objects.get(pk=entry.pk)) for entry in late]
    assert [place is not None for place in sat] == [True] * 3 + [False] * 2
    assert {seat for _table, seat in sat[:3]} == {1, 2, 3, 4, 5, 6} - {small, big, out}
    assert len(waiting_entries(tournament)) == 2
    following = hand_done(tournament.id, 1, staff["floor"])  # BTN-DEAD: the button was the small blind's seat
    assert following["button"] == big and following["small_blind"] == out and following["big_blind"] == small
    assert len(waiting_entries(tournament)) == 2  # the dead small blind's seat: not this hand either


def late_sale(clerk, tournament, name: str) -> dict:
    player = player_services.create_player(
        tournament.id,
        player_services.NewPlayer(name, "Late", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    sold = clerk.post(
        f"/api/tournaments/{tournament.id}/entries/",
        {"player_id": player.id, "kind": "late", "method": "cash", "desk": "desk 1", "shift": "evening"},
        content_type="application/json",
    )
    assert sold.status_code == 201, sold.json()
    return sold.json()


@pytest.mark.django_db
def test_ENT_WAIT_the_desk_hears_that_the_free_seats_wait_for_the_blinds_not_that_every_seat_is_taken(
    make_tournament, field, staff
):
    """Walkthrough: the desk said "Every seat is taken" with seats free at a table. The sale's
    answer names the free seats when none may take a new player this hand (ENT-LATE), and none
    when the tables are full."""
    from django.test import Client

    clerk = Client()
    clerk.force_login(staff["desk"])
    tournament, _small, _big, _out = gone_heads_up(make_tournament, staff)
    sell_late(tournament, 3)  # the three seats a new player may take this hand
    answer = late_sale(clerk, tournament, "Fourth")
    assert (answer["table"], answer["seat"], answer["waiting_position"], answer["seats_free"]) == (None, None, 1, 1)

    full, _ = field(9, tables=1)
    open_tables(full.id, [1], staff["director"])
    draw_field(full.id, staff["director"], seed=3)
    level_clock.start_clock(full.id, staff["director"])
    answer = late_sale(clerk, full, "Tenth")
    assert (answer["table"], answer["waiting_position"], answer["seats_free"]) == (None, 1, 0)
