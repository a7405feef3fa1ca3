"""In a real browser, in English and Russian, at phone width (issue 19): a player moves his
squad into a platoon and a platoon under another company from the roster; a move that
would put a company under its own platoon is refused next to its field in the page's
language and stores nothing. The organizer then amends a recruitment from the ledger page
(a form of the entry's own fields, his weapon chosen by name) and the soldier's name and
weapon change everywhere."""
import pytest

from campaign.services.ledger import ledger_of, state_of
from tests.pages.conftest import screenshot
from tests.pages.factories import club_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {"move": "Move", "refused": "cannot go under itself", "amend": "Amend",
           "name": "full name", "amended": "Amended by entry", "weapon": "weapon",
           "smg": "submachine gun"},
    "ru": {"move": "Перевести", "refused": "не может подчиняться самому себе",
           "amend": "Исправить", "name": "имя", "amended": "Исправлена записью",
           "weapon": "оружие", "smg": "пистолет-пулемёт"},
}


@pytest.fixture
def chain(live_server):
    """anna's force: a company with two platoons (1st company) and a 2nd company; her squad
    of one rifleman (Petrov) in no formation."""
    from datetime import date

    from campaign.services import campaigns, forces, soldiers

    club, users = club_with_players()
    campaign = campaigns.start_campaign(user=users["olga"], club=club,
                                        name="Operation Lantern", start_date=date(1942, 5, 1))
    anna = users["anna"]
    force = forces.raise_force(user=anna, campaign=campaign,
                               name="Steel company").state.last_ids["force"]

    def formation(level, name, parent=None):
        return forces.raise_formation(user=anna, campaign=campaign, force_id=force,
                                      level=level, name=name, parent_id=parent
                                      ).state.last_ids["formation"]

    battalion = formation("battalion", "1st battalion")
    first = formation("company", "1st company", battalion)
    second = formation("company", "2nd company", battalion)
    platoon = formation("platoon", "1st platoon", first)
    squad = forces.raise_squad(user=anna, campaign=campaign, force_id=force, name="1st squad",
                               establishment=6, attributes={"quality": "recruit"}
                               ).state.last_ids["squad"]
    recruit = soldiers.recruit_soldier(
        user=anna, campaign=campaign, force_id=force, squad_id=squad, name="Petrvo",
        role="rifleman", attributes={"weapon": "rifle", "armour": "human",
                                     "quality": "recruit"})
    return {"campaign": campaign, "users": users, "force": force, "first": first,
            "second": second, "platoon": platoon, "squad": squad,
            "recruit": recruit.events[0].version,
            "soldier": recruit.events[0].data["soldier_id"]}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_moves_on_the_roster_and_an_amendment_on_the_ledger(
        request, live_server, signed_in, chain, language):
    page = request.getfixturevalue("page" if language == "en" else "ru_page")
    words = WORDS[language]
    campaign = chain["campaign"]
    signed_in(page, chain["users"]["anna"])
    base = f"{live_server.url}/campaigns/{campaign.pk}"
    page.goto(f"{base}/forces/{chain['force']}/roster/")
    page.locator(f"a[href$='/squads/{chain['squad']}/move/']").click()
    page.locator("select[name=to_formation_id]").select_option(str(chain["platoon"]))
    screenshot(page, f"roster-move-squad-{language}")
    page.get_by_role("button", name=words["move"], exact=True).click()
    page.wait_for_load_state()
    assert state_of(campaign_id=campaign.pk).squads[chain["squad"]].formation_id == (
        chain["platoon"])

    head = len(ledger_of(campaign_id=campaign.pk))
    page.goto(f"{base}/formations/{chain['first']}/move/")
    page.locator("select[name=to_parent_id]").select_option(str(chain["platoon"]))
    page.get_by_role("button", name=words["move"], exact=True).click()
    page.wait_for_load_state()
    error = page.locator("[data-field='to_parent_id'] .field-error")
    assert words["refused"] in error.inner_text()
    screenshot(page, f"roster-move-refused-{language}")
    assert len(ledger_of(campaign_id=campaign.pk)) == head
    page.goto(f"{base}/formations/{chain['platoon']}/move/")
    page.locator("select[name=to_parent_id]").select_option(str(chain["second"]))
    page.get_by_role("button", name=words["move"], exact=True).click()
    page.wait_for_load_state()
    assert state_of(campaign_id=campaign.pk).formations[chain["platoon"]].parent_id == (
        chain["second"])

    signed_in(page, chain["users"]["olga"])
    page.goto(f"{base}/ledger/")
    entry = page.locator(f"#entry-{chain['recruit']}")
    entry.locator("summary").click()
    form = entry.locator(f"[data-testid=amend-{chain['recruit']}]")
    assert form.get_by_label(words["name"], exact=True).input_value() == "Petrvo"
    form.get_by_label(words["name"], exact=True).fill("Petrov")
    assert form.locator("textarea[spellcheck=false]").count() == 0  # no JSON box
    form.get_by_label(words["weapon"], exact=True).select_option(label=words["smg"])
    form.locator("input[name=reason]").fill("a typo")
    screenshot(page, f"ledger-amend-recruit-{language}")
    form.get_by_role("button", name=words["amend"]).click()
    page.wait_for_load_state()
    petrov = state_of(campaign_id=campaign.pk).soldiers[chain["soldier"]]
    assert (petrov.name, petrov.attributes["weapon"]) == ("Petrov", "smg")
    assert words["amended"] in page.locator(f"#entry-{chain['recruit']}").inner_text()
