"""A person editing a photo in the image lab, in Chromium against a real daphne (offline planner)."""

import io
import re

import pytest
from PIL import Image, ImageDraw, ImageFilter
from playwright.sync_api import expect

from tests.support.browser import shoot, sign_up, start_server, stop_server
from tests.support.image_page import (
    ask,
    distance,
    fetch_image,
    five_done,
    hand_over,
    open_image_chat,
    sent_with_attachment,
    source_image,
    starts_from,
)

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


def _finals(page, base_url: str, job) -> list[Image.Image]:
    srcs = job.locator(".final .compare img.after").evaluate_all("imgs => imgs.map(i => i.getAttribute('src'))")
    assert len(srcs) == 5
    return [fetch_image(page, base_url, src) for src in srcs]


def _background(locator) -> str:
    return locator.evaluate("el => getComputedStyle(el).backgroundColor")


ACCENT = "rgb(245, 197, 24)"  # --accent: the highlighted state
FINAL_BOXES = """job => [...job.querySelectorAll(".column")].map(c => {
    const box = el => { const r = el.getBoundingClientRect(); return {y: r.y, height: r.height}; };
    const links = [...c.querySelectorAll(".downloads a")];
    return {picture: box(c.querySelector(".compare")), slider: box(c.querySelector("input[type=range]")),
            jpeg: box(links.find(a => a.textContent.trim() === "JPEG")),
            png: box(links.find(a => a.textContent.trim() === "PNG"))};
})"""


def _finals_look_right(job) -> None:
    """Each column's result: the slider under the image (not over it), both downloads on one line, and
    only the variation in use highlighted ("Use this" is a secondary button)."""
    in_use = job.get_by_role("button", name="In use")
    # Every box of a column read in one frame: choosing a variation re-renders the job, and boxes read one call
    # at a time could straddle that swap (CI once read JPEG's row from the old column and PNG's from the new).
    boxes = job.evaluate(FINAL_BOXES)
    assert len(boxes) == 5
    for i, box in enumerate(boxes):
        picture, slider, jpeg, png = box["picture"], box["slider"], box["jpeg"], box["png"]
        assert slider["y"] >= picture["y"] + picture["height"] - 0.5, f"the slider covers column {i}'s image"
        assert abs(jpeg["y"] - png["y"]) <= 2, f"column {i}: PNG wrapped away from JPEG"
        column = job.locator(".column").nth(i)
        use = column.get_by_role("button", name="Use this")
        if use.count():
            assert _background(use) != ACCENT, f"column {i}: 'Use this' looks like 'In use'"
            expect(use).to_have_attribute("aria-pressed", "false")
    if in_use.count():
        assert _background(in_use) == ACCENT
        expect(in_use).to_have_attribute("aria-pressed", "true")


def _use(job, column: int) -> None:
    job.locator(".column").nth(column).get_by_role("button", name="Use this").click()
    expect(job.locator(".column").nth(column).get_by_role("button", name="In use")).to_be_visible()


def test_it_turns_a_photo_into_five_variations_and_iterates_on_the_chosen_one(page, live_server_url, photo):
    open_image_chat(page, live_server_url, "photo")
    ask(page, "warmer and punchier, keep the framing", photo)
    first = five_done(page, 0)
    expect(first.locator(".step img").first).to_be_visible()  # step thumbnails streamed in
    before, after = _compare(first, 0)  # same framing: the halves line up exactly
    assert all(abs(a - b) <= 1 for a, b in zip(before["drawn"], after["drawn"], strict=True))
    shoot(page, "image-lab-five-columns", at="top")

    # Choose the variation that differs most from the upload, so a job can tell which it started from.
    upload = source_image(page, live_server_url, first)
    finals = _finals(page, live_server_url, first)
    chosen = max(range(5), key=lambda i: distance(finals[i], upload))
    _finals_look_right(first)
    _use(first, chosen)
    expect(page.locator("#history-strip li")).to_have_count(2)
    _finals_look_right(first)
    shoot(page, "image-lab-in-use")

    # A second instruction without a photo starts from the chosen image, not from the upload.
    ask(page, "now crop it square")
    second = five_done(page, 1)
    expect(page.locator(".msg.user").nth(1).locator("img.attachment")).to_have_count(0)
    others = [f for i, f in enumerate(finals) if i != chosen]
    starts_from(source_image(page, live_server_url, second), finals[chosen], upload, *others)
    shoot(page, "image-lab-square-crops")
    before, after = _compare(second, 0)  # a square crop of a 3:2 source: both whole, side by side in one box
    assert abs(after["drawn"][2] - after["drawn"][3]) <= 1.5 and after["drawn"][2] >= before["box"][0] - 1
    assert abs(before["drawn"][2] / before["drawn"][3] - 1600 / 1067) < 0.02

    # Using a square crop makes it current: the strip holds the upload, the 3:2 choice, the square one.
    square = _finals(page, live_server_url, second)[0]
    _use(second, 0)
    strip = page.locator("#history-strip li")
    expect(strip).to_have_count(3)
    expect(strip.nth(2).locator("button.is-current")).to_have_count(1)

    # Going back through the history strip to the first choice: the next edit starts from it.
    strip.nth(1).locator("button").click()
    expect(strip.nth(1).locator("button.is-current")).to_have_count(1)
    expect(page.locator("#history-strip button.is-current")).to_have_count(1)
    # Only the current image is "In use": the square crop's turn says it was chosen earlier.
    expect(second.get_by_role("button", name="In use")).to_have_count(0)
    expect(page.get_by_role("button", name="In use")).to_have_count(1)
    expect(first.locator(".column").nth(chosen).get_by_role("button", name="In use")).to_be_visible()
    expect(page.locator(".msg.assistant:has(.job)").nth(1).locator(".status")).to_contain_text("chosen earlier")
    # Another variation of the same turn replaces that turn's strip entry, in place.
    other = next(i for i in range(5) if i != chosen)
    _use(first, other)
    expect(strip).to_have_count(3)
    expect(strip.nth(1).locator("button.is-current")).to_have_count(1)
    expect(first.get_by_role("button", name="In use")).to_have_count(1)
    _use(first, chosen)
    expect(strip).to_have_count(3)
    ask(page, "black and white")
    third = five_done(page, 2)
    starts_from(source_image(page, live_server_url, third), finals[chosen], upload, square, *others)
    shoot(page, "image-lab-from-history")


