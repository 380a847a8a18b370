"""A page whose server restarts reconnects with what it has seen (?since=) and re-renders nothing untouched."""

import time

import pytest
from playwright.sync_api import expect

from tests.support.browser import new_movie_chat, send, sign_up, start_server, stop_server, wait_connected

pytestmark = pytest.mark.browser


@pytest.fixture
def restartable_server(migrated_db):
    """A server of this test's own, so restarting it (same port, same database) disturbs no other test."""
    server = start_server("resync", migrated_db)
    yield server
    stop_server(server)


def test_it_keeps_untouched_messages_on_the_page_across_a_server_restart(page, restartable_server):
    sign_up(page, restartable_server.url)
    new_movie_chat(page)
    send(page, "a tense 90s thriller")
    expect(page.locator(".msg.assistant").first).to_have_attribute("data-status", "complete", timeout=20_000)
    time.sleep(2.5)  # past the resync's slack: the first turn is now older than anything the page sees next
    send(page, "something lighter, a comedy")
    expect(page.locator(".msg.assistant")).to_have_count(2)
    expect(page.locator(".msg.assistant").nth(1)).to_have_attribute("data-status", "complete", timeout=20_000)
    # Marks only this page's JS sets: a re-rendered (swapped) message would lose them.
    page.locator(".msg").first.evaluate("el => { el.dataset.seen = 'yes'; }")
    page.locator(".msg.assistant").first.evaluate("el => { el.dataset.seen = 'yes'; }")

    restartable_server.stop()  # the socket drops (1006) and the page retries
    expect(page.locator("body")).to_have_attribute("data-ws", "closed", timeout=10_000)
    restartable_server.start()
    wait_connected(page)

    expect(page.locator(".msg.user")).to_have_count(2)
    expect(page.locator(".msg.assistant")).to_have_count(2)
    expect(page.locator(".msg").first).to_have_attribute("data-seen", "yes")
    expect(page.locator(".msg.assistant").first).to_have_attribute("data-seen", "yes")
    # …and the chat works as before the restart.
    send(page, "one more, a documentary")
    expect(page.locator(".msg.assistant")).to_have_count(3)
    expect(page.locator(".msg.assistant").nth(2)).to_have_attribute("data-status", "complete", timeout=20_000)
    expect(page.locator(".msg").first).to_have_attribute("data-seen", "yes")


def test_it_tries_to_reconnect_at_least_every_four_seconds(page, restartable_server):
    # htmx's default backoff grows to 64 s: a page could wait a minute after a server restart of a few seconds.
    sign_up(page, restartable_server.url)
    new_movie_chat(page)
    wait_connected(page)
    waits = page.evaluate("[0, 1, 2, 3, 6, 20].map(n => htmx.config.wsReconnectDelay(n))")
    assert all(0 < w <= 4000 for w in waits), waits
    assert waits[0] <= 500 and waits[-1] >= 2000, waits  # short at first, then capped (half of it random)
