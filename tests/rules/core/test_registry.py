import pytest

from rules.core import registry
from rules.core.errors import RuleError
from tests.rules.core.toy import Toy


@pytest.fixture
def two_versions():
    old, new = Toy(), Toy()
    old.version, new.version = "1.9", "1.10"
    registry.register(old)
    registry.register(new)
    yield old, new
    registry.unregister("toy", "1.9")
    registry.unregister("toy", "1.10")


def test_versions_coexist_and_the_newest_is_the_default(two_versions):
    old, new = two_versions
    assert registry.versions("toy") == ("1.9", "1.10")
    assert registry.get("toy") is new
    assert registry.get("toy", "1.9") is old
    assert ("toy", "1.9") in registry.registered()


def test_an_unknown_version_names_the_known_ones(two_versions):
    with pytest.raises(RuleError) as exc:
        registry.get("toy", "2.0")
    assert exc.value.code == "unknown_rule_system"
    assert "1.9, 1.10" in exc.value.message


def test_an_unknown_system_is_a_rule_error():
    with pytest.raises(RuleError) as exc:
        registry.get("no_such_game")
    assert exc.value.code == "unknown_rule_system"


def test_a_taken_version_cannot_be_given_another_meaning(two_versions):
    other = Toy()
    other.version = "1.9"
    with pytest.raises(ValueError):
        registry.register(other)
    registry.register(two_versions[0])  # the same object again is fine


def test_a_system_without_readings_has_none(two_versions):
    assert registry.readings("toy") == ()

