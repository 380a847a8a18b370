"""Validate and normalise an uploaded photo: the format is decided by decoding, never by the name.

Result: an 8-bit sRGB RGB image, EXIF orientation applied, first frame of an
animation, alpha composited on white. Pillow's decompression-bomb guard stays on. A file that ends before
its picture does is refused, never finished in grey (JPEG) or black (PNG).
"""

import io
import os
import zlib
from dataclasses import dataclass

import numpy as np
import simplejpeg
from PIL import Image, ImageCms, ImageFile, UnidentifiedImageError

from imagelab.core.gif_blocks import TooManyPieces, check_gif_blocks
from imagelab.core.png_chunks import PNG_MAGIC, png_chunk_count_exceeds

FORMATS = ["JPEG", "PNG", "WEBP", "GIF"]
DEFAULT_MAX_BYTES = 25 * 1024 * 1024
DEFAULT_MAX_PIXELS = 50_000_000
_EXTENSIONS = {
    ".jpg": "JPEG",
    ".jpeg": "JPEG",
    ".jpe": "JPEG",
    ".jfif": "JPEG",
    ".png": "PNG",
    ".webp": "WEBP",
    ".gif": "GIF",
}
# Magic numbers of image formats we recognise but refuse (so the message can say so).
_OTHER_FORMATS = [
    (b"BM", "BMP"),
    (b"II*\x00", "TIFF"),
    (b"MM\x00*", "TIFF"),
    (b"8BPS", "PSD"),
    (b"\x00\x00\x01\x00", "ICO"),
    (b"\x00\x00\x00\x0cjP  ", "JPEG 2000"),
    (b"\xff\x4f\xff\x51", "JPEG 2000"),
    (b"qoif", "QOI"),
    (b"\xff\x0a", "JPEG XL"),
    (b"\x00\x00\x00\x0cJXL \r\n\x87\n", "JPEG XL"),
]
MAX_JPEG_SCANS = 500  # encoders write about 10; libjpeg-turbo's own tools take such a limit (-maxscans)
_BAND_ROWS = 256  # rows converted at a time from 16/32-bit greyscale (bounded temporary memory)
_FTYP_BRANDS = {
    **dict.fromkeys([b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx"], "HEIC"),
    **dict.fromkeys([b"mif1", b"msf1"], "HEIF"),
    **dict.fromkeys([b"avif", b"avis"], "AVIF"),
}


class UploadError(Exception):
    """A refused upload: `code` for the API, a human `message`, and the HTTP `status`."""

    def __init__(self, code: str, message: str, status: int):
        super().__init__(message)
        self.code, self.message, self.status = code, message, status

    def as_dict(self) -> dict:
        """The API error body."""
        return {"code": self.code, "message": self.message}


@dataclass
class LoadedImage:
    """A decoded, normalised upload."""

    image: Image.Image  # RGB, 8-bit, sRGB, upright
    format: str  # "JPEG" | "PNG" | "WEBP" | "GIF" (as decoded)
    original_mode: str
    animated: bool  # more than one frame (an animation, an MPO's other pictures): only the first is kept
    icc_converted: bool
    orientation_applied: bool

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) after orientation."""
        return self.image.size


def check_declared_size(content_length: int | str | None, *, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
    """Refuse a request from its Content-Length before reading the body."""
    try:
        n = int(content_length) if content_length is not None else 0
    except (TypeError, ValueError):
        return
    if n > max_bytes:
        raise _too_large(max_bytes)


def _too_large(max_bytes: int) -> UploadError:
    return UploadError("image_too_large", f"The file is larger than {max_bytes // (1024 * 1024)} MB.", 413)


def _too_many_pixels(max_pixels: int) -> UploadError:
    return UploadError("too_many_pixels", f"The image has more than {max_pixels / 1e6:g} megapixels.", 413)


def _sniff_other(data: bytes) -> str | None:
    head = data[:64]
    for magic, name in _OTHER_FORMATS:
        if head.startswith(magic):
            return name
    if head[4:8] == b"ftyp" and head[8:12] in _FTYP_BRANDS:
        return _FTYP_BRANDS[head[8:12]]
    text = data[:1024].lstrip().lower()
    if text.startswith(b"<svg") or (text.startswith(b"<?xml") and b"<svg" in text):
        return "SVG"
    return None


# Pillow's names for formats people know by another; the rest are named as Pillow names them (PCX, TGA, PPM…).
_PILLOW_NAMES = {"JPEG2000": "JPEG 2000", "DIB": "BMP"}
# Only the head is shown to Pillow's other readers: some read a header a byte at a time (PPM) or scan for it
# line by line (EPS), 9 s and 23 s on a 25 MB file of comment lines; 64 kB holds any real header.
_NAMING_HEAD = 65_536


def _named_by_pillow(data: bytes) -> str | None:
    """The format another of Pillow's readers recognises the file as (a PCX or TGA), from its header only."""
    Image.init()
    readers = [name for name in Image.OPEN if name not in FORMATS and name != "MPO"]
    try:
        with Image.open(io.BytesIO(data[:_NAMING_HEAD]), formats=readers) as im:
            return _PILLOW_NAMES.get(im.format, im.format)
    except Exception:  # any reader's refusal (UnidentifiedImageError, ValueError…): we only ask for a name
        return None


def _to_8bit(im: Image.Image) -> Image.Image:
    """16/32-bit integer and float greyscale -> 8-bit "L" (scaled, not clipped), a band of rows at a time."""
    a = np.asarray(im)
    multiply = im.mode == "F" and a.size and float(np.nanmax(a)) <= 1.0  # 0..1 -> 0..255
    divide = im.mode != "F" and (im.mode.startswith("I;16") or (a.size and int(a.max()) > 255))  # 0..65535
    out = np.empty(a.shape, np.uint8)
    # In bands: the whole picture as float64 (and its temporaries) was ~24 bytes a pixel, 1.2 GB for a
    # 50 MP greyscale PNG that compresses to ~100 kB.
    for top in range(0, a.shape[0], _BAND_ROWS):
        band = a[top : top + _BAND_ROWS].astype(np.float64)
        if multiply:
            band *= 255.0
        elif divide:
            band /= 257.0
        out[top : top + _BAND_ROWS] = np.clip(np.rint(band, out=band), 0, 255, out=band)
    return Image.fromarray(out)


def _to_srgb(im: Image.Image) -> tuple[Image.Image, bool]:
    """Any mode -> RGB; an embedded ICC profile is converted to sRGB."""
    icc = im.info.get("icc_profile")
    if im.mode in ("I", "I;16", "I;16B", "I;16L", "I;16N", "F"):
        im, icc = _to_8bit(im), None
    if im.mode == "P":
        im = im.convert("RGBA" if "transparency" in im.info else "RGB")
    elif im.mode in ("PA", "LA", "La", "RGBa", "1"):
        im = im.convert("RGBA" if im.mode != "1" else "L")
    alpha = im.getchannel("A") if im.mode == "RGBA" else None
    base = im.convert("RGB") if im.mode == "RGBA" else im
    converted = False
    if icc:
        try:
            src = ImageCms.ImageCmsProfile(io.BytesIO(icc))
            base = ImageCms.profileToProfile(base, src, ImageCms.createProfile("sRGB"), outputMode="RGB")
            converted = True
        except (ImageCms.PyCMSError, OSError, ValueError):
            pass  # a broken profile: fall back to the plain conversion below
    if base.mode != "RGB":
        base = base.convert("RGB")
    if alpha is not None:
        white = Image.new("RGB", base.size, (255, 255, 255))
        white.paste(base, mask=alpha)
        base = white
    return base, converted


def load_upload(
    data: bytes, *, filename: str = "", max_bytes: int = DEFAULT_MAX_BYTES, max_pixels: int = DEFAULT_MAX_PIXELS
) -> LoadedImage:
    """Decode and normalise an upload, or raise UploadError(code, message, status)."""
    if len(data) > max_bytes:
        raise _too_large(max_bytes)
    if not data:
        raise UploadError("not_an_image", "The file is empty.", 400)
    # Pillow's bomb guard is process-wide and left exactly as Pillow sets it (other threads decode too);
    # our own, lower limit is checked below from the header, before any pixel is decoded.
    if Image.MAX_IMAGE_PIXELS is None:
        raise RuntimeError("Image.MAX_IMAGE_PIXELS must not be None: the decompression-bomb guard stays on")
    if data[:4] == b"GIF8":  # before opening: Pillow's open already reads every block up to the first picture
        _check_gif(data)
    if data.startswith(PNG_MAGIC) and png_chunk_count_exceeds(data):
        raise UploadError("corrupt_image", "The PNG is split into far more pieces than a picture is.", 400)
    try:
        im = Image.open(io.BytesIO(data), formats=FORMATS)
    except Image.DecompressionBombError:
        raise _too_many_pixels(max_pixels) from None
    except UnidentifiedImageError:
        other = _sniff_other(data) or _named_by_pillow(data)
        if other:
            raise UploadError(
                "unsupported_format", f"{other} images are not supported; use JPEG, PNG, WebP or GIF.", 415
            ) from None
        raise UploadError("not_an_image", "The file is not an image.", 400) from None
    except (OSError, SyntaxError, ValueError):
        raise UploadError("corrupt_image", "The image file is damaged and cannot be read.", 400) from None
    # A multi-picture JPEG (MPO: phones' depth and portrait shots, 3D cameras) is a JPEG with more pictures
    # after it: its first picture is the photo, decoded and stored as any JPEG's (the rest is dropped).
    fmt = "JPEG" if im.format == "MPO" else im.format
    w, h = im.size  # read from the header: nothing is decoded until im.load()
    if w * h > max_pixels:
        raise _too_many_pixels(max_pixels)
    if fmt == "JPEG":
        _check_scans(data)
    # A trailing dot or space is no part of the name a person sees (Windows drops it): "photo." has no extension.
    ext = os.path.splitext((filename or "").rstrip(". "))[1].lower()
    if ext and _EXTENSIONS.get(ext) != fmt:
        raise UploadError(
            "extension_mismatch",
            f"The file is named {ext} but contains a {fmt} image; rename it or export it again.",
            400,
        )
    _check_complete(data, fmt)
    # Whether there is a second frame, never how many: Pillow's n_frames parses every frame of a GIF (in Python,
    # holding the GIL), and a 25 MB GIF holds a million 1x1 frames.
    animated = bool(getattr(im, "is_animated", False))
    original_mode = im.mode
    try:
        im.seek(0)  # animated: the first frame only
        im.load()
    except (OSError, SyntaxError, ValueError, EOFError):
        raise UploadError("corrupt_image", "The image file is truncated or damaged and cannot be read.", 400) from None
    if ImageFile.LOAD_TRUNCATED_IMAGES:  # never accept half an image, whatever someone set globally
        raise RuntimeError("ImageFile.LOAD_TRUNCATED_IMAGES must stay False")
    turn = _UPRIGHT.get(exif_orientation(im))
    # Our own transpose, not ImageOps.exif_transpose: that one writes the EXIF back, and fails on a tag whose
    # stored type is not the one Pillow writes (the metadata is dropped here anyway).
    upright = im.transpose(turn) if turn is not None else im
    rgb, converted = _to_srgb(upright)
    if rgb is im:
        rgb = im.copy()  # detach from the file object and its metadata
    rgb.info = {}  # metadata never travels with the pixels
    return LoadedImage(rgb, fmt, original_mode, animated, converted, turn is not None)


def _check_scans(data: bytes) -> None:
    """Refuse a JPEG of more scans than any camera or encoder writes, before decoding it."""
    # Every scan is a pass over the whole picture: 10,000 empty ones (100 kB) cost 3 s at 4 MP and hours at
    # 50 MP. Entropy-coded data never holds FF DA (an FF there is followed by 00 or a restart marker), so the
    # count is the scans' (plus any in an embedded thumbnail); progressive encoders write about 10.
    scans = data.count(b"\xff\xda")
    if scans > MAX_JPEG_SCANS:
        raise UploadError(
            "corrupt_image",
            f"The JPEG is built from {scans:,} scans (at most {MAX_JPEG_SCANS} are read); export it again.",
            400,
        )


# What libjpeg warns when the picture data runs out before the lines the header promises: a marker where data
# should be ("premature end of data segment") or the file's end ("Premature end of JPEG file").
_JPEG_ENDS_EARLY = "premature end"


def _check_complete(data: bytes, fmt: str) -> None:
    """Refuse a JPEG or PNG whose picture data ends before its last row (decoders finish it in grey or black)."""
    if (fmt == "JPEG" and _jpeg_ends_early(data)) or (fmt == "PNG" and _png_rows_missing(data)):
        raise _incomplete()


def _jpeg_ends_early(data: bytes) -> bool:
    """True when the JPEG's picture data ends before its last line (libjpeg would fill the rest with grey)."""
    # Pillow never says: libjpeg only warns, and finishes the picture with grey. libjpeg-turbo's strict decode
    # stops at the first warning; at 1/8 scale and in grey it still reads every byte of the picture data, in
    # a 64th of the memory. Other warnings (stray bytes before a marker, which cameras write) are no refusal.
    try:
        simplejpeg.decode_jpeg(data, colorspace="GRAY", strict=True, min_factor=8, fastdct=True, fastupsample=True)
    except ValueError as exc:
        return _JPEG_ENDS_EARLY in str(exc).lower()
    return False


def _incomplete() -> UploadError:
    return UploadError(
        "corrupt_image",
        "The photo is incomplete: the file ends before the picture does, so it cannot be read whole. "
        "Upload the whole file (copy or export it again).",
        400,
    )


# A PNG's channels by colour type (grey, RGB, palette, grey+alpha, RGBA), and Adam7's passes: (x, y, dx, dy).
_PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
_INFLATE_STEP = 1 << 20  # bytes of rows inflated at a time, counted and dropped


def _png_rows_missing(data: bytes) -> bool:
    """True when the PNG's picture data (IDAT) inflates to fewer rows than its header has (Pillow fills them black)."""
    # Pillow stops quietly when the compressed stream ends, so it is inflated here once more, counting only.
    # A damaged stream or header is left to Pillow, which refuses it.
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    depth, colour, interlaced = data[24], data[25], data[28] == 1
    bits = depth * _PNG_CHANNELS.get(colour, 0)
    passes = _ADAM7 if interlaced else ((0, 0, 1, 1),)
    sizes = [(-(-(width - x) // dx), -(-(height - y) // dy)) for x, y, dx, dy in passes]
    needed = sum(h * (1 + (w * bits + 7) // 8) for w, h in sizes if w > 0 and h > 0)
    inflater, have = zlib.decompressobj(), 0
    try:
        for chunk in _png_idat(data):
            while chunk and have < needed and not inflater.eof:
                have += len(inflater.decompress(chunk, _INFLATE_STEP))
                chunk = inflater.unconsumed_tail
            if have >= needed or inflater.eof:
                break
        have += len(inflater.flush()) if have < needed else 0
    except zlib.error:
        return False
    return have < needed


def _png_idat(data: bytes):
    """The PNG's IDAT chunks' data, in order, up to where the file ends (its chunks already counted)."""
    view, i = memoryview(data), len(PNG_MAGIC)
    while i + 8 <= len(data) and data[i + 4 : i + 8] != b"IEND":
        end = i + 8 + int.from_bytes(data[i : i + 4], "big")
        if data[i + 4 : i + 8] == b"IDAT":
            yield view[i + 8 : end]
        i = end + 4  # and its CRC


def _check_gif(data: bytes) -> None:
    """Refuse a GIF whose metadata Pillow would spend minutes reading, before reading it."""
    try:
        check_gif_blocks(data)
    except TooManyPieces:
        raise UploadError(
            "corrupt_image", "The GIF holds far more metadata than a picture does and cannot be read.", 400
        ) from None


# EXIF orientation -> the transpose that shows the picture upright (as ImageOps.exif_transpose maps it).
_UPRIGHT = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}


def exif_orientation(im: Image.Image) -> int:
    """The EXIF orientation, 1 to 8; 1 (as stored) when there is none or it cannot be read.

    Any error reading the EXIF block counts as no orientation: it is the uploader's metadata, which is dropped,
    and Pillow's TIFF reader raises SyntaxError, struct.error, TypeError… on a damaged one (a 500, not a photo).
    """
    try:
        value = im.getexif().get(0x0112, 1)
    except Exception:  # see above: whatever a damaged block raises, the photo is still the photo
        return 1
    return value if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 8 else 1
