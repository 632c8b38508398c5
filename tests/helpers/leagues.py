"""League fixtures (PAY-POINTS): the same players in tournaments of two festivals, each
played out at one table with knockouts, so a league spans them."""

from datetime import date

from players.services import desk as player_services
from tables.models import Table
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tests.helpers.bounties import seats_of
from tournaments.models import Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk


def league_players(make_tournament, count: int) -> tuple[Tournament, list[int]]:
    """A first tournament and `count` players registered in the player database through it."""
    tournament = make_tournament(name="League Event 1")
    ids = []
    for i in range(count):
        player = player_services.create_player(
            tournament.id,
            player_services.NewPlayer(f"L{i}", "Leaguer", date(1980, 1, 1 + i), accepts_terms=True, id_checked=True),
            None,
        )
        ids.append(player.id)
    return tournament, ids


def played_out(tournament: Tournament, players: list[int], staff, buy_in: int = 10_000) -> Tournament:
    """The players in order buy in (entry n = players[n - 1]); then the last entry goes out,
    then the one before, ... each knocked out by entry 1, who wins. Finished."""
    Tournament.objects.filter(pk=tournament.pk).update(buy_in=buy_in)
    Table.objects.get_or_create(festival=tournament.festival, number=1, defaults={"seats": 9})
    for player in players:
        desk.register_entry(tournament.id, player, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    seat_of = {number: seat for seat, number in seats_of(tournament).items()}
    for number in range(len(players), 1, -1):
        player_out(tournament.id, 1, seat_of[number], staff["floor"], eliminated_by=[seat_of[1]])
        if number > 2:
            hand_done(tournament.id, 1, staff["floor"])
    tournament.refresh_from_db()
    return tournament
