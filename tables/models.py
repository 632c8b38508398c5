"""Tables and seats. Constraints live in the database: one player per seat, one open seating
per entry."""

from django.db import models

from tournaments.models import Entry, Festival, Tournament


class Table(models.Model):
    """A physical table at the festival's venue."""

    festival = models.ForeignKey(Festival, on_delete=models.PROTECT, related_name="tables")
    number = models.PositiveIntegerField()
    seats = models.PositiveSmallIntegerField(default=9)
    is_tv = models.BooleanField(default=False, help_text="a TV or feature table")
    area = models.CharField(max_length=50, blank=True)

    class Meta:
        ordering = ["festival", "number"]
        constraints = [
            models.UniqueConstraint(fields=["festival", "number"], name="table_number_unique_per_festival"),
            models.CheckConstraint(condition=models.Q(seats__gte=2, seats__lte=12), name="table_seats_2_to_12"),
        ]

    def __str__(self) -> str:
        return f"table {self.number}"


class TournamentTable(models.Model):
    """A table a tournament has opened, with the positions of its last hand."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="tables")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    open_order = models.PositiveIntegerField()
    button = models.PositiveSmallIntegerField(null=True, blank=True)
    small_blind = models.PositiveSmallIntegerField(null=True, blank=True)
    big_blind = models.PositiveSmallIntegerField(null=True, blank=True)
    # SEAT-BREAK: place in the published breaking order (1 breaks first). Unset: the table
    # breaks before every ordered one, the last opened first.
    break_position = models.PositiveIntegerField(null=True, blank=True)
    is_final = models.BooleanField(default=False, help_text="the final table, redrawn (SEAT-FINAL)")
    broken_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "open_order"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "table"], name="tournament_table_once"),
            models.UniqueConstraint(fields=["tournament", "open_order"], name="tournament_table_open_order_unique"),
            models.UniqueConstraint(fields=["tournament", "break_position"], name="tournament_table_break_position_unique"),
            models.UniqueConstraint(fields=["tournament"], condition=models.Q(is_final=True),
                                    name="tournament_one_final_table"),
        ]


class Seating(models.Model):
    """An entry in a seat, from when the player sat down until they bust, move or the table breaks."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="seatings")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="seatings")
    tournament_table = models.ForeignKey(TournamentTable, on_delete=models.PROTECT, related_name="seatings")
    seat = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    ended_because = models.CharField(max_length=20, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament_table", "seat"], condition=models.Q(ended_at__isnull=True),
                                    name="seating_one_player_per_seat"),
            models.UniqueConstraint(fields=["entry"], condition=models.Q(ended_at__isnull=True),
                                    name="seating_one_open_seat_per_entry"),
            models.CheckConstraint(condition=models.Q(seat__gte=1), name="seating_seat_from_1"),
        ]
