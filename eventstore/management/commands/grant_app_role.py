"""Create the application's database role and grant it what it needs (run as the owner)."""
import os

from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from eventstore.app_role import AppRoleError, grant_app_role


class Command(BaseCommand):
    help = ("Create (if missing) the role the application connects as and grant it SELECT/INSERT, "
            "UPDATE/DELETE but on append-only tables, and default privileges for later tables. "
            "Run it connected as the owner that ran migrate, after each migrate.")

    def add_arguments(self, parser):
        parser.add_argument("--role", required=True, help="the application's role name")
        parser.add_argument("--password-env", metavar="VARIABLE",
                            help="set the role's password from this environment variable")
        parser.add_argument("--database", default="default", help="the database alias")

    def handle(self, *args, role, password_env, database, **options):
        password = None
        if password_env:
            password = os.environ.get(password_env)
            if not password:
                raise CommandError(f"{password_env} is not set: the role needs a password")
        try:
            statements = grant_app_role(connections[database], role, password=password)
        except AppRoleError as error:
            raise CommandError(str(error)) from error
        for statement in statements:
            self.stdout.write(statement, ending=";\n")
        self.stdout.write(self.style.SUCCESS(f"Role {role} granted the application's rights."))
