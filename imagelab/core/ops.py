"""Pure image operations: one function per op, `(image, **params) -> image`.

Every op takes and returns an 8-bit RGB `PIL.Image`, never mutates its input and does no I/O.
Pixel-valued params (crop box, resize target, blur sigma, sharpen radius) are in the pixels of the
image the op receives; `scale_params` rescales them for another resolution (downloads, previews).

Ops come in three kinds, which `compile.py` uses to fuse runs of steps:
- "channel": a per-channel tone curve (brightness, contrast, curve, levels,
  temperature, tint) -> applied as one `Image.point()` lookup table;
- "mix": an affine colour matrix (saturation, hue, filter) -> one `convert("RGB", matrix)`;
- "other": geometry and spatial ops, run as they are.
"""

import functools
import math
from collections.abc import Callable

import numpy as np
from PIL import Image, ImageChops, ImageFilter

from imagelab.core.curves import channel_curve, curve_lut, unit

_LUMA_601 = np.array([0.299, 0.587, 0.114])  # same weights as Pillow's "L" conversion

# ------------------------------------------------------------- colour matrices
_SEPIA = np.array([[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]])
_SEPIA = _SEPIA / _SEPIA[0].sum()  # rows scaled so white maps to (255, 227, 177): no clipping


def mix_matrix(op: str, params: dict) -> np.ndarray:
    """The op's 3x4 affine colour matrix (last column = offset)."""
    if op == "saturation":
        v = float(params["value"])
        m = v * np.eye(3) + (1.0 - v) * np.outer(np.ones(3), _LUMA_601)
    elif op == "hue":
        # Rotation around the grey axis that keeps Rec.709 luma constant
        # (the SVG/CSS hueRotate matrix), so brightness does not jump with the hue.
        a = math.radians(float(params["value"]))
        c, s = math.cos(a), math.sin(a)
        m = np.array(
            [
                [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
                [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
                [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072],
            ]
        )
    elif op == "filter":
        kind = params["type"]
        if kind == "grayscale":
            m = np.outer(np.ones(3), _LUMA_601)
        elif kind == "sepia":
            m = _SEPIA.copy()
        else:
            raise ValueError(f"unknown filter type {kind!r}")
    else:
        raise ValueError(f"{op} is not a colour-mixing op")
    return np.hstack([m, np.zeros((3, 1))])


def apply_matrix(image: Image.Image, matrix: np.ndarray) -> Image.Image:
    """Apply a 3x4 affine colour matrix in one pass (rounded, clipped to 0..255)."""
    return image.convert("RGB", tuple(float(v) for v in np.asarray(matrix).ravel()))


# ------------------------------------------------------------------ the ops
def brightness(image: Image.Image, *, value: float) -> Image.Image:
    """Scale every channel by `value` (1.0 = unchanged)."""
    return image.point(curve_lut(channel_curve("brightness", {"value": value})))


def contrast(image: Image.Image, *, value: float) -> Image.Image:
    """Stretch (>1) or flatten (<1) values around mid-grey 127.5."""
    return image.point(curve_lut(channel_curve("contrast", {"value": value})))


def curve(image: Image.Image, *, value: float) -> Image.Image:
    """Contrast with soft shoulders: midtones steepened (>1) or flattened (<1), black and white kept."""
    return image.point(curve_lut(channel_curve("curve", {"value": value})))


def levels(image: Image.Image, *, black: int = 0, white: int = 255, gamma: float = 1.0) -> Image.Image:
    """Map black..white to 0..255, then apply gamma (>1 brightens midtones)."""
    return image.point(curve_lut(channel_curve("levels", {"black": black, "white": white, "gamma": gamma})))


def temperature(image: Image.Image, *, warm: bool = True, strength: float = 0.3) -> Image.Image:
    """Warm (or cool) the midtones with per-channel gamma curves; black and white stay."""
    return image.point(curve_lut(channel_curve("temperature", {"warm": warm, "strength": strength})))


def tint(image: Image.Image, *, color: str, strength: float = 0.1) -> Image.Image:
    """Blend a solid colour over the image at `strength` opacity (0..1)."""
    return image.point(curve_lut(channel_curve("tint", {"color": color, "strength": strength})))


def saturation(image: Image.Image, *, value: float) -> Image.Image:
    """Scale colourfulness around each pixel's luma (0 = grey, 1 = unchanged)."""
    return apply_matrix(image, mix_matrix("saturation", {"value": value}))


def hue(image: Image.Image, *, value: float) -> Image.Image:
    """Rotate hues by `value` degrees, keeping luma."""
    return apply_matrix(image, mix_matrix("hue", {"value": value}))


def filter_(image: Image.Image, *, type: str) -> Image.Image:  # noqa: A002 - DSL name
    """Grayscale (Rec.601 luma, as Pillow's "L") or sepia toning."""
    return apply_matrix(image, mix_matrix("filter", {"type": type}))


@functools.lru_cache(maxsize=4)  # a job renders the same vignette at two sizes (preview, working): ~3 MB each
def _vignette_mask(w: int, h: int, s: float) -> Image.Image:
    """`vignette`'s mask: computed small in float, upsampled bilinearly (the falloff is smooth)."""
    gw, gh = max(2, min(w, 256)), max(2, min(h, 256))
    ys, xs = np.mgrid[0:gh, 0:gw].astype(np.float64)
    mask = Image.fromarray(np.rint(255.0 * vignette_gain((xs + 0.5) / gw, (ys + 0.5) / gh, s)).astype(np.uint8), "L")
    return mask.resize((w, h), Image.Resampling.BILINEAR)


def vignette_gain(u: np.ndarray, v: np.ndarray, s: float) -> np.ndarray:
    """What `vignette` multiplies a pixel by at (u, v), its position as shares of the width and height."""
    dx, dy = u * 2.0 - 1.0, v * 2.0 - 1.0
    d = np.sqrt((dx * dx + dy * dy) / 2.0)  # 0 at the centre, 1 at the corners
    t = np.clip((d - 0.3) / 0.7, 0.0, 1.0)
    return 1.0 - s * t * t * (3.0 - 2.0 * t)  # smoothstep: no visible edge where it starts


def vignette(image: Image.Image, *, strength: float = 0.2) -> Image.Image:
    """Darken towards the corners with a smooth radial falloff (corners x (1 - strength))."""
    s = unit(strength)
    if s == 0:
        return image
    # image x mask / 255 pasted over black: a multiply (±1) without a 3-channel mask. Not Image.composite: its
    (out := Image.new("RGB", image.size)).paste(image, None, _vignette_mask(*image.size, s))  # copy: 24 ms, not 9
    return out


_GRAIN_TILE = 256  # one seeded noise tile, repeated: the same grain on every render and no per-call RNG cost
_GRAIN = np.random.default_rng(1839).standard_normal((_GRAIN_TILE, _GRAIN_TILE)).astype(np.float32)


def _grain_tile(scale: float) -> np.ndarray:
    """The noise tile with grains `scale` pixels across (smoothly enlarged, seamless, unit sd); 1: one a pixel."""
    if scale <= 1.0:
        return _GRAIN
    side, pad = int(round(_GRAIN_TILE * scale)), 3
    wrapped = Image.fromarray(np.pad(_GRAIN, pad, mode="wrap"), "F")  # the margin makes the edges wrap around
    box = (pad, pad, pad + _GRAIN_TILE, pad + _GRAIN_TILE)
    big = np.asarray(wrapped.resize((side, side), Image.Resampling.BICUBIC, box=box), dtype=np.float32)
    return (big - big.mean()) / max(float(big.std()), 1e-6)


def grain(image: Image.Image, *, amount: float = 0.15, scale: float = 1.0) -> Image.Image:
    """Monochrome film grain: seeded Gaussian noise of `amount` x 64 levels (sd), strongest in midtones; grains
    `scale` px across (k on a render k times the working size, via `scale_params`: a download matches the preview)."""
    a = unit(amount)
    if a == 0:
        return image
    w, h = image.size
    tile = _grain_tile(min(max(float(scale), 1.0), 16.0))
    th, tw = tile.shape
    noise = np.tile(tile, (h // th + 1, w // tw + 1))[:h, :w]
    # Film grain shows least in deep shadows and clean highlights: weight by 4x(1-x) of the luma, floored.
    x = np.arange(256, dtype=np.float32) / 255.0
    weight = np.maximum(4.0 * x * (1.0 - x), 0.25) * (64.0 * a)
    signed = noise * weight[np.asarray(image.convert("L"))]
    # Offset by 128 into 8 bits so Pillow's C add applies it (and clips) in one pass.
    offset = Image.fromarray(np.clip(np.rint(signed + 128.0), 0, 255).astype(np.uint8), "L")
    return ImageChops.add(image, Image.merge("RGB", (offset, offset, offset)), 1.0, -128)


def crop_box(size: tuple[int, int], *, x: int, y: int, width: int, height: int) -> tuple[int, int, int, int]:
    """The (left, top, right, bottom) box `crop` cuts from an image of `size`: at least a pixel, inside it."""
    iw, ih = size
    x0, y0 = min(max(int(round(x)), 0), iw - 1), min(max(int(round(y)), 0), ih - 1)
    x1 = min(max(x0 + int(round(width)), x0 + 1), iw)
    y1 = min(max(y0 + int(round(height)), y0 + 1), ih)
    return x0, y0, x1, y1


def crop(image: Image.Image, *, x: int, y: int, width: int, height: int) -> Image.Image:
    """Cut the box (x, y, width, height), clamped inside the image."""
    x0, y0, x1, y1 = crop_box(image.size, x=x, y=y, width=width, height=height)
    if (x0, y0, x1, y1) == (0, 0, *image.size):
        return image
    return image.crop((x0, y0, x1, y1))


def resize_target(size: tuple[int, int], width, height=None, fit: str = "contain") -> tuple[int, int]:
    """Output size of `resize` on an image of `size` (before any cover crop)."""
    iw, ih = size
    width = int(round(width)) if width else None
    height = int(round(height)) if height else None
    if fit == "fill":
        return max(1, width or iw), max(1, height or ih)
    sx = width / iw if width else None
    sy = height / ih if height else None
    scales = [s for s in (sx, sy) if s is not None] or [1.0]
    # contain: the whole image fits in the box; cover: it fills the box.
    scale = min(scales) if fit == "contain" else max(scales)
    return max(1, round(iw * scale)), max(1, round(ih * scale))


def resize(image: Image.Image, *, width: int, height: int | None = None, fit: str = "contain") -> Image.Image:
    """Resize into a width x height box: contain (fit inside, no padding), cover (fill + centre crop), fill (stretch)."""
    tw, th = resize_target(image.size, width, height, fit)
    out = image
    if (tw, th) != image.size:
        # reducing_gap lets Pillow box-reduce first on big downscales: ~2x faster,
        # visually identical to a full Lanczos.
        out = image.resize((tw, th), Image.Resampling.LANCZOS, reducing_gap=3.0)
    if fit == "cover" and width and height:
        bw, bh = min(int(width), tw), min(int(height), th)
        left, top = (tw - bw) // 2, (th - bh) // 2
        if (bw, bh) != (tw, th):
            out = out.crop((left, top, left + bw, top + bh))
    return out


def rotate(image: Image.Image, *, degrees: float) -> Image.Image:
    """Rotate clockwise by `degrees`, expanding the canvas; corners take the border's mean colour."""
    d = float(degrees) % 360.0
    if d == 0:
        return image
    quarter = {90.0: Image.Transpose.ROTATE_270, 180.0: Image.Transpose.ROTATE_180, 270.0: Image.Transpose.ROTATE_90}
    if d in quarter:  # lossless and fast
        return image.transpose(quarter[d])
    # Filling with the border's mean blends better than black or white on photos.
    small = image.resize((32, 32), Image.Resampling.BOX)
    a = np.asarray(small, dtype=np.float64)
    border = np.concatenate([a[0], a[-1], a[:, 0], a[:, -1]])
    fill = tuple(int(round(v)) for v in border.mean(axis=0))
    # Pillow rotates counter-clockwise; bilinear is ~2x cheaper than bicubic here.
    return image.rotate(-d, Image.Resampling.BILINEAR, expand=True, fillcolor=fill)


def rotated_size(size: tuple[int, int], degrees: float) -> tuple[int, int]:
    """Canvas size after `rotate` (same arithmetic as Pillow's expand)."""
    d = float(degrees) % 360.0
    w, h = size
    if d in (0.0, 180.0):
        return w, h
    if d in (90.0, 270.0):
        return h, w
    # Pillow's own arithmetic (counter-clockwise angle, centre translation), so the
    # floor/ceil of the expanded canvas match to the pixel.
    a = -math.radians((-d) % 360.0)
    c, s = round(math.cos(a), 15), round(math.sin(a), 15)
    tx = c * (-w / 2) + s * (-h / 2) + w / 2
    ty = -s * (-w / 2) + c * (-h / 2) + h / 2
    corners = ((0, 0), (w, 0), (w, h), (0, h))
    xs = [c * x + s * y + tx for x, y in corners]
    ys = [-s * x + c * y + ty for x, y in corners]
    return math.ceil(max(xs)) - math.floor(min(xs)), math.ceil(max(ys)) - math.floor(min(ys))


def flip(image: Image.Image, *, direction: str = "horizontal") -> Image.Image:
    """Mirror left to right ("horizontal") or top to bottom ("vertical"): lossless, the size kept."""
    way = Image.Transpose.FLIP_TOP_BOTTOM if direction == "vertical" else Image.Transpose.FLIP_LEFT_RIGHT
    return image.transpose(way)


def blur(image: Image.Image, *, sigma: float) -> Image.Image:
    """Gaussian blur with standard deviation `sigma` pixels."""
    return image.filter(ImageFilter.GaussianBlur(radius=max(float(sigma), 0.0)))


def sharpen(image: Image.Image, *, amount: float = 1.0, radius: float = 1.0) -> Image.Image:
    """Unsharp mask: add `amount` x (image - blur(radius)); threshold 0."""
    return image.filter(
        ImageFilter.UnsharpMask(radius=float(radius), percent=int(round(float(amount) * 100)), threshold=0)
    )


OPS: dict[str, Callable[..., Image.Image]] = {
    f.__name__.rstrip("_"): f  # filter_ -> "filter"
    for f in (brightness, contrast, curve, saturation, hue, filter_, tint, temperature, levels, vignette)
    + (crop, resize, rotate, flip, blur, sharpen, grain)
}
CHANNEL_OPS = frozenset({"brightness", "contrast", "curve", "levels", "temperature", "tint"})
MIX_OPS = frozenset({"saturation", "hue", "filter"})
MOVING_OPS = frozenset({"rotate", "flip"})  # pixels change places (a crop or resize keeps their order)
AI_OP = "aiEdit"  # not local: the executor calls an injected callable


def output_size(op: str, params: dict, size: tuple[int, int]) -> tuple[int, int]:
    """Image size after running `op` on an image of `size` (no pixels touched)."""
    if op == "crop":
        x0, y0, x1, y1 = crop_box(size, **{k: params[k] for k in ("x", "y", "width", "height")})
        return x1 - x0, y1 - y0
    if op == "resize":
        tw, th = resize_target(size, params.get("width"), params.get("height"), params.get("fit", "contain"))
        if params.get("fit") == "cover" and params.get("width") and params.get("height"):
            return min(int(params["width"]), tw), min(int(params["height"]), th)
        return tw, th
    if op == "rotate":
        return rotated_size(size, params["degrees"])
    return size


def scale_params(op: str, params: dict, k: float, size: tuple[int, int] | None = None) -> dict:
    """Params for the same visual result on an image `k` times larger (pixel values x k); `size`: that image's
    size, so a crop that reached the smaller image's edge reaches this one's."""
    if k == 1.0:
        return dict(params)
    p = dict(params)
    if op == "crop":
        for key in ("x", "y", "width", "height"):
            p[key] = int(round(float(p[key]) * k))
        if size:
            _crop_to_edges(p, params, k, size)
    elif op == "resize":
        for key in ("width", "height"):
            if p.get(key):
                p[key] = max(1, int(round(float(p[key]) * k)))
    elif op == "blur":
        p["sigma"] = float(p["sigma"]) * k
    elif op == "sharpen":
        p["radius"] = float(p.get("radius", 1.0)) * k
    elif op == "grain":  # grains as large, relative to the picture, as on the working image
        p["scale"] = float(p.get("scale", 1.0)) * k
    return p


def _crop_to_edges(p: dict, params: dict, k: float, size: tuple[int, int]) -> None:
    # The smaller image's short side was rounded (a 4000 x 120 panorama works at 2048 x 61, and 61 x 1.95 is 119):
    # a crop to its far edge scaled by the long sides' k falls a pixel short of this image's edge.
    # The crop's shape is kept (a square stays square): the other side grows by as much, inside the image.
    axes = (("x", "width", size[0]), ("y", "height", size[1]))
    for i, (pos, length, side) in enumerate(axes):
        if float(params[pos]) + float(params[length]) >= round(side / k) and side - p[pos] > p[length] > 0:
            grown = (side - p[pos]) / p[length]
            p[length] = side - p[pos]
            o_pos, o_length, o_side = axes[1 - i]
            p[o_length] = min(int(round(p[o_length] * grown)), o_side - p[o_pos])


def working_size(size: tuple[int, int], max_side: int = 2048) -> tuple[int, int]:
    """Size of the working image: longest side at most `max_side`, never upscaled."""
    w, h = size
    scale = min(1.0, max_side / max(w, h))
    return max(1, round(w * scale)), max(1, round(h * scale))
