"""Corrections on long battles: a correction that changes nothing downstream stops at the
next snapshot (its cost does not grow with the battle), one that changes everything after it
rewrites every later row in bounded batches, and both leave the projections a fresh replay
gives."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battles import services
from battles.models import Battle, IdempotentResponse
from battles.services import projection_sql, refold
from tests.battles.helpers import url
from tests.battles.test_projections import play, projections, solo_duel

pytestmark = pytest.mark.django_db

MISS = {"shot": [1], "cover": [6]}  # Red squad unharmed


def fire(unit: str, target: str, dice: dict) -> dict:
    return {"action": "fire", "unit": unit, "params": {"target": target, "distance": 4},
            "dice": dice}


def long_battle(club, people, events: int) -> Battle:
    """v2: r1 fires at b1 and misses; then b1 fires at r1 and misses, up to ``events``."""
    battle = solo_duel(club, people, f"long {events}", snapshot_every=10)
    user = people["alice"]
    for version in range(1, events):
        command = fire("r1", "b1", MISS) if version == 1 else fire("b1", "r1", MISS)
        dice = command.pop("dice")
        services.declare(
            battle_id=battle.pk, user=user, expected_version=version, command=command, dice=dice
        )
    battle.refresh_from_db()
    assert battle.version == events
    return battle


def amend_first_fire(battle: Battle, people, dice: dict, **keyed):
    return services.correct(
        battle_id=battle.pk,
        user=people["alice"],
        expected_version=Battle.objects.get(pk=battle.pk).version,
        target_version=2,
        action="amend",
        data=fire("r1", "b1", dice),
        reason="misread",
        **keyed,
    )


@pytest.fixture
def rewritten(monkeypatch):
    """The versions of the log rows written by each ``rewrite_log`` statement."""
    statements: list[list[int]] = []
    real = projection_sql.rewrite_log

    def spy(battle, rows):
        size = projection_sql.REWRITE_BATCH
        statements.extend(
            [row["version"] for row in rows[i : i + size]] for i in range(0, len(rows), size)
        )
        return real(battle, rows)

    monkeypatch.setattr(projection_sql, "rewrite_log", spy)
    return statements


def rebuilt_equals(battle: Battle) -> None:
    incremental = projections(battle)
    services.rebuild(battle=battle)
    assert projections(battle) == incremental


def test_a_correction_that_changes_nothing_downstream_costs_the_same_on_a_longer_battle(
    club, people, rewritten
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    queries = []
    for events in (60, 150):
        battle = long_battle(club, people, events)
        rewritten.clear()
        with CaptureQueriesContext(connection) as captured:
            result = amend_first_fire(battle, people, {"shot": [2], "cover": [6]})
        queries.append(len(captured))
        assert rewritten == [[2]]  # the amended row only
        consequences = result.body["events"][0]["consequences"]
        assert [c["version"] for c in consequences["facts"]] == [2]  # applied -> amended
        assert consequences["changed"] == 1 and consequences["more"] == 0
        rebuilt_equals(battle)
    assert queries[0] == queries[1] <= 20, queries


def test_a_correction_that_changes_everything_after_it_rewrites_each_row_once_in_batches(
    club, people, rewritten, monkeypatch
):
    monkeypatch.setattr(projection_sql, "REWRITE_BATCH", 7)
    monkeypatch.setattr(refold, "CHUNK", 20)
    battle = long_battle(club, people, 80)
    amend_first_fire(battle, people, {"shot": [3], "cover": [3]})  # b1 suppressed
    rows = _log(battle)
    assert all(rows[v]["status"] == "unfit" for v in range(3, 81))  # b1 may not fire
    assert sorted(v for batch in rewritten for v in batch) == list(range(2, 81))
    assert all(len(batch) <= 7 for batch in rewritten)
    rebuilt_equals(battle)
    rewritten.clear()
    amend_first_fire(battle, people, MISS)  # and back: every later fire applies again
    assert sorted(v for batch in rewritten for v in batch) == list(range(2, 81))
    assert {r["status"] for v, r in _log(battle).items() if 2 < v <= 80} == {"applied"}
    rebuilt_equals(battle)


def test_a_bad_correction_on_a_long_battle_changes_nothing(club, people):
    from config.errors import DomainError
    from rules.core.errors import RuleError

    battle = long_battle(club, people, 40)
    before = projections(battle)
    with pytest.raises(RuleError):
        amend_first_fire(battle, people, {"shot": [9], "cover": [6]})  # no 9 on a d6
    with pytest.raises(DomainError):
        services.correct(battle_id=battle.pk, user=people["alice"], expected_version=40,
                         target_version=1, action="void")  # battle.started is not a fact
    assert projections(battle) == before


def _log(battle: Battle) -> dict[int, dict]:
    from battles.models import BattleLogEntry

    return {r["version"]: r for r in BattleLogEntry.objects.filter(battle=battle).values()}


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), every=st.integers(1, 5))
def test_corrections_in_small_chunks_and_batches_equal_a_fresh_replay(
    club, people, seed, every
):
    """Random battles with random corrections (``play``), refolded in chunks of a few events
    and rewritten a few rows a statement: the projections equal a rebuild."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(projection_sql, "REWRITE_BATCH", 3)
        patch.setattr(refold, "CHUNK", 2 * every)
        patch.setattr(refold, "SNAPSHOT_BATCH", 2)
        battle = solo_duel(club, people, f"chunks {seed}", every)
        play(battle, people["alice"], random.Random(seed), 50)
        rebuilt_equals(battle)


