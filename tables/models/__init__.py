"""Tables and seats. Constraints live in the database: one player per seat, one open seating per entry."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Mod
from django.utils.translation import gettext as _

from tables.models.penalties import Penalty  # noqa: F401  (its own module: the 500-line rule)
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
    hands_dealt = models.PositiveIntegerField(default=0, help_text='counted by the tablet\'s "hand done"')
    # CLK-LEVELS: new limits apply from the next hand. The clock level whose limits the hand
    # now being played uses; the tablet says "new level from next hand" until they match.
    playing_level = models.PositiveIntegerField(null=True, blank=True)
    hands_left = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="CLK-EOD: the day's last hands still to play here"
    )
    heads_up_from_hand = models.PositiveIntegerField(
        null=True, blank=True, help_text="CLK-HEADSUP: hands_dealt when heads-up began"
    )

    class HandForHand(models.TextChoices):
        PLAYING = "playing"  # playing this hand-for-hand hand
        DONE = "done"  # finished it; waits for the other tables
        FROZEN = "frozen"  # a called all-in: waits face down (HFH-ALLIN)
        RELEASED = "released"  # released to play its all-in out, one table at a time

    hand_for_hand = models.CharField(max_length=10, choices=HandForHand, blank=True)
    # Kept by the database (trigger of migration 0019) in the transaction that seats or unseats
    # a player: a bust reads this table's count, not the field's seats.
    seated = models.PositiveSmallIntegerField(default=0, editable=False, help_text="open seatings here now")

    class Meta:
        ordering = ["tournament", "open_order"]
        constraints = [
            models.CheckConstraint(condition=models.Q(seated__lte=12), name="tournament_table_seated_fits_a_table"),
            models.UniqueConstraint(fields=["tournament", "table"], name="tournament_table_once"),
            models.UniqueConstraint(fields=["tournament", "open_order"], name="tournament_table_open_order_unique"),
            models.UniqueConstraint(
                fields=["tournament", "break_position"], name="tournament_table_break_position_unique"
            ),
            models.UniqueConstraint(
                fields=["tournament"], condition=models.Q(is_final=True), name="tournament_one_final_table"
            ),
            # A venue table seats one tournament at a time: open (not broken) in one at most.
            # A finished or cancelled tournament's tables are broken by its close.
            models.UniqueConstraint(
                fields=["table"], condition=models.Q(broken_at__isnull=True), name="venue_table_open_in_one_tournament"
            ),
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
    # SEAT-COLLECT: its stack goes into play once every seat of its number is collected (services/collect.py)
    to_collect = models.BooleanField(default=False)
    collected_at = models.DateTimeField(null=True, blank=True)
    # Times the entry was moved by the floor (balancing, breaking, by hand) up to this seat, and
    # why it came here ({"kind": "balance" | "break" | "by_hand", ...}; empty: drawn or seated)
    moves = models.PositiveSmallIntegerField(default=0)
    move_reason = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_table", "seat"],
                condition=models.Q(ended_at__isnull=True),
                name="seating_one_player_per_seat",
            ),
            models.UniqueConstraint(
                fields=["entry"], condition=models.Q(ended_at__isnull=True), name="seating_one_open_seat_per_entry"
            ),
            models.CheckConstraint(condition=models.Q(seat__gte=1), name="seating_seat_from_1"),
        ]
        # The seats taken now, by tournament: every bust counts them (per table, to balance);
        # the tournament's index alone also walks every seat it ever had.
        indexes = [
            models.Index(
                fields=["tournament", "tournament_table"],
                condition=models.Q(ended_at__isnull=True),
                name="seating_open_by_tournament",
            )
        ]


class FieldSeats(models.Model):
    """The seats taken now in a tournament, kept by the database with each table's `seated`
    (migration 0019's trigger on the seating rows): every bust reads it, not the field."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, primary_key=True, related_name="+")
    seated = models.PositiveIntegerField(default=0)


class SeatPin(models.Model):
    """SEAT-DRAW: a seat staff reserve for an entry before the draw (special needs, the TV table)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="seat_pins")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="seat_pin")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=200)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "table", "seat"], name="seat_pin_one_per_seat"),
            models.CheckConstraint(condition=models.Q(seat__gte=1), name="seat_pin_seat_from_1"),
        ]

    def clean(self):
        if self.table_id and self.seat and self.seat > self.table.seats:
            raise ValidationError(
                {
                    "seat": _("Table %(table_number)s has seats 1 to %(seats)s.")
                    % {"table_number": self.table.number, "seats": self.table.seats}
                }
            )
        if self.table_id and self.tournament_id and self.table.festival_id != self.tournament.festival_id:
            raise ValidationError({"table": _("Choose a table at this tournament's venue.")})
        if self.entry_id and self.tournament_id and self.entry.tournament_id != self.tournament_id:
            raise ValidationError({"entry": _("Choose an entry of this tournament.")})

    def __str__(self) -> str:
        return f"entry #{self.entry.number} at table {self.table.number} seat {self.seat}"


class KeepApart(models.Model):
    """SEAT-SEPARATE: entrants connected by family or association, seated at different tables."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="keep_apart_groups")
    name = models.CharField(max_length=100, help_text="e.g. the Smith family")
    entries = models.ManyToManyField(Entry, related_name="keep_apart_groups")

    def clean(self):
        if self.pk and self.entries.exclude(tournament_id=self.tournament_id).exists():
            raise ValidationError(_("Every entry of the group must be in this tournament."))

    def __str__(self) -> str:
        return self.name


class ChipBag(models.Model):
    """CLK-EOD, AC-CARRY: a player's chips and unused extension chips bagged at a day's end, counted by the floor."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="chip_bags")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="chip_bags")
    day = models.PositiveSmallIntegerField()
    table = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    chips = models.PositiveBigIntegerField()
    time_extensions = models.PositiveSmallIntegerField(null=True, blank=True)
    bagged_at = models.DateTimeField()
    bagged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # CHIP-COUNT: the bagger's first count when they counted the bag again before it was
    # confirmed (a recount is a visible correction, never a silent one).
    first_count = models.PositiveBigIntegerField(null=True, blank=True)
    # CHIP-COUNT: a second person counts the bag again; the count stands once both agree.
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entry", "day"], name="chip_bag_once_per_entry_and_day"),
            models.CheckConstraint(
                condition=models.Q(confirmed_by__isnull=True) | ~models.Q(confirmed_by=models.F("bagged_by")),
                name="chip_bag_confirmed_by_a_second_person",
            ),
        ]


class Qualifier(models.Model):
    """A flight's bag at its close (AC-CARRY, FLIGHT-REENTRY): it goes forward to the main event's
    Day 2 with its chips and extension chips, or is forfeited for the player's other bag. The
    Day 2 draw makes it an entry of the main event (`day_two_entry`)."""

    class Status(models.TextChoices):
        FORWARD = "forward", "goes to Day 2"
        FORFEITED = "forfeited"

    main_event = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="qualifiers")
    flight = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="+")
    bag = models.OneToOneField(ChipBag, on_delete=models.PROTECT, related_name="qualifier")
    flight_entry = models.OneToOneField(Entry, on_delete=models.PROTECT, related_name="qualifier")
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="+")
    chips = models.PositiveBigIntegerField()
    time_extensions = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status)
    reason = models.CharField(max_length=200, blank=True, help_text="why a bag is forfeited")
    qualified_at = models.DateTimeField()
    day_two_entry = models.OneToOneField(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="qualified_from"
    )

    class Meta:
        ordering = ["main_event", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=["forward", "forfeited"]), name="qualifier_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(status="forward") | (~models.Q(reason="") & models.Q(day_two_entry__isnull=True)),
                name="qualifier_forfeited_has_a_reason_and_no_seat",
            ),
            models.CheckConstraint(condition=~models.Q(flight=models.F("main_event")), name="qualifier_from_a_flight"),
        ]


class ChipCount(models.Model):
    """CHIP-COUNT: a stack counted during play (floor or media); the latest of each player still in counts."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="chip_counts")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="chip_counts")
    table = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    chips = models.PositiveBigIntegerField()
    counted_at = models.DateTimeField()
    counted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        indexes = [models.Index(fields=["tournament", "entry", "-counted_at"], name="chip_count_latest")]


class ChipAdjustment(models.Model):
    """Chips entering or leaving play other than by an entry's purchase (CHIP-COUNT): a stack
    removed (forfeit, disqualification, an absent player's stack, chips taken out) or a
    colour-up's difference (CHIP-RACE). Chips in play = entries' chips + the sum of these."""

    class Kind(models.TextChoices):
        REMOVED = "removed"
        COLOUR_UP = "colour_up", "colour-up"

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="chip_adjustments")
    kind = models.CharField(max_length=10, choices=Kind)
    chips = models.BigIntegerField(help_text="negative: chips left play")
    entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    table = models.PositiveIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=200)
    at = models.DateTimeField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(kind="removed") | models.Q(chips__lte=0), name="chip_removal_takes_chips_out"
            ),
            models.CheckConstraint(condition=~models.Q(reason=""), name="chip_adjustment_has_a_reason"),
        ]


