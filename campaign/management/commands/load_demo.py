"""Load the demo campaign (idempotent) and print how to sign in."""
import importlib

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load the demo club, players, campaign and battles (safe to run twice)."

    def add_arguments(self, parser):
        parser.add_argument("--rule-system", default="steelwar",
                            help="whose campaign plug-in's demo (campaign.systems.<id>.demo)")

    def handle(self, *args, **options):
        demo_module = importlib.import_module(f"campaign.systems.{options['rule_system']}.demo")
        demo = demo_module.load_demo()
        what = "loaded" if demo.created else "already loaded"
        self.stdout.write(self.style.SUCCESS(
            f"Demo campaign {demo.campaign.name!r} {what} (campaign {demo.campaign.pk})."))
        self.stdout.write(f"Sign in at /accounts/login/ with the password "
                          f"{demo_module.PASSWORD!r} as:")
        for login, role in demo_module.LOGINS:
            self.stdout.write(f"  {login:<10} ({role})")
        self.stdout.write("An organizer also opens /admin/ (his club's campaigns, forces, "
                          "squads, soldiers and battles).")
