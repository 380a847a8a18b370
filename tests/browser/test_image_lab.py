"""A person editing a photo in the image lab, in Chromium against a real daphne (offline planner)."""

import io

import pytest
from PIL import Image, ImageDraw, ImageFilter
from playwright.sync_api import expect

from tests.browser.conftest import _start, _stop, shoot, sign_up

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def photo(tmp_path_factory):
    """A real, photo-like JPEG (gradient sky, sun, hill, field) of 1600×1067."""
    w, h = 1600, 1067
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    for y in range(h):
        d.line([(0, y), (w, y)], fill=(int(90 + 80 * y / h), int(130 + 60 * y / h), int(200 - 90 * y / h)))
    d.ellipse([900, 200, 1300, 600], fill=(240, 200, 90))
    d.rectangle([200, 650, 1400, 1000], fill=(60, 110, 60))
    d.polygon([(300, 650), (600, 300), (900, 650)], fill=(110, 100, 120))
    path = tmp_path_factory.mktemp("photos") / "landscape.jpg"
    im.filter(ImageFilter.GaussianBlur(2)).save(path, quality=90)
    return path


# Where each image of a before/after slider is drawn, relative to the slider's box.
COMPARE_GEOMETRY = """async el => {
  const imgs = [el.querySelector('img.before'), el.querySelector('img.after')];
  await Promise.all(imgs.map(img => img.decode()));
  const box = el.getBoundingClientRect();
  return imgs.map(img => {
    const r = img.getBoundingClientRect(), style = getComputedStyle(img);
    const s = Math.min(r.width / img.naturalWidth, r.height / img.naturalHeight);
    const w = img.naturalWidth * s, h = img.naturalHeight * s;
    return {fit: style.objectFit, box: [box.width, box.height], natural: [img.naturalWidth, img.naturalHeight],
            frame: [r.x - box.x, r.y - box.y, r.width, r.height], drawn: [(r.width - w) / 2, (r.height - h) / 2, w, h]};
  });
}"""


def _compare(job, column: int) -> tuple[dict, dict]:
    """The before and after images of a column's slider: how they are fitted and drawn."""
    before, after = job.locator(".column").nth(column).locator(".compare").evaluate(COMPARE_GEOMETRY)
    width, height = before["box"]
    for image in (before, after):
        assert image["fit"] == "contain"  # shown whole, never cropped by the slider
        assert all(abs(a - b) <= 1 for a, b in zip(image["frame"], [0, 0, width, height], strict=True))
    # The box is the union of the two at full width: as tall as the taller one, no taller.
    tallest = max(width * i["natural"][1] / i["natural"][0] for i in (before, after))
    assert abs(height - tallest) <= 1.5
    return before, after


def _five_done(page, job_index: int):
    """The job-th job, once its turn has ended (the finished message replaces the streamed one)."""
    message = page.locator(".msg.assistant:has(.job)").nth(job_index)
    expect(message).to_have_attribute("data-status", "complete", timeout=30_000)
    job = message.locator(".job")
    expect(job.locator(".column")).to_have_count(5)
    expect(job.locator(".final[data-status=done]")).to_have_count(5)
    return job