def test_stored_rows_are_compared_exactly_even_with_integers_wider_than_64_bits():
    """orjson reads such an integer as a float: the refold must not (a change in it would
    go unseen)."""
    assert refold._as_stored({"n": 2**70 + 1, "t": (1, 2)}) == {"n": 2**70 + 1, "t": [1, 2]}
    assert refold._as_stored({"n": 2**70 + 1}) != refold._as_stored({"n": 2**70})


def test_a_correction_that_changes_everything_answers_a_summary_of_the_same_size_on_a_longer_battle(
    club, people, clients
):
    """The answer lists the first :data:`refold.LISTED` changed facts and counts the rest
    (``docs/battles.md``, "Corrections"); the log lists them all with ``?changed_by``."""
    sizes = []
    for events in (60, 150):
        battle = long_battle(club, people, events)
        result = amend_first_fire(battle, people, {"shot": [3], "cover": [3]},  # b1 may not fire
                                  idempotency_key=f"long {events}", request_fingerprint="x")
        summary = result.body["events"][0]["consequences"]
        correction = events + 1
        assert summary["changed"] == events - 1  # the target and every later fire
        assert summary["by_change"] == [
            {"before": "applied", "after": "unfit", "count": events - 2},
            {"before": "applied", "after": "amended", "count": 1},
        ]
        assert (summary["first_version"], summary["last_version"]) == (2, events)
        assert [f["version"] for f in summary["facts"]] == list(range(2, 2 + refold.LISTED))
        assert summary["more"] == events - 1 - refold.LISTED
        assert result.body["events"][0]["text"].endswith(
            f"; {summary['more']} more facts changed, to #{events}")
        pending = result.body["pending"]
        assert pending["unfit_count"] == events - 2
        assert [u["version"] for u in pending["unfit"]] == list(range(3, 23))
        sizes.append(len(json.dumps(result.body)))

        listed, page = [], url(battle, f"log/?changed_by={correction}")
        while page:
            answer = clients["alice"].get(page).json()
            listed += [row["version"] for row in answer["results"]]
            page = answer["next"]
        assert listed == list(range(2, events + 1))
        stored = IdempotentResponse.objects.get(battle=battle, key__endswith=f"long {events}")
        assert stored.body == result.body
        rebuilt_equals(battle)
    assert sizes[0] < 12_000 and abs(sizes[1] - sizes[0]) < 200, sizes


def test_a_later_correction_claims_the_facts_it_changes_again(club, people, clients):
    battle = long_battle(club, people, 30)
    amend_first_fire(battle, people, {"shot": [3], "cover": [3]})  # v31: 3..30 unfit
    amend_first_fire(battle, people, MISS)  # v32: they apply again
    assert clients["alice"].get(url(battle, "log/?changed_by=31")).json()["count"] == 0
    assert clients["alice"].get(url(battle, "log/?changed_by=32")).json()["count"] == 29


@pytest.mark.parametrize("value", ["x", "-1", "1.5", "99999999999"])
def test_a_bad_changed_by_is_refused(battle, clients, value):
    response = clients["alice"].get(url(battle, f"log/?changed_by={value}"))
    assert response.status_code == 400
    assert response.json()["field"] == "changed_by"


def test_the_page_counts_the_changed_and_the_unlisted_unfit_facts_in_its_language(
    club, people
):
    from django.test import Client

    battle = long_battle(club, people, 60)
    amend_first_fire(battle, people, {"shot": [3], "cover": [3]})  # 58 later fires unfit
    page = Client()
    page.force_login(people["alice"])
    english = page.get(f"/battles/{battle.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "59 later facts changed:" in english
    assert "and 38 more unfit facts, listed in the log" in english
    russian = page.get(f"/battles/{battle.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "изменились 59 последующих фактов:" in russian
    assert "и ещё 38 неподходящих фактов (см. журнал)" in russian
