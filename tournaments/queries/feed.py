"""The official live data feed for media and results sites (issue 26, docs/feed.md): the
draw once the house's delay has passed, the counts, the eliminations with places and prizes,
the payouts and the clock, with the log's seq and chain head (issue 27) so a reader can check
what it received against `manage.py verify_log`'s head.

Public: names only as each player consented to publish them (REG-CONSENT, public_name), and
nothing else about a person: no email, phone, birth date, ID number or player id.
"""

from datetime import datetime, timedelta

from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from clock.models import Clock
from core.http_cache import without_volatile
from rules import chain
from rules.times import iso_time
from tables.queries.seating import seating_chart
from tournaments.models import DrawSeed, Tournament
from tournaments.queries.flights import entries_sold
from tournaments.queries.payouts import money_summary
from tournaments.queries.results import public_standings
from tournaments.queries.snapshot import field_counts

VERSION = "1"
# The parts of the document a stream frame may replace, each whole (docs/feed.md).
SECTIONS = ("version", "seq", "chain_head", "tournament", "counts", "clock", "payouts", "eliminations", "draw")


def feed(tournament_id: int, now: datetime | None = None) -> dict:
    """Raises Tournament.DoesNotExist for an unknown id."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost:  # the seq, the head and the state they describe: one moment
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        tournament = Tournament.objects.select_related("festival").get(pk=tournament_id)
        clock = Clock.objects.filter(tournament_id=tournament_id).select_related("structure").first()
        now = now or timezone.now()
        counts = field_counts(tournament_id)
        standings = public_standings(tournament)
        money = money_summary(tournament, counts["players_left"])
        return {
            "version": VERSION,
            "seq": tournament.last_seq,
            "chain_head": tournament.chain_head or chain.GENESIS,
            "tournament": {
                "id": tournament.id,
                "name": tournament.name,
                "status": tournament.status,
                "festival": tournament.festival.name,
                "currency": tournament.festival.currency,
            },
            "counts": {"entries": entries_sold(tournament), **counts},
            "clock": clock.document(now) if clock else None,
            "payouts": {
                "published": standings["published"],
                "pool": money["pool"] if standings["published"] else None,
                "places_paid": money["places_paid"],
                "table": list(standings["payouts"]),
            },
            "eliminations": [
                {
                    "entry": row["entry"],
                    "name": row["name"],
                    "place": list(row["place"]),
                    "prize": row["prize"],
                    # SAT-SEATS: a satellite's place won a seat (its value is the target's entry), the
                    # prize is the cash beside it; without this a winner read "prize 0".
                    "seat_in": row["seat"]["name"] if row.get("seat") else None,
                }
                for row in standings["out"]
            ],
            "draw": draw(tournament, now),
        }


def draw(tournament: Tournament, now: datetime) -> dict:
    """The seats, once the latest draw is the house's delay old (seating.feed_draw_delay_minutes);
    until then only when they will be public."""
    drawn_at = DrawSeed.objects.filter(tournament=tournament).aggregate(last=Max("drawn_at"))["last"]
    public_at = drawn_at + timedelta(minutes=tournament.rules().seating.feed_draw_delay_minutes) if drawn_at else None
    if public_at is not None and public_at > now:
        return {"public_at": iso_time(public_at), "tables": None}
    tables = [
        {
            "number": table["number"],
            "seats": table["seats"],
            "button": table["button"],
            "is_final": table["is_final"],
            "players": table["players"],
        }
        for table in seating_chart(tournament.id)["tables"]
    ]
    return {"public_at": iso_time(public_at), "tables": tables}


def changed_sections(before: dict, after: dict) -> dict:
    """A stream frame's `set`: the sections of `after` that are not as in `before`, whole (the
    clock's countdown, which moves every moment, is no change)."""
    return {
        name: after[name] for name in SECTIONS if without_volatile(before.get(name)) != without_volatile(after[name])
    }
