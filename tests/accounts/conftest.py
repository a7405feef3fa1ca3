"""Passwords hashed by a counting hasher, so that a test can tell whether a request hashed one."""
import pytest
from django.contrib.auth.hashers import MD5PasswordHasher


class CountingHasher(MD5PasswordHasher):
    """MD5 (fast) that counts every hash it computes, checking or making a password."""

    algorithm = "counting_md5"
    calls = 0

    def encode(self, password, salt):
        CountingHasher.calls += 1
        return super().encode(password, salt)


class Hashes:
    """``hashes()``: password hashes computed since the last ``hashes.reset()``."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.start = CountingHasher.calls

    def __call__(self) -> int:
        return CountingHasher.calls - self.start


@pytest.fixture
def hashes(settings):
    """Counts hashes; users made after it is set up get the counting hasher."""
    settings.PASSWORD_HASHERS = ["tests.accounts.conftest.CountingHasher"]
    return Hashes()


@pytest.fixture
def anna(hashes):
    """A player with a password; the hash that made it is not counted."""
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("anna", password="tabletop-1944")
    hashes.reset()
    return user
