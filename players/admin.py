from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from players.models import Consent, Exclusion, Membership, Player
from players.services.desk import exclude_player, set_public_name
from tournaments.admin import ServiceAdmin, ServiceForm
from tournaments.models import Tournament


class ReadOnlyInline(admin.TabularInline):
    """What no service changes yet: read here (a change of it needs its own event first)."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class MembershipInline(admin.TabularInline):
    """Checked by the desk's eligibility at each sale (chips: members and signed-in visitors),
    made with the player at the desk. The club renews it here: it is the person's standing, in
    no tournament's log, and no page renews it yet; it is never deleted."""

    model = Membership
    extra = 0
    can_delete = False
    fields = ["number", "full_member", "fee_paid_until", "release_signed_at"]


class ExclusionInline(ReadOnlyInline):
    """REG-EXCLUDE: the list every desk checks. A new one is added with the form's "Exclude"
    fields, through the desk's service; one recorded is kept as it is."""

    model = Exclusion
    fields = ["reason", "starts", "ends", "recorded_by"]


class ConsentInline(ReadOnlyInline):
    """The consent history is a record: read here, changed at the desk."""

    model = Consent
    fields = ["kind", "granted", "version", "at", "recorded_by"]


# The person's record as the admin corrects it (a typo in a name, a new phone): no service
# owns these, and no tournament's play turns on them.
PERSONAL_DETAILS = [
    "first_name",
    "last_name",
    "date_of_birth",
    "nationality",
    "id_document_type",
    "id_document_number",
    "email",
    "phone",
    "city",
]
# The person's standing that the desk's eligibility reads at each sale: the organiser's staff
# (and family) and the director's approval of their entry. Kept here until a page sets it.
STANDING = ["organiser_staff_or_family", "staff_entry_approved"]


class PlayerForm(ServiceForm):
    """The person's details are saved as they are; what the desk's services own goes through
    them, in the log of the tournament chosen here: how public screens name the player
    (REG-CONSENT) and a new exclusion (REG-EXCLUDE)."""

    log_tournament = forms.ModelChoiceField(
        queryset=Tournament.objects.exclude(status__in=[Tournament.Status.FINISHED, Tournament.Status.CANCELLED]),
        required=False,
        label="Tournament whose log records it",
        help_text="needed for the public name and a new exclusion: the desk's tournament",
    )
    exclusion_reason = forms.CharField(
        required=False, max_length=100, label="Exclude: reason", help_text="a self-exclusion, or a venue or sponsor ban"
    )
    exclusion_starts = forms.DateField(required=False, label="Exclude: from")
    exclusion_ends = forms.DateField(required=False, label="Exclude: until", help_text="empty: until lifted")

    class Meta:
        model = Player
        fields = [*PERSONAL_DETAILS, *STANDING, "initials_only"]

    def operations(self):
        data, player_id = self.cleaned_data, self.instance.pk
        calls = []
        if data["initials_only"] != self.instance.initials_only:
            calls.append(
                lambda: set_public_name(data["log_tournament"].pk, player_id, data["initials_only"], self.director)
            )
        if data["exclusion_reason"].strip() or data["exclusion_starts"] or data["exclusion_ends"]:
            if data["exclusion_starts"] is None:
                raise ValidationError(_("Say from which day the exclusion applies."))
            calls.append(
                lambda: exclude_player(
                    data["log_tournament"].pk,
                    player_id,
                    data["exclusion_reason"],
                    data["exclusion_starts"],
                    data["exclusion_ends"],
                    self.director,
                )
            )
        if calls and data["log_tournament"] is None:
            raise ValidationError(_("Choose the tournament whose log records this change."))
        return calls


@admin.register(Player)
class PlayerAdmin(ServiceAdmin):
    """Players are created at the desk, with their consents (create_player). The photo ID seen,
    the consents and the exclusions are read here; the person's details, standing and
    membership are corrected or renewed here."""

    form = PlayerForm
    list_display = ["last_name", "first_name", "date_of_birth", "id_document_type", "id_document_number", "city"]
    search_fields = ["last_name", "first_name", "id_document_number", "membership__number"]
    list_filter = ["organiser_staff_or_family", "staff_entry_approved"]
    readonly_fields = ["id_checked_on", "created_at"]
    inlines = [MembershipInline, ExclusionInline, ConsentInline]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        # Deleting a player takes their exclusions with them, which no log would record.
        return super().has_delete_permission(request, obj) and obj is not None and not obj.exclusions.exists()

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        for formset in formsets:
            if formset.model is Membership:  # renewed here (MembershipInline); the others are read-only
                formset.save()

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        obj.save(update_fields=[*PERSONAL_DETAILS, *STANDING])
