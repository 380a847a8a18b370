"""A person asking about a photo's quality in Chromium against a real daphne (offline planner)."""

import pytest
from PIL import Image, ImageDraw, ImageFilter
from playwright.sync_api import expect

from tests.support.image_page import ask, open_image_chat

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def soft_photo(tmp_path_factory):
    """A photo-like JPEG (sky, sun, hill) blurred well past sharp: σ 6 at 1200 px."""
    im = Image.new("RGB", (1200, 800), (120, 160, 210))
    d = ImageDraw.Draw(im)
    d.ellipse([700, 120, 950, 370], fill=(240, 200, 90))
    d.rectangle([0, 520, 1200, 800], fill=(60, 110, 60))
    d.polygon([(200, 520), (450, 250), (700, 520)], fill=(110, 100, 120))
    for x in range(0, 1200, 40):  # fence posts: edges for the blur to soften
        d.rectangle([x, 600, x + 8, 700], fill=(230, 230, 220))
    path = tmp_path_factory.mktemp("photos") / "soft.jpg"
    im.filter(ImageFilter.GaussianBlur(6)).save(path, quality=92)
    return path


def test_it_answers_is_it_blurry_with_the_figures_under_the_answer(page, live_server_url, soft_photo):
    open_image_chat(page, live_server_url, "quality")
    ask(page, "hello", soft_photo)
    first = page.locator(".msg.assistant").nth(0)
    expect(first).to_have_attribute("data-status", "complete", timeout=30_000)

    ask(page, "is it blurry?")
    answer = page.locator(".msg.assistant").nth(1)
    expect(answer).to_have_attribute("data-status", "complete", timeout=30_000)
    expect(answer.locator(".text")).to_contain_text("Blur effect")
    expect(answer.locator(".text")).to_contain_text("so yes, it is soft")
    table = answer.locator("table.figures")
    expect(table).to_have_count(1)
    expect(table.locator("caption")).to_have_text("Measured on the photo")
    blur_row = table.locator("tbody tr", has=page.locator("th", has_text="Blur effect"))
    expect(blur_row.locator("td").nth(1)).to_contain_text("how blurred edges look")
    value = float(blur_row.locator("td.num").inner_text())
    assert value >= 0.5 and f"{value:.2f}" in answer.locator(".text").inner_text()
    expect(page.locator(".msg.assistant .job")).to_have_count(0)  # a question, not an edit

    rows = table.locator("tbody tr").count()
    assert rows >= 2  # the deciding figure and the sharpness

    page.reload()  # the table is part of the stored answer
    expect(page.locator(".msg.assistant").nth(1).locator("table.figures tbody tr")).to_have_count(rows)
