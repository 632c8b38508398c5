from django.contrib import admin

from clock.models import Clock
from tournaments.models import (
    Deal,
    Elimination,
    Entry,
    Event,
    Festival,
    PrizePayment,
    Substitution,
    Tournament,
    WonSeat,
)
from tournaments.services.desk import issue_won_seat


class RecordAdmin(admin.ModelAdmin):
    """Records that change only through services (which log and broadcast): read here."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Festival)
class FestivalAdmin(admin.ModelAdmin):
    list_display = ["name", "venue", "time_zone", "currency", "language"]


class ClockInline(admin.StackedInline):
    model = Clock
    # The structure is chosen here; the clock's state changes only through the director's
    # controls, which log and broadcast every change.
    fields = ["structure", "status", "level_index", "ends_at", "remaining", "version"]
    readonly_fields = ["status", "level_index", "ends_at", "remaining", "version"]
    can_delete = False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "festival", "ruleset_preset", "status", "last_seq"]
    readonly_fields = ["registration_closed"]  # closed by the director's page, which logs it
    list_filter = ["status", "ruleset_preset", "festival"]
    inlines = [ClockInline]

    def save_formset(self, request, form, formset, change):
        if formset.model is not Clock:
            return super().save_formset(request, form, formset, change)
        # The clock's running state belongs to its services: the admin writes the structure
        # (and, for a clock not yet started, its first level's time), never the state it loaded.
        for clock in formset.save(commit=False):
            if clock._state.adding:
                clock.save()
            elif clock.status == Clock.Status.READY:
                clock.save(update_fields=["structure", "level_index", "remaining"])


@admin.register(Event)
class EventAdmin(RecordAdmin):
    """The log is append-only."""

    list_display = ["tournament", "seq", "at", "kind", "actor"]
    list_filter = ["tournament", "kind"]


@admin.register(Entry)
class EntryAdmin(RecordAdmin):
    """Entries move money: they change only at the desk (sell, void, refund)."""

    list_display = ["tournament", "number", "player", "kind", "status", "paid", "method", "desk", "shift", "created_at"]
    list_filter = ["tournament", "kind", "status", "method", "desk"]
    search_fields = ["player__last_name", "player__first_name"]


@admin.register(WonSeat)
class WonSeatAdmin(admin.ModelAdmin):
    """The director issues won seats to satellite and freeroll winners; the desk spends them."""

    list_display = ["code", "tournament", "player", "source", "issued_at", "entry"]
    list_filter = ["tournament"]
    search_fields = ["code", "player__last_name"]
    autocomplete_fields = ["player"]
    readonly_fields = ["code", "issued_by", "entry", "won_with"]  # won_with: set by a satellite's finish

    def has_change_permission(self, request, obj=None):
        return obj is None  # issued once; the desk spends it

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        # Through the service, so the issue is in the tournament's log.
        issued = issue_won_seat(obj.tournament_id, obj.player_id, obj.source, request.user)
        obj.pk, obj.code, obj.issued_at, obj.issued_by = issued.pk, issued.code, issued.issued_at, issued.issued_by


@admin.register(Substitution)
class SubstitutionAdmin(RecordAdmin):
    """Approved by the director through the API."""

    list_display = ["entry", "substitute", "reason", "approved_by", "at"]


@admin.register(Elimination)
class EliminationAdmin(RecordAdmin):
    """Busts, with the hand and starting stack that rank them; undone ones stay, marked."""

    list_display = [
        "tournament",
        "entry",
        "seq",
        "table",
        "seat",
        "hand",
        "hand_for_hand",
        "starting_stack",
        "undone_at",
    ]
    list_filter = ["tournament"]


@admin.register(Deal)
class DealAdmin(RecordAdmin):
    list_display = ["tournament", "method", "left_to_play", "representative", "at"]
    list_filter = ["tournament"]


@admin.register(PrizePayment)
class PrizePaymentAdmin(RecordAdmin):
    list_display = ["tournament", "entry", "amount", "method", "paid_at", "cashier"]
    list_filter = ["tournament", "method"]
