"""Drop and recompute battle projections (snapshots, log, unit statuses) from the streams."""

from django.core.management.base import BaseCommand

from battles.models import Battle
from battles.services import rebuild


class Command(BaseCommand):
    help = "Rebuild the projections of every battle (or of the given ones) from their events."

    def add_arguments(self, parser):
        parser.add_argument("battle_ids", nargs="*", type=int)

    def handle(self, *args, battle_ids: list[int], **options):
        battles = Battle.objects.order_by("pk")
        if battle_ids:
            battles = battles.filter(pk__in=battle_ids)
        count = 0
        for battle in battles:
            battle = rebuild(battle=battle)
            count += 1
            self.stdout.write(f"battle {battle.pk}: rebuilt up to version {battle.version}")
        self.stdout.write(f"{count} battle(s) rebuilt")
