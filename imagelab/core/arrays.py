"""Working-size passes on numpy arrays with OpenCV: the fused LUT, the colour matrix, vignette, blur, sharpen, crop.

The finals (2048 px) spend most of the executor's CPU beyond decode and encode in these passes. Pillow's
`convert("RGB", matrix)` computes each pixel in scalar float (~10 ms at 2048x1536 here); OpenCV's
`cv2.transform` does the same 3x4 affine with SIMD (~1.8 ms, within 1 level of Pillow's result) and
releases the GIL, as do `cv2.LUT`, `cv2.multiply` and `cv2.GaussianBlur` (a blur or a sharpen: ~100-140 ms
in Pillow at that size, 9-20 here; bench/README.md "OpenCV for the finals"). A picture moves between Pillow
and arrays only where a pass is cheaper on the other side (`compile.Pass.run_any`): every Pillow <-> numpy
copy costs ~2 ms at that size, because Pillow stores RGB as four bytes a pixel.
"""

import functools
import math

import cv2
import numpy as np
import pyvips
from PIL import Image

from imagelab.core import curves, ops

# The executor already runs the variations on its own threads: OpenCV's pool on top of them doubled the
# CPU of a LUT on two cores (3.5 vs 1.7 ms at 2048 px) for no wall-time gain.
cv2.setNumThreads(1)


def to_array(image: Image.Image | np.ndarray) -> np.ndarray:
    """An (h, w, 3) uint8 array of an RGB image (arrays pass through)."""
    if isinstance(image, np.ndarray):
        return image
    return np.asarray(image if image.mode == "RGB" else image.convert("RGB"))


def to_image(pixels: Image.Image | np.ndarray) -> Image.Image:
    """The RGB Pillow image of an (h, w, 3) uint8 array (images pass through)."""
    if isinstance(pixels, Image.Image):
        return pixels
    return Image.fromarray(np.ascontiguousarray(pixels), "RGB")


def size(pixels: Image.Image | np.ndarray) -> tuple[int, int]:
    """(width, height) of an image or an array."""
    if isinstance(pixels, Image.Image):
        return pixels.size
    return pixels.shape[1], pixels.shape[0]


def uniform(table: list[int]) -> bool:
    """Is a 768-entry `point` table the same curve for R, G and B?"""
    return table[:256] == table[256:512] == table[512:]


def lut(pixels: np.ndarray, table: list[int]) -> np.ndarray:
    """Apply a 768-entry per-channel table (Pillow's `point` layout: all R, then G, then B)."""
    t = np.asarray(table, dtype=np.uint8).reshape(3, 256)
    if uniform(table):
        return cv2.LUT(pixels, t[0].copy())  # one table for all channels: ~2x faster than three
    return cv2.LUT(pixels, np.ascontiguousarray(t.T.reshape(256, 1, 3)))


def matrix(pixels: np.ndarray, m34: np.ndarray) -> np.ndarray:
    """Apply a 3x4 affine colour matrix (rounded, saturated to 0..255)."""
    return cv2.transform(pixels, np.asarray(m34, dtype=np.float64))


_RAMP = np.repeat(np.arange(256, dtype=np.uint8).reshape(1, 256, 1), 3, axis=2)  # every value, each channel


def matrix_equals_lut(m34: np.ndarray, table: list[int]) -> bool:
    """Does `matrix(m34)` give exactly the 768-entry table on every value? (OpenCV rounds in fixed point: a
    diagonal matrix can miss a half by one level where the table, rounded in float64, does not.)"""
    want = np.asarray(table, dtype=np.uint8).reshape(3, 256).T.reshape(1, 256, 3)
    return bool(np.array_equal(matrix(_RAMP, m34), want))


@functools.lru_cache(maxsize=4)
def _vignette_mask3(w: int, h: int, s: float) -> np.ndarray:
    m = np.asarray(ops._vignette_mask(w, h, s))  # noqa: SLF001 - the same falloff as the Pillow op
    return cv2.merge([m, m, m])


def vignette(pixels: np.ndarray, *, strength: float = 0.2) -> np.ndarray:
    """`ops.vignette` on an array: pixels x mask / 255 (within one level of the Pillow op)."""
    s = curves.unit(strength)  # the same clamping as the Pillow op
    if s == 0:
        return pixels
    h, w = pixels.shape[:2]
    return cv2.multiply(pixels, _vignette_mask3(w, h, s), scale=1.0 / 255.0)


def blur(pixels: np.ndarray, *, sigma: float) -> np.ndarray:
    """`ops.blur` on an array: OpenCV's Gaussian (~10x faster at 2048 px than Pillow's, which approximates it
    with three box passes: a mean difference under 0.6 of a level, 99.9 % of values within 4)."""
    s = max(float(sigma), 0.0)
    if s == 0:
        return pixels
    return cv2.GaussianBlur(pixels, (0, 0), s, borderType=cv2.BORDER_REPLICATE)


def sharpen(pixels: np.ndarray, *, amount: float = 1.0, radius: float = 1.0) -> np.ndarray:
    """`ops.sharpen` on an array: the same unsharp mask (pixels + amount x (pixels - blurred), threshold 0) on
    OpenCV's Gaussian; the amount in hundredths, as Pillow's percent."""
    a, r = round(float(amount), 2), max(float(radius), 0.0)
    if a == 0 or r == 0:
        return pixels
    return unsharp(pixels, unsharp_base(pixels, radius=r), a)


