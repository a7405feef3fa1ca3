"""The campaign's ledger page: every entry with what it did, in the reader's language as
the timelines write it; organizers void or amend an
entry with a reason (``campaign.services.corrections``). The amendment form of an entry is
built from its kind's amendable fields (``campaign.plugins.amendments``): each labelled in
the page's language, a choice of the campaign's forces, squads, formations or soldiers by
name, attributes, changes, prisoners and picks asked for by name
(``campaign.pages.amend_form``), JSON only for house rules and battle options. Members read
it; outsiders 404."""
from __future__ import annotations

import json
import re

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign.ledger.corrections import corrections_in
from campaign.pages import amend_form
from campaign.pages.attribute_form import role_choices
from campaign.pages.terms import RESULT, history_kind, term
from campaign.pages.views import _or_404
from campaign.plugins import get as plugin_for
from campaign.selectors.campaigns import campaign_for
from campaign.selectors.ledger_entries import ledger_lines, states_before
from campaign.services import corrections
from campaign.services.ledger import ledger_of, state_of
from clubs.access import may_organize
from clubs.selectors import club_role
from config.api_errors import localized_message
from config.errors import DomainError, Invalid
from config.request_input import ascii_int
from eventstore.errors import WrongExpectedVersion
from rules.core.errors import RuleError


@login_required
def ledger_page(request, campaign_id: int):
    """The ledger, latest first; a POST is an organizer's correction of one entry."""
    campaign = _or_404(campaign_for, user=request.user, campaign_id=campaign_id)
    is_organizer = may_organize(club_role(user=request.user, club_id=campaign.club_id))
    error, status, at = None, 200, {}
    if request.method == "POST":
        try:
            _correct(request, campaign)
        except (DomainError, RuleError) as failure:
            error, status = localized_message(failure.code, failure.message)[0], 400
            at = {"version": ascii_int(request.POST.get("version")),
                  "field": (failure.field or "").removeprefix("data.").split(".")[0]}
        except WrongExpectedVersion:
            error, status = _("The ledger changed meanwhile: read it again and retry."), 409
        else:
            return redirect(reverse("campaign_pages:ledger", args=[campaign.pk])
                            + f"?page={request.POST.get('page', 1)}")
    page = ledger_lines(campaign=campaign, page=ascii_int(request.GET.get("page")))
    plugin = plugin_for(campaign.rule_system)
    state = state_of(campaign_id=campaign.pk)
    befores = states_before(campaign=campaign, versions=[
        line.version for line in page.object_list
        if is_organizer and any(amend_form.structured(f) for f in line.amendable)])
    for line in page.object_list:
        line.texts = [{"text": _unbroken(text), "english": english}
                      for text, english in line.texts]
        line.fields = [_field(campaign, state, line, f, plugin, befores.get(line.version))
                       for f in line.amendable if f.name != "results"]
        line.amends_results = any(f.name == "results" for f in line.amendable)
        if line.version == at.get("version"):
            line.error = error
            line.error_field = at["field"]
        line.label = history_kind(plugin, line.kind) if line.kind else line.type
        line.results = [
            {"force_id": r["force_id"], "name": _force_name(state, r["force_id"]),
             "result": r["result"]}
            for r in line.data.get("results", ())
        ] if line.amends_results else []
    return render(request, "pages/ledger.html", {
        "campaign": campaign, "page": page, "is_organizer": is_organizer,
        "version": state.version, "error": error, "error_version": at.get("version"),
        "results": [(key, term(RESULT, key)) for key in RESULT],
    }, status=status)


def _unbroken(text: str) -> str:
    """Dates (1942-05-01) kept on one line: their hyphens shown as non-breaking ones."""
    return DATE.sub(lambda m: m.group(0).replace("-", "\u2011"), text)


DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def _force_name(state, force_id: int) -> str:
    force = state.forces.get(force_id)
    return force.name if force is not None else str(force_id)


