"""``manage.py create_api_token USERNAME [--name N] [--days D]``: a token for a script."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from accounts.tokens import create_token
from config.errors import DomainError


class Command(BaseCommand):
    help = "Create a personal API token for USERNAME and print its key (shown only once)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="script", help="what the token is for")
        parser.add_argument("--days", type=int, help="expires after this many days")

    def handle(self, *args, username: str, name: str, days: int | None, **options) -> None:
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user {username!r}")
        try:
            _token, key = create_token(user=user, name=name, expires_in_days=days)
        except DomainError as error:
            raise CommandError(error.message) from error
        self.stdout.write(key)