def unsharp_base(pixels: np.ndarray, *, radius: float) -> np.ndarray:
    """The blurred copy `sharpen` subtracts (made once, it serves every amount: the guard sizes one on it)."""
    return cv2.GaussianBlur(pixels, (0, 0), max(float(radius), 0.0), borderType=cv2.BORDER_REPLICATE)


def unsharp(pixels: np.ndarray, blurred: np.ndarray, amount: float) -> np.ndarray:
    """`sharpen`'s mask at `amount` (already rounded to hundredths) on its blurred copy."""
    return cv2.addWeighted(pixels, 1.0 + amount, blurred, -amount, 0.0)


def resize(
    pixels: Image.Image | np.ndarray, *, width: int, height: int | None = None, fit: str = "contain"
) -> Image.Image | np.ndarray:
    """`ops.resize` on an image or an array: a reduction by libvips (~16 ms from 2048 to 1080 px against Pillow's
    ~48, within a level: 99.9 % of values equal or one apart), an enlargement by Pillow (libvips is no faster)."""
    w, h = size(pixels)
    tw, th = ops.resize_target((w, h), width, height, fit)
    if tw > w or th > h:
        return ops.resize(to_image(pixels), width=width, height=height, fit=fit)
    out = pixels
    if (tw, th) != (w, h):
        a = np.ascontiguousarray(to_array(pixels))
        vi = pyvips.Image.new_from_memory(a.data, w, h, 3, "uchar").thumbnail_image(tw, height=th, size="force")
        out = np.ndarray(buffer=vi.write_to_memory(), dtype=np.uint8, shape=(th, tw, 3))
    if fit == "cover" and width and height:  # the centre of the box, as `ops.resize` cuts it
        bw, bh = min(int(width), tw), min(int(height), th)
        if (bw, bh) != (tw, th):
            box = {"x": (tw - bw) // 2, "y": (th - bh) // 2, "width": bw, "height": bh}
            out = crop(out, **box) if isinstance(out, np.ndarray) else ops.crop(out, **box)
    return out


def _border_fill(pixels: np.ndarray) -> tuple[int, int, int]:
    """`ops.rotate`'s corner colour: the mean of the picture's outer 1/32 on each side (Pillow's 32 x 32 box
    grid's border cells, each side weighing the same), within a level of it."""
    h, w = pixels.shape[:2]
    bh, bw = max(1, h // 32), max(1, w // 32)
    sides = (pixels[:bh], pixels[-bh:], pixels[:, :bw], pixels[:, -bw:])
    mean = np.mean([cv2.mean(side)[:3] for side in sides], axis=0)
    return tuple(int(round(v)) for v in mean)


def rotate(pixels: np.ndarray, *, degrees: float) -> Image.Image | np.ndarray:
    """`ops.rotate` on an array (clockwise, canvas expanded as Pillow expands it, corners in the border's mean):
    OpenCV's bilinear warp, ~30 ms at 2048 px against Pillow's ~115; the same mapping of pixel centres (a mean
    difference of ~0.3 of a level, off by more only along the rotated edges). Quarter turns stay Pillow's."""
    d = float(degrees) % 360.0
    if d == 0:
        return pixels
    if d in (90.0, 180.0, 270.0):
        return ops.rotate(to_image(pixels), degrees=d)
    h, w = pixels.shape[:2]
    nw, nh = ops.rotated_size((w, h), d)
    c, s = round(math.cos(math.radians(d)), 15), round(math.sin(math.radians(d)), 15)
    # Pillow's inverse map (output -> input) about the centres of both canvases, as `Image.rotate(expand=True)`
    # builds it, moved from Pillow's pixel-centre sampling (x + 0.5) to OpenCV's (x).
    tx = w / 2.0 - c * nw / 2.0 - s * nh / 2.0
    ty = h / 2.0 + s * nw / 2.0 - c * nh / 2.0
    m = np.array([[c, s, tx + 0.5 * (c + s) - 0.5], [-s, c, ty + 0.5 * (c - s) - 0.5]])
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    fill = _border_fill(pixels)
    return cv2.warpAffine(pixels, m, (nw, nh), flags=flags, borderMode=cv2.BORDER_CONSTANT, borderValue=fill)


def crop(pixels: np.ndarray, *, x: int, y: int, width: int, height: int) -> np.ndarray:
    """`ops.crop` on an array: the same clamped box, as a view (no copy)."""
    x0, y0, x1, y1 = ops.crop_box(size(pixels), x=x, y=y, width=width, height=height)
    return pixels[y0:y1, x0:x1]


def flip(pixels: np.ndarray, *, direction: str = "horizontal") -> np.ndarray:
    """`ops.flip` on an array: OpenCV's mirror, a contiguous copy (the next pass's OpenCV call needs one)."""
    return cv2.flip(pixels, 0 if direction == "vertical" else 1)


ARRAY_OPS = {"vignette": vignette, "blur": blur, "sharpen": sharpen, "rotate": rotate}


def run_op(pixels: Image.Image | np.ndarray, op: str, params: dict) -> Image.Image | np.ndarray:
    """One op on an image or an array: the array form where it has one, a crop or flip on either, else Pillow's."""
    fn = ARRAY_OPS.get(op)
    if fn is not None:
        return fn(to_array(pixels), **params)
    if op == "crop" and isinstance(pixels, np.ndarray):
        return crop(pixels, **params)
    if op == "flip" and isinstance(pixels, np.ndarray):  # a Pillow picture flips as it is (no ~16 ms copy out)
        return flip(pixels, **params)
    if op == "resize":
        return resize(pixels, **params)
    return ops.OPS[op](to_image(pixels), **params)
