"""A person using the movie chat in Chromium against the default app (offline rule planner)."""

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import (
    PHONE,
    new_movie_chat,
    send,
    shoot,
    sign_up,
    wait_connected,
)

pytestmark = pytest.mark.browser

ASK = "a tense 90s thriller, nothing with Tom Cruise"


def expect_three_picks(page) -> list[dict]:
    """Exactly three finished pick cards, each with a title, a year and a reason; Send is back."""
    cards = page.locator(".card-pick")
    expect(cards).to_have_count(3)
    expect(page.locator("#send-button")).to_be_visible()
    expect(page.locator("#stop-button")).to_have_count(0)
    expect(page.locator(".pick.slot")).to_have_count(0)
    picks = []
    for i in range(3):
        card = cards.nth(i)
        title = card.locator(".pick-title").inner_text().strip()
        year = card.locator(".pick-title .year").inner_text().strip()
        reason = card.locator(".reason").inner_text().strip()
        assert title and reason, f"card {i} lacks a title or reason: {card.inner_html()}"
        assert re.fullmatch(r"\(\d{4}\)", year), f"card {i} year looks wrong: {year!r}"
        picks.append({"title": title, "year": int(year[1:5]), "reason": reason})
    return picks


def test_it_recommends_three_films_after_signing_up_and_asking(page, live_server_url):
    sign_up(page, live_server_url)
    new_movie_chat(page)
    expect(page.locator("#chat-title")).to_have_text("New chat")

    send(page, ASK)
    # The person's own message shows at once, and the box empties for the next one.
    expect(page.locator(".msg.user .bubble")).to_contain_text(ASK, timeout=2_000)
    expect(page.locator("#composer-text")).to_have_value("")

    picks = expect_three_picks(page)
    assert all(1990 <= p["year"] <= 1999 for p in picks), f"asked for the 90s, got {picks}"
    assistant = page.locator(".msg.assistant")
    expect(assistant).to_have_count(1)
    expect(assistant).to_have_attribute("data-status", "complete")
    expect(assistant.locator(".text")).not_to_be_empty()
    expect(page.locator("#counter")).to_have_text(re.compile(r"^0 / \d+$"))
    shoot(page, "chat-three-cards-desktop")
    shoot(page, "chat-three-cards-desktop-top", at="top")

    # A second message with the button instead of Enter works the same way.
    send(page, "something lighter, a comedy", enter=False)
    expect(page.locator(".msg.user")).to_have_count(2)
    expect(page.locator(".msg.assistant")).to_have_count(2)
    expect(page.locator(".msg.assistant").nth(1)).to_have_attribute("data-status", "complete")
    expect(page.locator("#send-button")).to_be_visible()

    # The chat list now names the chat after the first message.
    page.get_by_role("link", name="All chats").click()
    expect(page.locator(".chat-row .chat-title").first).to_contain_text("a tense 90s thriller")


def test_it_answers_a_question_in_words_streamed_from_the_rule_planner(page, live_server_url):
    sign_up(page, live_server_url)
    new_movie_chat(page)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    page.reload()  # reconnect so the frame recorder sees this socket
    wait_connected(page)
    expect(page.locator("#composer-text")).to_be_focused()  # a keyboard user can type at once

    send(page, "who directed Fargo?")
    answer = page.locator(".msg.assistant")
    expect(answer).to_have_attribute("data-status", "complete")
    expect(answer.locator(".text")).to_contain_text("Joel Coen")
    expect(page.locator(".card-pick")).to_have_count(0)
    expect(page.locator("#send-button")).to_be_visible()
    deltas = [f for f in frames if 'hx-swap-oob="beforeend"' in f and 'id="text-' in f]
    assert deltas, f"the answer was not streamed as text deltas; frames: {frames}"


def test_it_greets_a_new_chat_with_three_picks_and_then_answers(page, live_server_url):
    sign_up(page, live_server_url, greeting=True)  # the default for a new account
    new_movie_chat(page)
    greeting = page.locator(".msg.assistant").first
    expect(greeting).to_have_attribute("data-status", "complete")
    expect(greeting.locator(".card-pick")).to_have_count(3)
    expect(page.locator(".msg.user")).to_have_count(0)
    expect(page.locator("#send-button")).to_be_visible()

    send(page, "who directed Fargo?")
    expect(page.locator(".msg.user")).to_have_count(1)
    answer = page.locator(".msg.assistant").nth(1)
    expect(answer).to_have_attribute("data-status", "complete")
    expect(answer.locator(".text")).to_contain_text("Joel Coen")
    # A reload shows the same conversation, and does not greet a second time.
    page.reload()
    wait_connected(page)
    page.wait_for_timeout(300)
    expect(page.locator(".msg.assistant")).to_have_count(2)
    expect(page.locator(".card-pick")).to_have_count(3)