class Forfeit(models.Model):
    """Chips forfeited at a seat (tables.rules.forfeits): out of play by its adjustment, or dead money to the pot."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="forfeits")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="forfeits")
    table = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=20, help_text="tables.rules.forfeits.Reason")
    chips = models.PositiveBigIntegerField(help_text="found, or the blinds dodged")
    to_pot = models.PositiveBigIntegerField(default=0, help_text="dead money: into the next pot, still in play")
    adjustment = models.OneToOneField(ChipAdjustment, null=True, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")


class ColourUp(models.Model):
    """A denomination leaving play (CHIP-RACE, CHIP-ODD): every table races its odd chips of
    `leaving` into chips of `smallest`, once (ChipRace)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="colour_ups")
    number = models.PositiveIntegerField(help_text="1 for the tournament's first colour-up, and so on")
    leaving = models.BigIntegerField(help_text="the chip value leaving play")
    smallest = models.BigIntegerField(help_text="the smallest chip value staying in play")
    note = models.CharField(max_length=100, blank=True, help_text="the structure's note it came from, if any")
    started_at = models.DateTimeField()
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="colour_up_number_unique"),
            models.UniqueConstraint(fields=["tournament", "leaving"], name="colour_up_a_denomination_leaves_once"),
            models.CheckConstraint(
                condition=models.Q(leaving__gte=1, smallest__gt=models.F("leaving")), name="colour_up_to_a_larger_chip"
            ),
            models.CheckConstraint(
                condition=models.lookups.Exact(Mod("smallest", "leaving"), 0),
                name="colour_up_smallest_is_whole_leaving_chips",
            ),
        ]


