"""A table gone heads-up by a new hand's bust, made through the services (the second
walkthrough's tablet): for the integration tests, and for the browser tests through
tests.helpers.pages.act (`call`)."""

from datetime import date

from clock.services import level_clock
from players.services import desk as player_services
from tables.models import Table
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk


def directly(service, *args, **kwargs):
    return service(*args, **kwargs)


def positions(tournament, number: int) -> tuple:
    here = tournament.tables.get(table__number=number, broken_at__isnull=True)
    return here.button, here.small_blind, here.big_blind


def seats_at(tournament, number: int) -> set[int]:
    here = tournament.tables.get(table__number=number, broken_at__isnull=True)
    return set(here.seatings.filter(ended_at__isnull=True).values_list("seat", flat=True))


def gone_heads_up(make_tournament, staff, call=directly):
    """Five at one 6-seat table; the two players off the button and blinds out in the first
    hand, then "A new hand": its big blind out. Answers the tournament, the heads-up players'
    seats (the new hand's button and small blind) and the new hand's big blind's empty seat."""
    tournament = make_tournament()
    Table.objects.create(festival=tournament.festival, number=1, seats=6)
    for i in range(5):
        player = call(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(f"Five{i}", "Seated", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        call(desk.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    call(open_tables, tournament.id, [1], staff["director"])
    call(draw_field, tournament.id, staff["director"], seed=7)
    call(level_clock.start_clock, tournament.id, staff["director"])
    button, small, big = positions(tournament, 1)
    for seat in sorted(seats_at(tournament, 1) - {button, small, big}):
        call(player_out, tournament.id, 1, seat, staff["floor"])
    # "A new hand": its big blind, the old button, is out.
    call(player_out, tournament.id, 1, button, staff["floor"], new_hand=True)
    assert positions(tournament, 1) == (small, big, button)  # the hand it went out in
    assert seats_at(tournament, 1) == {small, big}
    return tournament, small, big, button
