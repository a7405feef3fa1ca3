"""Load the demo campaign (idempotent) and print how to sign in."""
from django.core.management.base import BaseCommand

from campaign.demo import LOGINS, PASSWORD, load_demo


class Command(BaseCommand):
    help = "Load the demo club, players, campaign and battles (safe to run twice)."

    def handle(self, *args, **options):
        demo = load_demo()
        what = "loaded" if demo.created else "already loaded"
        self.stdout.write(self.style.SUCCESS(
            f"Demo campaign {demo.campaign.name!r} {what} (campaign {demo.campaign.pk})."))
        self.stdout.write(f"Sign in at /accounts/login/ with the password {PASSWORD!r} as:")
        for login, role in LOGINS:
            self.stdout.write(f"  {login:<10} ({role})")
