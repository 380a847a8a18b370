"""Slow and stopped turns, through the product's real OpenAI path against a local fake OpenAI.

The fake answers in scripted time (`enqueue_after`) or not at all (`hang`), so the browser can
reload mid-turn or press Stop while the server is still waiting on "OpenAI".
"""

import re

import pytest
from playwright.sync_api import expect

from tests.fakes.openai_server import hang, text, tool_call
from tests.support.browser import new_movie_chat, send, shoot, sign_up, wait_connected, wait_for_requests

pytestmark = pytest.mark.browser

ASK = "a tense 90s thriller, nothing with Tom Cruise"
PLAN = {
    "intro": "Three tense 90s thrillers without Tom Cruise:",
    "picks": [
        {"title": "Se7en", "year": 1995, "reason": "Grim and relentless."},
        {"title": "Fargo", "year": 1996, "reason": "Snowbound tension."},
        {"title": "The Silence of the Lambs", "year": 1991, "reason": "A classic cat and mouse."},
    ],
}


def test_it_shows_the_result_after_a_reload_in_the_middle_of_a_turn(page, openai_server_url, fake_openai):
    fake_openai.enqueue(tool_call("decide_mode", {"mode": "B", "reason": "wants films"}))
    fake_openai.enqueue_after(2.5, tool_call("plan_picks", PLAN))
    sign_up(page, openai_server_url)
    new_movie_chat(page)
    expect(page.locator("footer")).to_contain_text("OpenAI")

    send(page, ASK)
    expect(page.locator(".msg.user .bubble")).to_contain_text(ASK, timeout=2_000)
    expect(page.locator("#stop-button")).to_be_visible()
    # decide_mode answered: the page says it is finding films while "OpenAI" plans the picks.
    expect(page.locator(".msg.assistant .status")).to_have_text("Finding films…")
    shoot(page, "chat-mid-turn-desktop")

    response = page.reload()
    html = response.text()
    # The server-rendered page (before any websocket frame) shows the turn as stored so far.
    assert ASK in html
    assert 'data-status="streaming"' in html, html
    assert re.search(
        r'class="thinking">(Thinking|Finding films)…<', html
    )  # the exact label is pinned by the test below
    assert 'id="stop-button"' in html and 'id="send-button"' not in html
    assert "card-pick" not in html

    wait_connected(page)
    cards = page.locator(".card-pick")
    expect(cards).to_have_count(3)
    expect(cards.locator(".pick-title")).to_contain_text(["Se7en", "Fargo", "The Silence of the Lambs"])
    expect(cards.nth(1).locator(".reason")).to_have_text("Snowbound tension.")
    expect(page.locator(".msg.assistant")).to_have_attribute("data-status", "complete")
    expect(page.locator(".msg.assistant .text")).to_have_text(PLAN["intro"])
    expect(page.locator("#send-button")).to_be_visible()
    expect(page.locator(".msg.user")).to_have_count(1)  # the reload did not resend or duplicate

    # Reloaded again after the turn: everything comes from the database.
    html = page.reload().text()
    assert html.count('class="pick card-pick"') == 3
    assert 'data-status="complete"' in html and 'id="send-button"' in html
    assert [r.path for r in fake_openai.requests[-2:]] == ["/v1/responses", "/v1/responses"]


