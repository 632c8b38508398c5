"""Leagues (PAY-POINTS): a season's points across tournaments and festivals, by a formula kept
as data (tournaments/rules/league.py reads it)."""

from django.db import models

from tournaments.models.festival import Tournament
from tournaments.rules import league


class League(models.Model):
    """A league: its name, its formula (a points table by place, or an expression with a scale),
    points per knockout, the re-entry rule, and the tournaments that count."""

    class Reentry(models.TextChoices):
        BEST = "best", "the player's best entry counts"
        FIRST = "first", "the player's first entry counts"

    name = models.CharField(max_length=200, unique=True)
    table = models.JSONField(default=list, blank=True, help_text="points by place; empty: the expression")
    expression = models.CharField(max_length=200, default="sqrt_buyin", help_text="a named formula or an expression")
    scale = models.FloatField(default=10.0)
    knockout = models.FloatField(default=0.0, help_text="points per player knocked out")
    reentry = models.CharField(max_length=5, choices=Reentry.choices, default=Reentry.BEST)
    tournaments = models.ManyToManyField(Tournament, related_name="leagues", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name

    def formula(self) -> league.Formula:
        return league.Formula(
            table=tuple(self.table or ()),
            expression=self.expression,
            scale=self.scale,
            knockout=self.knockout,
            reentry=self.reentry,
        )
