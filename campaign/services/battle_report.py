"""The e-mail that tells a battle's participants what the campaign took over from it.

Sent once the take-over is in the ledger (``campaign.tasks.send_battle_report``, queued by the
take-over task): to the owners of the forces that fought, in the language of the request that
concluded the battle. It names the scenario, each force's result and what happened to each
soldier (killed, captured, wounded and their fates), read from the campaign's projections
brought up to the take-over's ledger version.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mass_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from campaign.models import CampaignBattle, Force, HistoryEntry, Scenario, Soldier
from campaign.pages.terms import RESULT, history_kind, term
from campaign.plugins import get as plugin_for
from campaign.services.projection import project_campaign

#: History kinds of a soldier that the report lists (what the battle did to him).
FATES = ("killed", "died", "died_of_wounds", "captured", "wounded", "stabilised",
         "returned_to_duty", "commander_replaced")


@dataclass(frozen=True)
class Report:
    subject: str
    body: str
    recipients: tuple[str, ...]


def battle_report(*, battle_id: int, version: int, language: str | None = None) -> Report | None:
    """The report of the take-over at ledger ``version`` of ``battle_id``'s campaign, in
    ``language`` (the site's default if None); None if the battle is not a campaign battle."""
    link = CampaignBattle.objects.select_related("campaign").filter(battle_id=battle_id).first()
    if link is None:
        return None
    campaign = link.campaign
    project_campaign(campaign_id=campaign.pk)
    scenario = Scenario.objects.get(campaign=campaign, ref=link.scenario_ref)
    forces = {f.ref: f for f in Force.objects.filter(campaign=campaign,
                                                     ref__in=scenario.force_refs)}
    soldiers = HistoryEntry.counted.filter(
        campaign=campaign, version=version, subject=HistoryEntry.Subject.SOLDIER, kind__in=FATES,
    ).order_by("seq")
    names = dict(Soldier.objects.filter(
        campaign=campaign, ref__in=[row.subject_ref for row in soldiers]
    ).values_list("ref", "name"))
    owners = get_user_model().objects.filter(
        pk__in=[f.owner_id for f in forces.values() if f.owner_id], is_active=True,
    ).exclude(email="")
    plugin = plugin_for(campaign.rule_system)
    with translation.override(language or settings.LANGUAGE_CODE):
        context = {
            "campaign": campaign,
            "scenario": scenario,
            "battle_id": battle_id,
            "results": [
                {"force": forces[int(ref)].name, "result": term(RESULT, result)}
                for ref, result in sorted(scenario.results.items()) if int(ref) in forces
            ],
            "fates": [
                {"name": names.get(row.subject_ref, row.subject_ref),
                 "kind": history_kind(plugin, row.kind)}
                for row in soldiers
            ],
            "url": settings.SITE_URL.rstrip("/") + reverse(
                "campaign_pages:campaign", kwargs={"campaign_id": campaign.pk}),
        }
        subject = render_to_string("email/battle_report_subject.txt", context).strip()
        body = render_to_string("email/battle_report.txt", context)
    return Report(subject=" ".join(subject.split()), body=body,
                  recipients=tuple(sorted(u.email for u in owners)))


def send_battle_report(*, battle_id: int, version: int, language: str | None = None) -> int:
    """Send the report to each participant (one message each, nobody sees another's address);
    the number of messages sent."""
    report = battle_report(battle_id=battle_id, version=version, language=language)
    if report is None or not report.recipients:
        return 0
    return send_mass_mail(
        [(report.subject, report.body, None, [to]) for to in report.recipients],
        fail_silently=False,
    )
