"""What a reader sees of the site's pages, shared by the suites: a page's text without its
tags, a battle's page in a language, a form's values as the page shows them."""
import html
import re


def visible(page: str) -> str:
    """The text of ``page``: its tags dropped, its entities read, its spaces run together."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def client_of(user, language: str = "en"):
    """A browser-like client signed in as ``user`` asking for pages in ``language``."""
    from django.test import Client

    client = Client(headers={"accept-language": language})
    client.force_login(user)
    return client


def readers(user) -> tuple:
    """``user`` reading the site in English and in Russian: a client for each."""
    return client_of(user, "en"), client_of(user, "ru")


def page_text(client, url: str) -> str:
    """The text of the page at ``url``, which must answer 200."""
    response = client.get(url)
    assert response.status_code == 200, url
    return visible(response.content.decode())


def page_texts(clients: tuple, url: str) -> tuple[str, ...]:
    """The text of the page at ``url`` as each of ``clients`` reads it."""
    return tuple(page_text(client, url) for client in clients)


def battle_page(battle, user, language: str) -> str:
    """The HTML of ``battle``'s page as ``user`` reads it in ``language``."""
    response = client_of(user, language).get(f"/battles/{battle.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def battle_page_text(battle, user, language: str) -> str:
    """The text of ``battle``'s page as ``user`` reads it in ``language``."""
    return visible(battle_page(battle, user, language))


def battle_page_texts(battle, user) -> tuple[str, ...]:
    """The text of ``battle``'s page as ``user`` reads it in English and in Russian."""
    return page_texts(readers(user), f"/battles/{battle.pk}/")


def form_values(form) -> dict:
    """A page's form as it would be sent back untouched: every field's value, empty for none."""
    return {name: "" if form[name].value() is None else form[name].value()
            for name in form.fields}