def test_it_counts_characters_and_refuses_empty_or_overlong_messages(page, live_server_url):
    sign_up(page, live_server_url)
    new_movie_chat(page)
    box = page.locator("#composer-text")
    counter = page.locator("#counter")
    max_chars = int(box.get_attribute("data-max"))
    assert box.get_attribute("maxlength") is None  # a paste is never silently cut
    expect(counter).to_have_text(f"0 / {max_chars}")

    box.press_sequentially("hello")
    expect(counter).to_have_text(f"5 / {max_chars}")
    box.press("Shift+Enter")  # a new line, not a send
    box.press_sequentially("there")
    expect(counter).to_have_text(f"11 / {max_chars}")
    expect(page.locator(".msg")).to_have_count(0)

    # Pasting too much keeps every character, and the counter says it is over the limit.
    box.fill("x" * (max_chars + 50))
    assert len(box.input_value()) == max_chars + 50
    expect(counter).to_have_text(f"{max_chars + 50} / {max_chars}")
    expect(counter).to_have_class(re.compile(r"\bover\b"))

    # An empty box: the browser refuses to send and says why; nothing reaches the chat.
    box.fill("")
    box.press("Enter")
    assert box.evaluate("el => !el.validity.valid && el.validationMessage.length > 0")
    page.locator("#send-button").click()
    page.wait_for_timeout(300)
    expect(page.locator(".msg")).to_have_count(0)

    # Only spaces: the server refuses with a visible message, and the text stays in the box.
    box.fill("   ")
    box.press("Enter")
    expect(page.locator("#composer-error")).to_have_text(re.compile(r"\S"))
    expect(page.locator("#composer-error")).to_be_visible()
    expect(box).to_have_value("   ")
    expect(page.locator(".msg")).to_have_count(0)

    # An overlong message is refused with the limit, and nothing typed is lost.
    box.fill("y" * (max_chars + 1))
    page.locator("#send-button").click()
    expect(page.locator("#composer-error")).to_contain_text(f"the limit is {max_chars:,}")
    assert len(box.input_value()) == max_chars + 1
    expect(page.locator(".msg")).to_have_count(0)
    # Editing the text clears the complaint.
    box.press("Backspace")
    expect(page.locator("#composer-error")).to_have_text("")

    # A good message then goes through and clears the error.
    box.fill("who directed Fargo?")
    box.press("Enter")
    expect(page.locator(".msg.user")).to_have_count(1)
    expect(page.locator("#send-button")).to_be_visible()
    expect(page.locator("#composer-error")).to_have_text("")


def test_it_keeps_another_persons_chat_private(new_page, live_server_url):
    owner = new_page()
    sign_up(owner, live_server_url, prefix="owner")
    chat_id = new_movie_chat(owner)
    send(owner, "who directed Fargo?")
    expect(owner.locator(".msg.assistant")).to_have_attribute("data-status", "complete")
    chat_url = f"{live_server_url}/chats/{chat_id}/"
    ws_url = live_server_url.replace("http://", "ws://") + f"/ws/chats/{chat_id}/"
    open_socket = """url => new Promise(resolve => {
        const ws = new WebSocket(url);
        // The server greets an accepted socket with the chat's state; a refused one is closed.
        ws.onmessage = () => { ws.close(); resolve("open"); };
        ws.onclose = e => resolve("closed:" + e.code);
        setTimeout(() => resolve("timeout"), 5000);
    })"""

    other = new_page()
    sign_up(other, live_server_url, prefix="other")
    response = other.goto(chat_url)
    assert response.status == 404
    shoot(other, "other-persons-chat-404")
    expect(other.locator("#composer-text")).to_have_count(0)
    expect(other.get_by_text("who directed Fargo?")).to_have_count(0)
    expect(other.get_by_text("Joel Coen")).to_have_count(0)

    other.goto(live_server_url + "/")
    expect(other.locator(".chat-row")).to_have_count(0)
    refused = other.evaluate(open_socket, ws_url)
    assert refused == "closed:4403", refused
    # The same socket opens for its owner, so the refusal above is about who asks.
    assert owner.evaluate(open_socket, ws_url) == "open"
    # Their attempts changed nothing for the owner.
    owner.reload()
    expect(owner.locator(".msg")).to_have_count(2)


def assert_no_horizontal_scroll(page) -> None:
    widths = page.evaluate(
        "() => ({doc: document.documentElement.scrollWidth, body: document.body.scrollWidth,"
        " view: document.documentElement.clientWidth})"
    )
    assert widths["doc"] <= widths["view"] and widths["body"] <= widths["view"], f"horizontal scroll: {widths}"


