"""The e-mail to a battle's participants once the campaign has taken its result over."""
import pytest
from django.core import mail

from campaign.models import Soldier
from campaign.services.battle_report import battle_report
from campaign.services.battle_setup import start_scenario_battle
from campaign.services.ledger import ledger_of
from campaign.tasks import take_over_battle_result
from tests.campaign.helpers import BattleTable
from tests.campaign.test_campaign_flow import _battle_1

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(campaign, people, ready_scenario):
    for name in ("alice", "bob"):
        people[name].email = f"{name}@club.example"
        people[name].save()
    started, _ = start_scenario_battle(user=people["org"], campaign=campaign,
                                       scenario_id=ready_scenario)
    started.refresh_from_db()
    return started


def _conclude(clients, battle, language, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = clients["org"].post(
            f"/api/battles/{battle.pk}/conclude/",
            {"expected_version": battle.version, "result": {"force-1": "win", "force-2": "lose"}},
            format="json", headers={"Accept-Language": language},
        )
    assert response.status_code == 200, response.content


def test_each_participant_gets_one_report_with_results_and_names(
    clients, battle, django_capture_on_commit_callbacks
):
    _conclude(clients, battle, "en", django_capture_on_commit_callbacks)
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@club.example", "bob@club.example"]
    assert all(len(m.to) == 1 for m in mail.outbox)
    message = mail.outbox[0]
    assert "Operation Lantern" in message.subject and "concluded" in message.subject
    assert "- Steel: win" in message.body and "- Keno: loss" in message.body
    assert "/campaigns/" in message.body
    assert "soldier-" not in message.body and "force-" not in message.body


def test_the_report_is_in_the_language_of_the_conclusion(
    clients, battle, django_capture_on_commit_callbacks
):
    _conclude(clients, battle, "ru", django_capture_on_commit_callbacks)
    body = mail.outbox[0].body
    assert "завершён" in mail.outbox[0].subject
    assert "- Steel: победа" in body and "- Keno: поражение" in body
    assert "Итоги" in body


def test_a_redelivered_take_over_sends_nothing_twice(
    clients, battle, django_capture_on_commit_callbacks
):
    _conclude(clients, battle, "en", django_capture_on_commit_callbacks)
    sent = len(mail.outbox)
    with django_capture_on_commit_callbacks(execute=True):
        take_over_battle_result(battle.pk, "en")  # a redelivered message: a replay
    assert len(mail.outbox) == sent == 2


def test_a_battle_without_casualties_says_so(campaign, clients, battle,
                                            django_capture_on_commit_callbacks):
    _conclude(clients, battle, "en", django_capture_on_commit_callbacks)
    version = ledger_of(campaign_id=campaign.pk)[-1].version
    report = battle_report(battle_id=battle.pk, version=version, language="en")
    assert report.recipients == ("alice@club.example", "bob@club.example")
    assert "No soldier was killed, wounded or captured." in report.body


def test_casualties_are_named_with_what_happened(
    campaign, armies, clients, battle, django_capture_on_commit_callbacks
):
    table = BattleTable(clients["org"], battle.pk)
    _battle_1(table, armies["steel"]["soldiers"][2:], armies["keno"]["soldiers"])
    with django_capture_on_commit_callbacks(execute=True):
        table.conclude({"force-1": "win", "force-2": "lose"})
    body = mail.outbox[0].body
    commander = Soldier.objects.get(campaign=campaign, ref=armies["keno"]["soldiers"][0])
    assert f"- {commander.name}: died" in body, body
    # the wounded riflemen, each with the fate the server's reorganisation roll gave him
    riflemen = [line for line in body.splitlines() if line.startswith("- Keno rifleman")]
    assert len(riflemen) >= 2
    assert all(line.endswith((": wounded", ": died")) for line in riflemen), riflemen


def test_participants_without_an_address_get_nothing(
    people, clients, battle, django_capture_on_commit_callbacks
):
    for name in ("alice", "bob"):
        people[name].email = ""
        people[name].save()
    _conclude(clients, battle, "en", django_capture_on_commit_callbacks)
    assert mail.outbox == []
