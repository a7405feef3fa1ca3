"""Create a campaign from an exported JSON file; all or nothing."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from campaign.services.transfer import import_campaign
from clubs.models import Club
from config.errors import DomainError


class Command(BaseCommand):
    help = ("Import an exported campaign into a club, as one of its organizers (the file is "
            "checked whole first; a refused file stores nothing).")

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument("--club", required=True, help="club slug")
        parser.add_argument("--as", dest="username", required=True,
                            help="an organizer of the club: the import is recorded as his")
        parser.add_argument("--name", help="a name instead of the file's")

    def handle(self, *args, path: str, club: str, username: str, name=None, **options):
        target = Club.objects.filter(slug=club).first()
        if target is None:
            raise CommandError(f"no club {club!r}")
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user {username!r}")
        try:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
        except (OSError, ValueError) as error:
            raise CommandError(f"cannot read {path}: {error}") from None

        def progress(done: int, total: int) -> None:
            self.stderr.write(f"\r{done}/{total} events", ending="")

        try:
            result = import_campaign(user=user, club=target, document=document, name=name,
                                     progress=progress if options["verbosity"] > 1 else None)
        except DomainError as error:
            raise CommandError(f"{error.code}: {error.message}") from None
        self.stdout.write(f"imported as campaign {result.campaign.pk} ({result.campaign.name})")
        for username in result.unmatched_users:
            self.stdout.write(f"{username} is not a club member: his forces are {user}'s")
        for p in result.unmatched_participants:
            self.stdout.write(f"participant {p['username']} of {p['battle']} is not a club member")