class ChipRace(models.Model):
    """One table's race at a colour-up, as it was run: the sheet the tablet sent, the seed of
    the shoe (it replays the race), the result, and the chips in play's change (`adjustment`)."""

    colour_up = models.ForeignKey(ColourUp, on_delete=models.PROTECT, related_name="races")
    table = models.PositiveIntegerField()
    pot = models.BooleanField(help_text="CHIP-ODD: the odd chips went to the high card in one pot")
    start_after = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="the dealer's seat the cards were dealt from; empty: from seat 1"
    )
    seed = models.BigIntegerField()
    sheet = models.JSONField(help_text="[{seat, odd_chips, has_other_chips}] as entered")
    result = models.JSONField(help_text="new_chips (seat -> chips), protected (seats), cards (seat -> cards)")
    odd_value = models.BigIntegerField()
    new_value = models.BigIntegerField()
    difference = models.BigIntegerField()
    adjustment = models.OneToOneField(ChipAdjustment, on_delete=models.PROTECT, related_name="+")
    raced_at = models.DateTimeField()
    raced_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["colour_up", "table"]
        constraints = [
            models.UniqueConstraint(fields=["colour_up", "table"], name="chip_race_once_per_table"),
            models.CheckConstraint(
                condition=models.Q(odd_value__gte=0, new_value__gte=0, seed__gte=0),
                name="chip_race_values_not_negative",
            ),
            models.CheckConstraint(
                condition=models.Q(difference=models.F("new_value") - models.F("odd_value")),
                name="chip_race_difference_is_new_less_odd",
            ),
        ]


class HandForHand(models.Model):
    """HFH-MODE: a tournament playing hand-for-hand, and which of its hands is being played."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="hand_for_hand")
    hand = models.PositiveIntegerField(default=1)
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)


class Absence(models.Model):
    """PEN-ABSENT: a player still in but away from the table: dealt in and blinded off, the
    chips in play, the entry eligible for a prize. It follows the entry (a move keeps it) until
    the player arrives or the stack is removed. `clock_since`: the tournament's clock time when
    marked, so the time absent counts play only (tables.rules.absent). `retired` (ENT-SUBST): the
    entrant retired without a substitute and keeps being blinded off; never removed."""

    class Ended(models.TextChoices):
        ARRIVED = "arrived"
        STACK_REMOVED = "stack_removed", "stack removed"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="absences")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="absences")
    since = models.DateTimeField()
    clock_since = models.DurationField(help_text="tournament clock time when marked absent")
    retired = models.BooleanField(default=False)
    marked_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    ended_at = models.DateTimeField(null=True, blank=True)
    ended_because = models.CharField(max_length=16, choices=Ended, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["entry"], condition=models.Q(ended_at__isnull=True), name="absence_one_open_per_entry"
            ),
            models.CheckConstraint(
                condition=models.Q(ended_at__isnull=True, ended_because="")
                | models.Q(ended_at__isnull=False, ended_because__in=["arrived", "stack_removed"]),
                name="absence_ended_says_why",
            ),
            models.CheckConstraint(
                condition=models.Q(ended_at__isnull=True) | models.Q(ended_at__gte=models.F("since")),
                name="absence_ends_after_it_starts",
            ),
            models.CheckConstraint(
                condition=~models.Q(retired=True, ended_because="stack_removed"),
                name="absence_retired_stack_never_removed",
            ),
        ]
