"""Organizers in the Django admin (issue 19): what a club's organizer may see and do there
answers from his role in the club, not from Django's model permissions, so nobody has to
hand out ``is_staff`` or permissions for daily work. Superusers keep Django's answers.

Every admin of a club's rows (clubs, battles, campaigns) mixes in :class:`OrganizerScoped`
(inlines: :class:`OrganizerScopedInline`): its list, its pages and the choices of its
foreign keys hold only rows of the clubs the user organizes; outsiders never learn that a
row of another club exists (its page answers as for an unknown id).
"""
from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from clubs.selectors import organized_clubs


def organizes_a_club(*, user) -> bool:
    """Whether the user organizes at least one club."""
    return bool(getattr(user, "is_authenticated", False)
                and organized_clubs(user=user).exists())


def organized_club_ids(request) -> frozenset[int]:
    """The ids of the clubs the request's user organizes, asked once per request."""
    ids = getattr(request, "_organized_club_ids", None)
    if ids is None:
        user = request.user
        ids = frozenset(organized_clubs(user=user).values_list("club_id", flat=True)
                        if getattr(user, "is_authenticated", False) else ())
        request._organized_club_ids = ids
    return ids


def organizer_choices(model_admin, db_field, request) -> QuerySet:
    """The rows an organizer may pick in a foreign key: those the target's own admin shows
    him (its clubs' rows), the members of his clubs for a user, nothing else."""
    target = db_field.related_model
    if target is get_user_model():
        return target._default_manager.filter(
            memberships__club_id__in=organized_club_ids(request)).distinct().order_by("username")
    site = model_admin.admin_site
    if site.is_registered(target):
        target_admin = site.get_model_admin(target)
        if isinstance(target_admin, OrganizerScoped):
            return target_admin.get_queryset(request)
    return target._default_manager.none()


class ScopedForeignKeys:
    """Foreign keys of a non-superuser's forms offer only :func:`organizer_choices`, in a
    plain select (a raw id would show internal ids and lead to admins he cannot open)."""

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if not request.user.is_superuser:
            kwargs["queryset"] = organizer_choices(self, db_field, request)
            if db_field.name in self.raw_id_fields:
                kwargs.setdefault("widget", forms.Select())
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class OrganizerScoped(ScopedForeignKeys):
    """An admin of a club's rows. ``club_path`` leads from the model to its club; an
    organizer sees the rows of the clubs he organizes and may do with them what
    ``organizer_may`` names (view only, unless the admin says more). A method an admin
    defines itself (a projection refusing every change) still wins."""

    club_path: str
    organizer_may: frozenset[str] = frozenset({"view"})

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**{f"{self.club_path}__in": organized_club_ids(request)})

    def club_of(self, obj) -> int | None:
        """The id of the club ``obj`` belongs to."""
        return (self.model._default_manager.filter(pk=obj.pk)
                .values_list(self.club_path, flat=True).first())

    def organizer_may_do(self, request, action: str, obj=None) -> bool:
        """Whether the (non-superuser) user organizes the club of ``obj`` (None: any club)
        and organizers may do ``action`` here."""
        clubs = organized_club_ids(request)
        if action not in self.organizer_may or not clubs:
            return False
        return obj is None or self.club_of(obj) in clubs

    def has_module_permission(self, request):
        if request.user.is_superuser:
            return super().has_module_permission(request)
        return bool(organized_club_ids(request))

    def has_view_permission(self, request, obj=None):
        if request.user.is_superuser:
            return super().has_view_permission(request, obj)
        return self.organizer_may_do(request, "view", obj)

    def has_add_permission(self, request):
        if request.user.is_superuser:
            return super().has_add_permission(request)
        return self.organizer_may_do(request, "add")

    def has_change_permission(self, request, obj=None):
        if request.user.is_superuser:
            return super().has_change_permission(request, obj)
        return self.organizer_may_do(request, "change", obj)

    def has_delete_permission(self, request, obj=None):
        if request.user.is_superuser:
            return super().has_delete_permission(request, obj)
        return self.organizer_may_do(request, "delete", obj)


class OrganizerScopedInline(ScopedForeignKeys):
    """An inline on the page of a club's row: an organizer of that row's club may do with
    its lines what ``organizer_may`` names (the parent admin says whose row it is)."""

    organizer_may: frozenset[str] = frozenset({"view"})

    def organizer_may_do(self, request, action: str, obj) -> bool:
        if action not in self.organizer_may:
            return False
        parent = self.admin_site.get_model_admin(self.parent_model)
        return parent.organizer_may_do(request, "view", obj)

    def has_view_permission(self, request, obj=None):
        if request.user.is_superuser:
            return super().has_view_permission(request, obj)
        return self.organizer_may_do(request, "view", obj)

    def has_add_permission(self, request, obj):
        if request.user.is_superuser:
            return super().has_add_permission(request, obj)
        return self.organizer_may_do(request, "add", obj)

    def has_change_permission(self, request, obj=None):
        if request.user.is_superuser:
            return super().has_change_permission(request, obj)
        return self.organizer_may_do(request, "change", obj)

    def has_delete_permission(self, request, obj=None):
        if request.user.is_superuser:
            return super().has_delete_permission(request, obj)
        return self.organizer_may_do(request, "delete", obj)
