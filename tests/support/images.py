"""Image-lab helpers: small synthetic photos, running an image turn, and reading back its job and answer."""

import io

import numpy as np
from PIL import Image


def photo(size=(320, 240), fmt="JPEG", mode="RGB") -> bytes:
    """A small synthetic photo: a gradient with a bright square (so crops and tones show)."""
    w, h = size
    img = Image.new(mode, size)
    px = img.load()
    for y in range(h):
        for x in range(w):
            r, g, b = int(255 * x / max(w - 1, 1)), int(255 * y / max(h - 1, 1)), 128
            if w // 3 < x < 2 * w // 3 and h // 3 < y < 2 * h // 3:
                r, g, b = 240, 200, 60
            px[x, y] = (r, g, b) if mode == "RGB" else (r, g, b, 255)
    buf = io.BytesIO()
    img.save(buf, fmt)
    return buf.getvalue()


def jpeg_scan_bomb(scans: int) -> bytes:
    """A progressive JPEG with `scans` empty refinement scans before its end: each one is a pass over the picture."""
    buf = io.BytesIO()
    Image.new("RGB", (256, 256), (90, 120, 150)).save(buf, "JPEG", progressive=True)
    data = buf.getvalue()
    last = data.rindex(b"\xff\xda")
    header = data[last : last + 2 + int.from_bytes(data[last + 2 : last + 4], "big")]
    return data[:-2] + header * scans + b"\xff\xd9"


def jpeg_cut_short(data: bytes, keep: float = 0.5) -> bytes:
    """A JPEG cut off part-way through its picture data, closed with an end marker (a copy cut short)."""
    return data[: int(len(data) * keep)] + b"\xff\xd9"


def jpeg_taller_than_its_data(data: bytes, extra_rows: int = 100) -> bytes:
    """A JPEG whose header (its SOF height) claims `extra_rows` more lines than its picture data holds."""
    sof = next(i for i in range(2, len(data) - 1) if data[i] == 0xFF and data[i + 1] in (0xC0, 0xC1, 0xC2))
    height = int.from_bytes(data[sof + 5 : sof + 7], "big")
    return data[: sof + 5] + (height + extra_rows).to_bytes(2, "big") + data[sof + 7 :]


def png_taller_than_its_data(data: bytes, extra_rows: int = 100) -> bytes:
    """A PNG whose header (IHDR, its checksum redone) claims `extra_rows` more rows than its whole data holds."""
    import struct
    import zlib

    width, height = struct.unpack(">II", data[16:24])
    ihdr = b"IHDR" + struct.pack(">II", width, height + extra_rows) + data[24:29]
    return data[:12] + ihdr + struct.pack(">I", zlib.crc32(ihdr)) + data[33:]


def png_with_rows_missing(data: bytes) -> bytes:
    """A PNG whose picture data is one whole compressed stream that stops a row short of its header's height."""
    import struct
    import zlib

    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    row = 1 + (width * {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour] * depth + 7) // 8
    idat = b"IDAT" + zlib.compress(b"\x00" * row * (height - 1))
    iend = b"IEND"
    return data[:33] + b"".join(
        struct.pack(">I", len(c) - 4) + c + struct.pack(">I", zlib.crc32(c)) for c in (idat, iend)
    )


def gradient_photo(size=(1200, 900), fmt="JPEG") -> bytes:
    """A smooth synthetic photo made with numpy (fast at any size): red across, green down, blue diagonal."""
    w, h = size
    y, x = np.mgrid[0:h, 0:w]
    a = np.stack([x * 255 // w, y * 255 // h, (x + y) * 255 // (w + h)], -1).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(a, "RGB").save(buf, fmt, quality=95)
    return buf.getvalue()


async def run_turn(user, chat, text, data=None, *, filename="photo.jpg", with_job=False):
    """Start an image turn in this event loop and wait until it has finished."""
    from imagelab import starting
    from tests.support.ws import wait_turns_idle

    turn, job = await starting.start_turn(
        user=user, chat=chat, text=text, data=data, filename=filename if data else "", with_job=with_job
    )
    await wait_turns_idle(30)
    return turn


def job_of(turn):
    """The job of a finished turn (or None)."""
    from imagelab.models import ImageJob

    return ImageJob.objects.select_related("source").filter(message_id=turn.message_id).first()


def assistant_of(turn):
    """The assistant message of a finished turn."""
    from chatapp.models import Message

    return Message.objects.get(pk=turn.message_id)


def bright_photo(size=(480, 360), fmt="JPEG") -> bytes:
    """A bright, colourful, detailed photo (top end near 245, nothing clipped): a contrast boost burns it."""
    import numpy as np

    w, h = size
    rng = np.random.default_rng(2)
    y, x = np.mgrid[0:h, 0:w] / max(w, h)
    grey = 175 + 30 * np.sin(9 * x) * np.cos(6 * y) + rng.normal(0, 4, (h, w))
    hue = 2 * np.pi * (x + 0.5 * y)
    rgb = np.stack([grey + 22 * np.cos(hue + k * 2 * np.pi / 3) for k in range(3)], axis=-1)
    buf = io.BytesIO()
    Image.fromarray(np.clip(rgb, 2, 245).round().astype("uint8")).save(buf, fmt, quality=95)
    return buf.getvalue()


def bright_scene(size=(1600, 1067)) -> Image.Image:
    """A bright landscape (pale sky, white sun, light field): "make it much brighter" would burn it."""
    from PIL import ImageDraw, ImageFilter

    w, h = size
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    for y in range(h):
        d.line([(0, y), (w, y)], fill=(int(170 + 60 * y / h), int(190 + 45 * y / h), int(235 - 20 * y / h)))
    d.ellipse([w * 9 // 16, h * 3 // 21, w * 25 // 32, h * 10 // 21], fill=(250, 235, 200))
    d.rectangle([w // 8, h * 2 // 3, w * 7 // 8, h * 15 // 16], fill=(150, 200, 140))
    return im.filter(ImageFilter.GaussianBlur(2))


def dark_photo(w=320, h=240) -> Image.Image:
    """A low-key photo: most of it a few levels above black, a lit subject in the middle."""
    rng = np.random.default_rng(5)
    a = np.clip(rng.normal(9, 4, (h, w, 3)), 0, 255)
    a[h // 4 : 3 * h // 4, w // 4 : 3 * w // 4] = np.clip(rng.normal((150, 110, 80), 25, (h // 2, w // 2, 3)), 0, 255)
    return Image.fromarray(a.astype(np.uint8))
