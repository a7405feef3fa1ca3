"""The outbox: Celery work recorded with the write, handed over after commit, never failing
the request; what a broker outage kept back is handed over by the relay."""
from datetime import timedelta

import pytest
from django.db import transaction

from battles.services.battles import conclude_battle
from campaign.ledger.events import BattleResultTakenOver
from campaign.models import OutboxMessage
from campaign.services import forces
from campaign.services.battle_setup import start_scenario_battle
from campaign.services.ledger import ledger_of
from campaign.services.outbox import relay
from tests.campaign.brokers import publishing_to, refused_url

NOW = timedelta(0)


@pytest.fixture
def _handed_over(db):
    """The rows the fixtures' writes left: in a test transaction nothing commits, so their
    hand-overs never ran; they would have."""

    def clear():
        OutboxMessage.objects.all().delete()

    return clear


def _started(campaign, people, scenario_id, handed_over):
    battle, _ = start_scenario_battle(user=people["org"], campaign=campaign,
                                      scenario_id=scenario_id)
    battle.refresh_from_db()
    handed_over()
    return battle


def _taken_over(campaign) -> int:
    return [e.type for e in ledger_of(campaign_id=campaign.pk)].count(BattleResultTakenOver.type)


def _waiting() -> list[tuple[str, list]]:
    return [(m.task, m.args) for m in OutboxMessage.objects.all()]


def test_a_conclusion_with_the_broker_down_answers_its_success_and_the_relay_hands_it_over(
    campaign, people, clients, ready_scenario, django_capture_on_commit_callbacks, _handed_over
):
    battle = _started(campaign, people, ready_scenario, _handed_over)
    with publishing_to(refused_url()), django_capture_on_commit_callbacks(execute=True):
        response = clients["org"].post(
            f"/api/battles/{battle.pk}/conclude/",
            {"expected_version": battle.version, "result": {"force-1": "win", "force-2": "lose"}},
            format="json",
        )
    assert response.status_code == 200, response.content
    battle.refresh_from_db()
    assert battle.status == "concluded"
    assert _waiting() == [("campaign.tasks.take_over_battle_result", [battle.pk, "en"])]
    assert _taken_over(campaign) == 0

    with django_capture_on_commit_callbacks(execute=True):  # the broker is back (inline)
        assert relay(older_than=NOW) == 1
    assert _taken_over(campaign) == 1
    # the take-over's own projection went through the outbox and was handed over too
    assert _waiting() == []
    assert relay(older_than=NOW) == 0


def test_a_ledger_write_with_the_broker_down_succeeds_and_its_projections_are_relayed_once(
    campaign, people, django_capture_on_commit_callbacks, _handed_over
):
    _handed_over()
    with publishing_to(refused_url()), django_capture_on_commit_callbacks(execute=True):
        for name in ("North", "South"):
            forces.raise_force(user=people["org"], campaign=campaign, name=name)
    waiting = _waiting()
    assert waiting == [("campaign.tasks.project_campaign", [campaign.pk])] * 2
    with django_capture_on_commit_callbacks(execute=True):
        assert relay(older_than=NOW) == 1  # the same projection, sent once for both rows
    assert _waiting() == []
    campaign.refresh_from_db()
    assert campaign.projected_version == len(ledger_of(campaign_id=campaign.pk))


def test_the_relay_leaves_young_messages_to_their_own_hand_over(campaign, people, _handed_over):
    _handed_over()
    forces.raise_force(user=people["org"], campaign=campaign, name="North")  # no commit here
    assert len(_waiting()) == 1
    assert relay() == 0 and len(_waiting()) == 1


def test_a_conclusion_that_rolls_back_leaves_nothing_in_the_outbox(
    campaign, people, ready_scenario, _handed_over
):
    battle = _started(campaign, people, ready_scenario, _handed_over)
    before = _waiting()
    with pytest.raises(RuntimeError), transaction.atomic():
        conclude_battle(battle_id=battle.pk, user=people["org"], expected_version=battle.version,
                        result={"force-1": "win", "force-2": "lose"})
        assert len(_waiting()) == len(before) + 1
        raise RuntimeError("the outer transaction fails")
    assert _waiting() == before
