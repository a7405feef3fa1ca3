"""The roster in a real browser, in English and in Russian, at phone width: a player adds a
squad and a soldier to his force, a bad value is refused next to its field with nothing
stored, fixed, stored; he edits the soldier, prints the roster and downloads its CSV. Another
player reads the roster without the editing links and may not open its forms."""
import csv
import io
from pathlib import Path

import pytest

from campaign.services.ledger import state_of
from tests.pages.conftest import artifacts_dir, screenshot
from tests.pages.factories import club_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: What the player reads and types in each language (the labels the pages must show).
WORDS = {
    "en": {
        "roster": "Roster", "add_squad": "Add a squad", "raise": "Raise the squad",
        "name": "name", "person": "name", "establishment": "establishment", "quality": "quality",
        "regular": "regulars", "veteran": "veterans", "role": "role",
        "commander": "commander", "weapon": "weapon", "smg": "submachine gun",
        "lmg": "light machine gun", "armour": "armour", "human": "human or rider (no armour)",
        "leadership": "leadership", "recruit": "Recruit", "save": "Save", "edit": "Edit",
        "download": "Download CSV", "csv_name": "name", "csv_weapon": "weapon",
        "limit": "at most", "needs_leadership": "leadership",
    },
    "ru": {
        "roster": "Состав", "add_squad": "Добавить отделение", "raise": "Сформировать отделение",
        "name": "название", "person": "имя", "establishment": "штатная численность", "quality": "качество",
        "regular": "регулярные", "veteran": "ветераны", "role": "роль",
        "commander": "командир", "weapon": "оружие", "smg": "пистолет-пулемёт",
        "lmg": "ручной пулемёт", "armour": "броня", "human": "человек или всадник",
        "leadership": "лидерство", "recruit": "Зачислить", "save": "Сохранить",
        "edit": "Изменить", "download": "Скачать CSV", "csv_name": "имя",
        "csv_weapon": "оружие", "limit": "не больше", "needs_leadership": "лидерств",
    },
}


@pytest.fixture
def lantern(live_server):
    """A Steel War campaign of the Iron Wolves with anna's force "Steel company": one squad
    of one rifleman, raised through the services."""
    from datetime import date

    from campaign.services import campaigns, forces, soldiers

    club, users = club_with_players()
    campaign = campaigns.start_campaign(user=users["olga"], club=club,
                                        name="Operation Lantern", start_date=date(1942, 5, 1))
    anna = users["anna"]
    force_id = forces.raise_force(user=anna, campaign=campaign,
                                  name="Steel company").state.last_ids["force"]
    squad_id = forces.raise_squad(user=anna, campaign=campaign, force_id=force_id,
                                  name="1st squad", establishment=6,
                                  attributes={"quality": "recruit"}).state.last_ids["squad"]
    soldiers.recruit_soldier(user=anna, campaign=campaign, force_id=force_id,
                             squad_id=squad_id, name="Petrov", role="rifleman",
                             attributes={"weapon": "rifle", "armour": "human",
                                         "quality": "recruit"})
    return campaign, force_id, users


def counts(campaign) -> tuple[int, int]:
    state = state_of(campaign_id=campaign.pk)
    return len(state.squads), len(state.soldiers)


