"""Hand-for-hand (HFH-MODE): the running round, what each table reported, the bubble burst,
and the hand a bust belongs to."""

from django.db import connection

from core import kinds
from tables.models import HandForHand
from tables.queries.tables import HandForHandStatus
from tournaments.models import Tournament

# Hand-for-hand (HFH-MODE) ----------------------------------------------------------------


def current_hand_for_hand(tournament: Tournament) -> HandForHand | None:
    return HandForHand.objects.filter(tournament=tournament, ended_at__isnull=True).first()


def hand_for_hand_view(tournament: Tournament, running: HandForHand | None = None) -> dict | None:
    """For the director page, the lobby and the tablets: the hand and each table's state."""
    running = running or current_hand_for_hand(tournament)
    if running is None:
        return None
    states: dict[str, list[int]] = {status.value: [] for status in HandForHandStatus}
    for number, status in tournament.tables.filter(broken_at__isnull=True).values_list(
        "table__number", "hand_for_hand"
    ):
        states.setdefault(status or HandForHandStatus.PLAYING, []).append(number)
    return {"hand": running.hand, **{status: sorted(numbers) for status, numbers in states.items()}}


def bubble_burst(tournament: Tournament) -> dict | None:
    """HFH-MODE: the `hfh.ended` record ("in the money!") once hand-for-hand has ended, so a
    screen that resyncs after the bubble burst still says so (the log is its record)."""
    if not HandForHand.objects.filter(tournament=tournament, ended_at__isnull=False).exists():
        return None
    last = tournament.events.filter(kind=kinds.HFH_ENDED.name).order_by("-seq").values("public").first()
    return last["public"] if last else None


def bust_hand(tournament: Tournament) -> int | None:
    """The hand-for-hand hand a bust now belongs to (ELIM-TIE), or None. Every bust asks: one
    static statement, not a model read (0.5 ms less)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT hand FROM tables_handforhand WHERE tournament_id = %s AND ended_at IS NULL ORDER BY id LIMIT 1",
            [tournament.pk],
        )
        row = cursor.fetchone()
    return row[0] if row else None
