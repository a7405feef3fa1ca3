"""The page where a member creates and revokes personal API tokens for scripts.

Thin views over ``accounts.tokens``: the key of a new token is shown once, in the answer to
the form that created it (never stored, never put in a redirect or the session).
"""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from accounts import tokens
from config.errors import DomainError, NotFound


class TokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("What the token is for"), max_length=100,
        widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": gettext_lazy(
            "e.g. club results script")}),
    )
    expires_in_days = forms.IntegerField(
        label=gettext_lazy("Expires after (days)"), required=False, min_value=1,
        max_value=tokens.MAX_DAYS,
        help_text=gettext_lazy("Leave empty for a token that lasts until you revoke it."),
    )


@login_required
@require_http_methods(["GET", "POST"])
def token_list(request):
    """My tokens; the form creates one and shows its key once."""
    form = TokenForm(request.POST or None)
    created = None
    if request.method == "POST" and form.is_valid():
        try:
            token, key = tokens.create_token(user=request.user, **{
                k: v for k, v in form.cleaned_data.items() if v not in (None, "")})
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            created = {"token": token, "key": key}
            form = TokenForm()
    return render(request, "accounts/tokens.html", {
        "form": form,
        "created": created,
        "tokens": tokens.tokens_of(request.user),
    })


@login_required
@require_POST
def token_revoke(request, token_id: int):
    """Revoke one of my tokens (404 for anyone else's)."""
    try:
        tokens.revoke_token(user=request.user, token_id=token_id)
    except NotFound as error:
        raise Http404(error.message) from None
    messages.success(request, _("The token was revoked: scripts using it are refused from now on."))
    return redirect("account_tokens")
