"""The token lookup (accounts.authentication.authenticate_key): one query, the expiry decided
at the second, ``last_used_at`` written at most every USE_RESOLUTION, and the token given to
the view as ``request.auth``."""
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.authentication import USE_RESOLUTION, authenticate_key
from accounts.models import ApiToken
from accounts.tokens import create_token

pytestmark = pytest.mark.django_db


def test_a_recently_used_token_costs_one_query(anna, django_assert_num_queries):
    token, key = create_token(user=anna, name="scoreboard")
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    with django_assert_num_queries(1):
        found = authenticate_key(key)
        assert found.pk == token.pk and found.user == anna and found.user.username == "anna"


@pytest.mark.parametrize("age, written", [(USE_RESOLUTION - timedelta(seconds=5), False),
                                          (USE_RESOLUTION + timedelta(seconds=5), True)])
def test_last_used_at_is_written_only_when_older_than_the_resolution(anna, age, written):
    token, key = create_token(user=anna, name="scoreboard")
    then = timezone.now() - age
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=then)
    assert authenticate_key(key).pk == token.pk
    token.refresh_from_db()
    assert (token.last_used_at > then) is written


@pytest.mark.parametrize("offset, live", [(timedelta(seconds=30), True),
                                          (timedelta(seconds=-30), False)])
def test_a_token_is_live_until_it_expires(anna, offset, live):
    token, key = create_token(user=anna, name="short", expires_in_days=1)
    ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() + offset)
    assert (authenticate_key(key) is not None) is live


def test_the_token_given_to_the_view_loads_its_other_fields_when_read(anna):
    token, key = create_token(user=anna, name="scoreboard")
    found = authenticate_key(key)
    assert isinstance(found, ApiToken)
    assert found.name == "scoreboard" and found.prefix == token.prefix
