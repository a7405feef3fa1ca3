"""Joining a club and roles in a real browser (issue 19), in English and Russian, at phone
width with screenshots: an organizer invites by a link, a newcomer signs up through it and
joins as a player, the organizer makes him an organizer, then removes him; an invitation by
e-mail taken up by someone who signs in; a revoked link."""
import pytest
from django.contrib.auth import get_user_model

from clubs.models import Invitation, Membership
from tests.pages.conftest import PHONE, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {
        "role": "Role", "create": "Create invitation", "copy": "Copy link",
        "sign_up": "Sign up", "username": "Username", "email": "E-mail",
        "password": "Password", "confirm": "Password confirmation",
        "submit": "Sign up and join", "welcome": "Welcome to Steel Veterans: you joined as player.",
        "change": "Change the role of newcomer", "new_role": "New role of newcomer",
        "organizer": "Organizer", "save": "Save the role", "now": "newcomer is now organizer.",
        "remove": "Remove newcomer", "yes": "Yes, remove newcomer",
        "removed": "newcomer was removed from the club.", "revoke": "Revoke",
        "join_title": "Join Steel Veterans", "expired": "This invitation was revoked",
        "email_optional": "E-mail (optional)", "mail_subject": "An invitation to join",
        "sign_in": "Sign in", "join": "Join",
    },
    "ru": {
        "role": "Роль", "create": "Создать приглашение", "copy": "Скопировать ссылку",
        "sign_up": "Регистрация", "username": "Имя пользователя", "email": "Эл. почта",
        "password": "Пароль", "confirm": "Подтверждение пароля",
        "submit": "Зарегистрироваться и вступить",
        "welcome": "Добро пожаловать в Steel Veterans: вы вступили как игрок.",
        "change": "Изменить роль: newcomer", "new_role": "Новая роль: newcomer",
        "organizer": "Организатор", "save": "Сохранить роль", "now": "newcomer теперь — организатор.",
        "remove": "Исключить newcomer", "yes": "Да, исключить newcomer",
        "removed": "newcomer исключён(а) из клуба.", "revoke": "Отозвать",
        "join_title": "Вступить в Steel Veterans", "expired": "Это приглашение отозвано",
        "email_optional": "Эл. почта (необязательно)", "mail_subject": "Приглашение в клуб",
        "sign_in": "Войти", "join": "Вступить",
    },
}
LOCALES = {"en": "en-US", "ru": "ru-RU"}


@pytest.fixture
def organizer(club):
    user = get_user_model().objects.create_user("org", password="tabletop-1944")
    Membership.objects.create(club=club, user=user, role="organizer")
    return user