def test_it_turns_a_photo_into_five_variations_and_iterates_on_the_chosen_one(page, live_server_url, photo):
    sign_up(page, live_server_url, prefix="photo")
    page.get_by_role("button", name="New image chat").click()
    expect(page.locator("body[data-ws=open]")).to_have_count(1)
    page.set_input_files("#image-input", str(photo))
    page.fill("#composer-text", "warmer and punchier, keep the framing")
    page.keyboard.press("Enter")
    first = _five_done(page, 0)
    expect(first.locator(".step img").first).to_be_visible()  # step thumbnails streamed in
    before, after = _compare(first, 0)  # same framing: the halves line up exactly
    assert all(abs(a - b) <= 1 for a, b in zip(before["drawn"], after["drawn"], strict=True))
    shoot(page, "image-lab-five-columns", at="top")

    # Choose the second variation: it becomes the current image and joins the history strip.
    first.locator(".column").nth(1).get_by_role("button", name="Use this").click()
    expect(page.locator("#history-strip li")).to_have_count(2)
    expect(first.locator(".column").nth(1).get_by_role("button", name="In use")).to_be_visible()

    # A second instruction without a photo starts from the chosen image.
    page.fill("#composer-text", "now crop it square")
    page.keyboard.press("Enter")
    second = _five_done(page, 1)
    expect(page.locator(".msg.user").nth(1).locator("img.attachment")).to_have_count(0)
    source = second.locator(".job-source img")
    width, height = source.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert abs(width / height - 1600 / 1067) < 0.02  # the chosen 3:2 variation, not a new upload
    shoot(page, "image-lab-square-crops")
    before, after = _compare(second, 0)  # a square crop of a 3:2 source: both whole, side by side in one box
    assert abs(after["drawn"][2] - after["drawn"][3]) <= 1.5 and after["drawn"][2] >= before["box"][0] - 1
    assert abs(before["drawn"][2] / before["drawn"][3] - 1600 / 1067) < 0.02

    # Going back through the history strip makes the original upload current again.
    page.locator("#history-strip li").nth(0).locator("button").click()
    expect(page.locator("#history-strip li").nth(0).locator("button.is-current")).to_have_count(1)

    # Download a square-crop variation at full resolution and check it decodes.
    href = second.locator(".column").nth(0).get_by_role("link", name="JPEG").get_attribute("href")
    response = page.request.get(live_server_url + href)
    assert response.status == 200 and response.headers["content-type"] == "image/jpeg"
    assert response.headers["x-content-type-options"] == "nosniff"
    with Image.open(io.BytesIO(response.body())) as downloaded:
        downloaded.load()
        assert downloaded.format == "JPEG"
        assert max(downloaded.size) >= 1000  # re-rendered from the 1600×1067 original, not a preview
        assert abs(downloaded.size[0] - downloaded.size[1]) <= 2  # square, as asked


def test_it_refuses_a_file_that_is_not_an_image_and_keeps_the_instruction(page, live_server_url, tmp_path):
    sign_up(page, live_server_url, prefix="badfile")
    page.get_by_role("button", name="New image chat").click()
    fake = tmp_path / "holiday.jpg"
    fake.write_text("this is not a photo")
    page.set_input_files("#image-input", str(fake))
    page.fill("#composer-text", "make it warmer")
    page.keyboard.press("Enter")
    expect(page.locator("#composer-error")).to_contain_text("not")
    expect(page.locator("#composer-text")).to_have_value("make it warmer")
    expect(page.locator(".job")).to_have_count(0)


@pytest.fixture(scope="module")
def one_mb_server_url(migrated_db):
    """The default app with IMAGE_MAX_UPLOAD_BYTES at 1 MB, so an oversized photo stays small."""
    server = _start("imagelab-1mb", migrated_db, IMAGE_MAX_UPLOAD_BYTES=str(1024 * 1024))
    yield server.url
    _stop(server)


def test_it_says_a_photo_is_too_large_before_sending_it_and_shows_the_servers_refusal(page, one_mb_server_url,
                                                                                      tmp_path):
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


PHONE_375 = {"width": 375, "height": 812}


def test_it_fits_a_phone_screen_with_a_finished_job(new_page, live_server_url, photo):
    page = new_page(PHONE_375)
    sign_up(page, live_server_url, prefix="phone")
    page.get_by_role("button", name="New image chat").click()
    expect(page.locator("body[data-ws=open]")).to_have_count(1)
    page.set_input_files("#image-input", str(photo))
    page.fill("#composer-text", "crop it square")
    page.keyboard.press("Enter")
    job = _five_done(page, 0)
    _compare(job, 4)
    shoot(page, "image-lab-phone-top", at="top")
    shoot(page, "image-lab-phone-bottom")
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is {widths[0]} px wide on a {widths[1]} px screen"
    for selector in ("#send-button", "#drop-hint", "#image-input", "#composer-text", ".compare"):
        box = page.locator(selector).first.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE_375["width"], selector
