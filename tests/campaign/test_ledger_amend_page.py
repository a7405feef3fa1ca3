"""The ledger page's amendment form is built from the entry's kind (issue 19): its fields
labelled in the page's language, the campaign's squads and forces chosen by name, the
attributes by the plug-in's schema (never JSON, never keys); an amendment is stored, a refusal is shown next to its field in the page's
language and stores nothing; only organizers get the forms."""

import pytest

from campaign.services import soldiers
from campaign.services.ledger import ledger_of, state_of
from tests.page_text import client_of

pytestmark = pytest.mark.django_db

RIFLEMAN = {"weapon": "rifle", "armour": "human", "quality": "regular"}


@pytest.fixture
def recruit(campaign, people, armies):
    recorded = soldiers.recruit_soldier(
        user=people["alice"], campaign=campaign, force_id=armies["steel"]["force"],
        name="Private Late", role="rifleman", squad_id=None, attributes=RIFLEMAN)
    return {"version": recorded.events[0].version,
            "soldier": recorded.events[0].data["soldier_id"]}


def _form(html: str, version: int) -> str:
    return html.split(f'data-testid="amend-{version}"', 1)[1].split("</form>", 1)[0]


@pytest.mark.parametrize("language, labels", [
    ("en", ("name", "role", "squad", "attributes", "Steel 1st", "Amend", "weapon", "rifle")),
    ("ru", ("имя", "роль", "отделение", "характеристики", "Steel 1st", "Исправить", "оружие",
            "винтовка")),
])
def test_a_recruitment_is_amended_from_its_form(campaign, people, armies, recruit, language,
                                                 labels):
    client = client_of(people["org"], language)
    url = f"/campaigns/{campaign.pk}/ledger/"
    form = _form(client.get(url).content.decode(), recruit["version"])
    for label in labels:
        assert label in form, label
    assert 'name="field-squad_id"' in form and 'name="field-attributes"' not in form
    assert "spellcheck" not in form and '"weapon"' not in form  # no JSON, no keys
    attributes = f"e{recruit['version']}-attributes-attributes."
    assert f'name="{attributes}weapon"' in form
    head = state_of(campaign_id=campaign.pk).version
    response = client.post(url, {
        "action": "amend", "version": recruit["version"], "expected_version": head,
        "reason": "wrong squad", "field-name": "Private Early", "field-role": "rifleman",
        "field-squad_id": "", f"e{recruit['version']}-attributes-asked": "1",
        **{attributes + k: v for k, v in RIFLEMAN.items()},
        attributes + "weapon": "smg", attributes + "specialties": "scout, sapper"})
    assert response.status_code == 302
    soldier = state_of(campaign_id=campaign.pk).soldiers[recruit["soldier"]]
    assert (soldier.name, soldier.attributes["weapon"], soldier.attributes["specialties"]) == (
        "Private Early", "smg", ["scout", "sapper"])


@pytest.mark.parametrize("language, words", [
    ("en", "must be a whole number"), ("ru", "целым числом")])
def test_a_refused_amendment_is_shown_next_to_its_field_and_stores_nothing(
        campaign, people, armies, recruit, language, words):
    client = client_of(people["org"], language)
    url = f"/campaigns/{campaign.pk}/ledger/"
    head = state_of(campaign_id=campaign.pk).version
    squad = armies["steel"]["squad"]
    # the squad is full (raise_army fills it to its establishment): the recruit's check
    response = client.post(url, {
        "action": "amend", "version": recruit["version"], "expected_version": head,
        "reason": "wrong squad", "field-squad_id": str(squad)})
    assert response.status_code == 400
    entry = response.content.decode().split(f'id="entry-{recruit["version"]}"', 1)[1]
    field = entry.split('name="field-squad_id"', 1)[1].split("</div>", 1)[0]
    assert 'data-testid="amend-error"' in field and "Steel 1st" in field
    attributes = f"e{recruit['version']}-attributes-attributes."
    response = client.post(url, {
        "action": "amend", "version": recruit["version"], "expected_version": head,
        "reason": "typo", f"e{recruit['version']}-attributes-asked": "1",
        **{attributes + k: v for k, v in RIFLEMAN.items()},
        attributes + "weapon": "catapult"})
    assert response.status_code == 400
    entry = response.content.decode().split(f'id="entry-{recruit["version"]}"', 1)[1]
    assert 'data-testid="amend-error"' in entry.split('data-field="attributes"', 1)[1].split(
        "</fieldset>", 1)[0]
    assert len(ledger_of(campaign_id=campaign.pk)) == head
    step_html = client.post(url, {
        "action": "amend", "version": _calendar(campaign, people), "reason": "typo",
        "expected_version": head + 1, "field-days": "0"}).content.decode()
    assert words in step_html


def _calendar(campaign, people) -> int:
    from campaign.services import campaigns

    return campaigns.advance_calendar(user=people["org"], campaign=campaign,
                                      days=5).events[0].version


def test_players_get_no_forms(campaign, people, recruit):
    html = client_of(people["alice"], "en").get(f"/campaigns/{campaign.pk}/ledger/")
    assert html.status_code == 200
    assert 'data-testid="amend-' not in html.content.decode()
    assert client_of(people["outsider"], "en").get(
        f"/campaigns/{campaign.pk}/ledger/").status_code == 404


def _entry(html: str, version: int) -> str:
    return html.split(f'id="entry-{version}"', 1)[1].split("</li>", 1)[0]


@pytest.mark.parametrize("language, step, amended, recruited", [
    ("en", "3 days pass: now 1942-05-04", "Entry {version} amended: a slip",
     "Private Late (rifleman) recruited: Steel"),
    ("ru", "Прошло дней: 3; теперь 1942-05-04", "Запись №{version} исправлена: a slip",
     "Private Late (стрелок) зачислен: Steel"),
])
def test_every_entry_reads_in_the_readers_language(campaign, people, recruit, language, step,
                                                   amended, recruited):
    """Each entry's line is its history sentence written as the timelines write it (no line
    left in English on a Russian page)."""
    from campaign.services import corrections
    from campaign.services.projection import rebuild_campaign

    calendar = _calendar(campaign, people)
    amendment = corrections.amend_entry(
        user=people["org"], campaign=campaign, target_version=calendar, data={"days": 3},
        reason="a slip", expected_version=state_of(campaign_id=campaign.pk).version
    ).events[0].version
    rebuild_campaign(campaign_id=campaign.pk)  # the worker's, after the commit
    html = client_of(people["alice"], language).get(
        f"/campaigns/{campaign.pk}/ledger/").content.decode()
    ledger = html.split('class="timeline ledger"', 1)[1]
    assert step.replace("-", "\u2011") in _entry(html, calendar)
    assert amended.format(version=calendar) in _entry(html, amendment)
    assert recruited in _entry(html, recruit["version"])
    assert 'lang="en"' not in ledger
