"""Checkable draws: the seed of each seat draw, committed to by its SHA-256 before the draw,
and after it the draw's public inputs, its result and the seat rows it wrote, so anyone can
recompute it (tables/rules/draws.py)."""

from django.db import models

from tournaments.models.festival import Tournament


class DrawSeed(models.Model):
    """One seed. Chosen with `secrets` and its hash published (`draw.committed`) before the
    draw it is for; the seed itself stays staff-only until that draw has used it. At most one
    is waiting per tournament: the next seat draw, whatever it turns out to be."""

    class Kind(models.TextChoices):
        FIELD = "field", "the field's draw"
        DAY_TWO = "day_two", "Day 2's draw"
        BREAK = "break", "a table break"
        FINAL = "final", "the final table"

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="draw_seeds")
    seed = models.BigIntegerField(help_text="secret until its draw: never public before drawn_at")
    seed_hash = models.CharField(max_length=64, help_text="SHA-256 of the seed's decimal digits, published at once")
    committed_at = models.DateTimeField()
    committed_seq = models.PositiveBigIntegerField(help_text="the draw.committed event; below drawn_seq: ahead")
    kind = models.CharField(max_length=8, choices=Kind.choices, blank=True)
    drawn_at = models.DateTimeField(null=True, blank=True)
    drawn_seq = models.PositiveBigIntegerField(null=True, blank=True)
    inputs = models.JSONField(default=dict, help_text="what the draw was made from, by entry number")
    result = models.JSONField(default=dict, help_text="table -> seat -> entry number, as drawn")
    seatings = models.JSONField(default=list, help_text="the ids of the Seating rows the draw wrote")

    class Meta:
        ordering = ["tournament", "committed_seq", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament"], condition=models.Q(drawn_at__isnull=True), name="one_waiting_draw_seed"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} draw seed {self.seed_hash[:12]}"
