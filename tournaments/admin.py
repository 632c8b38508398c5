"""The admin: for superusers only, and it writes through the services (issue 21).

A change to a tournament's live state is a service's operation, with its event in the log and a
broadcast after commit, here as on every other screen; what no service changes is read here.
ServiceForm and ServiceAdmin are the admin's way of doing that, used by every app's admin: the
form rehearses its operations while it validates (rolled back), so a refusal is an error on the
form with nothing written, and the admin's save makes them.
"""

from collections.abc import Callable

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpResponseRedirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clock.models import Clock, Structure
from clock.services.level_clock import copy_structure
from rules.refusals import Refused
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
from tournaments.services import setup
from tournaments.services.desk import cancel_tournament, close_registration, open_registration
from tournaments.services.satellites import issue_won_seat


class SuperuserAdmin(admin.ModelAdmin):
    """The admin is for superusers only: a person's work never needs it, so a staff account
    with model permissions sees nothing here."""

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    def has_add_permission(self, request):
        return self.has_view_permission(request) and super().has_add_permission(request)

    def has_change_permission(self, request, obj=None):
        return self.has_view_permission(request) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self.has_view_permission(request) and super().has_delete_permission(request, obj)


class RecordAdmin(SuperuserAdmin):
    """Records that change only through services (which log and broadcast): read here."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ServiceForm(forms.ModelForm):
    """An admin form whose save is the services' operations, not the row's own save."""

    director = None  # the signed-in superuser (ServiceAdmin.get_form sets it on the form's class)

    def operations(self) -> list[Callable[[], object]]:
        """The service calls the form's data asks for, in order (read from cleaned_data and the
        stored row: the form's instance still holds what is stored while clean() runs)."""
        return []

    def made(self):
        """The row the operations wrote (an add's new row, from self.results); None: the instance."""
        return None

    def clean(self):
        cleaned = super().clean()
        self.planned = []
        if self.errors:
            return cleaned
        self.planned = self.operations()
        try:
            with transaction.atomic():
                for call in self.planned:
                    call()
                transaction.set_rollback(True)  # a rehearsal: the admin's save makes the change
        except Refused as refusal:
            raise ValidationError(str(refusal)) from None
        return cleaned

    def perform(self) -> None:
        self.results = [call() for call in self.planned]


class ServiceAdmin(SuperuserAdmin):
    """A model admin whose form is a ServiceForm: saving runs the rehearsed operations. A
    refusal that comes only then (the tournament moved on since the rehearsal) rolls the whole
    request back, and the page says why."""

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        form.director = request.user
        return form

    def is_reference(self, obj) -> bool:
        """Whether this row is reference data, saved by the admin itself (no tournament's play
        depends on it); by default no row is."""
        return False

    def save_model(self, request, obj, form, change):
        if self.is_reference(obj):
            return super().save_model(request, obj, form, change)
        form.perform()
        made = form.made()
        if made is not None:  # the admin's page links to the row the service made
            for field in made._meta.concrete_fields:
                setattr(obj, field.attname, getattr(made, field.attname))

    def save_related(self, request, form, formsets, change):
        if self.is_reference(form.instance):
            return super().save_related(request, form, formsets, change)
        # The services wrote everything; a service's row has read-only inlines, whose formsets
        # are only read (uncommitted) for the admin's change message.
        for formset in formsets:
            formset.save(commit=False)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except Refused as refusal:  # raised inside the view's transaction: nothing was written
            self.message_user(request, str(refusal), messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())


@admin.register(Festival)
class FestivalAdmin(SuperuserAdmin):
    """Reference data: the name and venue are labels, and the language is how pages read. The
    time zone and currency are how its tournaments' times and money count: fixed once one of
    them has opened registration (or gone further)."""

    list_display = ["name", "venue", "time_zone", "currency", "language"]

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.tournaments.exclude(status=Tournament.Status.SCHEDULED).exists():
            return ["time_zone", "currency"]
        return []

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj and obj.tournaments.exists())


# What setup.Settings holds, as the tournament's fields name it.
SETTINGS_FIELDS = [
    "name",
    "starts_at",
    "ruleset_preset",
    "ruleset",
    "buy_in",
    "fee",
    "starting_stack",
    "max_entries",
    "places_paid",
    "guarantee",
    "satellite_for",
]


def settings_of(values: dict, guarantee_void: bool | None = None) -> setup.Settings:
    """The set-up's settings from a form's values (or a stored row's): an empty ruleset is
    the preset as shipped."""
    target = values.get("satellite_for")
    return setup.Settings(
        **{name: values.get(name) for name in SETTINGS_FIELDS if name not in ("ruleset", "satellite_for")},
        ruleset=values.get("ruleset") or {},
        satellite_for=target.pk if target is not None else None,
        guarantee_void=guarantee_void,
    )