#: How each kind of amendable field is asked for: an input's type, else a select or JSON.
_INPUTS = {"text": "text", "int": "number"}
_REFERENCES = {"force": "forces", "squad": "squads", "formation": "formations",
               "soldier": "soldiers"}


def _field(campaign, state, line, field, plugin, before) -> dict:
    """One input of an entry's amendment form: ``name`` (posted as ``field-<name>``),
    ``label`` in the page's language, ``input`` (text / number / select / form / json), its
    value, for a select its choices by name, for a form the inputs that ask for it by name
    (``campaign.pages.amend_form``)."""
    value = line.data.get(field.name)
    out = {"name": field.name, "label": _(field.label), "value": value,
           "required": not field.optional, "input": _INPUTS.get(field.kind, "json")}
    if amend_form.structured(field) and before is not None:
        out["input"] = "form"
        out["form"] = amend_form.build(field, campaign=campaign, plugin=plugin, before=before,
                                       data=line.data, version=line.version)
    elif field.kind in _REFERENCES:
        things = getattr(state, _REFERENCES[field.kind])
        out["input"] = "select"
        out["choices"] = [(ref, things[ref].name) for ref in sorted(things)]
    elif field.kind == "role":
        out["input"] = "select"
        out["choices"] = role_choices(campaign.rule_system, value or "")
    elif field.kind == "choice":
        out["input"] = "select"
        out["choices"] = [(key, _(label) if isinstance(label, str) else str(label))
                          for key, label in field.choice_list()]
    elif out["input"] == "json":
        out["value"] = json.dumps(value, ensure_ascii=False, sort_keys=True)
    if out["input"] == "select" and field.optional:
        out["choices"] = [("", _("— none —")), *out["choices"]]
    return out


def _posted(field, raw: str):
    """A posted value as the amendment takes it (JSON parsed, a choice of none as None)."""
    if field.kind == "int":
        number = ascii_int(raw)
        return raw if number is None else number
    if field.kind in _REFERENCES:
        return None if raw == "" else (ascii_int(raw) if ascii_int(raw) is not None else raw)
    if field.kind == "choice":
        return None if raw == "" else raw
    if field.kind in ("object", "list"):
        try:
            return json.loads(raw)
        except ValueError:
            raise Invalid("bad_amendment", _("%(field)s is not valid JSON")
                          % {"field": _(field.label)}, field=f"data.{field.name}") from None
    return raw


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
    entries = ledger_of(campaign_id=campaign.pk, to_version=version)
    amendable = (corrections.amendable_for(campaign.rule_system).get(entries[-1].type)
                 if entries and entries[-1].version == version else None)
    data: dict = {}
    fields = amendable.fields if amendable is not None else ()
    before = (states_before(campaign=campaign, versions=[version]).get(version)
              if any(amend_form.structured(f) for f in fields) else None)
    current = _current_data(campaign, entries) if before is not None else {}
    plugin = plugin_for(campaign.rule_system)
    for field in fields:
        if amend_form.structured(field) and before is not None:
            if f"{amend_form.prefix(version, field)}-asked" not in post:
                continue  # the form did not ask for it: it stays as it is
            form = amend_form.build(field, campaign=campaign, plugin=plugin, before=before,
                                    data=current, version=version, posted=post)
            data[field.name] = amend_form.value(field, form, plugin=plugin, before=before,
                                                data=current)
        elif f"field-{field.name}" in post:
            data[field.name] = _posted(field, post[f"field-{field.name}"])
    results = [{"force_id": int(key.removeprefix("result-")), "result": value}
               for key, value in post.items()
               if key.startswith("result-") and key.removeprefix("result-").isdigit()]
    if results:
        data["results"] = results
    corrections.amend_entry(user=request.user, campaign=campaign, target_version=version,
                            data=data, reason=reason, **writing)


def _current_data(campaign, entries) -> dict:
    """The data of the last of ``entries`` as it stands (amended or as recorded)."""
    found = corrections_in(ledger_of(campaign_id=campaign.pk)).get(entries[-1].version)
    return dict(found.data) if found is not None and found.data else dict(entries[-1].data)
