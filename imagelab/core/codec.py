"""Image bytes in and out: decode (libvips shrink-on-load, allow-listed formats), encode, shrink, preview."""

import io

import numpy as np
import pyvips
import simplejpeg
from PIL import Image

from imagelab.core import ops

FORMATS = ["JPEG", "PNG", "WEBP", "GIF"]
_BIG_JPEG = 1_000_000  # pixels from which `encode` hands a Pillow image to simplejpeg (see `_jpeg`)

# libvips caches recent operations and their pixel buffers; we decode each upload once and
# never repeat an operation, so the cache only holds memory (measured by bench/imagelab.py).
pyvips.cache_set_max(0)
pyvips.cache_set_max_mem(0)


def _vips_rgb(vi: "pyvips.Image") -> "pyvips.Image":
    if vi.hasalpha():
        vi = vi.flatten(background=[255, 255, 255])  # alpha composited on white, as uploads do
    if vi.interpretation not in ("srgb", "b-w") or vi.format != "uchar":
        vi = vi.colourspace("srgb").cast("uchar")
    if vi.bands == 1:
        vi = vi.bandjoin([vi, vi])
    return vi


def _vips_to_pil(vi: "pyvips.Image") -> Image.Image:
    vi = _vips_rgb(vi)
    return Image.frombuffer("RGB", (vi.width, vi.height), vi.write_to_memory(), "raw", "RGB", 0, 1)


def _vips_to_array(vi: "pyvips.Image") -> np.ndarray:
    vi = _vips_rgb(vi)
    return np.ndarray(buffer=vi.write_to_memory(), dtype=np.uint8, shape=(vi.height, vi.width, 3))


def _check_format(data: bytes) -> tuple[int, int]:
    # The format is decided by decoding the header with Pillow's allow-list, never the name.
    with Image.open(io.BytesIO(data), formats=FORMATS) as im:
        return im.size


Pixels = bytes | Image.Image | np.ndarray


def _load(source: Pixels, max_side: int | None) -> tuple["pyvips.Image | Image.Image | np.ndarray", tuple[int, int]]:
    """(libvips image reduced to `max_side`, or the picture as given when already small enough; source size)."""
    if isinstance(source, np.ndarray):  # an (h, w, 3) uint8 array: a working image decoded earlier
        size = (source.shape[1], source.shape[0])
        if max_side and max(size) > max_side:
            vi = pyvips.Image.new_from_memory(np.ascontiguousarray(source).data, *size, 3, "uchar")
            return vi.thumbnail_image(max_side, height=max_side, size="down"), size
        return source, size
    if isinstance(source, Image.Image):
        size = source.size
        img = source if source.mode == "RGB" else source.convert("RGB")
        if max_side and max(size) > max_side:
            vi = pyvips.Image.new_from_memory(img.tobytes(), img.width, img.height, 3, "uchar")
            return vi.thumbnail_image(max_side, height=max_side, size="down"), size
        return img, size
    size = _check_format(source)
    # libvips shrinks on load (JPEG DCT scaling, like Pillow's draft()) and resizes
    # multi-threaded: ~4x faster than Pillow's decode + Lanczos on 12 MP.
    if max_side and max(size) > max_side:
        return pyvips.Image.thumbnail_buffer(source, max_side, height=max_side, size="down"), size
    return pyvips.Image.new_from_buffer(source, "", access="sequential").autorot(), size


def decode(source: Pixels, *, max_side: int | None = None) -> tuple[Image.Image, tuple[int, int]]:
    """(RGB image reduced to longest side `max_side` — None = full size —, source size)."""
    img, size = _load(source, max_side)
    if isinstance(img, np.ndarray):
        return Image.fromarray(np.ascontiguousarray(img), "RGB"), size
    return (img if isinstance(img, Image.Image) else _vips_to_pil(img)), size


def decode_pixels(source: Pixels, *, max_side: int | None = None) -> tuple[np.ndarray, tuple[int, int]]:
    """`decode` as an (h, w, 3) uint8 array (read-only), in libvips' own memory: no copy.

    What the executor works on: Pillow keeps RGB as four bytes a pixel, and turning a 2048 px image into an
    array (`np.asarray`, through its `tobytes`) costs ~16 ms on this VM, against ~2 ms the other way
    (bench/README.md, "Working images as arrays")."""
    img, size = _load(source, max_side)
    if isinstance(img, np.ndarray):
        return img, size
    return (np.asarray(img) if isinstance(img, Image.Image) else _vips_to_array(img)), size


def _jpeg(pixels: np.ndarray, quality: int) -> bytes:
    # simplejpeg (libjpeg-turbo, GIL released, no metadata written) straight from the array: at 2048 px
    # ~9-11 ms against libvips' ~15 (its pipeline and threads) or Pillow's ~9 that holds the GIL for the whole
    # encode and serialised the executor's threads. Same quantisation and 4:2:0 as Pillow (bench/README.md
    # "OpenCV for the finals").
    return simplejpeg.encode_jpeg(np.ascontiguousarray(pixels), quality, "RGB", "420")


def encode(image: Image.Image | np.ndarray, fmt: str = "jpeg", quality: int = 85) -> bytes:
    """JPEG or PNG bytes of an RGB image or (h, w, 3) uint8 array, metadata (EXIF, ICC, text) stripped."""
    jpeg = fmt.lower() in ("jpeg", "jpg")
    if isinstance(image, np.ndarray):
        if jpeg:
            return _jpeg(image, quality)
        image = Image.fromarray(np.ascontiguousarray(image), "RGB")
    if jpeg and image.mode == "RGB" and image.width * image.height >= _BIG_JPEG:
        return _jpeg(np.asarray(image), quality)  # the ~2 ms copy costs less than the GIL held
    buf = io.BytesIO()
    if jpeg:
        image.save(buf, "JPEG", quality=quality, exif=b"", icc_profile=None)
    elif fmt.lower() == "png":
        image.save(buf, "PNG", compress_level=6, exif=None, icc_profile=None, pnginfo=None)
    else:
        raise ValueError(f"unsupported output format {fmt!r}")
    return buf.getvalue()


def shrink(image: Image.Image | np.ndarray, max_side: int = 640) -> Image.Image:
    """The image (or an array's picture) reduced to longest side `max_side` (unchanged when already small)."""
    if isinstance(image, np.ndarray):  # the same pixels as from the Pillow image (its copy costs ~2 ms)
        image = Image.fromarray(np.ascontiguousarray(image), "RGB")
    w, h = image.size
    if max(w, h) <= max_side:
        return image
    factor = max(w, h) // max_side
    small = image.reduce(factor) if factor >= 2 else image  # box pre-reduction: cheap
    target = ops.working_size(image.size, max_side)
    return small if small.size == target else small.resize(target, Image.Resampling.BILINEAR)


def preview(image: Image.Image, max_side: int = 640) -> bytes:
    """A small JPEG preview (longest side <= max_side)."""
    return encode(shrink(image, max_side), "jpeg", quality=80)
