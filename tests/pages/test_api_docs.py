"""The interactive API docs work offline: Swagger UI comes from the installed sidecar package."""
import pytest
from django.contrib.auth import get_user_model

from tests.pages.conftest import artifacts_dir

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_api_docs_render_with_every_request_outside_the_server_refused(
    page, live_server, signed_in
):
    user = get_user_model().objects.create_user("anna", password="tabletop-1944")
    outside = []

    def only_this_server(route):
        if route.request.url.startswith(live_server.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_this_server)
    signed_in(page, user)
    page.goto(f"{live_server.url}/api/docs/")
    page.locator(".swagger-ui .opblock").first.wait_for()
    assert page.locator(".swagger-ui .opblock").count() > 10
    assert outside == []
    page.screenshot(path=str(artifacts_dir() / "api-docs.png"), full_page=True)
