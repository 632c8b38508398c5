"""The snapshot a screen starts from (the lobby, the TV, the console), the field's counts, the
live tournaments' latest seq for the heartbeat, and where the end of day stands."""

from datetime import timedelta

from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Q

from clock.models import Clock
from core import time_source
from core.kinds import CHIP_LEADERS_PUBLISHED, DAY_LAST_HANDS, PUBLIC, STAFF
from rules import chain
from rules.times import iso_time
from tables.queries.draws import next_draw
from tables.queries.floor import flight_over_of
from tables.queries.hand_for_hand import bubble_burst, hand_for_hand_view
from tournaments.models import Entry, Event, Tournament
from tournaments.queries.counts import kept_counts
from tournaments.queries.entries import late_registration_over
from tournaments.queries.flights import entries_sold, players_left_in_event
from tournaments.queries.payouts import money_summary
from tournaments.queries.record import announcements_up
from tournaments.queries.results import winners


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
        now = time_source.now()
        document = {
            "type": "snapshot",
            "audience": audience,
            "seq": tournament.last_seq,
            "chain_head": tournament.chain_head or chain.GENESIS,  # the log's hash chain at seq (issue 27)
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
            "entries": entries_sold(tournament),
            **shown_counts(tournament),
            "clock": clock.document(now) if clock else None,
            "money": None,
            "end_of_day": end_of_day(tournament, clock),
        }
        document["money"] = money_summary(tournament, document["players_left"])
        document["hand_for_hand"] = hand_for_hand_view(tournament)
        document["bubble_burst"] = bubble_burst(tournament) if document["hand_for_hand"] is None else None
        document["winners"] = winners(tournament)
        document["flight_over"] = flight_over(tournament)
        document["late_registration_over"] = late_registration_over(tournament)
        document["announcements"] = announcements_up(tournament_id, now)
        document["chip_leaders"] = published_chip_leaders(tournament)
        document["next_draw"] = next_draw(tournament)  # the next seat draw's seed hash, published ahead
    return document


def flight_over(tournament: Tournament) -> dict | None:
    """A closed flight's screens say "Day 1A is over: N bags", not that the tournament is over:
    its name, its bags and the main event they go to."""
    closed = flight_over_of(tournament)
    if closed is None:
        return None
    return {
        **closed,
        "main_event_name": tournament.main_event.name,
        "main_event": {"id": tournament.main_event_id, "name": tournament.main_event.name},
    }


def published_chip_leaders(tournament: Tournament) -> dict | None:
    """CHIP-COUNT: the chip leaders as last published to the lobby (the log is their record)."""
    last = tournament.events.filter(kind=CHIP_LEADERS_PUBLISHED.name).order_by("-seq").values("public").first()
    if not last:
        return None
    # The record of a moment: a leader out since then is marked out, not silently kept.
    still_in = set(tournament.entries.filter(status=Entry.Status.ACTIVE).values_list("number", flat=True))
    board = last["public"]
    return {**board, "leaders": [{**row, "out": row.get("entry") not in still_in} for row in board["leaders"]]}


# A finished tournament's screens stay up while its prizes are paid (and the lobby shows the
# winner): its heartbeat goes on this long after its last event, so an event lost then is noticed.
HEARTBEAT_AFTER_THE_END = timedelta(hours=12)


def live_seqs() -> dict[int, int]:
    """Every tournament whose screens are live, and its last seq: not finished or cancelled, or
    finished with an event in the last HEARTBEAT_AFTER_THE_END."""
    over = [Tournament.Status.FINISHED, Tournament.Status.CANCELLED]
    recent = Event.objects.filter(tournament=OuterRef("pk"), at__gte=time_source.now() - HEARTBEAT_AFTER_THE_END)
    return dict(Tournament.objects.filter(~Q(status__in=over) | Exists(recent)).values_list("id", "last_seq"))


def field_counts(tournament_id: int) -> dict:
    """Players still in and the chips in play (CHIP-COUNT): the chips every entry bought
    (starting stacks, rebuys, add-ons; not voided or refunded) plus the adjustments (stacks
    removed, colour-up differences). The lobby's average stack is one divided by the other.
    Kept by the database with the entries and the adjustments (migration 0031): one row."""
    counts = kept_counts(tournament_id)
    return {"players_left": counts["players_left"], "chips_in_play": counts["chips_in_play"]}


def shown_counts(tournament: Tournament) -> dict:
    """The field's counts as a screen shows them: a main event with flights counts its players
    across the flights (FLIGHT-ITM: the bags and the players still playing a flight), the figure
    its money line and results use, not its own seats (none before Day 2)."""
    counts = field_counts(tournament.id)
    if tournament.main_event_id is None and tournament.flights.exists():
        counts["players_left"] = players_left_in_event(tournament)
    return counts


def end_of_day(tournament: Tournament, clock: Clock | None) -> dict | None:
    """CLK-EOD for the lobby: the tables still playing their last hands, once announced."""
    counting = tournament.tables.filter(broken_at__isnull=True, hands_left__isnull=False)
    if clock is None or not counting.exists():
        return None
    playing = sorted(counting.filter(hands_left__gt=0).values_list("table__number", flat=True))
    announced = (
        Event.objects.filter(tournament=tournament, kind=DAY_LAST_HANDS.name, payload__day=clock.day)
        .order_by("-seq")
        .values_list("payload__hands", flat=True)
        .first()
    )
    return {"day": clock.day, "day_over": clock.day_over, "playing": playing, "hands": announced}
