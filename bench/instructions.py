"""Instruction counts: the fold's per fact and a battle command's per command (valgrind).

    .venv/bin/python -m bench.instructions [--fold-events 3000] [--skip-api] [--club]
    .venv/bin/python -m bench.instructions --system mercenaries [--fold-events 1500] [--cold]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python -m bench.instructions

On the development VM the wall clock of the same code moves by a third between runs, so a
change smaller than that shows only in instructions, which valgrind's callgrind counts the
same on every run whatever else the machine does (``docs/benchmarks.md``). Each measure is
the difference of two runs, so that start-up and set-up cancel out:

- **fold**: ``bench.rules_fold``'s battles played to ``--fold-events`` facts, then replayed
  once and three times; instructions per fact = (three − one) / 2 / facts.
- **fold, ``--system mercenaries``**: ``bench.mercenaries_fold``'s battles played to
  ``--fold-events`` facts *outside* valgrind (its seeded player asks the catalogue for every
  move, minutes under valgrind) and written to a temporary file; valgrind counts loading
  them and replaying once and three times. ``--cold`` forgets the lines of sight remembered
  by ``rules.mercenaries.cover`` before every replay, as a fresh process would; without it
  the second and third replays find them remembered. The API is not counted.
- **api** (PostgreSQL only): the battle of ``bench.battles`` (``--club``: its 28 units)
  recorded through the REST API in-process, 30 and 230 commands, each run on a fresh copy of
  a migrated database; client instructions per command = (230 − 30) / 200. The server's
  instructions are not counted.

Runs take minutes (valgrind runs Python about 50 times slower): about a minute for the fold,
four for the API. ``PYTHONHASHSEED=0`` and seeded players make the runs repeat; two runs of
the same tree agree within about 0.5%.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from urllib.parse import urlsplit, urlunsplit

from bench import _machine

FOLD_EVENTS = 3000
MERCENARIES_FOLD_EVENTS = 1500
API_WARMUP, API_COMMANDS = 30, 200
TEMPLATE_DB, RUN_DB = "bench_instructions_template", "bench_instructions"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.instructions")
    parser.add_argument("--system", choices=("steelwar", "mercenaries"), default="steelwar")
    parser.add_argument("--fold-events", type=int, help=f"default {FOLD_EVENTS} (Steel War), "
                        f"{MERCENARIES_FOLD_EVENTS} (Mercenaries)")
    parser.add_argument("--cold", action="store_true",
                        help="Mercenaries: forget remembered lines of sight before each replay")
    parser.add_argument("--skip-api", action="store_true", help="measure the fold only")
    parser.add_argument("--club", action="store_true", help="the API on a 28-unit battle")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if shutil.which("valgrind") is None:
        sys.exit("bench.instructions needs valgrind (Debian: apt-get install valgrind)")
    results: dict = {"python": _machine.python()}
    if args.system == "mercenaries":
        results.update(_mercenaries(args.fold_events or MERCENARIES_FOLD_EVENTS, cold=args.cold))
        print(json.dumps(results, indent=2))
        return
    n = args.fold_events or FOLD_EVENTS
    once, thrice = (_count(["-c", f"from bench.instructions import fold_worker; "
                                  f"fold_worker({n}, {replays})"]) for replays in (1, 3))
    results["fold_instructions_per_fact"] = round((thrice - once) / 2 / n)
    if args.skip_api:
        results["api"] = "skipped (--skip-api)"
    elif not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        results["api"] = "skipped: set DATABASE_URL=postgres://... to count a command's"
    else:
        results["api_battle"] = "28 units" if args.club else "4 squads"
        results["api_client_instructions_per_command"] = round(_api(club=args.club))
    print(json.dumps(results, indent=2))


def _count(python_args: list[str], env: dict | None = None) -> int:
    """Instructions callgrind counts for ``python <python_args>``."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         *python_args],
        env={**os.environ, **(env or {}), "PYTHONHASHSEED": "0"},
        capture_output=True, text=True, check=False,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or found is None:
        sys.exit(f"valgrind run failed ({run.returncode}):\n{run.stderr[-2000:]}")
    return int(found.group(1))


def fold_worker(n_events: int, replays: int) -> None:
    """Play ``n_events`` facts, then replay them ``replays`` times (run under valgrind)."""
    from bench import rules_fold

    battles = rules_fold.play_battles(n_events)
    for _ in range(replays):
        rules_fold.replay_all(battles)


def _mercenaries(n_events: int, *, cold: bool) -> dict:
    """The Mercenaries fold's instructions per fact (see the module's docstring)."""
    from bench import mercenaries_fold

    battles = mercenaries_fold.play_battles(n_events)
    n = sum(len(facts) for _, facts in battles)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as out:
        json.dump([[setup, [f.to_json() for f in facts]] for setup, facts in battles], out)
    try:
        once, thrice = (_count(["-c", f"from bench.instructions import mercenaries_worker; "
                                      f"mercenaries_worker({out.name!r}, {replays}, {cold})"])
                        for replays in (1, 3))
    finally:
        os.unlink(out.name)
    return {"system": f"{mercenaries_fold.SYSTEM.id} {mercenaries_fold.SYSTEM.version}",
            "fold_events": n, "cold": cold,
            "fold_instructions_per_fact": round((thrice - once) / 2 / n)}


def mercenaries_worker(path: str, replays: int, cold: bool) -> None:
    """Load recorded Mercenaries battles, replay them ``replays`` times (run under valgrind)."""
    from bench import mercenaries_fold
    from rules.core.facts import Fact
    from rules.mercenaries import cover

    with open(path) as recorded:
        battles = [(setup, [Fact.from_json(f) for f in facts])
                   for setup, facts in json.load(recorded)]
    for _ in range(replays):
        if cold and hasattr(cover, "_crossed"):
            cover._crossed.cache_clear()
        mercenaries_fold.replay_all(battles)


def _api(*, club: bool) -> float:
    """Client instructions per command, steady state (see the module's docstring)."""
    from bench._database import own_database, prefixed, recreate

    admin_url, counts = os.environ["DATABASE_URL"], []
    with own_database(TEMPLATE_DB, bench="instructions") as url:
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], check=True)
        run_db, template_db = prefixed(RUN_DB), prefixed(TEMPLATE_DB)
        run_url = urlunsplit(urlsplit(url)._replace(path=f"/{run_db}"))
        for commands in (API_WARMUP, API_WARMUP + API_COMMANDS):
            recreate(admin_url, run_db, template=template_db)
            code = f"from bench.instructions import api_worker; api_worker({commands}, {club})"
            counts.append(_count(["-c", code], env={"DATABASE_URL": run_url}))
        recreate(admin_url, run_db, drop_only=True)
    return (counts[1] - counts[0]) / API_COMMANDS


def api_worker(commands: int, club: bool) -> None:
    """Record ``commands`` commands of a new battle through the API (run under valgrind)."""
    import random
    import uuid

    import django

    django.setup()
    from bench.battles import _new_battle, _setup, _Table, organizer_client
    from rules.core import registry

    keys = random.Random(3)  # the same Idempotency-Keys in every run
    uuid.uuid4 = lambda: uuid.UUID(int=keys.getrandbits(128))
    club_row, client = organizer_client()
    setup = _setup(club=club)
    table = _Table(client, registry.get("steelwar"), _new_battle(client, club_row, setup), setup,
                   keys=True)
    for _ in range(commands):
        kind, body, headers = table.command()
        table.accept(table.send(kind, body, headers))


if __name__ == "__main__":
    main()
