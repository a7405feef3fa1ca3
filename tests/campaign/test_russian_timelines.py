"""The soldier's and squad's timelines read in the page's language: each history row keeps
its sentence (template and params), the page writes it in English or Russian with the
rulebook's words (roles, fatigue, motivation, fates); a row stored before rows had a
sentence is shown in its stored English, marked as English."""
from datetime import UTC, datetime

import pytest
from django.test import Client
from django.utils import translation

from campaign.ledger.sentences import Sentence, Term, gettext_noop, sentence_json
from campaign.models import HistoryEntry
from campaign.pages.timeline import history_text
from tests.pages.factories import club_with_players, steelwar_campaign

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def fought():
    """The bridge fought and concluded (a draw), its result taken over."""
    from battles.services.battles import conclude_battle

    club, users = club_with_players()
    campaign, battle, squads = steelwar_campaign(club, users)
    battle.refresh_from_db()
    conclude_battle(battle_id=battle.pk, user=users["olga"], expected_version=battle.version,
                    result={"force-1": "draw", "force-2": "draw"})
    client = Client()
    client.force_login(users["anna"])
    return campaign, battle, squads, client


def timeline(html: str) -> str:
    return html.split('id="timeline-title"', 1)[1]


def test_a_soldiers_timeline_reads_in_russian_on_a_russian_page(fought):
    campaign, battle, squads, client = fought
    petrov = squads["anna"]["soldiers"][0]
    page = f"/campaigns/{campaign.pk}/soldiers/{petrov}/"
    russian = client.get(page, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    lines = timeline(russian)
    assert "Petrov (командир) зачислен: 1st squad" in lines
    assert "Petrov принимает командование: 1st squad" in lines
    assert "Petrov сражался в «The bridge»: невредим" in lines
    assert 'lang="en"' not in lines
    assert "командир" in russian.split("<h1>", 1)[1].split("</h1>", 1)[0]  # his role
    # his record's worst morale in the rulebook's Russian (a grade, labelled as a morale)
    from campaign.selectors.history import record_of
    from rules.core import registry

    low = record_of(campaign=campaign, subject="soldier", ref=petrov)["report"]["morale_low"]
    assert low in registry.terms("steelwar").keys("morale")
    record = russian.split('id="record-title"', 1)[1].split("</section>", 1)[0]
    assert registry.terms("steelwar").label("morale", low, "ru") in record
    assert f">{low}<" not in record
    english = timeline(client.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert f"Petrov fought in The bridge (battle {battle.pk}): unharmed" in english
    assert "Petrov (commander) recruited: 1st squad" in english


def test_a_forces_fatigue_and_motivation_read_in_the_rulebooks_russian(fought):
    campaign, battle, squads, client = fought
    rows = HistoryEntry.objects.filter(campaign=campaign, subject="force",
                                       subject_ref=squads["anna"]["force"])
    with translation.override("ru"):
        texts = [history_text(row, "steelwar")[0] for row in rows]
    assert "Steel company: мотивация «средняя» в «The bridge»" in texts
    assert any(t.startswith("Steel company вступает в бой «The bridge»: свежие (")
               for t in texts), texts
    assert any("усталость +" in t and "свежие" in t for t in texts), texts


def test_a_squads_timeline_reads_in_russian(fought):
    campaign, battle, squads, client = fought
    page = f"/campaigns/{campaign.pk}/squads/{squads['boris']['squad']}/"
    lines = timeline(client.get(page, HTTP_ACCEPT_LANGUAGE="ru").content.decode())
    assert "Partisans: отделение сформировано (новобранцы)" in lines
    assert "Partisans: бой в «The bridge»" in lines


def test_a_row_stored_without_its_sentence_stays_english_and_says_so(fought):
    campaign, battle, squads, client = fought
    aro = squads["boris"]["soldiers"][0]
    HistoryEntry.objects.create(
        campaign=campaign, subject="soldier", subject_ref=aro, version=999, seq=0,
        kind="recovered", text="Aro recovered and returns to duty", data={},
        recorded_at=datetime.now(UTC))
    page = f"/campaigns/{campaign.pk}/soldiers/{aro}/"
    lines = timeline(client.get(page, HTTP_ACCEPT_LANGUAGE="ru").content.decode())
    assert '<p lang="en" class="small">Aro recovered and returns to duty</p>' in lines


def test_a_sentence_is_the_english_it_always_was_and_keeps_its_words():
    where = Sentence(gettext_noop("in {scenario} (battle {battle})"), scenario="Hill",
                     battle=3)
    text = Sentence(gettext_noop("{soldier} fought {where}: {outcome}"), soldier="Aro",
                    where=where, outcome=Term("fate", "killed"))
    assert text == "Aro fought in Hill (battle 3): killed"
    assert sentence_json(text) == {
        "template": "{soldier} fought {where}: {outcome}",
        "params": {"soldier": "Aro", "outcome": {"term": "fate", "value": "killed"},
                   "where": {"template": "in {scenario} (battle {battle})",
                             "params": {"scenario": "Hill", "battle": 3}}}}
    assert sentence_json("plain") is None


def test_a_reorganisation_roll_reads_in_russian():
    """Steel War §2.11: the final reorganisation roll's line, in both languages."""
    from types import SimpleNamespace

    from campaign.ledger.state import CampaignState, Soldier
    from campaign.systems.steelwar.fold import settle_casualty

    event = SimpleNamespace(battle_id=3, extra={"reorganisation": [
        {"soldier_id": 1, "outcome": "returned_to_duty", "die": 6, "roll": 5}]})
    outcome, (effect,), _note = settle_casualty(
        CampaignState(), Soldier(id=1, force_id=1, squad_id=1, name="Bel"), "wounded", event)
    assert outcome == "returned_to_duty"
    assert effect.text == "Bel: final reorganisation d6 5: returned_to_duty"
    row = SimpleNamespace(text=effect.text, data={"sentence": sentence_json(effect.text)})
    with translation.override("ru"):
        assert history_text(row, "steelwar") == (
            "Bel: итоговая реорганизация к6 5: ранен, вернулся в строй", False)
    with translation.override("en"):
        assert history_text(row, "steelwar") == (
            "Bel: final reorganisation d6 5: wounded, returned to duty", False)


def test_a_formation_raised_reads_in_russian():
    """The chain of command's levels (§2.18) as the Russian line says them; the English line
    is the one it always was."""
    from types import SimpleNamespace

    from campaign.ledger.events import FormationRaised
    from campaign.ledger.fold import apply
    from campaign.ledger.state import CampaignState

    entry = SimpleNamespace(version=1, type=FormationRaised.type, data={
        "formation_id": 1, "force_id": 1, "parent_id": None, "level": "company",
        "name": "1st company"})
    (effect,) = apply(CampaignState(), entry).effects
    assert effect.text == "Company 1st company raised"
    row = SimpleNamespace(text=effect.text, data={"sentence": sentence_json(effect.text)})
    with translation.override("ru"):
        assert history_text(row, "steelwar") == (
            "Новое подразделение (рота): 1st company", False)


def test_battle_options_read_with_the_rulebooks_russian_words():
    """A reading of an ambiguous rule (issue 19: the campaign's settings) is named by its
    label, and a chosen value too; the English line is the one it always was."""
    from types import SimpleNamespace

    from campaign.ledger.events import BattleOptionsSet
    from campaign.ledger.fold import apply
    from campaign.ledger.state import CampaignState

    entry = SimpleNamespace(version=2, type=BattleOptionsSet.type, data={
        "options": {"mixed_path_terrain": "worst_class", "combat_move_terrain_modified": False}})
    (effect,) = apply(CampaignState(), entry).effects
    assert effect.text == ("Battles are now played with combat_move_terrain_modified = False, "
                           "mixed_path_terrain = worst_class")
    row = SimpleNamespace(text=effect.text, data={"sentence": sentence_json(effect.text)})
    with translation.override("ru"):
        text, english = history_text(row, "steelwar")
    assert not english and text.startswith("Бои теперь идут так: ")
    assert "местность замедляет боевое движение = нет" in text and "False" not in text
    assert "движение через несколько классов местности = " in text
    assert "worst_class" not in text and "mixed_path_terrain" not in text
    defaults = SimpleNamespace(version=3, type=BattleOptionsSet.type, data={"options": {}})
    (effect,) = apply(CampaignState(), defaults).effects
    assert effect.text == "Battles are now played with the defaults"


def test_a_soldiers_amendment_reads_with_the_rule_systems_words():
    """A soldier's name, role and attributes changed: each field by its label and each value
    by the rule system's word in Russian; the English line is the one it always was."""
    from types import SimpleNamespace

    from campaign.ledger.events import SoldierAmended
    from campaign.ledger.fold import apply
    from campaign.ledger.state import CampaignState, Soldier

    state = CampaignState(soldiers={1: Soldier(
        id=1, force_id=1, squad_id=1, name="Petrov", role="rifleman",
        attributes={"weapon": "rifle", "quality": "regular"})})
    entry = SimpleNamespace(version=2, type=SoldierAmended.type, data={
        "soldier_id": 1, "reason": "promoted", "changes": {
            "name": "Petrova", "role": "sniper",
            "attributes": {"weapon": "sniper_rifle", "quality": "veteran"}}})
    (effect,) = apply(state, entry).effects
    assert effect.text == ("Petrov: name Petrov -> Petrova, role rifleman -> sniper, "
                           "weapon rifle -> sniper_rifle, quality regular -> veteran")
    row = SimpleNamespace(text=effect.text, data={"sentence": sentence_json(effect.text)})
    with translation.override("ru"):
        text, english = history_text(row, "steelwar")
    assert not english
    assert text.startswith("Petrov: имя: Petrov → Petrova, роль: стрелок → снайпер")
    assert "ветеран" in text and "veteran" not in text and "rifleman" not in text


def test_a_leadership_change_reads_in_russian_with_the_organizers_reason():
    """Steel War §2.0: a leadership the organizer changes; the English line is the one it
    always was, the reason stays as typed."""
    from types import SimpleNamespace

    from campaign.ledger.state import CampaignState, Soldier
    from campaign.systems.steelwar import events as ev
    from campaign.systems.steelwar.fold import HANDLERS

    state = CampaignState(soldiers={1: Soldier(id=1, force_id=1, squad_id=1, name="Bel",
                                               attributes={"leadership": 1})})
    lines = []
    for reason in ("promoted", None):
        _state, (effect,) = HANDLERS[ev.LeadershipChanged.type](
            state, ev.LeadershipChanged(soldier_id=1, leadership=2, reason=reason))
        row = SimpleNamespace(text=effect.text, data={"sentence": sentence_json(effect.text)})
        with translation.override("ru"):
            lines.append((effect.text, history_text(row, "steelwar")))
    assert lines == [("Bel: leadership 1 -> 2 (promoted)",
                      ("Bel: лидерство 1 → 2 (promoted)", False)),
                     ("Bel: leadership 1 -> 2", ("Bel: лидерство 1 → 2", False))]
