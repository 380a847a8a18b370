"""Crop boxes for the rule planner: centre crops, a 2.39:1 letterbox, and crop-to-fill after a rotation.

All boxes are `crop` params in pixels of the image the crop step receives. Pure: no Django.
"""

import math

from imagelab.core import ops

WIDESCREEN = 2.39


def inner_rect(size: tuple[int, int], degrees: float) -> tuple[float, float]:
    """Width and height of the largest-area axis-aligned rectangle inside `size` rotated by `degrees`."""
    w, h = size
    a = math.radians(float(degrees) % 180.0)
    s, c = abs(math.sin(a)), abs(math.cos(a))
    if s < 1e-12:
        return float(w), float(h)
    if c < 1e-12:
        return float(h), float(w)
    long_side, short_side = max(w, h), min(w, h)
    if short_side <= 2.0 * s * c * long_side or abs(s - c) < 1e-10:
        # Half constrained: two corners touch the long side, the other two the mid-line.
        x = 0.5 * short_side
        return (x / s, x / c) if w >= h else (x / c, x / s)
    # Fully constrained: every corner touches a side of the rotated rectangle.
    cos_2a = c * c - s * s
    return (w * c - h * s) / cos_2a, (h * c - w * s) / cos_2a


def fill_margin(size: tuple[int, int]) -> float:
    """Pixels kept clear of the exact edge: bilinear edge blending and re-rendering at other sizes."""
    return max(2.0, 0.0025 * max(size))


def fill_box(size: tuple[int, int], degrees: float) -> tuple[int, int, int, int]:
    """(x, y, width, height) inside the canvas `rotate` makes of `size`: the rotated picture, no wedges."""
    cw, ch = ops.rotated_size(size, degrees)
    wr, hr = inner_rect(size, degrees)
    m = fill_margin(size)
    # `rotate` keeps the picture's centre at the canvas centre (Pillow's expand translation).
    x0, x1 = math.ceil((cw - wr) / 2 + m), math.floor((cw + wr) / 2 - m)
    y0, y1 = math.ceil((ch - hr) / 2 + m), math.floor((ch + hr) / 2 - m)
    return x0, y0, max(1, x1 - x0), max(1, y1 - y0)


def needs_fill(degrees: float | None) -> bool:
    """Whether a rotation leaves wedges worth cropping away (small, not a quarter turn)."""
    return degrees is not None and 0 < abs(degrees) < 45


def crop_params(box: tuple[int, int, int, int]) -> dict:
    """A `crop` step for a box."""
    x, y, w, h = box
    return {"op": "crop", "params": {"x": int(x), "y": int(y), "width": int(w), "height": int(h)}}


def centre_box(frame: tuple[int, int, int, int], keep: float = 1.0, aspect: float | None = None) -> tuple:
    """A box centred in `frame` (x, y, w, h): `keep` of each side, or the largest of ratio `aspect` x `keep`."""
    fx, fy, fw, fh = frame
    if aspect is None:
        w, h = int(fw * keep), int(fh * keep)
    else:
        w = min(fw, fh * aspect)
        w, h = int(w * keep), int(w / aspect * keep)
    return fx + (fw - w) // 2, fy + (fh - h) // 2, max(1, w), max(1, h)
