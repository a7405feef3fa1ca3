"""Replay a battle under another rules version and print what would differ."""

import json

from django.core.management.base import BaseCommand, CommandError

from battles.models import Battle
from battles.selectors import rule_version_diff
from rules.core.errors import RuleError


class Command(BaseCommand):
    help = "Replay a battle under another version of its rule system; list differing outcomes."

    def add_arguments(self, parser):
        parser.add_argument("battle_id", type=int)
        parser.add_argument("--rule-version", required=True)
        parser.add_argument("--json", action="store_true", help="print the full report as JSON")

    def handle(self, *args, battle_id: int, rule_version: str, **options):
        battle = Battle.objects.filter(pk=battle_id).first()
        if battle is None:
            raise CommandError(f"no battle {battle_id}")
        try:
            report = rule_version_diff(battle=battle, rule_version=rule_version)
        except RuleError as error:
            raise CommandError(error.message) from None
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=1, default=str))
            return
        head = f"{battle.rule_system} {battle.rule_version} -> {report['other_version']}"
        if report.get("setup_error"):
            self.stdout.write(f"{head}: setup rejected: {report['setup_error']['message']}")
            return
        for d in report["differences"]:
            self.stdout.write(
                f"#{d['version']} {d['description']}: {d['current']['status']} "
                f"'{d['current']['text']}' -> {d['other']['status']} '{d['other']['text']}'"
            )
        self.stdout.write(
            f"{head}: {len(report['differences'])} of {report['events_compared']} events differ"
            + (
                "; the summary differs"
                if report["summary"]["current"] != report["summary"]["other"]
                else ""
            )
        )
