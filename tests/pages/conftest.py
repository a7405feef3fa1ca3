"""Browser test harness: Debian's chromium driven by Playwright against pytest-django's live_server.

- `browser` is one chromium for the whole session (never a downloaded browser build).
- `page` is a fresh context per test (English unless the test asks for another locale).
- `signed_in(page, user)` puts a real Django session cookie into the context.
- `screenshot(page, name)` saves `<name>-phone.png` (390x844) and `<name>-desktop.png`
  (1280x800) into $TEST_ARTIFACTS_DIR (default: artifacts/screenshots in the repository) and
  checks that the phone layout has no horizontal scroll and breaks no word inside.
"""
import os
from pathlib import Path

import pytest

# Live-server tests end with Django's flush, which the append-only event table refuses: the
# event store's fixture opens the way for that flush only (docs/eventstore.md).
from eventstore.testing import eventstore_test_flush  # noqa: F401

# Playwright's sync API runs an event loop in the test thread; the ORM calls the tests make
# between page actions are still synchronous, so Django's async guard must stand aside.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
REPO = Path(__file__).resolve().parents[2]


def artifacts_dir() -> Path:
    folder = Path(os.environ.get("TEST_ARTIFACTS_DIR") or REPO / "artifacts" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def _new_page(browser, locale: str):
    context = browser.new_context(viewport=PHONE, locale=locale)
    context.set_default_timeout(10_000)
    return context.new_page()


@pytest.fixture
def page(browser):
    page = _new_page(browser, "en-US")
    yield page
    page.context.close()


@pytest.fixture
def ru_page(browser):
    """A browser whose Accept-Language asks for Russian."""
    page = _new_page(browser, "ru-RU")
    yield page
    page.context.close()


@pytest.fixture
def signed_in(live_server):
    """Sign `user` in without the form: a real session cookie from Django's test client."""
    from django.conf import settings
    from django.test import Client

    def sign_in(page, user):
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value, "url": live_server.url}]
        )
        return page

    return sign_in


def no_horizontal_scroll(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


UNLABELLED = """() => Array.from(document.querySelectorAll("input, select, textarea"))
  .filter(el => !["hidden", "submit", "button", "reset", "image"].includes(el.type) && !(el.labels && el.labels.length)
                && !el.getAttribute("aria-label") && !el.getAttribute("aria-labelledby"))
  .map(el => el.outerHTML.slice(0, 120))"""


def unlabelled_inputs(page) -> list[str]:
    """Form fields without a label (the pages promise a label on every input)."""
    return page.evaluate(UNLABELLED)


#: Words shown across two lines though they fit on one (broken inside, as CSS's
#: ``overflow-wrap: anywhere`` breaks them in narrow columns); a word longer than its whole
#: line may break.
BROKEN_WORDS = r"""() => {
  const out = [], range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, parent = node.parentElement;
    if (!parent || parent.closest("svg, script, style, .visually-hidden")) continue;
    const words = /\S+/g;
    let m;
    while ((m = words.exec(node.textContent))) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = Array.from(range.getClientRects()).filter(r => r.width > 0);
      if (new Set(rects.map(r => Math.round(r.bottom))).size < 2) continue;
      const width = rects.reduce((sum, r) => sum + r.width, 0);
      let box = parent;
      while (box.parentElement && getComputedStyle(box).display.startsWith("inline")) {
        box = box.parentElement;
      }
      if (width <= box.clientWidth) out.push(m[0]);
    }
  }
  return out;
}"""


def broken_words(page) -> list[str]:
    """The words the page breaks inside although they fit on a line (:data:`BROKEN_WORDS`)."""
    return page.evaluate(BROKEN_WORDS)


def screenshot(page, name: str) -> list[Path]:
    """Save full-page PNGs at phone and desktop width; the phone layout must not scroll
    sideways nor break a word inside, and every form field must have a label."""
    assert not unlabelled_inputs(page), f"{name}: unlabelled {unlabelled_inputs(page)}"
    folder = artifacts_dir()
    saved = []
    original = page.viewport_size
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        if label == "phone":
            width = page.evaluate("document.documentElement.scrollWidth")
            assert no_horizontal_scroll(page), f"{name}: {width}px wide at a 390px phone"
            assert not broken_words(page), f"{name}: words broken at 390px: {broken_words(page)}"
        path = folder / f"{name}-{label}.png"
        page.screenshot(path=str(path), full_page=True)
        saved.append(path)
    page.set_viewport_size(original)
    return saved


def head(battle) -> int:
    """The battle's stream version in the database now."""
    from battles.models import Battle

    return Battle.objects.get(pk=battle.pk).version


def answer_dice_until_done(page, battle, value_for) -> int:
    """Enter every die the page asks for with ``value_for(label)`` until no die is pending;
    returns how many dice forms were sent."""
    rounds = 0
    while page.locator("#pending input[data-sides]").count():
        version = head(battle)
        inputs = page.locator("#pending input[data-sides]")
        for i in range(inputs.count()):
            field = inputs.nth(i)
            label = page.locator(f"label[for='{field.get_attribute('id')}']").inner_text()
            field.fill(str(value_for(label)))
        inputs.last.press("Enter")
        page.locator(f"#event-{version + 1}").wait_for()
        rounds += 1
        assert rounds < 20
    return rounds