def new_page(browser, language):
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    context.set_default_timeout(10_000)
    return context.new_page()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_invite_by_link_sign_up_join_change_role_and_remove(
        browser, live_server, club, organizer, signed_in, language):
    words = WORDS[language]
    org_page = new_page(browser, language)
    newcomer_page = new_page(browser, language)
    try:
        signed_in(org_page, organizer)
        org_page.goto(f"{live_server.url}/")
        screenshot(org_page, f"home-my-clubs-{language}")
        org_page.get_by_role("link", name="Steel Veterans").click()
        org_page.wait_for_url(f"**/clubs/{club.pk}/")
        org_page.get_by_label(words["role"], exact=True).select_option("player")
        org_page.get_by_role("button", name=words["create"]).click()
        link = org_page.get_by_test_id("created-link").input_value()
        assert link == f"{live_server.url}/join/{Invitation.objects.get().token}/"
        org_page.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                           origin=live_server.url)
        org_page.get_by_role("button", name=words["copy"]).first.click()
        assert org_page.evaluate("navigator.clipboard.readText()") == link
        screenshot(org_page, f"club-invite-{language}")

        newcomer_page.goto(link)
        assert newcomer_page.get_by_role("heading", name=words["join_title"]).is_visible()
        screenshot(newcomer_page, f"club-join-{language}")
        newcomer_page.get_by_role("link", name=words["sign_up"]).click()
        newcomer_page.get_by_label(words["username"]).fill("newcomer")
        newcomer_page.get_by_label(words["email"]).fill("new@example.org")
        newcomer_page.get_by_label(words["password"], exact=True).fill("tabletop-1944")
        newcomer_page.get_by_label(words["confirm"]).fill("tabletop-1945")
        newcomer_page.get_by_role("button", name=words["submit"]).click()
        assert newcomer_page.get_by_role("alert").is_visible()  # the passwords differ
        assert not get_user_model().objects.filter(username="newcomer").exists()
        screenshot(newcomer_page, f"club-sign-up-error-{language}")
        newcomer_page.get_by_label(words["password"], exact=True).fill("tabletop-1944")
        newcomer_page.get_by_label(words["confirm"]).fill("tabletop-1944")
        newcomer_page.get_by_role("button", name=words["submit"]).click()
        newcomer_page.wait_for_url(f"**/clubs/{club.pk}/")
        assert newcomer_page.get_by_role("status").inner_text() == words["welcome"]
        assert Membership.objects.get(user__username="newcomer").role == "player"
        screenshot(newcomer_page, f"club-joined-{language}")

        org_page.goto(f"{live_server.url}/clubs/{club.pk}/")
        org_page.get_by_text(words["change"], exact=True).click()
        org_page.get_by_label(words["new_role"]).select_option(label=words["organizer"])
        org_page.get_by_role("button", name=words["save"]).click()
        assert org_page.get_by_role("status").inner_text() == words["now"]
        assert Membership.objects.get(user__username="newcomer").role == "organizer"
        org_page.get_by_text(words["remove"], exact=True).click()
        screenshot(org_page, f"club-remove-confirm-{language}")
        org_page.get_by_role("button", name=words["yes"]).click()
        assert org_page.get_by_role("status").inner_text() == words["removed"]
        assert not Membership.objects.filter(user__username="newcomer").exists()
        screenshot(org_page, f"club-members-{language}")
    finally:
        org_page.context.close()
        newcomer_page.context.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_revoked_link_says_so(browser, live_server, club, organizer, signed_in, language):
    words = WORDS[language]
    page = new_page(browser, language)
    try:
        signed_in(page, organizer)
        page.goto(f"{live_server.url}/clubs/{club.pk}/")
        page.get_by_role("button", name=words["create"]).click()
        link = page.get_by_test_id("created-link").input_value()
        page.get_by_role("button", name=words["revoke"]).click()
        assert Invitation.objects.get().revoked
        page.context.clear_cookies()
        page.goto(link)
        assert page.get_by_role("alert").inner_text().startswith(words["expired"])
        assert not page.get_by_role("link", name=words["sign_up"]).count()
        screenshot(page, f"club-join-revoked-{language}")
    finally:
        page.context.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_invite_by_email_and_join_after_signing_in(
        browser, live_server, club, organizer, signed_in, language, mailoutbox):
    words = WORDS[language]
    get_user_model().objects.create_user("veteran", password="tabletop-1944")
    page = new_page(browser, language)
    try:
        signed_in(page, organizer)
        page.goto(f"{live_server.url}/clubs/{club.pk}/")
        page.get_by_label(words["email_optional"]).fill("veteran@example.org")
        page.get_by_role("button", name=words["create"]).click()
        page.get_by_test_id("created-link").wait_for()
        [message] = mailoutbox
        assert message.to == ["veteran@example.org"] and words["mail_subject"] in message.subject
        link = next(line for line in message.body.splitlines() if "/join/" in line).strip()
        assert link.endswith(f"/join/{Invitation.objects.get().token}/")

        page.context.clear_cookies()
        page.goto(link.replace("http://127.0.0.1:8000", live_server.url))
        page.get_by_role("link", name=words["sign_in"], exact=True).last.click()
        page.get_by_label(words["username"]).fill("veteran")
        page.get_by_label(words["password"], exact=True).fill("tabletop-1944")
        page.get_by_label(words["password"], exact=True).press("Enter")
        page.wait_for_url("**/join/**")
        screenshot(page, f"club-join-signed-in-{language}")
        page.get_by_role("button", name=words["join"], exact=True).click()
        page.wait_for_url(f"**/clubs/{club.pk}/")
        assert Membership.objects.get(user__username="veteran").role == "player"
    finally:
        page.context.close()
