"""Write a campaign as one JSON file: its ledger, its battles and its revealed seeds."""

import json

from django.core.management.base import BaseCommand, CommandError

from campaign.models import Campaign
from campaign.services.transfer import export_campaign


class Command(BaseCommand):
    help = "Export a campaign (its ledger, battles and revealed dice seeds) as one JSON file."

    def add_arguments(self, parser):
        parser.add_argument("campaign_id", type=int)
        parser.add_argument("-o", "--output", required=True, help="file to write")

    def handle(self, *args, campaign_id: int, output: str, **options):
        campaign = Campaign.objects.select_related("club").filter(pk=campaign_id).first()
        if campaign is None:
            raise CommandError(f"no campaign {campaign_id}")
        document = export_campaign(user=None, campaign=campaign)
        with open(output, "w", encoding="utf-8") as f:
            json.dump(document, f, ensure_ascii=False, indent=1)
        self.stdout.write(f"{campaign.name}: {len(document['ledger'])} ledger events, "
                          f"{len(document['battles'])} battles -> {output}")
