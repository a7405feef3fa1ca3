"""The ledger page asks for an entry's structured fields by name (issue 19: people see
names, never ids or keys): a squad's or soldier's changes as its own fields and the
plug-in's attributes, prisoners and a force's picks as checkboxes of soldiers by name; what
is posted becomes the same data the amendment API takes. En and ru."""
import re

import pytest

from campaign.services import forces, soldiers
from campaign.services.ledger import ledger_of, state_of
from tests.page_text import client_of

pytestmark = pytest.mark.django_db


def _form(html: str, version: int) -> str:
    return html.split(f'data-testid="amend-{version}"', 1)[1].split("</form>", 1)[0]


def _page(campaign, people, language="en") -> str:
    return client_of(people["org"], language).get(
        f"/campaigns/{campaign.pk}/ledger/").content.decode()


def _amend(campaign, people, version: int, posted: dict):
    head = state_of(campaign_id=campaign.pk).version
    return client_of(people["org"]).post(f"/campaigns/{campaign.pk}/ledger/", {
        "action": "amend", "version": version, "expected_version": head,
        "reason": "as it was", **posted})


def _amended(campaign) -> dict:
    last = ledger_of(campaign_id=campaign.pk)[-1]
    assert last.type == "entry.amended"
    return last.data["data"]


def _no_keys(form: str, *keys: str) -> None:
    """No JSON box, and none of ``keys`` in what the form shows (its text, not its tags)."""
    assert "<textarea" not in form or "spellcheck" not in form
    shown = re.sub(r"<[^>]+>", " ", form)
    for key in keys:
        assert key not in shown, key


@pytest.mark.parametrize("language, words", [
    ("en", ("changes", "name", "establishment", "quality", "regular")),
    ("ru", ("изменения", "название", "штатная численность", "качество", "регулярные")),
])
def test_a_squads_changes_are_asked_by_name_and_amended(campaign, people, armies, language,
                                                        words):
    squad = armies["steel"]["squad"]
    version = forces.amend_squad(user=people["alice"], campaign=campaign, squad_id=squad,
                                 changes={"name": "Assault group"}).events[0].version
    form = _form(_page(campaign, people, language), version)
    for word in words:
        assert word in form, word
    _no_keys(form, "attributes")
    assert 'value="Assault group"' in form
    prefix = f"e{version}-changes-"
    assert f'name="{prefix}establishment"' in form and f'name="{prefix}attributes.quality"' in form
    response = _amend(campaign, people, version, {
        prefix + "asked": "1", prefix + "name": "Assault group", prefix + "establishment": "8",
        prefix + "attributes.quality": "veteran", prefix + "attributes.traits": ""})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert _amended(campaign)["changes"] == {
        "name": "Assault group", "establishment": 8, "attributes": {"quality": "veteran"}}
    now = state_of(campaign_id=campaign.pk).squads[squad]
    assert (now.name, now.establishment, now.attributes["quality"]) == (
        "Assault group", 8, "veteran")


def test_a_soldiers_changes_keep_what_the_entry_did_not_change(campaign, people, armies):
    rifleman = armies["steel"]["soldiers"][2]
    version = soldiers.amend_soldier(user=people["alice"], campaign=campaign,
                                     soldier_id=rifleman,
                                     changes={"attributes": {"weapon": "smg"}}
                                     ).events[0].version
    form = _form(_page(campaign, people, "ru"), version)
    assert "пистолет-пулемёт" in form and "стрелок" in form  # the weapon, the role
    prefix = f"e{version}-changes-"
    before = {"weapon": "lmg", "armour": "human", "quality": "regular"}
    response = _amend(campaign, people, version, {
        prefix + "asked": "1", prefix + "name": "Steel rifleman 2", prefix + "role": "rifleman",
        **{prefix + "attributes." + k: v for k, v in before.items()}})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert _amended(campaign)["changes"] == {"attributes": {"weapon": "lmg"}}
    assert state_of(campaign_id=campaign.pk).soldiers[rifleman].attributes["weapon"] == "lmg"


@pytest.mark.parametrize("language, label", [("en", "prisoners"), ("ru", "пленные")])
def test_prisoners_are_checked_by_name(campaign, people, armies, language, label):
    org = people["org"]
    first, second = armies["keno"]["soldiers"][2:4]
    for soldier in (first, second):
        soldiers.record_capture(user=org, campaign=campaign, soldier_id=soldier,
                                by_force_id=armies["steel"]["force"])
    version = soldiers.exchange_prisoners(user=org, campaign=campaign,
                                          soldier_ids=[first]).events[0].version
    form = _form(_page(campaign, people, language), version)
    state = state_of(campaign_id=campaign.pk)
    names = {s: state.soldiers[s].name for s in (first, second)}
    assert label in form and f"{names[first]} (Keno)" in form and f"{names[second]} (Keno)" in form
    assert form.count('type="checkbox"') == 2 and form.count("checked") == 1
    _no_keys(form, "soldier_ids")
    prefix = f"e{version}-soldier_ids-"
    response = _amend(campaign, people, version, {prefix + "asked": "1",
                                                  prefix + "soldiers": [str(second)]})
    assert response.status_code == 302
    assert _amended(campaign)["soldier_ids"] == [second]
    state = state_of(campaign_id=campaign.pk)
    assert (state.soldiers[first].status, state.soldiers[second].status) == ("captured", "fit")
    none = _amend(campaign, people, version, {prefix + "asked": "1"})
    assert none.status_code == 400 and len(ledger_of(campaign_id=campaign.pk)) == (
        state.version)


@pytest.mark.parametrize("language, label", [("en", "squads"), ("ru", "отделения")])
def test_a_forces_picks_are_checked_by_squad_and_soldier_name(campaign, people, armies,
                                                              ready_scenario, language, label):
    steel = armies["steel"]
    version = next(e.version for e in ledger_of(campaign_id=campaign.pk)
                   if e.type == "scenario.units_picked"
                   and e.data["force_id"] == steel["force"])
    form = _form(_page(campaign, people, language), version)
    state = state_of(campaign_id=campaign.pk)
    assert label in form and "Steel 1st" in form and "Keno 1st" not in form
    for soldier in steel["soldiers"]:
        assert state.soldiers[soldier].name in form
    _no_keys(form, "squad_id", "soldier_ids")
    prefix = f"e{version}-squads-"
    kept = steel["soldiers"][:-1]
    response = _amend(campaign, people, version, {
        prefix + "asked": "1", f"e{version}-officers-asked": "1",
        f"{prefix}squad-{steel['squad']}": [str(s) for s in kept]})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert _amended(campaign)["squads"] == [{"squad_id": steel["squad"], "soldier_ids": kept}]
    assert _amended(campaign)["officers"] == []
