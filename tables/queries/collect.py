"""SEAT-COLLECT (pokerfest L148): which seat numbers' stacks are in play and which wait for
their seat cards to be collected, as the floor tablets show it."""

from tables.rules import seating
from tournaments.models import Tournament


def collecting(tournament: Tournament) -> dict | None:
    """None once nothing waits (or the house does not collect): otherwise the seat numbers whose
    stacks are in play, those still being collected, and per table the seats not yet collected."""
    open_seats = tournament.seatings.filter(ended_at__isnull=True)
    if not open_seats.filter(to_collect=True, collected_at__isnull=True).exists():
        return None
    players: dict[int, dict[int, int]] = {}
    collected, to_collect = set(), {}
    rows = open_seats.values_list("tournament_table__table__number", "seat", "entry_id", "to_collect", "collected_at")
    for table, seat, entry, waits, at in rows:
        players.setdefault(table, {})[seat] = entry
        if not waits or at:
            collected.add((table, seat))  # a seat drawn without a card (a late entry) is in at once
        else:
            to_collect.setdefault(str(table), []).append(seat)
    in_play = seating.stacks_in_play(
        collected, [seating.Table(number, max(here), here) for number, here in players.items()]
    )
    return {
        "in_play": sorted(in_play),
        "waiting": sorted({seat for here in players.values() for seat in here} - in_play),
        "to_collect": {table: sorted(seats) for table, seats in sorted(to_collect.items())},
    }
