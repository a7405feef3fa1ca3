#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if sys.argv[1:2] != ["runserver"]:
        # An operator's command (migrate, rebuild_projections, import_battle) may run long
        # statements: no statement timeout unless one is set. Web requests keep theirs.
        os.environ.setdefault("DB_STATEMENT_TIMEOUT_MS", "0")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
