"""Re-derive every server roll and draw of a concluded battle from its revealed seed."""

from django.core.management.base import BaseCommand, CommandError

from battles.models import Battle
from battles.selectors import verify_dice
from config.errors import DomainError


class Command(BaseCommand):
    help = "Check a concluded battle's server dice and draws against its revealed seed."

    def add_arguments(self, parser):
        parser.add_argument("battle_id", type=int)

    def handle(self, *args, battle_id: int, **options):
        battle = Battle.objects.filter(pk=battle_id).first()
        if battle is None:
            raise CommandError(f"no battle {battle_id}")
        try:
            report = verify_dice(battle=battle)
        except DomainError as error:
            raise CommandError(error.message) from None
        for check in [*report["rolls"], *report["draws"]]:
            mark = "ok" if check["ok"] else "MISMATCH"
            self.stdout.write(
                f"#{check['version']} {check['key']}: recorded {check['recorded']} "
                f"derived {check['derived']} {mark}"
            )
        if not report["verified"]:
            reason = (
                "seed does not match its commitment"
                if not report["seed_matches_commitment"]
                else "some server rolls or draws do not match"
            )
            raise CommandError(f"battle {battle_id}: NOT verified ({reason})")
        self.stdout.write(
            f"battle {battle_id}: {report['server_rolls']} server rolls"
            f" and {report['server_draws']} server draws verified"
        )
