"""Clubs and their memberships in the Django admin: plain rows, edited here.

An organizer (no staff flag or permission needed, ``config.admin_site``) sees the clubs he
organizes, renames them and manages their memberships; he neither adds nor deletes clubs.
The scoping every club's admin uses is :mod:`clubs.admin_scoping`.
"""
from django import forms
from django.contrib import admin
from django.utils.translation import gettext as _

from clubs.admin_scoping import OrganizerScoped, OrganizerScopedInline
from clubs.models import Club, Invitation, Membership

__all__ = ["ClubAdmin", "InvitationAdmin", "MembershipInline", "OrganizerScoped"]


class KeepsAnOrganizer(forms.BaseInlineFormSet):
    """A club's memberships, saved only if a club that has an organizer keeps one:
    otherwise nobody but a superuser could run it again."""

    def clean(self):
        super().clean()
        organized = Membership.objects.filter(club=self.instance.pk,
                                              role=Membership.Role.ORGANIZER)
        if any(self.errors) or not self.instance.pk or not organized.exists():
            return
        roles = [form.cleaned_data.get("role") for form in self.forms
                 if form.cleaned_data and not form.cleaned_data.get("DELETE")]
        if Membership.Role.ORGANIZER not in roles:
            raise forms.ValidationError(
                _("A club keeps at least one organizer."), code="no_organizer_left")


class MembershipInline(OrganizerScopedInline, admin.TabularInline):
    model = Membership
    formset = KeepsAnOrganizer
    extra = 0
    raw_id_fields = ["user"]
    readonly_fields = ["joined_at"]
    organizer_may = frozenset({"view", "add", "change", "delete"})


@admin.register(Club)
class ClubAdmin(OrganizerScoped, admin.ModelAdmin):
    club_path = "id"
    organizer_may = frozenset({"view", "change"})
    list_display = ["name", "slug", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Invitation)
class InvitationAdmin(OrganizerScoped, admin.ModelAdmin):
    """Invitations to a club (made on the club page or the API); revoke one by ticking
    ``revoked``."""

    club_path = "club"
    list_display = ["club", "role", "email", "created_by", "expires_at", "used_by", "revoked"]
    list_filter = ["role", "revoked"]
    search_fields = ["club__name", "email"]
    raw_id_fields = ["created_by", "used_by"]
    readonly_fields = ["token", "created_at", "used_at", "used_by"]
