"""The field's counts, kept by the database (issue 25): migration 0031's triggers on the entries
and the chip adjustments change them in the statement that changes the rows they count, so a
bust or a sale reads one small row per tournament, not every entry."""

from django.db import models

from tournaments.models.festival import Tournament


class FieldCounts(models.Model):
    """One row per tournament, made with it. Each figure is what an aggregate over the
    tournament's own entries would give (tests/integration/test_kept_counts.py proves it); a
    main event's pool is its row and its flights' rows."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, primary_key=True, related_name="+")
    players_left = models.IntegerField(db_default=0, help_text="seat entries still in (active)")
    chips_in_play = models.BigIntegerField(
        db_default=0, help_text="CHIP-COUNT: chips bought (active, busted, disqualified) + the chip adjustments"
    )
    pool = models.BigIntegerField(db_default=0, help_text="PAY-POOL: pool parts of the entries in the pool")
    returned = models.BigIntegerField(db_default=0, help_text="PAY-POOL: returned from the pool by those entries")
    pooled_seats = models.IntegerField(db_default=0, help_text="PAY-STRUCT: seat entries in the pool, Day 2 apart")
    seats = models.IntegerField(db_default=0, help_text="PAY-DQ: seat entries active, busted or disqualified")
    placed_seats = models.IntegerField(
        db_default=0, help_text="seat entries active or busted (the disqualified take no place)"
    )