def test_it_fits_a_phone_screen_with_cards_stacked(new_page, live_server_url):
    page = new_page(PHONE)
    sign_up(page, live_server_url, prefix="phone")
    shoot(page, "chat-list-empty-phone")
    new_movie_chat(page)
    send(page, ASK)
    expect_three_picks(page)
    page.wait_for_timeout(200)  # let the autoscroll settle before measuring

    assert_no_horizontal_scroll(page)
    boxes = [page.locator(".card-pick").nth(i).bounding_box() for i in range(3)]
    for upper, lower in zip(boxes, boxes[1:], strict=False):
        assert lower["y"] >= upper["y"] + upper["height"] - 1, f"cards overlap or sit side by side: {boxes}"
        assert abs(lower["x"] - upper["x"]) < 2, f"cards are not in one column: {boxes}"
    for b in boxes:
        assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"], f"a card overflows the screen: {b}"
    composer = page.locator("#composer").bounding_box()
    assert composer["x"] >= 0 and composer["x"] + composer["width"] <= PHONE["width"], composer
    shoot(page, "chat-three-cards-phone")
    shoot(page, "chat-three-cards-phone-top", at="top")
    page.get_by_role("link", name="All chats").click()
    expect(page.locator(".chat-row")).to_have_count(1)
    shoot(page, "chat-list-phone")
    assert_no_horizontal_scroll(page)


def test_it_says_why_a_blank_rename_is_refused_and_keeps_the_title(page, live_server_url):
    sign_up(page, live_server_url, prefix="rename")
    new_movie_chat(page)
    send(page, "who directed Fargo?")
    expect(page.locator(".msg.assistant")).to_have_attribute("data-status", "complete")
    page.get_by_role("link", name="All chats").click()
    row = page.locator(".chat-row").first
    title = row.locator(".chat-title").inner_text()
    row.get_by_label("Chat actions").click()
    row.get_by_label("New title").fill("   ")
    row.get_by_role("button", name="Rename").click()
    expect(row.get_by_role("alert")).to_have_text("A chat title cannot be empty.")
    expect(row.get_by_label("New title")).to_have_value(title)  # the old title is back in the box
    expect(row.locator(".chat-title")).to_have_text(title)
    row.get_by_label("New title").fill("Fargo night")
    row.get_by_role("button", name="Rename").click()
    expect(row.locator(".chat-title")).to_have_text("Fargo night")
    expect(row.get_by_role("alert")).to_have_count(0)


def test_it_gives_titles_room_keeps_the_edit_box_tight_and_heads_the_lists_page(new_page, live_server_url):
    page = new_page(PHONE)
    sign_up(page, live_server_url, prefix="layout")
    new_movie_chat(page)
    send(page, ASK)
    expect_three_picks(page)

    # The open Edit box sits right under its summary, with no blank lines around the form.
    page.locator(".msg.user .edit-box summary").click()
    summary = page.locator(".msg.user .edit-box summary").bounding_box()
    box = page.locator(".msg.user .edit-form textarea").bounding_box()
    button = page.get_by_role("button", name="Save and regenerate").bounding_box()
    bubble = page.locator(".msg.user .bubble").bounding_box()
    assert box["y"] - (summary["y"] + summary["height"]) < 16, (summary, box)
    assert (bubble["y"] + bubble["height"]) - (button["y"] + button["height"]) < 24, (bubble, button)
    shoot(page, "edit-open-phone")

    # On a phone the chat's title gets the row's width; the time goes on its own line.
    page.get_by_role("link", name="All chats").click()
    # Measured once the list has loaded (a busy machine can still be showing the chat page when the click returns),
    # its stylesheet included: an element can be found, and measured, before the sheet's revalidation has finished.
    expect(page).to_have_url(live_server_url + "/")
    page.wait_for_load_state("load")
    expect(page.locator(".chat-row .chat-title").first).to_be_visible()
    # All three in one frame: measured one by one, a scroll between two reads (a loaded machine) moved them apart.
    row, title, when = page.evaluate(
        """() => ['.chat-row', '.chat-row .chat-title', '.chat-row time'].map(s => {
            const r = document.querySelector(s).getBoundingClientRect();
            return {x: r.x, y: r.y, width: r.width, height: r.height};
        })"""
    )
    assert title["width"] >= 0.6 * row["width"], (title, row)
    assert when["y"] >= title["y"] + title["height"] - 1, (title, when)
    shoot(page, "chat-list-titles-phone", at="top")

    page.goto(live_server_url + "/lists/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Your lists")
    shoot(page, "lists-heading-phone", at="top")


def test_it_keeps_a_right_to_left_override_in_a_title_or_message_to_itself(page, live_server_url):
    sign_up(page, live_server_url, prefix="bidi")
    new_movie_chat(page)
    send(page, "\u202eFargo please")
    expect(page.locator(".msg.assistant")).to_have_attribute("data-status", "complete")
    isolation = """s => getComputedStyle(document.querySelector(s)).unicodeBidi"""
    assert page.evaluate(isolation, ".msg.user .bubble") == "plaintext"
    assert page.evaluate(isolation, "#chat-title") == "isolate"
    assert page.evaluate(isolation, ".side-title") == "isolate"
    page.get_by_role("link", name="All chats").click()
    expect(page).to_have_url(live_server_url + "/")
    page.wait_for_load_state("load")  # styles are read once the page's stylesheet has arrived
    assert page.evaluate(isolation, ".chat-row .chat-title") == "isolate"