def error_of(page, field: str):
    return page.locator(f"[data-field='{field}'] .field-error")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_player_builds_prints_and_downloads_his_roster(
        request, live_server, signed_in, lantern, language):
    page = request.getfixturevalue("page" if language == "en" else "ru_page")
    words = WORDS[language]
    campaign, force_id, users = lantern
    signed_in(page, users["anna"])
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/forces/{force_id}/")
    page.get_by_role("link", name=words["roster"], exact=True).click()
    page.get_by_role("link", name=words["add_squad"]).click()

    # a squad larger than the rule system's figures per unit: refused, nothing stored
    before = counts(campaign)
    page.get_by_label(words["name"], exact=True).fill("Scouts")
    page.get_by_label(words["establishment"]).fill("500")
    page.get_by_label(words["quality"]).select_option(label=words["veteran"])
    page.get_by_role("button", name=words["raise"]).click()
    assert words["limit"] in error_of(page, "establishment").inner_text()
    assert counts(campaign) == before
    screenshot(page, f"roster-{language}-squad-refused")
    page.get_by_label(words["establishment"]).fill("4")  # the other inputs kept their values
    page.get_by_role("button", name=words["raise"]).click()
    scouts = page.locator("section.roster-squad", has_text="Scouts")
    scouts.wait_for()
    assert counts(campaign) == (before[0] + 1, before[1])
    assert words["veteran"] in scouts.inner_text()

    # a commander without a leadership (§2.0): refused next to the leadership, then recruited
    scouts.locator("a[href*='/soldiers/new/']").click()
    page.get_by_label(words["person"], exact=True).fill("Volkov")
    page.get_by_label(words["role"]).select_option(label=words["commander"])
    page.get_by_label(words["weapon"]).select_option(label=words["smg"])
    page.get_by_label(words["armour"]).select_option(label=words["human"])
    page.get_by_label(words["quality"]).select_option(label=words["regular"])
    page.get_by_role("button", name=words["recruit"], exact=True).click()
    assert words["needs_leadership"] in error_of(page, "attributes.leadership").inner_text()
    assert counts(campaign) == (before[0] + 1, before[1])
    screenshot(page, f"roster-{language}-soldier-refused")
    page.get_by_label(words["leadership"]).fill("1")
    page.get_by_role("button", name=words["recruit"], exact=True).click()
    volkov = page.locator("tr", has_text="Volkov")
    volkov.wait_for()
    assert counts(campaign) == (before[0] + 1, before[1] + 1)
    assert words["commander"] in volkov.inner_text() and words["smg"] in volkov.inner_text()
    assert "smg" not in volkov.inner_text().split()  # a label, never the key

    # he is re-armed
    volkov.get_by_role("link", name=words["edit"]).click()
    page.get_by_label(words["weapon"]).select_option(label=words["lmg"])
    page.get_by_role("button", name=words["save"]).click()
    page.locator("tr", has_text="Volkov").filter(has_text=words["lmg"]).wait_for()
    screenshot(page, f"roster-{language}")

    # the squad re-established
    newest = max(state_of(campaign_id=campaign.pk).squads)
    page.locator(f"a[href$='/squads/{newest}/edit/']").click()
    page.get_by_label(words["establishment"]).fill("5")
    page.get_by_role("button", name=words["save"]).click()
    page.locator("section.roster-squad", has_text="Scouts").filter(
        has_text=f"{words['establishment']}: 5").wait_for()

    # printed: the squads' tables, no header, navigation nor buttons
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator(".breadcrumbs").is_visible()
    assert not page.get_by_role("button").first.is_visible()
    assert not page.get_by_role("link", name=words["edit"]).first.is_visible()
    assert page.locator("table.roster").count() == 2
    assert page.locator("table.roster").first.is_visible()
    folder = artifacts_dir()
    page.pdf(path=str(folder / f"roster-{language}.pdf"), format="A4")
    original = page.viewport_size
    page.set_viewport_size({"width": 794, "height": 1123})  # an A4 page at 96 dpi
    page.screenshot(path=str(folder / f"roster-{language}-print.png"), full_page=True)
    page.set_viewport_size(original)
    page.emulate_media(media="screen")

    # the CSV, labelled in the page's language
    with page.expect_download() as download:
        page.get_by_role("link", name=words["download"]).click()
    assert download.value.suggested_filename == "steel-company.csv"
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.startswith("\ufeff")
    header, *rows = list(csv.reader(io.StringIO(text[1:])))
    assert words["csv_name"] in header and words["csv_weapon"] in header
    row = next(r for r in rows if "Volkov" in r)
    assert row[header.index(words["csv_weapon"])] == words["lmg"]
    assert row[1] == "Scouts"


