"""The config suite's transactional tests append events: let their flush empty the table."""
from eventstore.testing import eventstore_test_flush  # noqa: F401 - autouse fixture
