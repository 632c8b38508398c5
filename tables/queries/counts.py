"""Chip counts (CHIP-COUNT): the latest count per seat, whether the counts agree with the chips
in play, the director's view of them, and the chip leaders."""

from django.db.models import Max, Sum

from clock.models import Clock
from players.queries.players import public_name_of
from tables.models import ChipAdjustment
from tables.rules import counts as chips
from tournaments.models import Entry, Tournament


def latest_counts(tournament: Tournament, entries: set[int] | None = None) -> dict[int, dict]:
    """CHIP-COUNT: each player still in, by entry id, with their latest count: a count at the
    table or, when newer, the bag counted at the end of a day. `entries`: those players only
    (a table's own tablet), not the field."""
    counts: dict[int, dict] = {}
    chip_counts, chip_bags = tournament.chip_counts.all(), tournament.chip_bags.all()
    if entries is not None:
        chip_counts, chip_bags = chip_counts.filter(entry_id__in=entries), chip_bags.filter(entry_id__in=entries)
    latest = (
        chip_counts.filter(entry__status=Entry.Status.ACTIVE, entry__kind__in=Entry.SEAT_KINDS)
        .order_by("entry_id", "-counted_at")
        .distinct("entry_id")
        .values("entry_id", "chips", "counted_at", "table", "seat")
    )
    for row in latest:
        counts[row["entry_id"]] = {**row, "bag": False}
    bags = (
        chip_bags.filter(entry__status=Entry.Status.ACTIVE)
        .order_by("entry_id", "-bagged_at")
        .distinct("entry_id")
        .values("entry_id", "chips", "bagged_at", "table", "seat", "confirmed_at")
    )
    for row in bags:
        known = counts.get(row["entry_id"])
        if known is None or known["counted_at"] < row["bagged_at"]:
            counts[row["entry_id"]] = {
                "entry_id": row["entry_id"],
                "chips": row["chips"],
                "counted_at": row["bagged_at"],
                "table": row["table"],
                "seat": row["seat"],
                "bag": True,
                "confirmed": row["confirmed_at"] is not None,
            }
    return counts


def bags_of_the_day(
    tournament: Tournament, day: int, viewer_id: int | None = None, table: int | None = None
) -> list[dict]:
    """CHIP-COUNT, CLK-EOD: every bag of the day by table and seat, who bagged it, its first count
    when the bagger counted it again, and whether a second person has confirmed it. `yours`:
    the viewer bagged it (they may recount it; anyone else confirms it)."""
    found = (
        tournament.chip_bags.filter(day=day)
        .select_related("entry__player", "bagged_by", "confirmed_by")
        .order_by("table", "seat")
    )
    if table is not None:  # a table's own tablet: its bags only
        found = found.filter(table=table)
    return [
        {
            "table": bag.table,
            "seat": bag.seat,
            "entry": bag.entry.number,
            "name": str(bag.entry.player),
            "chips": bag.chips,
            "first_count": bag.first_count,
            "bagged_by": bag.bagged_by.get_username() if bag.bagged_by else None,
            "confirmed": bag.confirmed_at is not None,
            "confirmed_by": bag.confirmed_by.get_username() if bag.confirmed_by else None,
            "yours": viewer_id is not None and bag.bagged_by_id == viewer_id,
        }
        for bag in found
    ]


def bags_view(tournament: Tournament, viewer_id: int | None = None) -> dict:
    """The director's list before "Close flight" (CHIP-COUNT, CLK-EOD): the seats still to bag
    and every bag of the day, those waiting for a second person first."""
    clock = Clock.objects.filter(tournament=tournament).values("day", "day_over").first()
    clock = clock or {"day": 1, "day_over": False}
    bags = bags_of_the_day(tournament, clock["day"], viewer_id)
    bagged = set(tournament.chip_bags.filter(day=clock["day"]).values_list("entry_id", flat=True))
    to_bag = [
        {"table": table, "seat": seat, "entry": number, "name": f"{first} {last}".strip()}
        for table, seat, number, first, last in tournament.seatings.filter(
            ended_at__isnull=True, tournament_table__hands_left=0, entry__status=Entry.Status.ACTIVE
        )
        .exclude(entry_id__in=bagged)
        .order_by("tournament_table__table__number", "seat")
        .values_list(
            "tournament_table__table__number",
            "seat",
            "entry__number",
            "entry__player__first_name",
            "entry__player__last_name",
        )
    ]
    return {
        "day": clock["day"],
        "day_over": clock["day_over"],
        "to_bag": to_bag,
        "waiting": [bag for bag in bags if not bag["confirmed"]],
        "confirmed": sum(1 for bag in bags if bag["confirmed"]),
    }


