from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpResponse
from django.utils.translation import gettext as _

from clock.models import Level, Structure
from clock.rules import structures
from clock.services.level_clock import Revision, revise_structure
from tournaments.admin import ServiceAdmin, ServiceForm


def clocks_running(structure: Structure | None) -> list:
    """The clocks (one per tournament) that run this structure: none for a template, or for a
    structure no tournament has yet."""
    if structure is None or structure.pk is None:
        return []
    return list(structure.clocks.select_related("tournament"))


class LevelInline(admin.TabularInline):
    """A template's (or an unused structure's) levels; a tournament's own are read here and
    change as a whole from its CSV, through the clock's service."""

    model = Level
    extra = 1

    def has_add_permission(self, request, obj=None):
        return not clocks_running(obj)

    def has_change_permission(self, request, obj=None):
        return not clocks_running(obj)

    def has_delete_permission(self, request, obj=None):
        return not clocks_running(obj)


class StructureForm(ServiceForm):
    csv_file = forms.FileField(
        required=False,
        label="Replace the levels from a CSV",
        help_text="columns: "
        + ", ".join(structures.CSV_FIELDS)
        + " (as the CSV download writes them); a tournament's played levels stay as they were",
    )

    class Meta:
        model = Structure
        fields = ["name", "festival", "is_template", "late_entry_until_level", "rebuys_until_level"]

    def clean_csv_file(self):
        upload = self.cleaned_data.get("csv_file")
        if not upload:
            return None
        try:
            return structures.from_csv(upload.read().decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise ValidationError(_("The file is not UTF-8 text; save it as CSV (UTF-8).")) from None
        except structures.StructureError as problem:
            raise ValidationError(str(problem)) from None

    def operations(self):
        clocks = clocks_running(self.instance)
        if not clocks:
            return []  # reference data: the admin saves the row and its levels itself
        if len(clocks) > 1:
            raise ValidationError(
                _("%(tournaments)s run this one structure: give each tournament its own copy of a template.")
                % {"tournaments": ", ".join(clock.tournament.name for clock in clocks)}
            )
        data, stored = self.cleaned_data, self.instance
        revision = Revision(data["csv_file"], data["late_entry_until_level"], data["rebuys_until_level"])
        if revision == Revision(None, stored.late_entry_until_level, stored.rebuys_until_level):
            return []
        return [lambda: revise_structure(clocks[0].tournament_id, revision, self.director)]


@admin.register(Structure)
class StructureAdmin(ServiceAdmin):
    """Structures (CLK-LEVELS): templates per festival, copied into a tournament by the director
    (the API, or the tournament's admin page); CSV in (the form) and out (the action). A
    template, or a structure no tournament runs, is reference data and edited here as it is; the
    structure a tournament runs changes only through the clock's revise_structure, which logs
    it and keeps the played levels."""

    form = StructureForm
    inlines = [LevelInline]
    list_display = ["name", "festival", "is_template"]
    list_filter = ["is_template", "festival"]
    actions = ["download_csv"]

    def get_readonly_fields(self, request, obj=None):
        # A tournament's own copy: what it is named and whose it is stay as the copy made them.
        return ["name", "festival", "is_template"] if clocks_running(obj) else []

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not clocks_running(obj)

    def is_reference(self, obj) -> bool:
        return not clocks_running(obj)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if not self.is_reference(form.instance):
            return  # the service wrote the levels
        levels = form.cleaned_data.get("csv_file")
        if not levels:
            return
        with transaction.atomic():  # the CSV replaces the levels, inline rows included
            form.instance.levels.all().delete()
            Level.objects.bulk_create(
                [
                    Level(
                        structure=form.instance,
                        position=i,
                        small_blind=level.small_blind,
                        big_blind=level.big_blind,
                        ante=level.ante,
                        duration=level.duration,
                        is_break=level.is_break,
                        name=level.name,
                        big_blind_ante=level.big_blind_ante,
                        colour_up=level.colour_up,
                    )
                    for i, level in enumerate(levels)
                ]
            )
        messages.info(request, f"{len(levels)} levels imported from the CSV.")

    @admin.action(description="Download the levels as CSV")
    def download_csv(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Choose one structure to download.", messages.WARNING)
            return None
        structure = queryset.get()
        response = HttpResponse(structures.to_csv(structure.timeline_levels()), content_type="text/csv")
        response["Content-Disposition"] = f'attachment; filename="structure-{structure.pk}.csv"'
        return response