CHAIN = {
    "en": {"add": "Add a formation", "name": "name", "level": "level", "company": "company",
           "raise": "Raise the formation", "chain": "Chain of command",
           "commander_of": "Commander of 1st company", "commander": "commander",
           "give": "Give the command", "refusal": "leadership", "move": "Move Petrov",
           "squad": "squad", "out": "Not in a squad", "move_button": "Move"},
    "ru": {"add": "Добавить подразделение", "name": "название", "level": "уровень",
           "company": "рота", "raise": "Сформировать подразделение",
           "chain": "Командная цепочка", "commander_of": "Командир «1st company»",
           "commander": "командир", "give": "Назначить командиром", "refusal": "лидерств",
           "move": "Перевести: Petrov", "squad": "отделение", "out": "Вне отделений",
           "move_button": "Перевести"},
}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_player_raises_a_formation_gives_its_command_and_moves_a_soldier(
        request, live_server, signed_in, lantern, language):
    page = request.getfixturevalue("page" if language == "en" else "ru_page")
    words = CHAIN[language]
    campaign, force_id, users = lantern
    signed_in(page, users["anna"])
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/forces/{force_id}/roster/")
    page.get_by_role("link", name=words["add"]).click()
    page.get_by_label(words["name"], exact=True).fill("1st company")
    page.get_by_label(words["level"]).select_option(label=words["company"])
    page.get_by_role("button", name=words["raise"]).click()
    chain = page.locator("section.roster-chain")
    assert words["chain"] in chain.inner_text() and "1st company" in chain.inner_text()

    # Petrov, a rifleman without a leadership, cannot take command (§2.0): nothing stored
    page.get_by_role("link", name=words["commander_of"]).click()
    page.get_by_label(words["commander"]).select_option(label="Petrov")
    page.get_by_role("button", name=words["give"]).click()
    assert words["refusal"] in page.locator(".form-errors").inner_text()
    (formation,) = state_of(campaign_id=campaign.pk).formations.values()
    assert formation.commander_id is None
    screenshot(page, f"roster-{language}-command-refused")

    # he leaves his squad
    page.go_back()
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/forces/{force_id}/roster/")
    page.get_by_role("link", name=words["move"]).click()
    page.get_by_label(words["squad"]).select_option(label=words["out"])
    page.get_by_role("button", name=words["move_button"], exact=True).click()
    reserve = page.locator("section.roster-squad", has_text=words["out"])
    reserve.locator("tr", has_text="Petrov").wait_for()
    (petrov,) = state_of(campaign_id=campaign.pk).soldiers.values()
    assert petrov.squad_id is None
    screenshot(page, f"roster-{language}-chain")


def test_another_player_reads_the_roster_but_cannot_build_it(
        page, live_server, signed_in, lantern):
    campaign, force_id, users = lantern
    signed_in(page, users["boris"])
    roster = f"{live_server.url}/campaigns/{campaign.pk}/forces/{force_id}/roster/"
    page.goto(roster)
    assert page.locator("tr", has_text="Petrov").is_visible()
    assert page.get_by_role("link", name="Edit").count() == 0
    assert page.get_by_role("link", name="Add a squad").count() == 0
    screenshot(page, "roster-reader")
    response = page.goto(roster + "squads/new/")
    assert response.status == 403


def test_the_force_page_prints_without_the_site_around_it(page, live_server, signed_in, lantern):
    campaign, force_id, users = lantern
    signed_in(page, users["boris"])
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/forces/{force_id}/")
    assert page.locator(".site-header").is_visible() and page.locator("form").first.is_visible()
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator(".breadcrumbs").is_visible()
    assert all(not f.is_visible() for f in page.locator("form").all())
    assert not page.get_by_role("link", name="Roster").is_visible()
    assert page.locator("tr", has_text="Petrov").is_visible()
    page.screenshot(path=str(artifacts_dir() / "force-print.png"), full_page=True)
