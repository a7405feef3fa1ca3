"""Bounded requests (docs/battles.md, "Limits"): a setup beyond the rule system's limits, a
body larger than the request size limit and JSON nested deeper than the depth limit are each
refused in the API's JSON error format, naming the limit; nothing is stored."""

import json

import pytest
from django.test import override_settings

from battles.models import Battle
from eventstore.models import Event
from rules.steelwar.limits import LIMITS
from tests.battles.steelwar_table import SETUP

pytestmark = pytest.mark.django_db


def unit(unit_id: str, figures: int = 1, **extra) -> dict:
    return {"id": unit_id, "quality": "recruit", "leadership": 2,
            "figures": [{"weapon": "rifle", "count": figures}], **extra}


def setup_of(*sides) -> dict:
    return {"sides": [{"id": f"s{n}", "motivation": "medium", "fatigue": "fresh", "squads": s}
                      for n, s in enumerate(sides)]}


def create(client, club, setup, **headers):
    return client.post("/api/battles/", {"club": club.pk, "name": "Big", "rule_system":
                                         "steelwar", "setup": setup}, format="json", **headers)


def assert_nothing_stored():
    assert not Battle.objects.exists()
    assert not Event.objects.exists()


def test_a_billion_figures_are_refused_with_the_limit_and_nothing_is_stored(clients, club):
    response = create(clients["alice"], club, setup_of([unit("a", 10**9)], [unit("b")]))
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "limit_exceeded", body
    assert body["field"] == "setup.sides.0.squads.0.figures.0.count"
    assert "limit figures_per_unit=50" in body["message"]
    assert_nothing_stored()


def test_the_refusal_is_in_russian_for_a_russian_reader(clients, club):
    response = create(clients["alice"], club, setup_of([unit("a", 51)], [unit("b")]),
                      HTTP_ACCEPT_LANGUAGE="ru")
    body = response.json()
    assert (response.status_code, body["code"]) == (400, "limit_exceeded")
    assert "figures_per_unit=50" in body["message"] and "фигур" in body["message"]


def test_a_battle_exactly_at_the_unit_and_figure_limits_is_created(clients, club):
    each = LIMITS.figures // LIMITS.units
    half = LIMITS.units // 2
    response = create(clients["alice"], club, setup_of(
        [unit(f"a{n}", each) for n in range(half)], [unit(f"b{n}", each) for n in range(half)]))
    assert response.status_code == 201, response.json()
    assert clients["alice"].get(f"/api/battles/{response.json()['id']}/units/").json().__len__() \
        == LIMITS.units


def test_an_overlong_unit_name_is_refused_before_the_projection_could_fail(clients, club):
    response = create(clients["alice"], club, setup_of([unit("a", name="n" * 121)], [unit("b")]))
    assert (response.status_code, response.json()["field"]) == (400, "setup.sides.0.squads.0.name")
    assert_nothing_stored()