def count_check(tournament: Tournament, in_play: int) -> dict:
    """The latest counts of every player still in against the chips in play, and the gap."""
    seated = set(
        tournament.entries.filter(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS).values_list("id", flat=True)
    )
    latest = latest_counts(tournament)
    # A count taken before a colour-up raced its table no longer describes the stack (CHIP-RACE):
    # it is left out of the check and named, not blamed on the floor as a gap.
    raced = dict(
        ChipAdjustment.objects.filter(tournament=tournament, kind=ChipAdjustment.Kind.COLOUR_UP)
        .values("table")
        .annotate(last=Max("at"))
        .values_list("table", "last")
    )
    stale = {
        entry for entry, row in latest.items() if row["table"] in raced and row["counted_at"] < raced[row["table"]]
    }
    fresh = {entry: row["chips"] for entry, row in latest.items() if entry not in stale}
    tolerance = tournament.rules().chips.count_on_request_percent  # CHIP-COUNT: chips' 10%
    check = chips.check_counts(fresh, seated, in_play, tolerance)
    unconfirmed = sum(1 for row in latest.values() if row["bag"] and not row["confirmed"])
    stale_seated = len(stale & seated)
    sentence = check.sentence() + (
        f" {stale_seated} count{'s' if stale_seated > 1 else ''} predate"
        f"{'' if stale_seated > 1 else 's'} a colour-up at the table: count again."
        if stale_seated
        else ""
    )
    return {
        "counted": check.counted,
        "in_play": check.in_play,
        "gap": check.gap,
        "complete": check.complete,
        "agrees": check.agrees,
        "within_tolerance": check.within_tolerance,
        "tolerance_percent": check.tolerance_percent,
        "seats_counted": check.seats_counted,
        "seats_in_play": check.seats_in_play,
        "bags_to_confirm": unconfirmed,
        "stale_counts": stale_seated,
        "sentence": sentence,
    }


def chips_in_play_parts(tournament: Tournament, in_play: int) -> dict:
    """CHIP-COUNT, how the chips in play add up: bought (starting stacks, rebuys, add-ons) less the
    stacks removed and the chips forfeited at the tables, plus the colour-ups' differences; and
    the dead money put in pots (dodged blinds: moved, still in play)."""
    adjustments = ChipAdjustment.objects.filter(tournament=tournament)
    forfeited = tournament.forfeits.filter(adjustment__isnull=False).values("adjustment_id")
    colour_ups = _total(adjustments.filter(kind=ChipAdjustment.Kind.COLOUR_UP))
    out_forfeited = -_total(adjustments.filter(id__in=forfeited))
    removed = -_total(adjustments.filter(kind=ChipAdjustment.Kind.REMOVED)) - out_forfeited
    return {
        "bought": in_play + removed + out_forfeited - colour_ups,
        "removed": removed,
        "forfeited": out_forfeited,
        "colour_ups": colour_ups,
        "dead_money": tournament.forfeits.aggregate(chips=Sum("to_pot"))["chips"] or 0,
    }


def _total(adjustments) -> int:
    return adjustments.aggregate(chips=Sum("chips"))["chips"] or 0


def counts_view(tournament: Tournament, in_play: int) -> dict:
    """The director's check and the latest count of every player still in, by table and seat."""
    latest = latest_counts(tournament)
    numbers = dict(tournament.entries.filter(id__in=latest).values_list("id", "number"))
    stacks = [
        {
            "entry": numbers[entry],
            "table": row["table"],
            "seat": row["seat"],
            "chips": row["chips"],
            "bag": row["bag"],
            "confirmed": row.get("confirmed"),
        }
        for entry, row in latest.items()
    ]
    return {
        **count_check(tournament, in_play),
        "stacks": sorted(stacks, key=lambda row: (row["table"], row["seat"])),
        "parts": chips_in_play_parts(tournament, in_play),
    }


def chip_leaders(tournament: Tournament, in_play: int, players_left: int, top: int = 10) -> dict:
    """The lobby's chip leaders from the latest counts: public names, no personal data."""
    latest = latest_counts(tournament)
    entries = {entry.id: entry for entry in tournament.entries.filter(id__in=latest).select_related("player")}
    board = chips.chip_leaders({entry: row["chips"] for entry, row in latest.items()}, in_play, players_left, top)
    return {
        "leaders": [
            {
                "name": public_name_of(entries[entry].player),
                "entry": entries[entry].number,
                "chips": amount,
                "table": latest[entry]["table"],
            }
            for entry, amount in board.leaders
        ],
        "average": board.average,
    }
