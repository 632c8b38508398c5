from django.contrib import admin

from tables.models import KeepApart, SeatPin, Table


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    """The venue's physical tables; tournaments open them from the director's actions."""

    list_display = ["festival", "number", "seats", "is_tv", "area"]
    list_filter = ["festival", "is_tv"]


@admin.register(SeatPin)
class SeatPinAdmin(admin.ModelAdmin):
    """Seats reserved before the draw (SEAT-DRAW): the draw seats everyone else around them."""

    list_display = ["tournament", "entry", "table", "seat", "reason"]
    list_filter = ["tournament"]
    raw_id_fields = ["entry", "table"]


@admin.register(KeepApart)
class KeepApartAdmin(admin.ModelAdmin):
    """Entrants to seat at different tables (SEAT-SEPARATE), honoured by the draw and the final table."""

    list_display = ["tournament", "name"]
    list_filter = ["tournament"]
    raw_id_fields = ["entries"]
