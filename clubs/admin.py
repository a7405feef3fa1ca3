"""Clubs and their memberships in the Django admin: plain rows, edited here.

Staff who are not superusers see only the clubs they organize, and only the rows of those
clubs in the battles and campaign admins too (:class:`OrganizerScoped`).
"""
from django.contrib import admin

from clubs.models import Club, Invitation, Membership
from clubs.selectors import organized_clubs


class OrganizerScoped:
    """Staff who are not superusers see only rows of the clubs they organize (outsiders never
    learn a campaign or a battle exists). ``club_path`` leads from the model to its club."""

    club_path: str

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**{f"{self.club_path}__in": organized_clubs(user=request.user)})


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]
    readonly_fields = ["joined_at"]


@admin.register(Club)
class ClubAdmin(OrganizerScoped, admin.ModelAdmin):
    club_path = "id"
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
