"""Signal receivers of the campaign app (connected in ``CampaignConfig.ready``)."""
from __future__ import annotations

from django.dispatch import receiver

from battles.signals import battle_concluding, battle_links, battle_review


@receiver(battle_concluding, dispatch_uid="campaign.take_over_battle_result")
def enqueue_take_over(sender, battle_id: int, **kwargs) -> None:
    """A battle is being concluded: record its take-over in the outbox, in the same
    transaction; it is handed to Celery once the transaction commits. The language of the
    request goes with it, for the e-mail to the participants."""
    from django.utils.translation import get_language

    from campaign.services.outbox import enqueue
    from campaign.tasks import take_over_battle_result

    enqueue(take_over_battle_result, battle_id, get_language())


@receiver(battle_links, dispatch_uid="campaign.battle_links")
def scenario_links(sender, battle, user, **kwargs) -> list[dict]:
    """A campaign battle's table links to its scenario and, once its result is taken over,
    to what it changed in the campaign."""
    from campaign.pages.scenario import battle_links as links

    return links(battle_id=battle.pk)


@receiver(battle_review, dispatch_uid="campaign.battle_review")
def force_changes(sender, battle, **kwargs) -> list[dict]:
    """A campaign battle's review before concluding lists what fighting it changes in
    each force (the plug-in's: Steel War's fatigue)."""
    from campaign.pages.scenario import forces_after_battle

    return forces_after_battle(battle_id=battle.pk)
