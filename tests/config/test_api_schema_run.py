"""A bounded schemathesis run over the OpenAPI schema (``/api/schema/``): every operation is
called in-process (WSGI) with requests generated from the schema, signed in as a club
organizer by a session cookie (with the CSRF cookie and header that session writes need),
with a club, a battle and a campaign with two forces in the database so that paths resolve
(half the examples aim at them, the rest at whatever ids the schema allows).

The run fails on any 5xx, on a response that its schema does not describe (the body's
shape) and on a status code the operation does not document. Fixed seed, a bounded number
of examples per operation: a few minutes at most. PostgreSQL only, where the column bounds
and the text encoding that the input checks protect are real.
"""

from __future__ import annotations

import os

import hypothesis
import pytest
from django.core import signals
from django.db import close_old_connections, transaction
from django.utils.crypto import get_random_string
from hypothesis import HealthCheck
from hypothesis import strategies as st

from battles import services as battle_services
from tests.battles import duel
from tests.conftest import raise_army

schemathesis = pytest.importorskip("schemathesis")
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

#: Examples per operation and generation mode, and the seed (override: SCHEMA_RUN_EXAMPLES,
#: SCHEMA_RUN_SEED to explore further).
EXAMPLES = int(os.environ.get("SCHEMA_RUN_EXAMPLES", "10"))
SEED = int(os.environ.get("SCHEMA_RUN_SEED", "20261115"))
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance]


@pytest.fixture
def in_process_requests():
    """Requests served in the test's own transaction: Django's request signals would close
    the connection (and with it the test's transaction) after each one, as its test client
    knows; they are detached for the run, as the test client does."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def world(club, people, campaign):
    """What the paths name: a duel battle in progress and a campaign with two forces."""
    duel.register()
    battle = battle_services.create_battle(
        club=club, name="Hill 203", rule_system="duel", rule_version="1.0",
        setup=duel.SETUP,
        participants=[battle_services.ParticipantSpec(user=people["org"], side="red"),
                      battle_services.ParticipantSpec(user=people["bob"], side="blue")],
        created_by=people["org"],
    )
    raise_army(campaign, people["org"], "Steel", soldiers=3)
    raise_army(campaign, people["bob"], "Keno", soldiers=3)
    return {"id": battle.pk, "campaign_id": campaign.pk, "ref": 1}


@pytest.fixture
def signed_in(people):
    """The organizer's session cookie, and the CSRF cookie and header its writes need."""
    from django.test import Client

    client = Client()
    client.force_login(people["org"])
    csrf = get_random_string(32)
    return {"cookies": {"sessionid": client.cookies["sessionid"].value, "csrftoken": csrf},
            "headers": {"X-CSRFToken": csrf}}


def test_no_operation_answers_5xx_or_outside_its_schema(world, signed_in, in_process_requests):
    from config.wsgi import application

    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    failures: dict[str, str] = {}
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 40

    for operation in operations:
        for mode in (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE):

            @hypothesis.seed(SEED)
            @hypothesis.settings(
                max_examples=EXAMPLES, deadline=None, database=None, derandomize=False,
                phases=[hypothesis.Phase.generate], print_blob=False,
                suppress_health_check=list(HealthCheck),
            )
            @hypothesis.given(case=operation.as_strategy(mode), real=st.booleans())
            def call(case, real):
                if real:
                    for name in case.path_parameters:
                        case.path_parameters[name] = world.get(name, 1)
                with transaction.atomic():  # a request's own transaction, as in production
                    case.call_and_validate(checks=CHECKS, **signed_in)

            try:
                call()
            except hypothesis.errors.Unsatisfiable:
                continue  # nothing this mode can send (e.g. no input to make negative)
            except BaseException as error:  # noqa: BLE001 - schemathesis raises a BaseExceptionGroup
                if not isinstance(error, Exception | BaseExceptionGroup):
                    raise
                failures[f"{operation.label} ({mode.value})"] = str(error)[:3000]
    assert not failures, "\n\n".join(f"== {k}\n{v}" for k, v in failures.items())
