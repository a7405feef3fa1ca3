"""Assertions on the API's JSON error format (config/api_errors.py), shared by the suites."""


def assert_400(response, code, field, *, field_in_message=False):
    """A 400 in the JSON error format with this ``code`` naming this ``field`` (also in its
    sentence when ``field_in_message``); returns the body."""
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["code"] == code and body["field"] == field, body
    if field_in_message:
        assert field in body["message"]
    return body
