"""The OpenAPI schema says what the API refuses: blank strings, the dice's shape, the
bounds of integers and headers, and the error answers (in the one error format) of every
operation."""
import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from drf_spectacular.generators import SchemaGenerator

    with django_db_blocker.unblock():
        return SchemaGenerator().get_schema(request=None, public=True)


def _body(schema, path, method="post"):
    ref = schema["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
    return schema["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]


def test_strings_that_may_not_be_blank_have_min_length_1(schema):
    assert _body(schema, "/api/campaigns/{campaign_id}/forces/")["properties"]["name"][
        "minLength"] == 1
    assert _body(schema, "/api/battles/{id}/decide/")["properties"]["key"]["minLength"] == 1
    reason = _body(schema, "/api/battles/{id}/corrections/")["properties"]["reason"]
    assert "minLength" not in reason  # a correction's reason may be blank


def test_the_dice_have_their_shape(schema):
    rolls = _body(schema, "/api/battles/{id}/dice/")["properties"]["rolls"]
    shapes = rolls["additionalProperties"]["oneOf"]
    assert {"type": "array", "items": shapes[0], "minItems": 1} in shapes
    assert shapes[0]["oneOf"][0] == {"type": "integer", "minimum": 1}


def test_the_draws_have_their_shape(schema):
    body = _body(schema, "/api/battles/{id}/draw/")["properties"]
    card = {"type": "string", "minLength": 1}
    assert body["draws"]["additionalProperties"]["oneOf"] == [
        card, {"type": "array", "items": card, "minItems": 1}]
    assert {"type": "string", "enum": ["all"]} in body["server_draw"]["oneOf"]


def test_bounds_of_integers_and_of_the_idempotency_key(schema):
    create = _body(schema, "/api/battles/")
    assert create["properties"]["snapshot_every"]["maximum"] == 2**31 - 1
    params = {p["name"]: p for p in schema["paths"]["/api/battles/{id}/declare/"]["post"][
        "parameters"]}
    assert params["Idempotency-Key"]["schema"] == {"type": "string", "minLength": 1,
                                                   "maxLength": 128}
    state = {p["name"]: p for p in schema["paths"]["/api/battles/{id}/state/"]["get"][
        "parameters"]}
    assert state["at"]["schema"]["maximum"] == 2**31 - 1


def test_every_operation_documents_its_errors_in_the_error_format(schema):
    error = {"$ref": "#/components/schemas/Error"}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert "403" in responses, (method, path)
            if "{" in path:
                assert "404" in responses, (method, path)
            if method in ("post", "put", "patch"):
                assert {"400", "403", "404"} <= set(responses) or path in (
                    "/api/battles/", "/api/campaigns/", "/api/battles/import/", "/api/tokens/"), (
                    method, path)
                assert "415" in responses, (method, path)
            for code, response in responses.items():
                if code >= "400":
                    assert response["content"]["application/json"]["schema"] == error
    declare = schema["paths"]["/api/battles/{id}/declare/"]["post"]["responses"]
    assert {"400", "403", "404", "409", "422"} <= set(declare)
