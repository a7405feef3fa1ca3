"""The campaign's server dice: derived, never drawn, and verifiable once revealed.

The scheme is the battles' one (:mod:`battles.dice`, DESIGN principle 2) under the campaign's
own seed: HMAC-SHA256 of ``"campaign-<id>|<ledger version>|<key>|<index>|<try>"`` with
rejection sampling. The seed's SHA-256 is in ``campaign.started``; ``campaign.finished``
reveals the seed, and ``verify_campaign_dice`` (``campaign.selectors.dice``) re-derives every
server roll of the ledger.
"""
from __future__ import annotations

from battles import dice as dice_scheme
from campaign.models import CampaignSeed
from rules.core.dice import DiceRequest


def namespace(campaign_id: int) -> str:
    """The ``battle_id`` slot of the scheme for a campaign: ``"campaign-<id>"``."""
    return f"campaign-{campaign_id}"


def server_roll(*, campaign_id: int, version: int, key: str, sides: int) -> int:
    """One die for ``key``, bound to the ledger version of the event that records it."""
    seed = CampaignSeed.objects.values_list("seed", flat=True).get(campaign_id=campaign_id)
    request = DiceRequest(key=key, label=key, sides=sides)
    return dice_scheme.roll_request(
        seed, battle_id=namespace(campaign_id), version=version, request=request
    )[0]
