"""Play through the services from a test: bust a table down to its last player."""

from tables.models import Seating
from tables.services.floor import hand_done, player_out


def play_to_the_end(tournament, staff, keys=False) -> list[int]:
    """Busts everyone at table 1 but the last, one hand each; answers with the entry numbers in
    the order they went out."""
    order = []
    while True:
        seated = list(
            Seating.objects.filter(tournament=tournament, ended_at__isnull=True)
            .order_by("seat")
            .values_list("seat", "entry__number")
        )
        if len(seated) <= 1:
            return order
        seat, number = seated[0]
        key = f"bust-{number}" if keys else None
        player_out(tournament.id, 1, seat, staff["floor"], request_key=key)
        if keys:  # the tablet sends the same tap again: nothing more happens
            player_out(tournament.id, 1, seat, staff["floor"], request_key=key)
        order.append(number)
        if len(seated) > 2:
            hand_done(tournament.id, 1, staff["floor"])
