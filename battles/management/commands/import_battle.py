"""Create a battle from an exported JSON file; all or nothing."""

import json

from django.core.management.base import BaseCommand, CommandError

from battles.services import import_battle
from clubs.models import Club
from config.errors import DomainError


class Command(BaseCommand):
    help = "Import an exported battle into a club (the file is checked and replayed first)."

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument("--club", required=True, help="club slug")

    def handle(self, *args, path: str, club: str, **options):
        target = Club.objects.filter(slug=club).first()
        if target is None:
            raise CommandError(f"no club {club!r}")
        try:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
        except (OSError, ValueError) as error:
            raise CommandError(f"cannot read {path}: {error}") from None
        try:
            result = import_battle(club=target, document=document)
        except DomainError as error:
            raise CommandError(f"{error.code}: {error.message}") from None
        self.stdout.write(
            f"imported as battle {result.battle.pk} (version {result.battle.version})"
        )
        for p in result.unmatched_participants:
            self.stdout.write(f"participant {p['username']} ({p['side']}) is not a club member")
