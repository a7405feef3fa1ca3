"""A map attribute with choices as rows (``campaign.pages.map_rows``): what the rows give the
services, and what they refuse by the row."""
import pytest
from django import forms
from django.http import QueryDict

from campaign.pages.attribute_form import add_attribute_fields, attribute_values
from campaign.plugins.schema import Attribute, Schema

SCHEMA = Schema((
    Attribute("terrain", "map", "terrain", choices=("1", "jungle"), cell_keys=True),
    Attribute("ranks", "map", "ranks", choices=("high", "low")),
))


def _form(**lists) -> forms.Form:
    data = QueryDict(mutable=True)
    for name, values in lists.items():
        data.setlist(name.replace("__", "."), values)
    form = forms.Form(data)
    add_attribute_fields(form, SCHEMA, "")
    return form


def test_rows_give_the_map_the_api_takes_blank_rows_dropped():
    form = _form(attributes__terrain__x=["8", "", "3"], attributes__terrain__y=["5", "", "1"],
                 attributes__terrain__value=["jungle", "", "1"],
                 attributes__ranks__key=["Kane", "Dutch"],
                 attributes__ranks__value=["high", ""])
    assert form.is_valid(), form.errors
    assert attribute_values(SCHEMA, form.cleaned_data) == {
        "terrain": {"8,5": "jungle", "3,1": 1}, "ranks": {"Kane": "high"}}


@pytest.mark.parametrize(("lists", "row"), [
    ({"attributes__terrain__x": ["8", "x"], "attributes__terrain__y": ["5", "1"],
      "attributes__terrain__value": ["jungle", "1"]}, 1),
    ({"attributes__terrain__x": ["8"], "attributes__terrain__y": ["5"],
      "attributes__terrain__value": ["swamp"]}, 0),
    ({"attributes__ranks__key": ["", "Kane"], "attributes__ranks__value": ["low", "high"]}, 0),
    ({"attributes__ranks__key": ["Kane", "Kane"], "attributes__ranks__value": ["low", "high"]},
     1),
])
def test_a_row_that_cannot_be_read_is_refused_by_its_row(lists, row):
    form = _form(**lists)
    assert not form.is_valid()
    name = next(n for n in form.errors)
    assert list(form.fields[name].widget.row_errors) == [row]
    assert f'-error-{row}"' in str(form[name])
