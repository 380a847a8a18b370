"""The image composer in Chromium: refusals (a file that is not an image, a photo over the size limit, an
over-long instruction) are shown in words, keep what was typed, and clear once the problem is gone."""

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import sign_up, start_server, stop_server
from tests.support.image_page import hand_over, open_image_chat, sent_with_attachment

pytestmark = pytest.mark.browser


def test_it_refuses_a_file_that_is_not_an_image_and_keeps_the_instruction(page, live_server_url, tmp_path):
    sign_up(page, live_server_url, prefix="badfile")
    page.get_by_role("button", name="New image chat").click()
    expect(page.locator("body[data-ws=open]")).to_have_count(1)  # the new chat's page and its scripts are up
    fake = tmp_path / "holiday.jpg"
    fake.write_text("this is not a photo")
    page.set_input_files("#image-input", str(fake))
    page.fill("#composer-text", "make it warmer")
    page.keyboard.press("Enter")
    expect(page.locator("#composer-error")).to_contain_text("not")
    expect(page.locator("#composer-text")).to_have_value("make it warmer")
    expect(page.locator(".job")).to_have_count(0)


def test_it_keeps_an_over_long_pasted_instruction_whole_and_refuses_it_with_the_limit(page, live_server_url):
    open_image_chat(page, live_server_url, "longtext")
    turn_posts = []
    page.on("request", lambda r: turn_posts.append(r.url) if r.method == "POST" and "/turn/" in r.url else None)
    page.click("#composer-text")
    page.keyboard.insert_text("y" * 4500)  # as a paste arrives: nothing may cut it
    box = page.locator("#composer-text")
    expect(box).to_have_js_property("textLength", 4500)
    expect(page.locator("#counter")).to_have_text("4500 / 4000")
    expect(page.locator("#counter")).to_have_class(re.compile(r"\bover\b"))
    page.keyboard.press("Enter")
    limit = "That message is 4,500 characters; the limit is 4,000. Please shorten it."
    expect(page.locator("#composer-error")).to_have_text(limit)
    page.wait_for_timeout(300)
    assert turn_posts == []  # refused in the page: nothing was sent
    # The server refuses it too, in the same words, and the text stays as typed.
    page.evaluate("() => { delete document.getElementById('composer-text').dataset.max; }")
    page.evaluate("() => { document.getElementById('composer-error').textContent = ''; }")
    box.press("Enter")
    expect(page.locator("#composer-error")).to_have_text(limit)
    assert len(turn_posts) == 1
    expect(box).to_have_js_property("textLength", 4500)
    expect(page.locator(".msg")).to_have_count(0)


@pytest.fixture(scope="module")
def one_mb_server_url(migrated_db):
    """The default app with IMAGE_MAX_UPLOAD_BYTES at 1 MB, so an oversized photo stays small."""
    server = start_server("imagelab-1mb", migrated_db, IMAGE_MAX_UPLOAD_BYTES=str(1024 * 1024))
    yield server.url
    stop_server(server)


def test_it_says_a_photo_is_too_large_before_sending_it_and_shows_the_servers_refusal(
    page, one_mb_server_url, tmp_path
):
    sign_up(page, one_mb_server_url, prefix="bigfile")
    page.get_by_role("button", name="New image chat").click()
    expect(page.locator("body[data-ws=open]")).to_have_count(1)
    big = tmp_path / "huge.jpg"
    big.write_bytes(b"\xff\xd8" + b"\0" * (3 * 1024 * 1024 // 2))  # 1.5 MB
    turn_posts = []
    page.on("request", lambda r: turn_posts.append(r.url) if r.method == "POST" and "/turn/" in r.url else None)

    page.set_input_files("#image-input", str(big))
    expect(page.locator("#composer-error")).to_have_text("huge.jpg is 1.5 MB: a photo can be at most 1 MB.")
    page.fill("#composer-text", "make it warmer")
    page.keyboard.press("Enter")
    expect(page.locator("#composer-error")).to_contain_text("at most 1 MB")
    page.wait_for_timeout(300)
    assert turn_posts == []  # refused in the page: nothing was sent
    expect(page.locator(".msg")).to_have_count(0)

    # Without the page's check the server's size guard answers 413 JSON; its message is shown.
    page.evaluate("() => { delete document.getElementById('composer').dataset.maxBytes; }")
    page.evaluate("() => { document.getElementById('composer-error').textContent = ''; }")
    page.locator("#composer-text").press("Enter")
    expect(page.locator("#composer-error")).to_have_text("The file is larger than 1 MB.")
    assert len(turn_posts) == 1
    expect(page.locator("#composer-text")).to_have_value("make it warmer")
    expect(page.locator(".msg")).to_have_count(0)


def test_it_clears_a_size_refusal_once_a_photo_that_fits_is_picked_or_pasted(
    page, one_mb_server_url, tmp_path, portrait
):
    sign_up(page, one_mb_server_url, prefix="rightsize")
    page.get_by_role("button", name="New image chat").click()
    expect(page.locator("body[data-ws=open]")).to_have_count(1)  # else the file can land before the page's handler
    big = tmp_path / "big.jpg"
    big.write_bytes(b"\xff\xd8" + b"\0" * (3 * 1024 * 1024 // 2))  # 1.5 MB
    error = page.locator("#composer-error")

    page.set_input_files("#image-input", str(big))
    expect(error).to_have_text("big.jpg is 1.5 MB: a photo can be at most 1 MB.")
    page.set_input_files("#image-input", str(portrait))  # chosen with the picker
    expect(page.locator("#drop-hint")).to_contain_text("portrait.png")
    expect(error).to_have_text("")

    page.set_input_files("#image-input", str(big))
    expect(error).to_contain_text("at most 1 MB")
    assert hand_over(page, "#composer-text", portrait, "paste")["files"] == 1  # pasted
    expect(error).to_have_text("")
    sent_with_attachment(page, one_mb_server_url, portrait)
