"""Progress lines and the Thinking line during a slow (fake OpenAI) plan, and the image lab's full-size
compare view driven from the keyboard. Screenshots go to /tmp/marquee-progress-*.png."""

import pytest
from playwright.sync_api import expect

from tests.fakes.openai_server import tool_call
from tests.support.browser import PHONE, new_movie_chat, send, sign_up
from tests.support.image_page import ask, fetch_image, five_done, open_image_chat

pytestmark = pytest.mark.browser

PLAN = {
    "intro": "Three tense 90s thrillers:",
    "picks": [
        {"title": "Se7en", "year": 1995, "reason": "Grim and relentless."},
        {"title": "Fargo", "year": 1996, "reason": "Snowbound tension."},
        {"title": "The Silence of the Lambs", "year": 1991, "reason": "A classic cat and mouse."},
    ],
}
DECIDE_THOUGHT = "The user asks for films, not facts."
PLAN_THOUGHT = "Picking three tense thrillers from the 90s."


def test_it_shows_each_step_and_the_models_thinking_while_a_slow_plan_runs(page, openai_server_url, fake_openai):
    fake_openai.enqueue(
        tool_call("decide_mode", {"mode": "B", "reason": "wants films"}, reasoning=[DECIDE_THOUGHT], pause=2.0),
        tool_call("plan_picks", PLAN, reasoning=[PLAN_THOUGHT], pause=2.5),
    )
    sign_up(page, openai_server_url)
    new_movie_chat(page)
    send(page, "a tense 90s thriller")

    answer = page.locator(".msg.assistant")
    steps = answer.locator(".progress-steps li")
    expect(steps).to_have_text(["Deciding what you asked…"])
    expect(answer.locator(".status .placeholder")).to_be_hidden()  # the steps stand in for "Thinking…"
    thinking = answer.locator("details.thinking-box")
    expect(thinking).to_be_visible()  # shown (collapsed) once the summary streams
    expect(thinking).not_to_have_attribute("open", "")
    thinking.locator("summary").click()
    expect(thinking.locator(".thinking-text")).to_have_text(DECIDE_THOUGHT)
    page.screenshot(path="/tmp/marquee-progress-deciding.png")

    expect(steps).to_have_text(["Deciding what you asked…", "Planning picks…"])
    expect(thinking.locator(".thinking-text")).to_contain_text(PLAN_THOUGHT)
    page.screenshot(path="/tmp/marquee-progress-planning.png")

    # A reload mid-plan shows the steps so far, from the database.
    page.reload()
    expect(page.locator(".msg.assistant .progress-steps li").first).to_have_text("Deciding what you asked…")

    cards = page.locator(".card-pick")
    expect(cards).to_have_count(3, timeout=15_000)
    answer = page.locator(".msg.assistant")
    expect(answer).to_have_attribute("data-status", "complete")
    expect(answer.locator(".progress-steps")).to_have_count(0)  # a finished answer lists no steps
    kept = answer.locator("details.thinking-box")
    expect(kept).to_be_visible()
    expect(kept).not_to_have_attribute("open", "")
    expect(kept.locator(".thinking-text")).to_have_text(f"{DECIDE_THOUGHT}\n\n{PLAN_THOUGHT}")
    page.screenshot(path="/tmp/marquee-progress-done.png")
    bodies = fake_openai.bodies("/responses")[-2:]
    assert [b["reasoning"]["summary"] for b in bodies] == ["auto", "auto"]


