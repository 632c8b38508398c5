from django.contrib import admin

from tables.models import Table


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    """The venue's physical tables; tournaments open them from the director's actions."""

    list_display = ["festival", "number", "seats", "is_tv", "area"]
    list_filter = ["festival", "is_tv"]
