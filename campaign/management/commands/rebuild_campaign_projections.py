"""Rebuild the campaign projections from the ledgers (all campaigns, or some).

The rebuild empties a campaign's read models and runs the incremental projection from
version 0: the same code, so the result equals what the incremental updates built.
"""
import time

from django.core.management.base import BaseCommand

from campaign.models import Campaign
from campaign.services.projection import rebuild_campaign


class Command(BaseCommand):
    help = "Rebuild the force sheets and histories of campaigns from their ledgers."

    def add_arguments(self, parser):
        parser.add_argument("campaign_ids", nargs="*", type=int,
                            help="campaigns to rebuild (default: all)")

    def handle(self, *args, campaign_ids, **options):
        ids = campaign_ids or list(Campaign.objects.order_by("pk").values_list("pk", flat=True))
        started = time.perf_counter()
        verbose = options["verbosity"] > 0
        for campaign_id in ids:
            version = rebuild_campaign(campaign_id=campaign_id)
            if verbose:
                self.stdout.write(f"campaign {campaign_id}: rebuilt to ledger version {version}")
        if verbose:
            self.stdout.write(self.style.SUCCESS(
                f"{len(ids)} campaign(s) rebuilt in {time.perf_counter() - started:.2f} s"))
