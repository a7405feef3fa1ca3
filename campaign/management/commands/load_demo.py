"""Load the demo campaigns (idempotent) and print how to sign in."""
import importlib

from django.core.management.base import BaseCommand

#: The plug-ins whose demos ``load_demo`` loads unless one is named, in this order.
DEMOS = ("steelwar", "mercenaries")


class Command(BaseCommand):
    help = "Load the demo club, players, campaigns and battles (safe to run twice)."

    def add_arguments(self, parser):
        parser.add_argument("--rule-system", default=None,
                            help="only this campaign plug-in's demo (campaign.systems.<id>.demo);"
                                 " default: " + ", ".join(DEMOS))

    def handle(self, *args, **options):
        systems = (options["rule_system"],) if options["rule_system"] else DEMOS
        for system in systems:
            demo_module = importlib.import_module(f"campaign.systems.{system}.demo")
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
