"""The club page, the invitation page and the sign-up page: thin views over
``clubs.memberships`` and ``clubs.invitations``.

A domain refusal becomes the page's answer: not found -> 404 (outsiders never learn a club
exists), forbidden -> 403, anything else -> the sentence shown as an error message.
"""
from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs import invitations, memberships
from clubs.access import may_organize
from clubs.models import Membership
from clubs.pages.forms import InvitationForm, RoleForm, SignUpForm
from clubs.selectors import club_role, member_club
from config.errors import DomainError, Forbidden, NotFound


def _run(call, **kwargs):
    """Call a service; NotFound -> 404, Forbidden -> 403; other refusals propagate."""
    try:
        return call(**kwargs)
    except NotFound as error:
        raise Http404(error.message) from None
    except Forbidden as error:
        raise PermissionDenied(error.message) from None


def _club_page(club_id: int):
    return redirect("clubs_pages:club", club_id=club_id)


@login_required
@require_http_methods(["GET", "POST"])
def club_page(request, club_id: int):
    """The club's members with their roles; for organizers, the invite form (POST here), the
    open invitations and the role and remove buttons."""
    club = _run(member_club, user=request.user, club_id=club_id)
    organizer = may_organize(club_role(user=request.user, club_id=club.pk))
    form = InvitationForm(request.POST or None)
    created = None
    if request.method == "POST":
        if not organizer:
            raise PermissionDenied
        if form.is_valid():
            data = form.cleaned_data
            try:
                created = invitations.invite(
                    user=request.user, club_id=club.pk, role=data["role"], email=data["email"],
                    valid_for=timedelta(days=data["valid_for_days"]), language=get_language())
            except DomainError as error:
                form.add_error(error.field if error.field in form.fields else None,
                               error.message)
            else:
                form = InvitationForm()
    context = {
        "club": club,
        "organizer": organizer,
        "members": memberships.memberships(user=request.user, club_id=club.pk),
        "me": request.user,
    }
    if organizer:
        context.update(form=form, created=created, role_choices=Membership.Role.choices,
                       invitations=[(i, invitations.invitation_url(i)) for i in
                                    invitations.open_invitations(user=request.user,
                                                                 club_id=club.pk)])
    return render(request, "clubs/club.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def revoke_invitation(request, club_id: int, invitation_id: int):
    try:
        _run(invitations.revoke, user=request.user, club_id=club_id,
             invitation_id=invitation_id)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The invitation was revoked: its link no longer works."))
    return _club_page(club_id)


@login_required
@require_POST
def change_role(request, club_id: int, membership_id: int):
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("the role must be organizer or player"))
        return _club_page(club_id)
    try:
        membership = _run(memberships.change_role, user=request.user, club_id=club_id,
                          membership_id=membership_id, role=form.cleaned_data["role"])
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(name)s is now %(role)s.") % {
            "name": membership.user.get_username(), "role": membership.get_role_display()})
    return _club_page(club_id)


@login_required
@require_POST
def remove_member(request, club_id: int, membership_id: int):
    try:
        membership = _run(memberships.remove_member, user=request.user, club_id=club_id,
                          membership_id=membership_id)
    except DomainError as error:
        messages.error(request, error.message)
        return _club_page(club_id)
    if membership.user_id == request.user.pk:
        messages.success(request, _("You left %(club)s.") % {"club": membership.club.name})
        return redirect("campaign_pages:home")
    messages.success(request, _("%(name)s was removed from the club.") % {
        "name": membership.user.get_username()})
    return _club_page(club_id)


@require_http_methods(["GET", "POST"])
def join(request, token: str):
    """The invitation: club, role, inviter; "Join" when signed in (POST), else sign in or
    sign up. An invitation that can no longer be accepted says why."""
    invitation = _run(invitations.invitation_for, token=token)
    problem = None
    try:
        if request.user.is_authenticated:
            invitations.check_acceptable(invitation, user=request.user)
        else:
            invitations.check_open(invitation)
    except DomainError as error:
        problem = error.message
    if request.method == "POST" and problem is None:
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        try:
            membership = invitations.accept(user=request.user, token=token)
        except DomainError as error:
            problem = error.message
        else:
            messages.success(request, _("Welcome to %(club)s: you joined as %(role)s.") % {
                "club": invitation.club.name, "role": membership.get_role_display()})
            return _club_page(invitation.club_id)
    member = club_role(user=request.user, club_id=invitation.club_id) is not None
    return render(request, "clubs/join.html",
                  {"invitation": invitation, "problem": problem, "member": member},
                  status=409 if problem and request.method == "POST" else 200)


@require_http_methods(["GET", "POST"])
def sign_up(request, token: str):
    """Sign up through an invitation (there is no open registration), then join its club."""
    invitation = _run(invitations.invitation_for, token=token)
    if request.user.is_authenticated:
        return redirect("clubs_pages:join", token=token)
    try:
        invitations.check_open(invitation)
    except DomainError:
        return redirect("clubs_pages:join", token=token)
    form = SignUpForm(request.POST or None, initial={"email": invitation.email})
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
                membership = invitations.accept(user=user, token=token)
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome to %(club)s: you joined as %(role)s.") % {
                "club": invitation.club.name, "role": membership.get_role_display()})
            return _club_page(invitation.club_id)
    return render(request, "clubs/signup.html", {"invitation": invitation, "form": form},
                  status=400 if form.errors else 200)
