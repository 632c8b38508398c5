from django.contrib import admin

from tables.models import ChipBag, KeepApart, SeatPin, Table


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


@admin.register(ChipBag)
class ChipBagAdmin(admin.ModelAdmin):
    """End-of-day bags (CLK-EOD): counted by the floor through the tablet; read here."""

    list_display = ["tournament", "day", "entry", "table", "seat", "chips", "time_extensions", "bagged_at"]
    list_filter = ["tournament", "day"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
