"""The parts of a picture a quality question is measured on: the centre standing in for a named subject, the left
and right quarters for its background, a box named by position. Pure: no Django (PIL images in and out).
"""

from __future__ import annotations

from PIL import Image

SUBJECT_SHARE = 0.5  # a named subject is measured as the centre of the picture: this share of each side


def centre(image):
    """The centre region of a PIL image (SUBJECT_SHARE of each side)."""
    w, h = image.size
    dx, dy = int(w * (1 - SUBJECT_SHARE) / 2), int(h * (1 - SUBJECT_SHARE) / 2)
    return image.crop((dx, dy, w - dx, h - dy))


def sides(image):
    """The left and right quarters of a PIL image side by side: what is around a centred subject."""
    w, h = image.size
    quarter = max(1, w // 4)
    sides = Image.new(image.mode, (2 * quarter, h))
    sides.paste(image.crop((0, 0, quarter, h)), (0, 0))
    sides.paste(image.crop((w - quarter, 0, w, h)), (quarter, 0))
    return sides


def part(image, box):
    """The crop of a PIL image at `box` (fractions of its sides), at least one pixel of a tiny picture."""
    x0, y0, x1, y1 = box
    w, h = image.size
    left, top = min(int(w * x0), w - 1), min(int(h * y0), h - 1)
    return image.crop((left, top, max(left + 1, int(w * x1)), max(top + 1, int(h * y1))))


# A sky is at the top far more often than in the centre: named without a place, its top third stands in for it.
SKY = ("top third", (0.0, 0.0, 1.0, 1 / 3))
_SKY_WORDS = frozenset("sky skies clouds cloud".split())


def usual_place(objects: list[str]):
    """The region standing in for things with a usual place in a photo (the sky: `SKY`), or None (the centre)."""
    return SKY if objects and set(objects) <= _SKY_WORDS else None