def test_it_stops_a_turn_that_hangs(page, openai_server_url, fake_openai):
    fake_openai.enqueue(hang(20))  # decide_mode never answers in time
    sign_up(page, openai_server_url)
    new_movie_chat(page)

    send(page, "recommend something")
    expect(page.locator(".msg.user")).to_have_count(1)
    stop = page.locator("#stop-button")
    expect(stop).to_be_visible()
    expect(page.locator("#send-button")).to_have_count(0)
    expect(page.locator(".msg.assistant .status")).to_contain_text("Thinking")
    wait_for_requests(page, fake_openai, 1)  # the request is now waiting on the fake OpenAI

    stop.click()
    assistant = page.locator(".msg.assistant")
    expect(assistant).to_have_attribute("data-status", "stopped")
    expect(assistant.locator(".status")).to_have_text("Stopped.")
    expect(page.locator("#send-button")).to_be_visible()
    expect(page.locator("#stop-button")).to_have_count(0)
    expect(page.locator("#composer-error")).to_have_text("")

    html = page.reload().text()
    assert "Stopped." in html and 'data-status="stopped"' in html
    assert 'id="send-button"' in html and 'id="stop-button"' not in html
    wait_connected(page)
    expect(page.locator(".msg.assistant .status")).to_have_text("Stopped.")

    # The chat is usable again: the next message runs a turn to the end.
    fake_openai.enqueue(
        tool_call("decide_mode", {"mode": "B", "reason": "films"}),
        tool_call("plan_picks", {"intro": "One for you:", "picks": PLAN["picks"][:1]}),
    )
    send(page, "just one thriller then")
    expect(page.locator(".card-pick")).to_have_count(1)
    expect(page.locator(".msg.assistant").nth(1)).to_have_attribute("data-status", "complete")
    expect(page.locator("#send-button")).to_be_visible()
    assert any(re.search("recommend something", str(r.body)) for r in fake_openai.requests)


def test_it_still_says_finding_films_after_a_reload_while_picks_are_planned(page, openai_server_url, fake_openai):
    fake_openai.enqueue(tool_call("decide_mode", {"mode": "B", "reason": "wants films"}))
    fake_openai.enqueue_after(1.5, tool_call("plan_picks", PLAN))
    sign_up(page, openai_server_url)
    new_movie_chat(page)
    send(page, ASK)
    expect(page.locator(".msg.assistant .status")).to_have_text("Finding films…")
    html = page.reload().text()
    wait_connected(page)
    expect(page.locator(".card-pick")).to_have_count(3)  # let the turn end before the next test
    assert "Finding films…" in html


def test_it_keeps_a_message_sent_while_a_turn_runs_in_the_box_with_the_reason(page, openai_server_url, fake_openai):
    fake_openai.enqueue_after(1.5, tool_call("decide_mode", {"mode": "B", "reason": "wants films"}))
    fake_openai.enqueue(tool_call("plan_picks", PLAN))
    sign_up(page, openai_server_url)
    new_movie_chat(page)
    box = page.locator("#composer-text")
    box.focus()

    # Two sends in one go (a quick double Enter): the first is accepted and empties the box,
    # the second is refused; what was typed second must not be lost with the first's reset.
    page.evaluate(
        """([first, second]) => {
          const form = document.getElementById("composer"), box = document.getElementById("composer-text");
          box.value = first; form.requestSubmit();
          box.value = second; form.requestSubmit();
        }""",
        [ASK, "and a comedy from the 2000s"],
    )
    error = page.locator("#composer-error")
    expect(error).to_contain_text("still answering")
    expect(box).to_have_value("and a comedy from the 2000s")
    expect(box).to_be_focused()  # the person can keep typing

    # The first turn ends: the reason is still there, and so is the text.
    expect(page.locator(".card-pick")).to_have_count(3)
    expect(page.locator("#send-button")).to_be_visible()
    page.wait_for_timeout(300)
    expect(error).to_contain_text("still answering")
    expect(box).to_have_value("and a comedy from the 2000s")
    expect(page.locator(".msg.user")).to_have_count(1)

    # Sending it now is accepted: the box empties and the old reason goes.
    fake_openai.enqueue(tool_call("decide_mode", {"mode": "A", "reason": "chat"}), text("Try Office Space."))
    box.press("Enter")
    expect(page.locator(".msg.user")).to_have_count(2)
    expect(page.locator(".msg.user").nth(1)).to_contain_text("and a comedy from the 2000s")
    expect(box).to_have_value("")
    expect(error).to_have_text("")
    expect(page.locator("#send-button")).to_be_visible()
