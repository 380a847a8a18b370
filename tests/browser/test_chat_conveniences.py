"""What people expect of a chat page: it follows the new exchange, offers "jump to latest", copies an
answer, shows times, answers the keyboard (Esc, ↑, ?) and keeps a message sent while disconnected."""

import re

import pytest
from playwright.sync_api import expect

from tests.fakes.openai_server import hang
from tests.support.browser import new_movie_chat, send, shoot, sign_up, start_server, stop_server, wait_connected

pytestmark = pytest.mark.browser

AT_BOTTOM = "() => document.body.scrollHeight - (innerHeight + scrollY) < 160"


def fill_chat(page, asks=("a tense 90s thriller", "a warm family comedy", "a slow sci-fi film")) -> None:
    """A chat taller than the screen: three answers with three cards each."""
    for n, ask in enumerate(asks, start=1):
        send(page, ask)
        expect(page.locator(".msg.assistant[data-status=complete]")).to_have_count(n)


def in_viewport(locator) -> bool:
    return locator.evaluate(
        "el => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }"
    )


def test_it_scrolls_to_the_new_exchange_on_send_and_offers_jump_to_latest(page, live_server_url):
    sign_up(page, live_server_url)
    new_movie_chat(page)
    fill_chat(page)
    jump = page.locator("#jump-latest")
    expect(jump).to_be_hidden()  # at the latest message: nothing to jump to

    # Scrolled up to read: the page offers a way back, and a new answer does not pull it down.
    page.evaluate("() => window.scrollTo(0, 0)")
    expect(jump).to_be_visible()
    shoot_here(page, "chat-jump-to-latest-desktop")
    jump.click()
    page.wait_for_function(AT_BOTTOM)
    expect(jump).to_be_hidden()

    # Scrolled up again, Enter sends, and the page goes to the new exchange and follows the answer.
    page.evaluate("() => window.scrollTo(0, 0)")
    expect(jump).to_be_visible()
    page.locator("#composer-text").fill("something with dinosaurs")
    page.locator("#composer-text").press("Enter")
    expect(page.locator(".msg.assistant[data-status=complete]")).to_have_count(4)
    page.wait_for_function(AT_BOTTOM)
    assert in_viewport(page.locator(".msg.assistant").last)
    expect(jump).to_be_hidden()


def shoot_here(page, name: str) -> None:
    """A screenshot of the viewport as it is (shoot() scrolls to the bottom first)."""
    from tests.support.browser import SHOTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_it_copies_an_answer_and_shows_when_each_message_was_sent(page, live_server_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server_url)
    sign_up(page, live_server_url)
    new_movie_chat(page)
    send(page, "a tense 90s thriller")
    answer = page.locator(".msg.assistant")
    expect(answer).to_have_attribute("data-status", "complete")
    titles = answer.locator(".pick-title").all_inner_texts()

    answer.get_by_role("button", name="Copy").click()
    expect(answer.locator(".copy-btn")).to_have_text("Copied ✓")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    for title in titles:
        assert title in copied, f"{title!r} missing from the copied text {copied!r}"
    expect(answer.locator(".copy-btn")).to_have_text("Copy", timeout=4_000)

    # Relative on the page, the exact time on hover.
    for time in (page.locator(".msg.user .msg-time"), answer.locator(".msg-time")):
        expect(time).to_have_text("just now")
        expect(time).to_have_attribute("title", re.compile(r"\d{4}.*\d{1,2}:\d{2}:\d{2}"))
    shoot(page, "chat-copy-and-times-desktop")


def test_it_opens_the_last_message_for_editing_on_arrow_up_and_lists_the_shortcuts_on_question_mark(
    page, live_server_url
):
    sign_up(page, live_server_url)
    new_movie_chat(page)
    send(page, "who directed Fargo?")
    expect(page.locator(".msg.assistant")).to_have_attribute("data-status", "complete")

    box = page.locator("#composer-text")
    box.press("ArrowUp")
    edit = page.locator(".msg.user details.edit-box")
    expect(edit).to_have_attribute("open", "")
    expect(edit.locator("textarea")).to_be_focused()
    expect(edit.locator("textarea")).to_have_value("who directed Fargo?")
    page.keyboard.press("Escape")  # closes the Edit box, back to the composer
    expect(edit).not_to_have_attribute("open", "")
    expect(box).to_be_focused()

    box.fill("draft")
    box.press("ArrowUp")  # not empty: ↑ moves the caret, nothing opens
    expect(edit).not_to_have_attribute("open", "")

    page.locator("body").click(position={"x": 5, "y": 300})  # out of the box: ? is a shortcut, not a character
    page.keyboard.press("?")
    dialog = page.locator("#shortcuts")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Esc")
    shoot_here(page, "chat-shortcuts-desktop")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(box).to_have_value("draft")


