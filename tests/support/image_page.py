"""The image lab's page in Chromium: open an image chat, ask, wait for a job's five results, hand a photo
over by drop or paste, and compare the images the page shows."""

import base64
import io

from PIL import Image, ImageChops, ImageDraw, ImageStat
from playwright.sync_api import expect

from tests.support.browser import sign_up


def draw_portrait(path):
    """Save a 600×800 PNG (red door, blue sky) at `path` and return the path."""
    im = Image.new("RGB", (600, 800), (70, 140, 220))
    d = ImageDraw.Draw(im)
    d.rectangle([0, 500, 600, 800], fill=(150, 140, 120))
    d.rectangle([200, 250, 400, 700], fill=(190, 30, 40))
    d.ellipse([350, 450, 380, 480], fill=(230, 200, 60))
    im.save(path)
    return path


def five_done(page, job_index: int):
    """The job-th job, once its turn has ended (the finished message replaces the streamed one)."""
    message = page.locator(".msg.assistant:has(.job)").nth(job_index)
    expect(message).to_have_attribute("data-status", "complete", timeout=30_000)
    job = message.locator(".job")
    expect(job.locator(".column")).to_have_count(5)
    expect(job.locator(".final[data-status=done]")).to_have_count(5)
    return job


def open_image_chat(page, base_url: str, prefix: str) -> None:
    sign_up(page, base_url, prefix=prefix)
    page.get_by_role("button", name="New image chat").click()
    expect(page.locator("body[data-ws=open]")).to_have_count(1)


def ask(page, text: str, photo=None) -> None:
    if photo is not None:
        page.set_input_files("#image-input", str(photo))
    page.fill("#composer-text", text)
    page.keyboard.press("Enter")


def fetch_image(page, base_url: str, src: str) -> Image.Image:
    """An image the page shows (or links to), fetched with the person's session and decoded."""
    response = page.request.get(base_url + src)
    assert response.status == 200, (src, response.status)
    with Image.open(io.BytesIO(response.body())) as im:
        im.load()
        return im.convert("RGB")


def distance(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel (0–255) of two images reduced to the same 60×40 grid."""
    a, b = (im.resize((60, 40), Image.Resampling.BOX) for im in (a, b))
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def source_image(page, base_url: str, job) -> Image.Image:
    return fetch_image(page, base_url, job.locator(".job-source img").get_attribute("src"))


def starts_from(source: Image.Image, expected: Image.Image, *others: Image.Image) -> None:
    """`source` is `expected` (up to preview scaling and JPEG noise), and recognisably none of `others`."""
    assert abs(source.width / source.height - expected.width / expected.height) < 0.02
    near = distance(source, expected)
    assert near < 3, f"the job's source is {near:.1f} away from the image it should start from"
    for other in others:
        assert distance(source, other) > near + 6, "the job's source cannot be told from another image"


# A File made in the page from the photo's bytes, in a DataTransfer as a drop or a paste carries it.
DATA_TRANSFER = """(el, [b64, name, type, event]) => {
  const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
  const dt = new DataTransfer();
  dt.items.add(new File([bytes], name, {type}));
  const init = {bubbles: true, cancelable: true};
  const make = kind => kind === 'paste' ? new ClipboardEvent('paste', {...init, clipboardData: dt})
                                        : new DragEvent(kind, {...init, dataTransfer: dt});
  if (event === 'drop') el.dispatchEvent(make('dragover'));
  const over = document.getElementById('dropzone').classList.contains('over');
  const e = make(event);
  el.dispatchEvent(e);
  return {over, prevented: e.defaultPrevented, files: document.getElementById('image-input').files.length};
}"""


def hand_over(page, selector: str, path, event: str) -> dict:
    """Drop (`drop`, after a `dragover`) or paste (`paste`) the file at `path` onto the element."""
    payload = [base64.b64encode(path.read_bytes()).decode(), path.name, "image/png", event]
    return page.locator(selector).evaluate(DATA_TRANSFER, payload)


def sent_with_attachment(page, base_url: str, portrait) -> None:
    """The turn carried the photo: shown in the person's message and edited by the job."""
    ask(page, "black and white")
    expect(page.locator(".msg.user").nth(0).locator("img.attachment")).to_have_count(1)
    job = five_done(page, 0)
    with Image.open(portrait) as original:
        starts_from(source_image(page, base_url, job), original.convert("RGB"))
    expect(page.locator("#history-strip li")).to_have_count(1)
