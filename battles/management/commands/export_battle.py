"""Write a battle's events as a JSON file (or to stdout)."""

import json

from django.core.management.base import BaseCommand, CommandError

from battles.models import Battle
from battles.services import export_battle


class Command(BaseCommand):
    help = "Export a battle as a JSON document of its events."

    def add_arguments(self, parser):
        parser.add_argument("battle_id", type=int)
        parser.add_argument("--output", "-o", help="file to write (default: stdout)")

    def handle(self, *args, battle_id: int, output: str | None, **options):
        battle = Battle.objects.filter(pk=battle_id).first()
        if battle is None:
            raise CommandError(f"no battle {battle_id}")
        text = json.dumps(export_battle(battle=battle), ensure_ascii=False, indent=1)
        if output:
            with open(output, "w", encoding="utf-8") as f:
                f.write(text)
            self.stdout.write(f"battle {battle_id} written to {output}")
        else:
            self.stdout.write(text)
