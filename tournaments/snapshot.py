"""The snapshot a screen starts from: the tournament's state and the seq it is current to.

The lobby socket's first frame and GET /api/tournaments/<id>/ are this same document.
"""

from django.db import connection, transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from clock.models import Clock
from tournaments.events import PUBLIC, STAFF, iso_time
from tournaments.models import Entry, Tournament


def snapshot(tournament_id: int, audience: str = PUBLIC) -> dict:
    """Raises Tournament.DoesNotExist for an unknown id."""
    if audience not in (PUBLIC, STAFF):
        raise ValueError(f"unknown audience {audience!r}")
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost:
            # One consistent view: the seq and the state it describes come from one moment.
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        tournament = Tournament.objects.select_related("festival").get(pk=tournament_id)
        clock = Clock.objects.filter(tournament_id=tournament_id).select_related("structure").first()
        now = timezone.now()
        document = {
            "type": "snapshot",
            "audience": audience,
            "seq": tournament.last_seq,
            "server_time": iso_time(now),
            "tournament": {
                "id": tournament.id,
                "name": tournament.name,
                "status": tournament.status,
                "festival": tournament.festival.name,
                "venue": tournament.festival.venue,
                "time_zone": tournament.festival.time_zone,
                "currency": tournament.festival.currency,
            },
            "entries": tournament.seats_sold,
            **field_counts(tournament_id),
            "clock": clock.document(now) if clock else None,
            "money": None,
            "end_of_day": end_of_day(tournament, clock),
        }
        from tournaments.results import money_summary  # results build on the snapshot's counts

        from tables.hand_for_hand import view as hand_for_hand  # the lobby shows it too

        document["money"] = money_summary(tournament, document["players_left"])
        document["hand_for_hand"] = hand_for_hand(tournament)
    return document


def field_counts(tournament_id: int) -> dict:
    """Players still in and the chips in play (starting stacks, rebuys and add-ons of every
    entry not voided or refunded): the lobby's average stack is one divided by the other."""
    counts = Entry.objects.filter(tournament_id=tournament_id).aggregate(
        players_left=Count("id", filter=Q(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS)),
        chips_in_play=Sum("chips", filter=Q(status__in=[Entry.Status.ACTIVE, Entry.Status.BUSTED])))
    return {"players_left": counts["players_left"], "chips_in_play": counts["chips_in_play"] or 0}


def end_of_day(tournament: Tournament, clock: Clock | None) -> dict | None:
    """CLK-EOD for the lobby: the tables still playing their last hands, once announced."""
    counting = tournament.tables.filter(broken_at__isnull=True, hands_left__isnull=False)
    if clock is None or not counting.exists():
        return None
    playing = sorted(counting.filter(hands_left__gt=0).values_list("table__number", flat=True))
    return {"day": clock.day, "day_over": clock.day_over, "playing": playing}

