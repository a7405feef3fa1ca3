"""API error sentences follow the request's language, as the pages do: English by default,
Russian with ``Accept-Language: ru`` or the language chosen with ``set_language``; the machine
``code`` (and ``rule``, ``field``) never change, and English answers are exactly today's."""
import pytest

from rules.core import registry
from rules.core.facts import Fact
from rules.core.system import DecisionNeeded, DiceNeeded
from tests.battles.helpers import dice, fire

pytestmark = pytest.mark.django_db

RU = {"HTTP_ACCEPT_LANGUAGE": "ru"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _post(client, battle, suffix, body, lang):
    return client.post(f"/api/battles/{battle.pk}/{suffix}", body, format="json", **lang)


def _seven_on_a_d6(clients, battle, lang):
    assert fire(clients["alice"], battle, 1).status_code == 201
    return _post(clients["alice"], battle, "dice/", {"expected_version": 2, "rolls": {"shot": [7]}},
                 lang)


def test_a_seven_on_a_d6_in_russian_names_the_die(clients, battle):
    response = _seven_on_a_d6(clients, battle, RU)
    body = response.json()
    assert response.status_code == 422
    assert (body["code"], body["field"]) == ("die_out_of_range", "rolls.shot")
    assert "7 — не грань куба к6" in body["message"]
    assert body["message_en"].startswith("7 is not a face of a d6")


def test_a_seven_on_a_d6_in_english_is_unchanged(clients, battle):
    body = _seven_on_a_d6(clients, battle, EN).json()
    assert body["code"] == "die_out_of_range"
    assert body["message"].startswith("7 is not a face of a d6 (")
    assert "message_en" not in body


def test_the_language_chosen_with_set_language_is_used(clients, battle):
    client = clients["alice"]
    assert client.post("/i18n/setlang/", {"language": "ru", "next": "/"}).status_code == 302
    assert fire(client, battle, 1).status_code == 201
    body = dice(client, battle, 2, shot=[7]).json()
    assert body["code"] == "die_out_of_range" and "не грань куба к6" in body["message"]


def test_a_stale_expected_version_in_russian(clients, battle):
    response = _post(clients["alice"], battle, "dice/", {"expected_version": 5, "rolls": {"shot": 3}},
                     RU)
    body = response.json()
    assert response.status_code == 409
    assert (body["code"], body["field"], body["current_version"]) == (
        "wrong_expected_version", "expected_version", 1)
    assert body["message"] == (
        "ожидалась версия 5, но битва уже на версии 1; обновите страницу и повторите")
    english = _post(clients["alice"], battle, "dice/",
                    {"expected_version": 5, "rolls": {"shot": 3}}, EN).json()
    assert english["message"] == (
        "expected version 5, but the battle is at version 1; reload and retry")


def _facts_until_keno_is_suppressed():
    """The facts (through the pure engine) of steel.1 firing at keno.1 until keno.1 carries a
    suppression marker, then keno.1 beginning its activation."""
    from tests.battles.steelwar_table import SETUP

    system = registry.get("steelwar")
    state, facts = system.initial_state(SETUP), []

    def feed(kind, data):
        nonlocal state
        state = system.apply(state, Fact(kind, data)).state
        facts.append((kind, data))

    feed("declare", {"action": "begin_activation", "unit": "steel.1"})
    feed("declare", {"action": "fire", "unit": "steel.1",
                     "params": {"target": "keno.1", "distance": 10, "weapons": ["2", "3", "4", "5"]}})
    while True:
        pending = system.pending(state)
        if isinstance(pending, DiceNeeded):
            feed("dice", {"rolls": {r.key: [1 if "figure" in r.key else r.sides] * r.count
                                    for r in pending.requests}})
        elif isinstance(pending, DecisionNeeded):
            feed("decide", {"key": pending.key, "choice": pending.options[0].value})
        else:
            break
    keno = state.squads[state.index["keno.1"]]
    assert keno.suppression > 0
    feed("declare", {"action": "end_activation", "unit": "steel.1"})
    feed("declare", {"action": "begin_activation", "unit": "keno.1"})
    return facts


def _suppressed_squad_advances(clients, battle, lang):
    """Record the facts through the API (as the organizer), then bob orders keno.1 forward."""
    version = 1
    for kind, data in _facts_until_keno_is_suppressed():
        body = {"command": data} if kind == "declare" else dict(data)
        response = _post(clients["org"], battle, f"{kind}/", {"expected_version": version, **body},
                         lang)
        assert response.status_code == 201, response.json()
        version += 1
    advance = {"action": "move", "unit": "keno.1",
               "params": {"direction": "toward_enemy", "distance": 3}}
    return _post(clients["bob"], battle, "declare/",
                 {"expected_version": version, "command": advance}, lang)


def test_a_suppressed_squad_ordered_to_advance_is_refused_in_russian(clients, steelwar_battle):
    response = _suppressed_squad_advances(clients, steelwar_battle, RU)
    body = response.json()
    assert response.status_code == 422
    assert (body["code"], body["rule"]) == ("action_forbidden", "§2.7")
    assert body["message"] == (
        "partisans не может двигаться иначе, чем от противника: пехота под подавлением может "
        "только вести наблюдение, выходить на связь, проводить реорганизацию в укрытии, "
        "снимать подавление или отходить от противника (§2.7), но не move")
    assert "подавлени" in body["message"] and "§2.7" in body["message"]
    assert body["message_en"] == (
        "partisans cannot move except away from the enemy: suppressed infantry may only "
        "observe, communicate, reorganise in cover, remove suppression or move away from the "
        "enemy (§2.7), not move")


def test_a_suppressed_squad_ordered_to_advance_in_english(clients, steelwar_battle):
    body = _suppressed_squad_advances(clients, steelwar_battle, EN).json()
    assert body["message"] == (
        "partisans cannot move except away from the enemy: suppressed infantry may only "
        "observe, communicate, reorganise in cover, remove suppression or move away from the "
        "enemy (§2.7), not move")
    assert "message_en" not in body


def test_a_member_who_does_not_play_cannot_record_in_russian(clients, battle):
    response = _post(
        clients["member"], battle, "declare/",
        {"expected_version": 1, "command": {"action": "fire", "unit": "r1",
                                            "params": {"target": "b1", "distance": 4}}}, RU)
    body = response.json()
    assert response.status_code == 403 and body["code"] == "not_a_participant"
    assert body["message"] == "записывать битву могут только её участники и организаторы клуба"
    english = _post(clients["member"], battle, "declare/",
                    {"expected_version": 1, "command": {"action": "fire", "unit": "r1"}}, EN)
    assert english.json()["message"] == (
        "only the battle's participants and the club's organizers may record it")


def test_an_outsider_gets_a_russian_404(clients, battle):
    response = clients["outsider"].get(f"/api/battles/{battle.pk}/", **RU)
    body = response.json()
    assert response.status_code == 404 and body["code"] == "not_found"
    assert body["message"] == f"нет битвы {battle.pk}"
    english = clients["outsider"].get(f"/api/battles/{battle.pk}/", **EN).json()
    assert english["message"] == f"no battle {battle.pk}"


def test_a_concluded_battle_refuses_in_russian(clients, battle):
    _post(clients["org"], battle, "conclude/",
          {"expected_version": 1, "result": {"red": "draw", "blue": "draw"}}, EN)
    body = fire(clients["alice"], battle, 2).json()
    assert body["message"] == (
        f"battle {battle.pk} is concluded; it accepts no more facts or corrections")
    body = _post(clients["alice"], battle, "dice/", {"expected_version": 2, "rolls": {"shot": 1}},
                 RU).json()
    assert body["code"] == "battle_concluded"
    assert body["message"] == (
        f"битва {battle.pk} завершена; новые факты и исправления не принимаются")


def test_a_malformed_import_file_names_the_field_in_russian(clients, club):
    response = clients["org"].post("/api/battles/import/", {"club": club.pk, "document": {
        "format": "nope"}}, format="json", **RU)
    body = response.json()
    assert response.status_code == 400 and body["code"] == "invalid_import"
    assert body["field"] == "format" and body["message"].startswith("format: должно быть ")


def test_drf_validation_errors_are_in_russian(clients, battle):
    body = _post(clients["alice"], battle, "declare/", {"command": {"action": "fire"}}, RU).json()
    assert (body["code"], body["field"]) == ("required", "expected_version")
    assert body["message"] == "expected_version: Обязательное поле."


def test_a_soldier_who_cannot_fight_is_refused_in_russian(clients, people, campaign):
    from campaign.services import soldiers
    from tests.conftest import prepare_scenario, raise_army

    armies = {"steel": raise_army(campaign, people["alice"], "Steel"),
              "keno": raise_army(campaign, people["bob"], "Keno")}
    scenario = prepare_scenario(campaign, people, armies)
    keno = armies["keno"]
    captured = keno["soldiers"][1]
    soldiers.record_capture(user=people["org"], campaign=campaign, soldier_id=captured,
                            by_force_id=armies["steel"]["force"])
    url = f"/api/campaigns/{campaign.pk}/scenarios/{scenario}/picks/"
    body = {"force_id": keno["force"], "squads": [{"squad_id": keno["squad"],
                                                  "soldier_ids": keno["soldiers"][:2]}]}
    russian = clients["bob"].post(url, body, format="json", **RU)
    assert russian.status_code == 422 and russian.json()["code"] == "soldier_unavailable"
    assert russian.json()["message"] == (
        "Keno medic 1 (Keno 1st) не может участвовать: в плену")
    english = clients["bob"].post(url, body, format="json", **EN).json()
    assert english["message"] == (
        "Keno medic 1 (Keno 1st) cannot take part: captured")
