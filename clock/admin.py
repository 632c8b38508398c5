from django.contrib import admin

from clock.models import Level, Structure


class LevelInline(admin.TabularInline):
    model = Level
    extra = 1


@admin.register(Structure)
class StructureAdmin(admin.ModelAdmin):
    inlines = [LevelInline]
