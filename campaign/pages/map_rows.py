"""A map attribute whose values are choices (Mercenaries' terrain, §3.1) as rows a person
fills on a phone: one row a key — a map's cell as two whole numbers x and y when the
attribute's keys are cells, else a text — and a select of the values by their labels in the
page's language. Rows are added and removed in the page (``static/js/map_rows.js``); without
scripts one blank row is offered, and a row set to the blank choice (open ground) is dropped.

The rows give the same map the API takes (``{"8,5": "jungle", "12,2": 4}``); an unreadable row
is refused by the form, and the service's refusal naming a key (``attributes.terrain.30,1``)
is shown by its row (:func:`show_row_error`).
"""
from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from config.request_input import ascii_int

#: The largest coordinate a cell's input takes (maps are far smaller; the plug-in checks).
MAX_COORDINATE = 999


def _list(data, name: str) -> list[str]:
    getlist = getattr(data, "getlist", None)
    if getlist is not None:
        return getlist(name)
    value = data.get(name)
    return [] if value is None else list(value) if isinstance(value, list | tuple) else [value]


class MapRowsWidget(forms.Widget):
    """The rows (``<name>.x``, ``<name>.y`` or ``<name>.key``, and ``<name>.value``, one of
    each a row); ``row_errors`` (row index -> message) shows a refusal by its row."""

    #: Its rows show their own errors (``includes/field.html`` does not repeat them).
    shows_own_errors = True

    def __init__(self, *, options: list[tuple[str, str]], blank: str, cells: bool,
                 key_label: str, value_label: str):
        super().__init__()
        self.options, self.blank, self.cells = options, blank, cells
        self.key_label, self.value_label = key_label, value_label
        self.row_errors: dict[int, str] = {}

    def value_from_datadict(self, data, files, name) -> list[dict]:
        values = _list(data, f"{name}.value")
        if self.cells:
            xs, ys = _list(data, f"{name}.x"), _list(data, f"{name}.y")
            return [{"x": x.strip(), "y": y.strip(), "value": v}
                    for x, y, v in zip(xs, ys, values, strict=False)]
        return [{"key": k.strip(), "value": v}
                for k, v in zip(_list(data, f"{name}.key"), values, strict=False)]

    def id_for_label(self, id_):
        return f"{id_}-{'x' if self.cells else 'key'}-0" if id_ else id_

    def value_omitted_from_data(self, data, files, name) -> bool:
        return not _list(data, f"{name}.value")

    def render(self, name, value, attrs=None, renderer=None) -> str:
        rows = [dict(row, error=self.row_errors.get(n, "")) for n, row in enumerate(value or [])
                if any(row.values()) or n in self.row_errors]  # blank rows sent: one below
        rows.append({"x": "", "y": "", "key": "", "value": "", "error": ""})  # one to add
        return render_to_string("includes/map_rows.html", {
            "name": name, "id": (attrs or {}).get("id") or name, "rows": rows,
            "options": self.options, "blank": self.blank, "cells": self.cells,
            "key_label": self.key_label, "value_label": self.value_label,
            "max": MAX_COORDINATE})


def row_key(row: dict) -> str:
    """A row's key as the API writes it (``"8,5"`` for a cell)."""
    return f"{row.get('x', '')},{row.get('y', '')}" if "x" in row else row.get("key", "")


class MapRowsField(forms.Field):
    """Cleans the rows into ``{key: value text}``: a blank row or one set to the blank choice
    is dropped; a row with a value needs its key (a cell: two whole numbers from 0), each key
    once; a refusal is kept by its row."""

    widget = MapRowsWidget

    def clean(self, value) -> dict[str, str]:
        out: dict[str, str] = {}
        rows = value or []
        allowed = {key for key, _label in self.widget.options}
        for n, row in enumerate(rows):
            choice = row.get("value", "")
            if not choice:
                continue
            if choice not in allowed:
                self._refuse(n, _("this is not one of the choices"))
            if "x" in row:
                x, y = (ascii_int(row["x"], maximum=MAX_COORDINATE),
                        ascii_int(row["y"], maximum=MAX_COORDINATE))
                if x is None or y is None:
                    self._refuse(n, _("give the cell as two whole numbers, x and y, from 0"))
            elif not row.get("key"):
                self._refuse(n, _("give the name this value is for"))
            key = row_key(row)
            if key in out:
                self._refuse(n, _("%(key)s is given twice") % {"key": key})
            out[key] = choice
        return out

    def _refuse(self, row: int, message: str) -> None:
        self.widget.row_errors[row] = message
        raise ValidationError(message)


def map_rows_field(*, label: str, help_text: str, options: list[tuple[str, str]],
                   blank: str, cells: bool, required: bool = False) -> MapRowsField:
    """The rows input of a map attribute (never ``required`` for the form: the plug-in
    says)."""
    return MapRowsField(label=label, help_text=help_text, required=False,
                        widget=MapRowsWidget(options=options, blank=blank, cells=cells,
                                             key_label=_("cell") if cells else _("name"),
                                             value_label=label))


def shown_rows(value: dict[str, Any] | None, cells: bool) -> list[dict]:
    """A stored map as the rows its input shows (a value as its choice's key: 4 -> "4")."""
    rows = []
    for key, item in (value or {}).items():
        text = item if isinstance(item, str) else str(item)
        if cells:
            x, _comma, y = str(key).partition(",")
            rows.append({"x": x.strip(), "y": y.strip(), "value": text})
        else:
            rows.append({"key": key, "value": text})
    return rows


def show_row_error(form: forms.Form, name: str, key: str, message: str) -> bool:
    """Show ``message`` by the row of ``form``'s map input ``name`` whose key is ``key``
    (``"30,1"``); False if no row has it."""
    field = form.fields.get(name)
    if not isinstance(field, MapRowsField):
        return False
    rows = form[name].value() or []
    wanted = key.replace(" ", "")
    for n, row in enumerate(rows):
        if row_key(row) == wanted:
            field.widget.row_errors[n] = message
            return True
    return False
