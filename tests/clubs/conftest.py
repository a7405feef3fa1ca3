from eventstore.testing import eventstore_test_flush  # noqa: F401 - autouse fixture
