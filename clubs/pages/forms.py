"""Forms of the club pages: an invitation, a role, and the sign-up an invitation leads to."""
from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from clubs.invitations import MAX_VALID_FOR, VALID_FOR
from clubs.models import Membership

#: The roles as a form offers them ("Organizer", "Player").
ROLES = [(value, capfirst(label)) for value, label in Membership.Role.choices]


class InvitationForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=ROLES,
                             initial=Membership.Role.PLAYER)
    email = forms.EmailField(
        label=_("E-mail (optional)"), required=False,
        help_text=_("Leave empty to copy the link yourself; with an address, it is e-mailed."))
    valid_for_days = forms.IntegerField(label=_("Valid for (days)"), min_value=1,
                                        max_value=MAX_VALID_FOR.days, initial=VALID_FOR.days)


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=ROLES)


class SignUpForm(UserCreationForm):
    """Username, e-mail, password twice (Django's password validators)."""

    email = forms.EmailField(label=_("E-mail"), required=True)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
