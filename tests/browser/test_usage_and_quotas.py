"""Usage as a person sees it: an answer's tokens and cost on hover, the account page's totals, and a
message refused past the daily token quota (set through the server's env), its text kept in the box."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.fakes.openai_server import text, tool_call
from tests.support.browser import (
    DESKTOP,
    PHONE,
    RUN_DIR,
    SHOTS,
    new_movie_chat,
    send,
    shoot,
    sign_up,
    start_server,
    stop_server,
)

pytestmark = pytest.mark.browser

QUOTA = 3000
LOG = RUN_DIR / "quota-planner.jsonl"


@pytest.fixture(scope="module")
def quota_server_url(migrated_db, _fake_openai_session):
    """The OpenAI path against the fake, with a small daily token quota and the planner log on."""
    server = start_server(
        "quota",
        migrated_db,
        OPENAI_API_KEY="sk-e2e-secret-key-0123456789",
        OPENAI_BASE_URL=_fake_openai_session.base_url,
        PLANNER_RETRY_BUDGET="30",
        OPENAI_TIMEOUT="30",
        USER_DAILY_TOKEN_QUOTA=str(QUOTA),
        PLANNER_LOG_PATH=str(LOG),
    )
    yield server.url
    stop_server(server)


def test_it_shows_usage_on_hover_then_refuses_past_the_daily_quota(new_page, quota_server_url, fake_openai):
    page = new_page()
    fake_openai.enqueue(
        tool_call("decide_mode", {"mode": "A", "reason": "a question"}, usage={"input": 900, "output": 40}),
        text(
            "Fargo was directed by Joel and Ethan Coen.",
            usage={"input": 2100, "cached": 1536, "output": 180, "reasoning": 128},
        ),
    )
    sign_up(page, quota_server_url, "quota")
    new_movie_chat(page)
    send(page, "who directed Fargo?")
    answer = page.locator(".msg.assistant")
    expect(answer).to_have_attribute("data-status", "complete", timeout=15_000)

    usage = answer.locator(".msg-usage")
    expect(usage).to_have_text("3,220 tokens · $0.003002")  # 3,000 in + 220 out; gpt-5-mini + gpt-5 prices
    expect(usage).to_have_css("opacity", "0")  # quiet until the answer is hovered
    answer.hover()
    expect(usage).to_have_css("opacity", "1")
    expect(usage).to_have_attribute(
        "title",
        re.compile(r"^3,000 input tokens \(1,536 cached\) · 220 output tokens \(128 reasoning\) · 2 planner calls"),
    )
    shoot(page, "usage-hover")

    # At phone width (no hover there) the answer's foot wraps instead of overflowing.
    page.set_viewport_size(PHONE)
    foot = answer.locator(".msg-foot")
    box = foot.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"]
    shoot(page, "usage-phone")
    page.set_viewport_size(DESKTOP)

    # 3,220 tokens today is past the 3,000 quota: the next message is refused, nothing is sent to "OpenAI".
    calls_before = len(fake_openai.requests)
    send(page, "and who directed Heat?")
    error = page.locator("#composer-error")
    expect(error).to_contain_text("today's allowance of 3,000 tokens")
    expect(error).to_contain_text("3,220 used")
    expect(page.locator("#composer-text")).to_have_value("and who directed Heat?")
    expect(page.locator(".msg.user")).to_have_count(1)
    assert len(fake_openai.requests) == calls_before
    shoot(page, "quota-refused")

    page.goto(f"{quota_server_url}/account/")
    expect(page.locator("#usage-today")).to_contain_text("3,220 tokens of 3,000")
    expect(page.locator("#usage-days tbody tr")).to_have_count(1)
    expect(page.locator("#usage-chats tbody tr").first).to_contain_text("who directed Fargo?")
    page.locator("#usage").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "account-usage.png"), full_page=True)

    lines = [json.loads(line) for line in LOG.read_text().splitlines()]
    assert [line["purpose"] for line in lines[-2:]] == ["decide_mode", "movies.answer"]
    assert "sk-e2e-secret-key" not in LOG.read_text()