def test_it_steps_through_the_five_full_size_from_the_keyboard(page, live_server_url, portrait):
    open_image_chat(page, live_server_url, prefix="compare")
    ask(page, "warmer and punchier, keep the framing", portrait)
    job = five_done(page, 0)
    columns = job.locator(".column")
    finals = [columns.nth(i).locator(".compare img.after").get_attribute("src") for i in range(5)]

    opener = columns.nth(1).get_by_role("button", name="Full size")
    opener.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/marquee-progress-columns.png")
    opener.focus()
    page.keyboard.press("Enter")
    view = page.locator("#compare-view")
    expect(view).to_be_visible()
    title = view.locator("#compare-title")
    expect(title).to_contain_text("Variation 2 of 5")
    after = view.locator(".compare img.after")
    expect(after).to_have_attribute("src", finals[1])
    # Full width: the view spans most of the screen, not a 140 px column.
    assert view.locator(".cv-stage").bounding_box()["width"] > 1000
    page.screenshot(path="/tmp/marquee-progress-compare.png")

    page.keyboard.press("ArrowRight")
    expect(title).to_contain_text("Variation 3 of 5")
    expect(after).to_have_attribute("src", finals[2])
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # past the first: round to the fifth
    expect(title).to_contain_text("Variation 5 of 5")
    expect(after).to_have_attribute("src", finals[4])
    view.get_by_role("button", name="Next variation").click()
    expect(title).to_contain_text("Variation 1 of 5")

    # The slider moves the split; on it the arrows are the slider's, not the view's.
    view.locator(".cv-range").focus()
    page.keyboard.press("ArrowRight")
    expect(view.locator(".cv-range")).to_have_value("51")
    expect(title).to_contain_text("Variation 1 of 5")

    zoom = view.get_by_role("button", name="100 %")
    expect(zoom).to_have_attribute("aria-pressed", "false")
    view.locator(".cv-stage").focus()
    page.keyboard.press("z")
    expect(zoom).to_have_attribute("aria-pressed", "true")
    expect(view).to_have_class("compare-view is-actual")
    # 100 %: one pixel of the variation is one CSS pixel, and the source is drawn at the same width.
    natural = fetch_image(page, live_server_url, finals[0]).width
    expect(after).to_have_js_property("naturalWidth", natural)
    assert abs(after.bounding_box()["width"] - natural) <= 1
    assert abs(view.locator(".compare img.before").bounding_box()["width"] - natural) <= 1
    page.screenshot(path="/tmp/marquee-progress-compare-100.png")
    zoom.click()
    expect(zoom).to_have_attribute("aria-pressed", "false")

    page.keyboard.press("Escape")
    expect(view).to_be_hidden()
    expect(opener).to_be_focused()  # back where the person was
    expect(page.locator("#shortcuts")).to_be_hidden()  # the view's keys never reached the chat's shortcuts


def test_it_fits_the_compare_view_on_a_phone(new_page, live_server_url, portrait):
    page = new_page(PHONE)
    open_image_chat(page, live_server_url, prefix="phonecv")
    ask(page, "brighter", portrait)
    job = five_done(page, 0)
    job.locator(".column").first.locator(".compare").click()  # a tap on the picture opens it full size
    view = page.locator("#compare-view")
    expect(view).to_be_visible()
    box = view.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    for name in ("Previous variation", "Next variation", "100 %", "Close"):
        button = view.get_by_role("button", name=name)
        expect(button).to_be_in_viewport()
    stage = view.locator(".cv-stage").bounding_box()
    assert stage["height"] > 300  # the picture gets the room, not the toolbar
    page.screenshot(path="/tmp/marquee-progress-compare-phone.png")
    view.get_by_role("button", name="Close").click()
    expect(view).to_be_hidden()


LOOKS = {
    "variations": [
        {
            "label": f"Look {n + 1}",
            "strategy": "A gentle grade.",
            "operations": [{"op": "brightness", "params": {"value": 1.0 + n / 20}}],
        }
        for n in range(5)
    ],
    "diversity_axes": ["tone"],
}


def test_it_closes_the_compare_view_on_escape_without_stopping_the_running_edit(
    page, openai_server_url, fake_openai, portrait
):
    fake_openai.enqueue(
        tool_call("plan_variations", LOOKS),
        tool_call("plan_variations", LOOKS, reasoning=["Cooler means a blue shift."], pause=3.0),
    )
    open_image_chat(page, openai_server_url, prefix="escview")
    ask(page, "brighter", portrait)
    first = five_done(page, 0)
    ask(page, "now a little cooler")

    running = page.locator(".msg.assistant").nth(1)
    expect(running.locator(".progress-steps li")).to_have_text(["Planning five looks…"])
    expect(running.locator(".thinking-box")).to_be_visible()
    page.screenshot(path="/tmp/marquee-progress-image-planning.png")
    first.locator(".column").first.get_by_role("button", name="Full size").click()
    view = page.locator("#compare-view")
    expect(view).to_be_visible()
    page.keyboard.press("Escape")
    expect(view).to_be_hidden()
    expect(page.locator("#stop-button")).to_be_visible()  # Esc closed the view; the edit goes on
    five_done(page, 1)
    expect(page.locator(".msg.assistant").nth(1).locator(".thinking-text")).to_have_text("Cooler means a blue shift.")
