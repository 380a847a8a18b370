"""The pages work under the Content-Security-Policy (no inline script, style or handler): nothing is refused."""

import pytest
from playwright.sync_api import expect

from tests.support.browser import new_movie_chat, send, sign_up

pytestmark = pytest.mark.browser

# Runs before any page script (injected by the browser's devtools, so the policy does not apply to it).
COLLECT_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " @" + e.sourceFile + ":" + e.lineNumber);
});
"""


def _violations(page) -> list[str]:
    return page.evaluate("() => window.__cspViolations")


def test_it_runs_every_page_without_a_content_security_policy_violation(page, live_server_url):
    page.context.add_init_script(COLLECT_VIOLATIONS)
    console = []
    page.on("console", lambda msg: console.append(msg.text) if "Content Security Policy" in msg.text else None)
    # Signing up unticks the greeting box on the Lists page, which saves itself (data-autosubmit, no onchange).
    sign_up(page, live_server_url, prefix="csp")
    assert _violations(page) == []
    new_movie_chat(page)
    send(page, "a tense 90s thriller")
    cards = page.locator(".card-pick")
    expect(cards).to_have_count(3)
    # The catalogue has no posters: each card's generated one takes its hue from data-hue (no style="").
    placeholder = page.locator(".poster.placeholder").first
    expect(placeholder).to_be_visible()
    hue = placeholder.get_attribute("data-hue")
    assert page.evaluate("(el) => el.style.getPropertyValue('--hue')", placeholder.element_handle()) == hue
    assert _violations(page) == []
    for path in ("/lists/", "/account/", "/api/docs"):
        page.goto(live_server_url + path)
        page.wait_for_load_state("networkidle")
        assert _violations(page) == [], path
    expect(page.locator(".swagger-ui")).to_be_visible()
    assert console == []
