from django.contrib import admin
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tables.models import ChipBag, KeepApart, SeatPin, Table, TournamentTable
from tournaments.admin import RecordAdmin, ServiceAdmin, ServiceForm, SuperuserAdmin
from tournaments.models import Entry, Tournament
from tournaments.services.setup import keep_apart, pin_seat


def in_play(table: Table) -> bool:
    """Open in a tournament, or holding a seat pinned for a tournament still to be played."""
    return (
        TournamentTable.objects.filter(table=table, broken_at__isnull=True).exists()
        or SeatPin.objects.filter(table=table)
        .exclude(tournament__status__in=[Tournament.Status.FINISHED, Tournament.Status.CANCELLED])
        .exists()
    )


@admin.register(Table)
class TableAdmin(SuperuserAdmin):
    """The venue's physical tables: reference data, which tournaments open from the director's
    actions. A new table changes no tournament's play; one in play (open, or with a pinned seat)
    is read here, since its number and seats are what the floor and the draw go by."""

    list_display = ["festival", "number", "seats", "is_tv", "area"]
    list_filter = ["festival", "is_tv"]

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and not (obj and in_play(obj))

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj and in_play(obj))


def check_same_tournament(tournament: Tournament, entries, table: Table | None = None) -> None:
    """The services name entries and tables by number within the tournament and its venue: an
    entry of another tournament, or a table of another venue, is a mistake, not a number."""
    strangers = sorted(entry.number for entry in entries if entry.tournament_id != tournament.pk)
    if strangers:
        raise ValidationError(
            _("Entry %(numbers)s is not an entry of %(tournament)s.")
            % {"numbers": ", ".join(f"#{number}" for number in strangers), "tournament": tournament}
        )
    if table is not None and table.festival_id != tournament.festival_id:
        raise ValidationError(
            _("Table %(number)s is not a table of %(tournament)s's venue.")
            % {"number": table.number, "tournament": tournament}
        )


class SeatPinForm(ServiceForm):
    class Meta:
        model = SeatPin
        fields = ["tournament", "entry", "table", "seat", "reason"]

    def pinned(self) -> tuple[Tournament, Entry]:
        """The pin's tournament and entry: as chosen on the add page, as stored on a change."""
        data = self.cleaned_data
        return data.get("tournament") or self.instance.tournament, data.get("entry") or self.instance.entry

    def clean(self):
        if not self.errors:
            tournament, entry = self.pinned()
            check_same_tournament(tournament, [entry], self.cleaned_data["table"])
        return super().clean()

    def operations(self):
        data, (tournament, entry) = self.cleaned_data, self.pinned()
        return [
            lambda: pin_seat(
                tournament.pk, entry.number, data["table"].number, data["seat"], data["reason"], self.director
            )
        ]

    def made(self):
        return SeatPin.objects.get(entry=self.pinned()[1])


@admin.register(SeatPin)
class SeatPinAdmin(ServiceAdmin):
    """Seats reserved before the draw (SEAT-DRAW), through the set-up's service (logged): the
    draw seats everyone else around them. No service unpins a seat, so none is deleted here."""

    form = SeatPinForm
    list_display = ["tournament", "entry", "table", "seat", "reason"]
    list_filter = ["tournament"]
    raw_id_fields = ["entry", "table"]

    def get_readonly_fields(self, request, obj=None):
        return ["tournament", "entry"] if obj is not None else []  # a pin is the entry's: re-pin it

    def has_delete_permission(self, request, obj=None):
        return False


class KeepApartForm(ServiceForm):
    class Meta:
        model = KeepApart
        fields = ["tournament", "name", "entries"]

    def clean(self):
        if not self.errors:
            check_same_tournament(self.cleaned_data["tournament"], self.cleaned_data["entries"])
        return super().clean()

    def operations(self):
        data = self.cleaned_data
        numbers = [entry.number for entry in data["entries"]]
        return [lambda: keep_apart(data["tournament"].pk, data["name"], numbers, self.director)]

    def made(self):
        return KeepApart.objects.filter(tournament=self.cleaned_data["tournament"]).latest("pk")


@admin.register(KeepApart)
class KeepApartAdmin(ServiceAdmin):
    """Entrants to seat at different tables (SEAT-SEPARATE), honoured by the draw and the final
    table: set through the set-up's service (logged); no service changes or ends a group, so a
    group is read here once set."""

    form = KeepApartForm
    list_display = ["tournament", "name"]
    list_filter = ["tournament"]
    raw_id_fields = ["entries"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ChipBag)
class ChipBagAdmin(RecordAdmin):
    """End-of-day bags (CLK-EOD): counted by the floor through the tablet; read here."""

    list_display = ["tournament", "day", "entry", "table", "seat", "chips", "time_extensions", "bagged_at"]
    list_filter = ["tournament", "day"]
