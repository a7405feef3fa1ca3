"""Checking the campaign's server dice against its revealed seed (DESIGN principle 2)."""
from __future__ import annotations

from battles import dice as dice_scheme
from campaign.ledger.events import CampaignFinished
from campaign.ledger.fold import fold
from campaign.models import Campaign
from campaign.plugins import get as plugin_for
from campaign.services.dice import namespace
from campaign.services.ledger import ledger_of
from rules.core.dice import DiceRequest

#: The metadata key of ``campaign.started`` naming the dice namespace of an imported
#: campaign: its rolls were derived as the original's (``campaign-<original id>``).
DICE_NAMESPACE = "dice_namespace"


def server_rolls(*, campaign: Campaign) -> list[tuple[int, str, int, list]]:
    """Every server roll of the ledger: ``(version, key, sides, [recorded values])``."""
    return rolls_in(ledger_of(campaign_id=campaign.pk), plugin_for(campaign.rule_system))


def rolls_in(entries, plugin) -> list[tuple[int, str, int, list]]:
    """Every server roll of these ledger entries (``version``, ``type``, ``data``): the
    campaign's plug-in says which events carry them (its own dice)."""
    return [
        (entry.version, key, sides, values)
        for entry in entries
        for key, sides, values in plugin.server_rolls(entry.type, entry.data)
    ]


def verify_campaign_dice(*, campaign: Campaign) -> dict:
    """Before the campaign ends: the seed's commitment and how many server rolls there are.
    After: every server roll re-derived from the revealed seed."""
    entries = ledger_of(campaign_id=campaign.pk)
    state = fold(entries)
    rolls = server_rolls(campaign=campaign)
    finished = any(e.type == CampaignFinished.type for e in entries)
    out: dict = {"seed_sha256": state.seed_sha256, "revealed": finished, "rolls": len(rolls)}
    if not finished:
        return out
    seed = state.seed
    checks = check_rolls(seed, entries[0].metadata.get(DICE_NAMESPACE) or namespace(campaign.pk),
                         rolls)
    out.update(seed=seed, seed_ok=dice_scheme.seed_sha256(seed) == state.seed_sha256,
               checks=checks, ok=all(c["ok"] for c in checks))
    return out


def check_rolls(seed: str, dice_namespace: str, rolls) -> list[dict]:
    """Each server roll (:func:`rolls_in`) re-derived from the ``seed`` under
    ``dice_namespace``: ``{"version", "key", "recorded", "derived", "ok"}``."""
    checks = []
    for version, key, sides, recorded in rolls:
        request = DiceRequest(key=key, label=key, sides=sides)
        derived = dice_scheme.roll_request(seed, battle_id=dice_namespace,
                                           version=version, request=request)
        checks.append({"version": version, "key": key, "recorded": recorded,
                       "derived": derived, "ok": derived == recorded})
    return checks
