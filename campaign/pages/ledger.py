"""The campaign's ledger page: every entry with what it did; organizers void or amend an
entry with a reason (``campaign.services.corrections``). Members read it; outsiders 404."""
from __future__ import annotations

import re

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign.pages.terms import RESULT, history_kind, term
from campaign.pages.views import _or_404
from campaign.plugins import get as plugin_for
from campaign.selectors.campaigns import campaign_for
from campaign.selectors.ledger_entries import ledger_lines
from campaign.services import corrections
from campaign.services.ledger import state_of
from clubs.access import may_organize
from clubs.selectors import club_role
from config.api_errors import localized_message
from config.errors import DomainError, Invalid
from config.request_input import ascii_int
from eventstore.errors import WrongExpectedVersion


@login_required
def ledger_page(request, campaign_id: int):
    """The ledger, latest first; a POST is an organizer's correction of one entry."""
    campaign = _or_404(campaign_for, user=request.user, campaign_id=campaign_id)
    is_organizer = may_organize(club_role(user=request.user, club_id=campaign.club_id))
    error, status = None, 200
    if request.method == "POST":
        try:
            _correct(request, campaign)
        except DomainError as failure:
            error, status = localized_message(failure.code, failure.message)[0], 400
        except WrongExpectedVersion:
            error, status = _("The ledger changed meanwhile: read it again and retry."), 409
        else:
            return redirect(reverse("campaign_pages:ledger", args=[campaign.pk])
                            + f"?page={request.POST.get('page', 1)}")
    page = ledger_lines(campaign=campaign, page=ascii_int(request.GET.get("page")))
    plugin = plugin_for(campaign.rule_system)
    state = state_of(campaign_id=campaign.pk)
    for line in page.object_list:
        line.texts = [_unbroken(text) for text in line.texts]
        line.label = history_kind(plugin, line.kind) if line.kind else line.type
        line.results = [
            {"force_id": r["force_id"], "name": _force_name(state, r["force_id"]),
             "result": r["result"]}
            for r in line.data.get("results", ())
        ] if "results" in line.amendable else []
    return render(request, "pages/ledger.html", {
        "campaign": campaign, "page": page, "is_organizer": is_organizer,
        "version": state.version, "error": error, "results": [(key, term(RESULT, key)) for key in RESULT],
    }, status=status)


def _unbroken(text: str) -> str:
    """Dates (1942-05-01) kept on one line: their hyphens shown as non-breaking ones."""
    return DATE.sub(lambda m: m.group(0).replace("-", "\u2011"), text)


DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def _force_name(state, force_id: int) -> str:
    force = state.forces.get(force_id)
    return force.name if force is not None else str(force_id)


def _correct(request, campaign) -> None:
    post = request.POST
    version = ascii_int(post.get("version"))
    expected = ascii_int(post.get("expected_version"))
    if version is None or expected is None:
        raise Invalid("bad_request", _("the form lost its entry; read the ledger again"))
    writing = {"expected_version": expected}
    reason = post.get("reason", "")
    if post.get("action") == "void":
        corrections.void_entry(user=request.user, campaign=campaign, target_version=version,
                               reason=reason, **writing)
        return
    data: dict = {}
    if "days" in post:
        data["days"] = ascii_int(post["days"]) if ascii_int(post["days"]) is not None else (
            post["days"])
    if "cause" in post:
        data["cause"] = post["cause"]
    results = [{"force_id": int(key.removeprefix("result-")), "result": value}
               for key, value in post.items()
               if key.startswith("result-") and key.removeprefix("result-").isdigit()]
    if results:
        data["results"] = results
    corrections.amend_entry(user=request.user, campaign=campaign, target_version=version,
                            data=data, reason=reason, **writing)
