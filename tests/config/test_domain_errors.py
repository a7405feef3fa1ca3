"""Domain errors (config.errors) get their status and the one error body from the API layer."""
import pytest
from rest_framework.test import APIRequestFactory

from config import errors
from config.api_errors import exception_handler


@pytest.mark.parametrize(("kind", "status"), [
    (errors.Invalid, 400), (errors.Forbidden, 403), (errors.NotFound, 404),
    (errors.Conflict, 409), (errors.TooLarge, 413), (errors.Refused, 422),
])
def test_each_kind_has_its_status_and_the_error_body(kind, status):
    request = APIRequestFactory().get("/")
    response = exception_handler(kind("some_code", "a sentence", field="a.b", current_version=3),
                                 {"request": request})
    assert response.status_code == status
    assert response.data == {"code": "some_code", "message": "a sentence", "rule": None,
                             "field": "a.b", "current_version": 3}


def test_services_do_not_import_http():
    from pathlib import Path

    import config.errors as module
    source = Path(module.__file__).read_text()
    assert "rest_framework" not in source and "django.http" not in source
