"""The admin site: club organizers come in without being staff (issue 19).

Django lets only staff into ``/admin/``; this site also lets in an active user who organizes
at least one club. What each of them sees there answers from the club role
(``clubs.admin_scoping.OrganizerScoped``); Django's own permissions still govern everything
else (users, groups, tokens), so an organizer without them sees none of it.
"""
from django.contrib import admin

from clubs.admin_scoping import organized_club_ids, organizes_a_club


class ClubAdminSite(admin.AdminSite):
    def may_enter(self, user) -> bool:
        """Staff (Django's rule) and the organizers of a club; never an inactive user."""
        return bool(user.is_active and (user.is_staff or organizes_a_club(user=user)))

    def has_permission(self, request) -> bool:
        user = request.user
        return bool(user.is_active and (user.is_staff or organized_club_ids(request)))
