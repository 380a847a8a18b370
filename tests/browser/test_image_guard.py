"""The quality guard in the page: an edit that would burn a bright photo's highlights is revised, and the
column says what changed and why (offline planner and reviser, the default MAX_REVISIONS)."""

import re

import pytest
from PIL import Image, ImageDraw, ImageFilter
from playwright.sync_api import expect

from tests.support.browser import shoot
from tests.support.image_page import ask, five_done, open_image_chat

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def bright_photo(tmp_path_factory):
    """A bright 1600×1067 JPEG (pale sky, white sun, light field): "much brighter" would burn it."""
    w, h = 1600, 1067
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    for y in range(h):
        d.line([(0, y), (w, y)], fill=(int(170 + 60 * y / h), int(190 + 45 * y / h), int(235 - 20 * y / h)))
    d.ellipse([900, 150, 1250, 500], fill=(250, 235, 200))
    d.rectangle([200, 700, 1400, 1000], fill=(150, 200, 140))
    path = tmp_path_factory.mktemp("photos") / "bright.jpg"
    im.filter(ImageFilter.GaussianBlur(2)).save(path, quality=90)
    return path


def test_it_revises_a_variation_that_would_clip_and_says_so_on_its_column(page, live_server_url, bright_photo):
    open_image_chat(page, live_server_url, "guard")
    ask(page, "make it much brighter", bright_photo)
    job = five_done(page, 0)
    note = job.locator(".column").nth(0).locator(".revision-note .revised").first
    expect(note).to_contain_text("revised: ")
    expect(note).to_contain_text("to keep the highlights")
    # it names the step and what changed: a value pulled ("brightness value 1.30 → 1.12") or the step removed
    expect(note).to_have_text(re.compile(r"^revised: (removed [a-z]+|[a-z]+ [a-z]+ [\d.]+ → [\d.]+)[ ,;]"))
    # The revised final is a new picture (a fresh URL), and every column still has its result.
    final = job.locator(".column").nth(0).locator(".final .compare img.after")
    assert "?r=" in final.get_attribute("src")
    shoot(page, "image-lab-guard-revised")

    # Stored with the job: the note is still there after a reload.
    text = note.inner_text()
    page.reload()
    expect(page.locator("body[data-ws=open]")).to_have_count(1)
    again = page.locator(".msg.assistant:has(.job)").nth(0).locator(".column").nth(0).locator(".revision-note .revised")
    expect(again.first).to_have_text(text)
