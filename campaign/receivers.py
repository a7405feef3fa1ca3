"""Signal receivers of the campaign app (connected in ``CampaignConfig.ready``)."""
from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from battles.signals import battle_concluded


@receiver(battle_concluded, dispatch_uid="campaign.take_over_battle_result")
def enqueue_take_over(sender, battle_id: int, **kwargs) -> None:
    """A battle was concluded: take its result over once the transaction commits."""
    from campaign.tasks import take_over_battle_result

    transaction.on_commit(lambda: take_over_battle_result.delay(battle_id))