@pytest.fixture(scope="module")
def small_working_server_url(migrated_db):
    """The default app with IMAGE_WORKING_SIDE=512: the 1600×1067 photo is edited at 512×341."""
    server = start_server("imagelab-512", migrated_db, IMAGE_WORKING_SIDE="512")
    yield server.url
    stop_server(server)


def test_it_downloads_a_chain_of_choices_re_rendered_from_the_original_at_full_size(
    page, small_working_server_url, photo
):
    base = small_working_server_url
    open_image_chat(page, base, "download")
    ask(page, "warmer and punchier, keep the framing", photo)
    first = five_done(page, 0)
    _use(first, 1)
    ask(page, "now crop it square")
    second = five_done(page, 1)
    working = _finals(page, base, second)[0]
    assert working.size == (341, 341)  # edited at the working size: a square of the 512×341 image

    href = second.locator(".column").nth(0).get_by_role("link", name="JPEG").get_attribute("href")
    response = page.request.get(base + href)
    assert response.status == 200 and response.headers["content-type"] == "image/jpeg"
    assert response.headers["x-content-type-options"] == "nosniff"
    with Image.open(io.BytesIO(response.body())) as downloaded:
        downloaded.load()
        assert downloaded.format == "JPEG"
        # The original's full height, squared: re-rendered from the 1600×1067 upload through both
        # chosen plans, not the 341 px working image scaled up.
        assert all(abs(side - 1067) <= 1 for side in downloaded.size), downloaded.size
        assert distance(downloaded.convert("RGB"), working) < 3  # the same edit, at full size

    # The first choice on its own, as PNG: the whole 1600×1067 frame.
    href = first.locator(".column").nth(1).get_by_role("link", name="PNG").get_attribute("href")
    response = page.request.get(base + href)
    assert response.status == 200 and response.headers["content-type"] == "image/png"
    with Image.open(io.BytesIO(response.body())) as downloaded:
        downloaded.load()
        assert downloaded.format == "PNG" and downloaded.size == (1600, 1067)


def test_it_takes_a_photo_dropped_onto_the_page(page, live_server_url, portrait):
    open_image_chat(page, live_server_url, "dropper")
    result = hand_over(page, "#dropzone", portrait, "drop")
    assert result == {"over": True, "prevented": True, "files": 1}  # highlighted while dragged over, then taken
    expect(page.locator("#dropzone")).not_to_have_class(re.compile(r"\bover\b"))
    expect(page.locator("#drop-hint")).to_have_text(f"portrait.png ({-(-portrait.stat().st_size // 1024)} KB)")
    sent_with_attachment(page, live_server_url, portrait)
    shoot(page, "image-lab-dropped", at="top")


def test_it_takes_a_photo_pasted_into_the_instruction(page, live_server_url, portrait):
    open_image_chat(page, live_server_url, "paster")
    result = hand_over(page, "#composer-text", portrait, "paste")
    assert result["prevented"] and result["files"] == 1
    expect(page.locator("#drop-hint")).to_contain_text("portrait.png")
    sent_with_attachment(page, live_server_url, portrait)


PHONE_375 = {"width": 375, "height": 812}


def test_it_fits_a_phone_screen_with_a_finished_job(new_page, live_server_url, photo):
    page = new_page(PHONE_375)
    sign_up(page, live_server_url, prefix="phone")
    page.get_by_role("button", name="New image chat").click()
    expect(page.locator("body[data-ws=open]")).to_have_count(1)
    page.set_input_files("#image-input", str(photo))
    page.fill("#composer-text", "crop it square")
    page.keyboard.press("Enter")
    job = five_done(page, 0)
    _compare(job, 4)
    _use(job, 1)
    _finals_look_right(job)
    shoot(page, "image-lab-phone-top", at="top")
    shoot(page, "image-lab-phone-bottom")
    # The sticky composer stays compact: the photo picker is a small attach button beside the text.
    composer = page.locator(".composer-wrap").bounding_box()
    assert composer["height"] <= 0.2 * PHONE_375["height"], f"the composer is {composer['height']:.0f} px tall"
    attach = page.locator("#dropzone").bounding_box()
    assert attach["width"] <= PHONE_375["width"] / 3, f"the attach button is {attach['width']:.0f} px wide"
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is {widths[0]} px wide on a {widths[1]} px screen"
    for selector in ("#send-button", "#drop-hint", "#image-input", "#composer-text", ".compare"):
        box = page.locator(selector).first.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE_375["width"], selector
