"""A force's roster as a table: one row per soldier with his formation, squad, name, role,
status and every attribute of the plug-in's member schema, labelled in the page's language.
The printable roster page and the roster's CSV both read it, from the ledger's fold now
(``campaign.selectors.as_of``, as the force page)."""
from __future__ import annotations

import csv
import io

from django.http import HttpResponse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from campaign.models import Campaign
from campaign.pages.force import Shown
from campaign.pages.terms import STATUS, term
from campaign.plugins.labels import value_text
from campaign.selectors.as_of import as_of

#: The chain of command's levels (§2.18) as the pages name them.
LEVEL_LABELS = {
    "battalion": gettext_lazy("battalion"),
    "company": gettext_lazy("company"),
    "platoon": gettext_lazy("platoon"),
}


def level_label(level: str) -> str:
    return str(LEVEL_LABELS.get(level, level))


def roster(*, campaign: Campaign, force_id: int) -> dict:
    """``force`` (its name), ``columns`` (the attribute labels), ``formations`` (the chain
    of command: name, level, parent and commander) and ``squads``: each with its formation's name and its
    soldiers' rows; soldiers in no squad come last, in a squad without an id."""
    state = as_of(campaign=campaign, force_id=force_id)
    shown = Shown(campaign)
    schema = shown.plugin.member_schema
    attributes = [a for a in schema.attributes if not a.derived]
    formations = {f["id"]: f for f in state["formations"]}

    def row(soldier: dict) -> dict:
        values = soldier["attributes"] or {}
        return {
            "id": soldier["id"],
            "name": soldier["name"],
            "role": shown.role(soldier.get("role")) or "",
            "status": soldier["status"],
            "status_label": str(term(STATUS, soldier["status"])),
            "cells": [value_text(shown.system, a, values.get(a.name)) for a in attributes],
        }

    names = {s["id"]: s["name"] for s in state["soldiers"]}
    squads = []
    for squad in state["squads"]:
        formation = formations.get(squad.get("formation_id"))
        squads.append({
            "id": squad["id"], "name": squad["name"],
            "formation": formation["name"] if formation else "",
            "commander": names.get(squad.get("commander_id"), ""),
            "establishment": squad.get("establishment"),
            "attributes_shown": shown.attributes(shown.plugin.unit_schema, squad["attributes"]),
            "soldiers": [row(s) for s in state["soldiers"] if s["squad_id"] == squad["id"]],
        })
    squad_ids = {s["id"] for s in squads}
    reserve = [row(s) for s in state["soldiers"] if s["squad_id"] not in squad_ids]
    if reserve:
        squads.append({"id": None, "name": _("Not in a squad"), "formation": "", "commander": "",
                       "establishment": None, "attributes_shown": [], "soldiers": reserve})
    (force,) = state["forces"]
    return {
        "force": force,
        "columns": [_(a.label) for a in attributes],
        "formations": [{"id": f["id"], "name": f["name"], "level": level_label(f["level"]),
                        "parent": formations[f["parent_id"]]["name"]
                        if f.get("parent_id") in formations else "",
                        "commander": names.get(f.get("commander_id"), "")}
                       for f in state["formations"]],
        "squads": squads,
    }


def roster_csv(table: dict) -> str:
    """The roster as CSV text, one row per soldier, with a byte order mark so that
    spreadsheet programs read it as UTF-8."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out)
    writer.writerow([_("formation"), _("squad"), pgettext("person", "name"), _("role"), _("status"),
                     *table["columns"]])
    for squad in table["squads"]:
        for soldier in squad["soldiers"]:
            writer.writerow([_inert(cell) for cell in (
                squad["formation"], squad["name"] if squad["id"] else "", soldier["name"],
                soldier["role"], soldier["status_label"], *soldier["cells"])])
    return out.getvalue()


def roster_csv_response(*, campaign: Campaign, force_id: int) -> HttpResponse:
    """The roster's CSV as a download named after the force (``steel-company.csv``; a
    Cyrillic name kept in ``filename*``); ``NotFound`` for a force the campaign lacks."""
    table = roster(campaign=campaign, force_id=force_id)
    response = HttpResponse(roster_csv(table), content_type="text/csv; charset=utf-8")
    filename = f"{slugify(table['force']['name'], allow_unicode=True) or 'roster'}.csv"
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


#: What a spreadsheet takes for the start of a formula in a cell.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _inert(cell):
    """A text a player typed (a name) that a spreadsheet would run as a formula, quoted
    (OWASP "CSV injection"); everything else as it is."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell
