"""Catch up after an outage: hand the outbox to Celery, take over every concluded battle no campaign ledger has taken
over yet, and bring lagging projections up to date (what the periodic task does)."""
from django.core.management.base import BaseCommand

from campaign.services.takeover import catch_up


class Command(BaseCommand):
    help = "Take over concluded battles not yet in their campaign's ledger; catch up projections."

    def handle(self, *args, **options):
        done = catch_up()
        self.stdout.write(f"outbox messages handed to Celery: {done['relayed']}")
        self.stdout.write(f"battles taken over: {done['taken_over'] or 'none'}")
        self.stdout.write(f"campaigns projected: {done['projected'] or 'none'}")
