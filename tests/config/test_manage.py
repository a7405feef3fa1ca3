"""manage.py: an operator's command runs without the web requests' statement timeout."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRINT_OPTIONS = (
    "from django.core.management.base import BaseCommand\n"
    "from django.conf import settings\n"
    "print(settings.DATABASES['default'].get('OPTIONS', {}).get('options', ''))\n"
)


@pytest.mark.parametrize("preset, expected", [
    ({}, "-c statement_timeout=0"),
    ({"DB_STATEMENT_TIMEOUT_MS": "1234"}, "-c statement_timeout=1234"),
])
def test_a_management_command_runs_without_the_web_statement_timeout(preset, expected):
    env = {k: v for k, v in os.environ.items() if k != "DB_STATEMENT_TIMEOUT_MS"}
    env.update(DATABASE_URL="postgres://postgres@127.0.0.1:5432/test", SECRET_KEY="x", **preset)
    run = subprocess.run([sys.executable, "manage.py", "shell", "-c", PRINT_OPTIONS], cwd=ROOT,
                         env=env, capture_output=True, text=True, check=True)
    assert run.stdout.strip().endswith(expected)
