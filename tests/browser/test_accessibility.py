"""Every page a person uses passes axe-core's WCAG 2.1 A/AA and best-practice rules, in the page as served
(its Content Security Policy in force): the login and sign-up forms, the chat list, a movie chat with picks, the
lists, the account page, an image chat with its five columns, the search page and the 404 page.

axe-core (vendored in tests/support/vendor by `make vendor`) is run by the page itself through Playwright's
evaluate, which a page's CSP does not govern."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.support.browser import new_movie_chat, send, sign_up
from tests.support.image_page import ask, five_done

pytestmark = pytest.mark.browser

AXE = (Path(__file__).parent.parent / "support" / "vendor" / "axe.min.js").read_text()
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def violations(page) -> list[str]:
    """axe-core's violations on the page as it stands: "impact rule-id: help (where)"."""
    page.evaluate(AXE + "\n;0")
    found = page.evaluate(
        "async rules => (await axe.run(document, {runOnly: rules})).violations"
        ".map(v => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')})`)",
        RULES,
    )
    return found


def test_every_page_passes_axe(page, live_server_url, portrait):
    seen = {}
    for path in ("/login/", "/signup/"):
        page.goto(live_server_url + path)
        seen[path] = violations(page)
    sign_up(page, live_server_url, prefix="axe")
    seen["chat list"] = violations(page)
    new_movie_chat(page)
    send(page, "a tense 90s thriller")
    expect(page.locator(".card-pick")).to_have_count(3)
    seen["movie chat"] = violations(page)
    for path in ("/lists/", "/account/", "/search/?q=thriller", "/no-such-page/"):
        page.goto(live_server_url + path)
        seen[path] = violations(page)
    page.goto(live_server_url + "/")
    page.get_by_role("button", name="New image chat").click()
    expect(page.locator("body[data-ws=open]")).to_have_count(1)
    ask(page, "warmer and punchier", photo=portrait)
    five_done(page, 0)
    seen["image chat"] = violations(page)
    for theme in ("light", "dark"):  # colour contrast in both themes, whatever the system's
        page.evaluate("t => { document.documentElement.dataset.theme = t }", theme)
        seen[f"image chat, {theme}"] = violations(page)
        page.goto(live_server_url + "/")
        page.evaluate("t => { document.documentElement.dataset.theme = t }", theme)
        seen[f"chat list, {theme}"] = violations(page)
        page.go_back()
    assert {name: found for name, found in seen.items() if found} == {}
