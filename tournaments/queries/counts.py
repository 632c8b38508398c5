"""The field's counts as the database keeps them (tournaments.models.FieldCounts, migration
0031's triggers): one small row a tournament, read where a bust or a sale used to aggregate
over every entry. A main event's money counts its row and its flights' rows (PAY-POOL)."""

from django.db.models import Q, Sum
from django.db.models.functions import Coalesce

from tournaments.models import FieldCounts, Tournament

NOTHING_COUNTED = {
    "players_left": 0,
    "chips_in_play": 0,
    "pool": 0,
    "returned": 0,
    "pooled_seats": 0,
    "seats": 0,
    "placed_seats": 0,
}


def kept_counts(tournament_id: int) -> dict:
    """The tournament's own row (every tournament has one from its creation; none: an unknown id)."""
    row = FieldCounts.objects.filter(tournament_id=tournament_id).values(*NOTHING_COUNTED).first()
    return row or dict(NOTHING_COUNTED)


def pooled_counts(tournament: Tournament) -> dict:
    """PAY-POOL: the pool parts in the pool (`pool`), what went back from it (`back`) and the
    payout field (`field`: seat entries in the pool, Day 2 entries not again) of the
    tournament's money: its own and, for a main event or a flight, the main event's and every
    flight's."""
    main = tournament.main_event_id or tournament.id
    return FieldCounts.objects.filter(Q(tournament_id=main) | Q(tournament__main_event_id=main)).aggregate(
        pool=Coalesce(Sum("pool"), 0), back=Coalesce(Sum("returned"), 0), field=Coalesce(Sum("pooled_seats"), 0)
    )


def flights_players_left(main: Tournament, over: tuple[str, ...]) -> int:
    """The players still playing the main event's flights that are not `over` (seat entries active)."""
    counts = FieldCounts.objects.filter(tournament__main_event_id=main.id).exclude(tournament__status__in=over)
    return counts.aggregate(left=Coalesce(Sum("players_left"), 0))["left"]