def test_it_stops_a_running_answer_on_escape(page, openai_server_url, fake_openai):
    fake_openai.enqueue(hang(20))
    sign_up(page, openai_server_url)
    new_movie_chat(page)
    send(page, "recommend something")
    expect(page.locator("#stop-button")).to_be_visible()
    page.keyboard.press("Escape")
    answer = page.locator(".msg.assistant")
    expect(answer).to_have_attribute("data-status", "stopped")
    expect(answer.locator(".status")).to_have_text("Stopped.")
    expect(page.locator("#send-button")).to_be_visible()


def test_it_queues_a_message_typed_while_disconnected_and_sends_it_on_reconnect(new_page, migrated_db):
    server = start_server("reconnect", migrated_db)
    try:
        page = new_page()
        sign_up(page, server.url)
        new_movie_chat(page)
        banner = page.locator("#conn-banner")
        expect(banner).to_be_hidden()

        server.stop()  # the connection drops
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("Connection lost")
        send(page, "who directed Fargo?")
        note = page.locator("#queued-note")
        expect(note).to_be_visible()
        expect(note).to_contain_text("sent as soon as the connection is back")
        expect(page.locator("#composer-text")).to_have_value("who directed Fargo?")  # nothing lost
        expect(page.locator(".msg.user")).to_have_count(0)
        send(page, "who directed Fargo?")  # a second try is not queued twice
        expect(note).to_contain_text("already waiting")
        shoot_here(page, "chat-disconnected-queued-desktop")

        server.start()  # same port: the page reconnects by itself and sends the waiting message
        expect(banner).to_be_hidden(timeout=25_000)
        expect(page.locator(".msg.user")).to_have_count(1)
        expect(page.locator(".msg.assistant")).to_have_attribute("data-status", "complete")
        expect(page.locator(".msg.assistant .text")).to_contain_text("Joel Coen")
        expect(note).to_contain_text("sent")
        expect(page.locator("#composer-text")).to_have_value("")
    finally:
        stop_server(server)


def test_it_says_the_chat_was_deleted_when_another_tab_deletes_it_and_stops_reconnecting(page, live_server_url):
    sign_up(page, live_server_url)
    chat_id = new_movie_chat(page)
    other_tab = page.context.new_page()
    other_tab.goto(live_server_url + "/")
    other_tab.once("dialog", lambda dialog: dialog.accept())  # "Delete this chat and its messages?"
    other_tab.locator(f"#chat-row-{chat_id} summary").click()  # the row's ⋯ actions
    other_tab.locator(f"#chat-row-{chat_id} button.danger").click()
    expect(other_tab.locator(f"#chat-row-{chat_id}")).to_have_count(0)

    banner = page.locator("#conn-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("This chat was deleted.")
    expect(page.locator("body")).to_have_attribute("data-ws", "gone")
    page.wait_for_timeout(1500)  # past the first reconnect delays: the page has not tried again
    expect(page.locator("body")).to_have_attribute("data-ws", "gone")
    expect(banner).to_contain_text("This chat was deleted.")
    other_tab.close()


def test_it_fits_the_conveniences_on_a_phone(new_page, live_server_url):
    page = new_page({"width": 375, "height": 740})
    sign_up(page, live_server_url)
    new_movie_chat(page)
    wait_connected(page)
    fill_chat(page, asks=("a tense 90s thriller", "a warm family comedy"))
    page.evaluate("() => window.scrollTo(0, 0)")
    jump = page.locator("#jump-latest")
    expect(jump).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
    box = jump.bounding_box()
    assert 0 <= box["x"] and box["x"] + box["width"] <= 375
    shoot_here(page, "chat-jump-to-latest-phone")
    jump.click()
    page.wait_for_function(AT_BOTTOM)
    expect(page.locator(".msg.assistant").last.locator(".copy-btn")).to_be_visible()
    shoot(page, "chat-copy-and-times-phone")


def test_it_says_so_when_a_row_action_is_refused_or_never_reaches_the_server(page, live_server_url):
    sign_up(page, live_server_url, prefix="refused")
    chat_id = new_movie_chat(page)
    page.goto(live_server_url + "/")
    page.wait_for_load_state("load")
    row, alert = page.locator(f"#chat-row-{chat_id}"), page.locator("#page-alert")
    expect(alert).to_be_hidden()
    page.context.clear_cookies(name="csrftoken")  # the session changed in another tab: this page is out of date
    row.get_by_label("Chat actions").click()
    row.get_by_role("button", name="Pin", exact=True).click()
    expect(alert).to_be_visible()
    expect(alert).to_have_attribute("role", "alert")  # read out as it appears
    expect(alert).to_contain_text("This page is out of date")  # the server's words (403 JSON for htmx)
    expect(row.get_by_role("button", name="Pin", exact=True)).to_be_visible()  # nothing changed
    shoot(page, "row-action-refused")
    alert.get_by_role("button", name="Dismiss").click()
    expect(alert).to_be_hidden()

    page.route(f"**/chats/{chat_id}/pin/", lambda route: route.abort())  # the connection drops
    row.get_by_role("button", name="Pin", exact=True).click()
    expect(alert).to_contain_text("did not reach the server")
