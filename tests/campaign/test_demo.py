"""``manage.py load_demo``: the demo campaign, loaded once however often it runs."""
import pytest
from django.core.management import call_command

from battles.models import Battle
from campaign.models import Campaign
from campaign.services.ledger import state_of

pytestmark = pytest.mark.django_db


def test_the_demo_loads_once_with_a_concluded_battle_and_one_in_progress(capsys):
    call_command("load_demo")
    out = capsys.readouterr().out
    assert "wargame-demo" in out and "organizer" in out and "alice" in out and "bob" in out
    call_command("load_demo")
    assert "already loaded" in capsys.readouterr().out
    campaign = Campaign.objects.get(name="Winter Line")
    state = state_of(campaign_id=campaign.pk)
    assert [s.status for s in state.scenarios.values()] == ["concluded", "in_battle", "planned"]
    assert not state.scenario_open(3)  # Breakthrough needs Steel to win The mill
    assert sorted(Battle.objects.filter(campaign_link__campaign=campaign).values_list(
        "status", flat=True)) == ["concluded", "open"]
    assert len(state.forces) == 2 and len(state.formations) == 6 and len(state.squads) == 4
    assert any(s.status != "fit" for s in state.soldiers.values())


def test_the_mercenaries_demo_has_a_battle_taken_over_and_one_in_progress():
    call_command("load_demo", rule_system="mercenaries")
    campaign = Campaign.objects.get(name="Banana Hell")
    assert campaign.rule_system == "mercenaries"
    state = state_of(campaign_id=campaign.pk)
    assert [s.status for s in state.scenarios.values()] == ["concluded", "in_battle",
                                                                "planned"]
    assert all(s.attributes["width"] for s in state.scenarios.values())  # maps given
    assert sorted(Battle.objects.filter(campaign_link__campaign=campaign).values_list(
        "status", flat=True)) == ["concluded", "open"]
    ruiz = next(s for s in state.soldiers.values() if s.name == "Pvt. Ruiz")
    assert ruiz.status == "recovering" and ruiz.attributes["wounds"] == 1
    call_command("load_demo", rule_system="mercenaries")
    assert Campaign.objects.filter(name="Banana Hell").count() == 1
