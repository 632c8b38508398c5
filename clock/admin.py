from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.http import HttpResponse
from django.utils.translation import gettext as _

from clock.models import Clock, Level, Structure
from clock.rules import structures


class LevelInline(admin.TabularInline):
    model = Level
    extra = 1


class StructureForm(forms.ModelForm):
    csv_file = forms.FileField(
        required=False,
        label="Replace the levels from a CSV",
        help_text="columns: " + ", ".join(structures.CSV_FIELDS) + " (as the CSV download writes them)",
    )

    class Meta:
        model = Structure
        fields = ["name", "festival", "is_template", "late_entry_until_level", "rebuys_until_level"]

    def clean_csv_file(self):
        upload = self.cleaned_data.get("csv_file")
        if not upload:
            return None
        if self.instance.pk and Clock.objects.filter(structure=self.instance).exclude(status="ready").exists():
            raise forms.ValidationError(_("A running clock uses this structure: edit its future levels instead."))
        try:
            return structures.from_csv(upload.read().decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not UTF-8 text; save it as CSV (UTF-8).")) from None
        except structures.StructureError as problem:
            raise forms.ValidationError(str(problem)) from None


@admin.register(Structure)
class StructureAdmin(admin.ModelAdmin):
    """Structures (CLK-LEVELS): templates per festival, copied into a tournament from the
    director's API; CSV in (the form) and out (the action)."""

    form = StructureForm
    inlines = [LevelInline]
    list_display = ["name", "festival", "is_template"]
    list_filter = ["is_template", "festival"]
    actions = ["download_csv"]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
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