def test_a_command_listing_too_many_figures_is_refused(clients, club):
    battle = create(clients["org"], club, SETUP).json()
    begin = {"expected_version": 1, "command": {"action": "begin_activation", "unit": "steel.1"}}
    assert clients["org"].post(f"/api/battles/{battle['id']}/declare/", begin,
                                 format="json").status_code == 201
    fire = {"expected_version": 2, "command": {"action": "fire", "unit": "steel.1", "params": {
        "target": "keno.1", "distance": 6, "weapons": [str(n) for n in range(1000)]}}}
    response = clients["org"].post(f"/api/battles/{battle['id']}/declare/", fire,
                                     format="json")
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == (
        "limit_exceeded", "params.weapons")
    assert Event.objects.count() == 2


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=10_000)
def test_a_body_over_the_size_limit_is_413_in_json_and_stores_nothing(clients, club):
    setup = setup_of([unit("a", name="x" * 100) for _ in range(200)], [unit("b")])
    response = create(clients["alice"], club, setup)
    assert response.status_code == 413
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] == "limit_exceeded", body
    assert "10000 bytes" in body["message"]
    assert_nothing_stored()


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=10_000)
def test_a_form_body_over_the_size_limit_is_413_too(clients, club):
    response = clients["alice"].post("/api/battles/", {"name": "x" * 20_000})
    assert (response.status_code, response.json()["code"]) == (413, "limit_exceeded")


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("levels", [33, 100_000])
def test_json_nested_deeper_than_the_limit_is_400_naming_it(clients, club, levels):
    body = f'{{"club": {club.pk}, "name": "Deep", "rule_system": "steelwar", ' \
           f'"setup": {{"sides": {deep(levels - 2)}}}}}'
    response = clients["alice"].post("/api/battles/", body, content_type="application/json")
    assert response.status_code == 400
    answer = response.json()
    assert answer["code"] == "limit_exceeded"
    assert "32 levels" in answer["message"]
    if levels < 1000:
        assert answer["field"] == "setup.sides" + ".0" * 30
    assert_nothing_stored()


def test_json_exactly_at_the_depth_limit_is_parsed(clients, club):
    body = f'{{"club": {club.pk}, "name": "Deep", "rule_system": "steelwar", ' \
           f'"setup": {{"sides": {deep(30)}}}}}'
    response = clients["alice"].post("/api/battles/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_setup"  # read, then refused by the rules


def test_the_import_takes_a_body_larger_than_other_requests(clients, club, settings):
    padding = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1000)
    document = {"club": club.pk, "document": {"format": "other", "padding": padding}}
    response = clients["alice"].post("/api/battles/", document, format="json")
    assert response.status_code == 413
    response = clients["alice"].post("/api/battles/import/", document, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "format")


@override_settings(BATTLE_IMPORT_MAX_BODY_SIZE=10_000)
def test_an_import_over_its_size_limit_is_413(clients, club):
    document = {"club": club.pk, "document": {"format": "x" * 20_000}}
    response = clients["alice"].post("/api/battles/import/", document, format="json")
    assert (response.status_code, response.json()["code"]) == (413, "limit_exceeded")


def test_an_imported_file_nested_too_deep_is_400(clients, club):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("battle.json", deep(50_000).encode(), "application/json")
    response = clients["alice"].post("/api/battles/import/", {"club": club.pk, "file": upload},
                                     format="multipart")
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == ("limit_exceeded", "file")


def test_an_import_beyond_the_setup_limits_is_refused_and_stores_nothing(clients, club):
    started = {"battle_id": 1, "name": "Big", "rules": {"system": "steelwar", "version": "1.0"},
               "setup": setup_of([unit("a", 10**9)], [unit("b")]), "seed_sha256": "0" * 64}
    document = {"format": "wargame-battle-export", "format_version": 1,
                "battle": {"name": "Big", "rule_system": "steelwar", "rule_version": "1.0"},
                "events": [{"version": 1, "type": "battle.started", "schema_version": 1,
                            "data": started}]}
    response = clients["alice"].post("/api/battles/import/",
                                     {"club": club.pk, "document": document}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "limit_exceeded", body
    assert body["field"] == "events.0.data.setup.sides.0.squads.0.figures.0.count"
    assert_nothing_stored()
    document["battle"]["name"] = "n" * 201
    document["events"][0]["data"]["setup"] = setup_of([unit("a")], [unit("b")])
    response = clients["alice"].post("/api/battles/import/",
                                     {"club": club.pk, "document": document}, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "battle.name")
    assert_nothing_stored()


def test_deep_json_cannot_reach_a_recursion_error_elsewhere(clients, club):
    """orjson stops at 1,024 levels by itself: the refusal is the same for any depth."""
    body = json.dumps({"club": club.pk})[:-1] + ', "x": ' + deep(2000) + "}"
    response = clients["alice"].post("/api/battles/", body, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (400, "limit_exceeded")