class NewTournamentForm(ServiceForm):
    """A tournament as the director's set-up creates it (setup.create_tournament): from a
    preset and a copy of a structure template; its log starts with tournament.created."""

    template = forms.ModelChoiceField(
        queryset=Structure.objects.filter(is_template=True),
        label="Structure template",
        help_text="the tournament runs a copy of it",
    )
    late_entry_until_level = forms.IntegerField(
        required=False,
        min_value=1,
        help_text="late registration closes at the end of this level; empty: the template's",
    )

    class Meta:
        model = Tournament
        fields = ["festival", *SETTINGS_FIELDS]

    def operations(self):
        data = self.cleaned_data
        settings = settings_of(data)
        return [
            lambda: setup.create_tournament(
                data["festival"].pk, settings, data["template"].pk, self.director, data["late_entry_until_level"]
            )
        ]

    def made(self):
        return self.results[0]


# A status is the outcome of an operation: the admin may ask for the two that are the
# director's one-step decisions; the others come from play.
STATUS_FROM_PLAY = {
    Tournament.Status.SCHEDULED: gettext_lazy("A tournament is scheduled only until registration opens."),
    Tournament.Status.RUNNING: gettext_lazy("The clock's start makes the tournament running (the director's page)."),
    Tournament.Status.FINISHED: gettext_lazy("The tournament finishes with its last bust, a deal or its time limit."),
}


class TournamentForm(ServiceForm):
    """The director's edit of a tournament, through the services that log it: the settings
    (setup.update_tournament), a structure template's copy, closing registration, opening it,
    cancelling."""

    template = forms.ModelChoiceField(
        queryset=Structure.objects.filter(is_template=True),
        required=False,
        label="Copy a structure template",
        help_text="before the clock starts: the tournament runs a copy of it from now on",
    )
    reason = forms.CharField(
        required=False, max_length=200, help_text="why the tournament is cancelled (for the log), with the status"
    )

    class Meta:
        model = Tournament
        fields = [*SETTINGS_FIELDS, "guarantee_void", "registration_closed", "status"]

    def clean_status(self):
        status = self.cleaned_data["status"]
        if status != self.instance.status and status in STATUS_FROM_PLAY:
            raise ValidationError(STATUS_FROM_PLAY[status])
        return status

    def clean_registration_closed(self):
        closed = self.cleaned_data["registration_closed"]
        if self.instance.registration_closed and not closed:
            raise ValidationError(_("Registration, once closed, stays closed."))
        return closed

    def operations(self):
        data, stored, tournament_id = self.cleaned_data, self.instance, self.instance.pk
        settings = settings_of(data, data["guarantee_void"])
        calls = []
        if settings != settings_of({name: getattr(stored, name) for name in SETTINGS_FIELDS}, stored.guarantee_void):
            calls.append(lambda: setup.update_tournament(tournament_id, settings, self.director))
        if data["template"] is not None:
            calls.append(lambda: copy_structure(tournament_id, data["template"].pk, self.director))
        if data["registration_closed"] and not stored.registration_closed:
            calls.append(lambda: close_registration(tournament_id, self.director))
        if data["status"] != stored.status and data["status"] == Tournament.Status.REGISTRATION:
            calls.append(lambda: open_registration(tournament_id, self.director))
        if data["status"] != stored.status and data["status"] == Tournament.Status.CANCELLED:
            calls.append(lambda: cancel_tournament(tournament_id, data["reason"], self.director))
        return calls


class ClockInline(admin.StackedInline):
    """The clock, read here: the director's controls change it, and a structure comes to it
    as a template's copy (the form's "Copy a structure template")."""

    model = Clock
    fields = ["structure", "status", "level_index", "ends_at", "remaining", "version"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(ServiceAdmin):
    list_display = ["name", "festival", "ruleset_preset", "status", "last_seq"]
    list_filter = ["status", "ruleset_preset", "festival"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        kwargs["form"] = TournamentForm if obj is not None else NewTournamentForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_readonly_fields(self, request, obj=None):
        # festival: where it was created; main_event: a flight is added by the director's flights.
        return ["festival", "main_event"] if obj is not None else []

    def get_inlines(self, request, obj):
        return [ClockInline] if obj is not None else []

    def has_delete_permission(self, request, obj=None):
        return False  # a tournament is cancelled (its log says why and refunds), never deleted


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


class WonSeatForm(ServiceForm):
    class Meta:
        model = WonSeat
        fields = ["tournament", "player", "source"]

    def operations(self):
        data = self.cleaned_data
        return [lambda: issue_won_seat(data["tournament"].pk, data["player"].pk, data["source"], self.director)]

    def made(self):
        return self.results[0]


@admin.register(WonSeat)
class WonSeatAdmin(ServiceAdmin):
    """The director issues won seats to satellite and freeroll winners (through the service,
    so the issue is in the tournament's log); the desk spends them."""

    form = WonSeatForm
    list_display = ["code", "tournament", "player", "source", "issued_at", "entry"]
    list_filter = ["tournament"]
    search_fields = ["code", "player__last_name"]
    autocomplete_fields = ["player"]
    readonly_fields = ["code", "issued_by", "entry", "won_with"]  # won_with: set by a satellite's finish

    def has_change_permission(self, request, obj=None):
        return obj is None and super().has_change_permission(request)  # issued once; the desk spends it

    def has_delete_permission(self, request, obj=None):
        return False


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
