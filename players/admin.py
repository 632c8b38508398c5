from django.contrib import admin

from players.models import Consent, Exclusion, Membership, Player


class MembershipInline(admin.StackedInline):
    model = Membership
    can_delete = False


class ExclusionInline(admin.TabularInline):
    """REG-EXCLUDE: the list every desk checks."""

    model = Exclusion
    extra = 0
    fields = ["reason", "starts", "ends", "recorded_by"]
    readonly_fields = ["recorded_by"]


class ConsentInline(admin.TabularInline):
    """The consent history is a record: read here, changed at the desk."""

    model = Consent
    extra = 0
    fields = ["kind", "granted", "version", "at", "recorded_by"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "date_of_birth", "id_document_type", "id_document_number", "city"]
    search_fields = ["last_name", "first_name", "id_document_number", "membership__number"]
    list_filter = ["organiser_staff_or_family", "staff_entry_approved"]
    inlines = [MembershipInline, ExclusionInline, ConsentInline]

    def save_formset(self, request, form, formset, change):
        for exclusion in formset.save(commit=False):
            if isinstance(exclusion, Exclusion) and exclusion.recorded_by_id is None:
                exclusion.recorded_by = request.user
            exclusion.save()
        for gone in formset.deleted_objects:
            gone.delete()
        formset.save_m2m()
