"""Versions in Chromium: regenerate an older answer and switch ‹ 1/2 ›; edit an older question and reach its branch."""

import pytest
from playwright.sync_api import expect

from tests.support.browser import new_movie_chat, send, shoot, sign_up

pytestmark = pytest.mark.browser

FIRST = "a tense 90s thriller, nothing with Tom Cruise"
SECOND = "something funny from the 80s"


def _titles(article) -> list[str]:
    cards = article.locator(".card-pick")
    expect(cards).to_have_count(3)
    return [cards.nth(i).locator(".pick-title").inner_text().split(" (")[0] for i in range(3)]


def _answered(page, turns: int) -> None:
    expect(page.locator(".msg.assistant[data-status=complete]")).to_have_count(turns)
    expect(page.locator("#send-button")).to_be_visible()


def _two_turns(page, live_server_url, prefix: str):
    sign_up(page, live_server_url, prefix=prefix)
    new_movie_chat(page)
    send(page, FIRST)
    _answered(page, 1)
    send(page, SECOND)
    _answered(page, 2)
    return page.locator(".msg.assistant").nth(0)


def test_it_regenerates_an_older_answer_and_switches_between_its_versions(page, live_server_url):
    first = _two_turns(page, live_server_url, "versions")
    before = _titles(first)
    later = _titles(page.locator(".msg.assistant").nth(1))
    first.get_by_role("button", name="↻ Regenerate").click()
    expect(first.locator(".version-count")).to_have_text("2/2")
    _answered(page, 2)
    after = _titles(first)
    assert not set(before) & set(after), (before, after)
    assert _titles(page.locator(".msg.assistant").nth(1)) == later  # the later turn is untouched
    expect(page.locator(".msg")).to_have_count(4)  # still one row per message
    first.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/versions-older-answer-2of2.png")

    first.get_by_role("button", name="Previous version").click()
    expect(first.locator(".version-count")).to_have_text("1/2")
    assert _titles(first) == before
    page.screenshot(path="/tmp/versions-older-answer-1of2.png")
    first.get_by_role("button", name="Next version").click()
    expect(first.locator(".version-count")).to_have_text("2/2")
    assert _titles(first) == after
    first.get_by_role("button", name="Previous version").click()
    expect(first.locator(".version-count")).to_have_text("1/2")
    page.reload()  # the version shown is stored
    expect(page.locator(".msg.assistant").nth(0).locator(".version-count")).to_have_text("1/2")
    assert _titles(page.locator(".msg.assistant").nth(0)) == before


def test_it_edits_an_older_question_and_reaches_the_previous_branch(page, live_server_url):
    _two_turns(page, live_server_url, "branches")
    question = page.locator(".msg.user").nth(0)
    question.locator(".edit-box summary").click()
    question.locator(".edit-form textarea").fill("a gentle 50s comedy")
    question.get_by_role("button", name="Save and regenerate").click()
    # The later turn belonged to the first version of the question: it goes with it.
    expect(page.locator(".msg")).to_have_count(2)
    _answered(page, 1)
    question = page.locator(".msg.user").nth(0)
    expect(question).to_contain_text("a gentle 50s comedy")
    expect(question.locator(".version-count")).to_have_text("2/2")
    shoot(page, "versions-edited-branch")
    page.screenshot(path="/tmp/versions-edited-branch.png")

    question.get_by_role("button", name="Previous version").click()
    expect(page.locator(".msg")).to_have_count(4)
    expect(page.locator(".msg.user").nth(0)).to_contain_text(FIRST)
    expect(page.locator(".msg.user").nth(1)).to_contain_text(SECOND)
    expect(page.locator(".msg.user").nth(0).locator(".version-count")).to_have_text("1/2")
    page.screenshot(path="/tmp/versions-previous-branch.png")
    page.locator(".msg.user").nth(0).get_by_role("button", name="Next version").click()
    expect(page.locator(".msg")).to_have_count(2)
    expect(page.locator(".msg.user").nth(0)).to_contain_text("a gentle 50s comedy")


def test_it_reruns_an_image_instruction_as_a_new_five_and_switches_back(page, live_server_url, tmp_path):
    from tests.support.image_page import ask, draw_portrait, five_done, open_image_chat

    open_image_chat(page, live_server_url, "imgversions")
    ask(page, "warmer and punchier", draw_portrait(tmp_path / "door.png"))
    job = five_done(page, 0)
    first_job = job.get_attribute("data-job")
    answer = page.locator(".msg.assistant").nth(0)
    answer.get_by_role("button", name="↻ Re-run").click()
    expect(answer.locator(".version-count")).to_have_text("2/2")
    job = five_done(page, 0)
    second_job = job.get_attribute("data-job")
    assert second_job != first_job
    answer.locator(".msg-foot").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/versions-image-rerun-2of2.png")
    answer.get_by_role("button", name="Previous version").click()
    expect(answer.locator(".version-count")).to_have_text("1/2")
    expect(answer.locator(f'.job[data-job="{first_job}"]')).to_have_count(1)
    answer.locator(".msg-foot").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/versions-image-rerun-1of2.png")
