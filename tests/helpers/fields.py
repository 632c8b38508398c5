"""Fields for the browser tests: bought-in players, and a table drawn (made through the
services from the test's thread, as `act` calls them)."""

from datetime import date

from players.services import desk as player_services
from tables.models import Table
from tables.services.draw import draw_field, open_tables
from tests.helpers.pages import act
from tournaments.models import Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk


def field(make_tournament, players: int, tables: int, seats: int = 9, names=("Player", "Field")):
    """Venue tables of `seats` and `players` bought in: first names "Player00"…, one last name."""
    tournament = make_tournament()
    for number in range(1, tables + 1):
        Table.objects.create(festival=tournament.festival, number=number, seats=seats)
    for i in range(players):
        player = act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(
                f"{names[0]}{i:02d}", names[1], date(1980, 1, 1), accepts_terms=True, id_checked=True
            ),
            None,
        )
        act(desk.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    return tournament


def seated_field(make_tournament, staff, players: int, buy_in: int = 10_000, **options) -> Tournament:
    tournament = make_tournament(**options)
    Tournament.objects.filter(pk=tournament.pk).update(buy_in=buy_in)
    Table.objects.create(festival=tournament.festival, number=1, seats=9)
    for i in range(players):
        player = act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(f"Tv{i}", "Watcher", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        act(desk.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    act(open_tables, tournament.id, [1], staff["director"])
    act(draw_field, tournament.id, staff["director"], 5)
    return tournament
