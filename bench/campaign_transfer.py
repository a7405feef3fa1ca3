"""Campaign export and import on PostgreSQL; prints JSON.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python -m bench.campaign_transfer

It creates its own database (``bench_campaign_transfer``, dropped at the end), plays a
campaign as ``bench.campaign`` does (``BENCH_CAMPAIGN_BATTLES`` battles, 8 by default, of
``BENCH_CAMPAIGN_EVENTS`` events, 1,000 by default), then measures:

- the export (``campaign.services.transfer.export_campaign``): seconds and bytes of JSON;
- the checks alone (``check_document``: shape, limits, the ledger's fold, the battles'
  agreement with the ledger): seconds;
- the import into a second club (checks, every battle replayed strictly by the battle
  import, the ledger appended, the projections rebuilt): seconds, SQL queries, progress
  reports; the copy's force sheets and histories must equal the original's.
"""
from __future__ import annotations

import json
import os
import time

from bench import _machine
from bench._database import own_database

BENCH_DB = "bench_campaign_transfer"
os.environ.setdefault("BENCH_CAMPAIGN_BATTLES", "8")
os.environ.setdefault("BENCH_CAMPAIGN_EVENTS", "1000")


def main() -> None:
    with own_database(BENCH_DB, bench="campaign_transfer"):
        os.environ.pop("REDIS_URL", None)  # Celery inline
        results = _run()
    print(json.dumps(results, indent=2))


def _run() -> dict:
    import logging
    import random

    import django
    from django.core.management import call_command

    django.setup()
    logging.disable(logging.INFO)
    call_command("migrate", verbosity=0)

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bench import campaign as played
    from campaign.services.projection import project_campaign
    from campaign.services.transfer import check_document, export_campaign, import_campaign
    from clubs.models import Club, Membership

    campaign, users, armies = played._campaign()
    rng = random.Random(40)
    started = time.perf_counter()
    for n in range(played.BATTLES):
        played._fight(campaign, users, armies, n, rng)
    play_s = time.perf_counter() - started
    project_campaign(campaign_id=campaign.pk)

    started = time.perf_counter()
    document = export_campaign(user=users["org"], campaign=campaign)
    text = json.dumps(document)
    export_s = time.perf_counter() - started
    document = json.loads(text)

    started = time.perf_counter()
    checked = check_document(document)
    check_s = time.perf_counter() - started

    club = Club.objects.create(name="Second bench club", slug="bench-2")
    for name, role in (("org", "organizer"), ("red", "player"), ("blue", "player")):
        Membership.objects.create(club=club, user=users[name], role=role)
    reports = []
    started = time.perf_counter()
    with CaptureQueriesContext(connection) as queries:
        result = import_campaign(user=users["org"], club=club, document=document,
                                 progress=lambda done, total: reports.append(done))
    import_s = time.perf_counter() - started
    original, copied = _ids_aside(played._sheet(campaign)), _ids_aside(
        played._sheet(result.campaign))
    same = original == copied
    first_difference = next(
        ([a, b] for rows_a, rows_b in zip(original, copied, strict=True)
         for a, b in zip(rows_a, rows_b, strict=False) if a != b), None)
    return {
        "machine": {"load_average_1m": round(os.getloadavg()[0], 2),
                    "calibration_us_sum_range_1000": _machine.calibration_us(),
                    "python": _machine.python()},
        "campaign": {"battles": len(document["battles"]), "ledger_events": len(
            document["ledger"]), "events_total": checked.total, "file_bytes": len(text)},
        "play_s": round(play_s, 1),
        "export_s": round(export_s, 2),
        "check_s": round(check_s, 2),
        "import_s": round(import_s, 2),
        "import_queries": len(queries),
        "progress_reports": len(reports),
        "copy_equals_original": same,
        "first_difference": first_difference,
    }


def _ids_aside(sheet: list) -> list:
    """The sheet with the battles' ids in history sentences ("... (battle 12)") left aside:
    the copy's battles are new rows."""
    import re

    return [[tuple(re.sub(r"(?i)battle \d+", "battle #", v) if isinstance(v, str) else v
                   for v in row) for row in rows] for rows in sheet]


if __name__ == "__main__":
    main()
