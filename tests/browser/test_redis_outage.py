"""Redis briefly unavailable while a turn runs: the page says it is reconnecting, comes back by itself once
Redis is, and shows the answer the turn stored meanwhile; nothing the user sent is lost, no error page.

The server under test is a real daphne with REDIS_URL pointing at a Redis of this test's own (a free port,
nothing saved to disk), stopped for about two seconds in the middle of the turn and started again.
"""

import time
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.fakes.openai_server import text, tool_call
from tests.support.browser import new_movie_chat, send, sign_up, start_server, stop_server, wait_connected
from tests.support.faults import own_redis, redis_available

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not redis_available(), reason="no redis-server")]


@pytest.fixture
def redis():
    with own_redis() as server:
        yield server


@pytest.fixture
def redis_server_url(migrated_db, redis, fake_openai):
    """The app on Redis (REDIS_URL) and the fake OpenAI: a server of this test's own."""
    server = start_server(
        "redis-outage",
        migrated_db,
        REDIS_URL=redis.url,
        OPENAI_API_KEY="test-key",
        OPENAI_BASE_URL=fake_openai.base_url,
        PLANNER_RETRY_BUDGET="30",
        OPENAI_TIMEOUT="30",
    )
    yield server.url
    stop_server(server)


def test_it_says_reconnecting_while_redis_is_down_and_shows_the_stored_answer_after(
    page, redis_server_url, redis, fake_openai
):
    sign_up(page, redis_server_url)
    chat_id = new_movie_chat(page)
    # The model's first reply is held until Redis is gone: the turn then goes on without it.
    decided = fake_openai.enqueue_held(tool_call("decide_mode", {"mode": "A", "reason": "a question"}))
    fake_openai.enqueue(text("Joel and Ethan Coen directed Fargo."))
    send(page, "who directed Fargo?")
    expect(page.locator(".msg.user")).to_have_count(1)
    expect(page.locator("#stop-button")).to_be_visible()
    assert fake_openai.held.wait(20), "the turn never asked the model"

    redis.stop()
    banner = page.locator("#conn-banner")
    expect(banner).to_be_visible(timeout=10_000)
    expect(banner).to_contain_text("Reconnecting")
    expect(page.locator("body")).to_have_attribute("data-ws", "closed")
    decided.set()  # the turn runs on and ends while Redis is away: its events go nowhere
    time.sleep(2)  # Redis stays away for a while
    redis.start()

    wait_connected(page)
    expect(banner).to_be_hidden(timeout=20_000)
    assistant = page.locator(".msg.assistant")
    expect(assistant).to_have_attribute("data-status", "complete", timeout=30_000)
    expect(assistant).to_contain_text("Joel and Ethan Coen directed Fargo.")
    expect(page.locator(".msg.user")).to_have_count(1)
    expect(page.locator(".msg.user")).to_contain_text("who directed Fargo?")
    expect(page.locator("#send-button")).to_be_visible()
    with urllib.request.urlopen(f"{redis_server_url}/login/") as response:  # no error page anywhere
        assert response.status == 200

    # The chat goes on: the next turn's events arrive live again.
    fake_openai.enqueue(tool_call("decide_mode", {"mode": "A", "reason": "a question"}), text("Frances McDormand."))
    send(page, "and who starred?")
    expect(page.locator(".msg.assistant")).to_have_count(2)
    expect(page.locator(".msg.assistant").nth(1)).to_have_attribute("data-status", "complete", timeout=30_000)
    expect(page.locator(".msg.assistant").nth(1)).to_contain_text("Frances McDormand.")
    html = page.reload().text()
    assert html.count('data-status="complete"') == 2 and chat_id
