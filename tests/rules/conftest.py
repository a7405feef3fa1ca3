"""The rule systems are pure Python: their tests run without Django (``-p no:django``).

The suite-wide ``_require_services`` fixture (tests/conftest.py) needs pytest-django's
database fixtures; under ``tests/rules`` it is replaced by a no-op so that
``pytest tests/rules -p no:django`` works.
"""

import pytest


@pytest.fixture(scope="session", autouse=True)
def _require_services():
    return None


@pytest.fixture(autouse=True)
def _celery_inline():
    yield
