"""The API's histories and records read in the request's language (Accept-Language, as
Django's LocaleMiddleware decides; English by default), as the pages do; a row stored
without its sentence reads in its stored English."""
import pytest
from django.test import Client

from campaign.models import HistoryEntry
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


def texts(client, url: str, language: str | None) -> list[str]:
    headers = {"accept-language": language} if language else {}
    response = client.get(url, headers=headers)
    assert response.status_code == 200, response.content
    return [row["text"] for row in response.json()["results"]]


@pytest.mark.parametrize(("language", "expected"), [
    (None, "Petrov (commander) recruited: 1st squad"),
    ("en", "Petrov (commander) recruited: 1st squad"),
    ("de", "Petrov (commander) recruited: 1st squad"),
    ("ru", "Petrov (командир) зачислен: 1st squad"),
    ("ru-RU,ru;q=0.9,en;q=0.8", "Petrov (командир) зачислен: 1st squad"),
])
def test_a_soldiers_history_answers_in_the_requests_language(fought, language, expected):
    campaign, battle, squads, client = fought
    petrov = squads["anna"]["soldiers"][0]
    rows = texts(client, f"/api/campaigns/{campaign.pk}/soldiers/{petrov}/history/", language)
    assert expected in rows
    fought_in = next(t for t in rows if "The bridge" in t)
    if language and language.startswith("ru"):
        assert fought_in == "Petrov сражался в «The bridge»: невредим"
    else:
        assert fought_in == f"Petrov fought in The bridge (battle {battle.pk}): unharmed"


def test_a_squads_and_a_forces_history_and_a_record_answer_in_russian(fought):
    campaign, battle, squads, client = fought
    base = f"/api/campaigns/{campaign.pk}"
    squad = texts(client, f"{base}/squads/{squads['boris']['squad']}/history/", "ru")
    assert "Partisans: отделение сформировано (новобранцы)" in squad
    force = texts(client, f"{base}/forces/{squads['anna']['force']}/history/", "ru")
    assert "Steel company: мотивация «средняя» в «The bridge»" in force
    petrov = squads["anna"]["soldiers"][0]
    record = client.get(f"{base}/soldiers/{petrov}/record/", headers={"accept-language": "ru"})
    assert [c["text"] for c in record.json()["commands"]] == [
        "Petrov принимает командование: 1st squad"]
    english = client.get(f"{base}/soldiers/{petrov}/record/").json()["commands"]
    assert [c["text"] for c in english] == ["Petrov takes command of 1st squad"]


def test_a_row_stored_without_its_sentence_answers_in_its_stored_english(fought):
    campaign, battle, squads, client = fought
    petrov = squads["anna"]["soldiers"][0]
    row = HistoryEntry.objects.filter(campaign=campaign, subject="soldier", subject_ref=petrov,
                                      kind="recruited").get()
    row.data = {k: v for k, v in row.data.items() if k != "sentence"}
    row.save(update_fields=["data"])
    rows = texts(client, f"/api/campaigns/{campaign.pk}/soldiers/{petrov}/history/", "ru")
    assert row.text in rows and "Petrov (командир) зачислен: 1st squad" not in rows
    assert "Petrov сражался в «The bridge»: невредим" in rows
