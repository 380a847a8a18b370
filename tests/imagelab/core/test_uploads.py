"""Every kind of bad upload, EXIF rotation, colour-mode conversions, animated first frame."""

import io
import time

import numpy as np
import pytest
from PIL import Image, ImageCms

from imagelab.core.uploads import UploadError, check_declared_size, load_upload
from tests.support.images import jpeg_scan_bomb


def encoded(im, fmt, **kw):
    buf = io.BytesIO()
    im.save(buf, fmt, **kw)
    return buf.getvalue()


def refused(data, filename="photo.jpg", **kw):
    with pytest.raises(UploadError) as e:
        load_upload(data, filename=filename, **kw)
    return e.value


JPEG = encoded(Image.new("RGB", (40, 30), (200, 100, 50)), "JPEG", quality=95)


def test_it_loads_a_plain_jpeg():
    li = load_upload(JPEG, filename="Photo.JPG")
    assert li.format == "JPEG" and li.image.mode == "RGB" and li.size == (40, 30) and li.image.info == {}


def test_it_refuses_a_file_over_the_byte_limit():
    e = refused(JPEG, max_bytes=100)
    assert (e.code, e.status) == ("image_too_large", 413)
    with pytest.raises(UploadError):
        check_declared_size("104857600", max_bytes=25 * 1024 * 1024)
    check_declared_size(None)


def test_it_refuses_too_many_pixels_before_decoding():
    big = encoded(Image.new("L", (4000, 3000)), "PNG")  # tiny file, 12 MP
    e = refused(big, "big.png", max_pixels=1_000_000)
    assert (e.code, e.status) == ("too_many_pixels", 413)
    e = refused(big, "big.png", max_pixels=10_000_000)  # between 1x and 2x: Pillow's warning zone
    assert e.code == "too_many_pixels"
    assert Image.MAX_IMAGE_PIXELS is not None  # the bomb guard is never disabled


def test_it_refuses_what_is_not_an_image():
    e = refused(b"hello, I am a text file" * 10, "notes.jpg")
    assert (e.code, e.status) == ("not_an_image", 400)
    assert refused(b"", "x.png").code == "not_an_image"


def test_it_refuses_a_truncated_image():
    e = refused(JPEG[: len(JPEG) // 2])
    assert (e.code, e.status) == ("corrupt_image", 400) and "cannot be read" in e.message
    png = encoded(Image.new("RGB", (200, 200), (1, 2, 3)), "PNG")
    assert refused(png[:-40], "x.png").code == "corrupt_image"


@pytest.mark.parametrize("fmt,name", [("BMP", "x.bmp"), ("TIFF", "x.tiff")])
def test_it_refuses_unsupported_formats(fmt, name):
    e = refused(encoded(Image.new("RGB", (10, 10)), fmt), name)
    assert (e.code, e.status) == ("unsupported_format", 415) and fmt in e.message


@pytest.mark.parametrize(
    "fmt,said", [("PCX", "PCX"), ("TGA", "TGA"), ("PPM", "PPM"), ("SGI", "SGI"), ("DDS", "DDS"), ("DIB", "BMP")]
)
def test_it_refuses_any_format_pillow_recognises_as_unsupported_as_it_does_bmp(fmt, said):
    # A PCX or TGA was "not an image" where a BMP was "not supported": each is a picture we do not take.
    e = refused(encoded(Image.new("RGB", (10, 10)), fmt), "")
    assert (e.code, e.status) == ("unsupported_format", 415)
    assert e.message == f"{said} images are not supported; use JPEG, PNG, WebP or GIF."


@pytest.mark.parametrize("data", [b"P6\n" + b"#\n" * 12_000_000, b"%!PS-Adobe-3.0 EPSF-3.0\n" + b"%%x\n" * 6_000_000])
def test_it_names_a_refused_format_from_its_head_only(data):
    # Pillow reads a PPM header a byte at a time and scans an EPS for one: 9 s and 23 s on these 25 MB files.
    started = time.monotonic()
    assert refused(data, "").code in ("not_an_image", "unsupported_format", "corrupt_image")
    assert time.monotonic() - started < 2


@pytest.mark.parametrize(
    "head,said",
    [
        (b"\xff\x0a\xfa\x7f", "JPEG XL"),
        (b"\x00\x00\x00\x0cJXL \r\n\x87\n", "JPEG XL"),
        (b"\x00\x00\x00\x18ftyphevc", "HEIC"),
        (b"\x00\x00\x00\x18ftypmsf1", "HEIF"),
    ],
)
def test_it_names_a_jpeg_xl_or_a_heif_sequence_as_unsupported(head, said):
    # Both were "The file is not an image."
    e = refused(head + b"\x00" * 100, "")
    assert (e.code, e.message) == (
        "unsupported_format",
        f"{said} images are not supported; use JPEG, PNG, WebP or GIF.",
    )


def test_it_names_every_accepted_format_when_it_refuses_one():
    # GIF is accepted (the first frame of an animation is kept), so a refusal must not leave it out.
    e = refused(encoded(Image.new("RGB", (10, 10)), "BMP"), "x.bmp")
    assert all(name in e.message for name in ("JPEG", "PNG", "WebP", "GIF")), e.message


def test_it_refuses_svg():
    svg = b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
    assert refused(svg, "x.svg").code == "unsupported_format"


def test_it_refuses_content_that_does_not_match_the_extension():
    e = refused(JPEG, "holiday.png")
    assert (e.code, e.status) == ("extension_mismatch", 400) and ".png" in e.message and "JPEG" in e.message
    assert load_upload(JPEG, filename="").format == "JPEG"  # no extension: decided by decoding


def test_it_applies_exif_orientation():
    im = Image.new("RGB", (40, 20), (0, 0, 0))
    im.paste((255, 0, 0), (0, 0, 10, 10))
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 CW to display
    li = load_upload(encoded(im, "JPEG", exif=exif.tobytes(), quality=95), filename="x.jpg")
    assert li.size == (20, 40) and li.orientation_applied
    assert li.image.getpixel((15, 3))[0] > 200  # red top-left moved to top-right


def raw_exif(*entries) -> bytes:
    """An EXIF block written by hand (little-endian TIFF, one IFD of (tag, type, count, 4 value bytes))."""
    import struct

    ifd = struct.pack("<H", len(entries)) + b"".join(struct.pack("<HHI", t, ty, c) + v for t, ty, c, v in entries)
    return b"Exif\x00\x00II*\x00" + struct.pack("<I", 8) + ifd + struct.pack("<I", 0)


# Metadata is dropped anyway: a damaged EXIF block must not refuse (or crash on) a photo whose pixels are fine.
DAMAGED_EXIF = {
    "not a TIFF header": (b"Exif\x00\x00MM\x00/\x00\x00\x00\x08" + b"\x00" * 20, (40, 20)),
    # orientation 6 (rotate), and XResolution stored as text where Pillow writes a rational back
    "a rational stored as text": (
        raw_exif((0x0112, 3, 1, b"\x06\x00\x00\x00"), (0x011A, 2, 3, b"ab\x00\x00")),
        (20, 40),
    ),
}


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP"])
@pytest.mark.parametrize("case", list(DAMAGED_EXIF))
def test_it_loads_a_photo_whose_exif_is_damaged_using_what_can_be_read(fmt, case):
    from imagelab.core.metadata import strip_jpeg

    exif, size = DAMAGED_EXIF[case]
    data = encoded(Image.new("RGB", (40, 20), (200, 0, 0)), fmt, exif=exif)
    assert load_upload(data).size == size
    if fmt == "JPEG":
        assert load_upload(strip_jpeg(data)).size == size  # the stored original shows the same way up


def test_it_converts_cmyk_to_rgb():
    li = load_upload(encoded(Image.new("CMYK", (8, 8), (0, 255, 255, 0)), "JPEG", quality=95), filename="x.jpg")
    r, g, b = li.image.getpixel((2, 2))
    assert li.original_mode == "CMYK" and li.image.mode == "RGB" and r > 200 and g < 60 and b < 60


def test_it_converts_palette_images():
    p = Image.new("RGB", (8, 8), (10, 200, 30)).convert("P", palette=Image.Palette.ADAPTIVE)
    li = load_upload(encoded(p, "PNG"), filename="x.png")
    assert li.image.mode == "RGB" and li.image.getpixel((0, 0)) == (10, 200, 30)


def test_it_composites_alpha_on_white():
    im = Image.new("RGBA", (8, 8), (0, 0, 0, 0))
    im.paste((255, 0, 0, 255), (0, 0, 4, 8))
    li = load_upload(encoded(im, "PNG"), filename="x.png")
    assert li.image.getpixel((6, 2)) == (255, 255, 255) and li.image.getpixel((1, 1)) == (255, 0, 0)
    la = Image.new("LA", (4, 4), (0, 128))
    assert load_upload(encoded(la, "PNG"), filename="x.png").image.getpixel((0, 0)) == (127, 127, 127)


def test_it_scales_16_bit_images_to_8_bit():
    a = np.full((6, 6), 65535 // 2, dtype=np.uint16)
    im = Image.fromarray(a)  # uint16 -> "I;16"
    li = load_upload(encoded(im, "PNG"), filename="x.png")
    assert li.image.mode == "RGB" and li.image.getpixel((0, 0)) == (127, 127, 127)


def test_it_converts_icc_profiles_to_srgb():
    lab_profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("LAB"))
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
    im = Image.new("RGB", (4, 4), (120, 130, 140))
    li = load_upload(encoded(im, "PNG", icc_profile=srgb.tobytes()), filename="x.png")
    assert li.icc_converted and li.image.getpixel((0, 0)) == (120, 130, 140)
    # a broken profile falls back to the plain conversion instead of failing
    li = load_upload(encoded(im, "PNG", icc_profile=b"garbage"), filename="x.png")
    assert not li.icc_converted and li.image.getpixel((0, 0)) == (120, 130, 140)
    assert lab_profile  # profile creation itself works on this platform


@pytest.mark.parametrize("fmt,name", [("GIF", "a.gif"), ("WEBP", "a.webp")])
def test_it_keeps_the_first_frame_of_an_animation(fmt, name):
    frames = [Image.new("RGB", (16, 16), c) for c in ((250, 0, 0), (0, 0, 250), (0, 250, 0))]
    data = encoded(
        frames[0],
        fmt,
        save_all=True,
        append_images=frames[1:],
        duration=100,
        loop=0,
        **({"lossless": True} if fmt == "WEBP" else {}),
    )
    li = load_upload(data, filename=name)
    r, g, b = li.image.getpixel((8, 8))
    assert li.animated and r > 200 and g < 30 and b < 30 and li.image.mode == "RGB"


def test_it_reads_a_long_animation_without_walking_its_frames(monkeypatch):
    # A 25 MB GIF holds a million 1x1 frames: counting them (Pillow's n_frames parses each, in Python, holding
    # the GIL) kept the web process from every socket for seconds, for a number nothing used.
    from PIL import GifImagePlugin

    frames = [Image.new("P", (1, 1), i % 2) for i in range(300)]
    data = encoded(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=10, optimize=False, disposal=0)
    seeks = []
    real_seek = GifImagePlugin.GifImageFile._seek
    monkeypatch.setattr(
        GifImagePlugin.GifImageFile, "_seek", lambda im, *a, **kw: seeks.append(a) or real_seek(im, *a, **kw)
    )
    li = load_upload(data, filename="long.gif")
    assert li.animated and li.size == (1, 1) and len(seeks) <= 3
    assert not load_upload(encoded(frames[0], "GIF"), filename="still.gif").animated


def test_it_gives_api_error_bodies():
    assert refused(JPEG, max_bytes=1).as_dict()["code"] == "image_too_large"


def _png_header(width: int, height: int) -> bytes:
    """A PNG that declares `width` x `height` pixels but carries almost no data (a bomb's header)."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b"")
    )


def test_it_leaves_pillows_bomb_guard_as_it_is():
    default = Image.MAX_IMAGE_PIXELS
    refused(_png_header(2000, 1000), "big.png", max_pixels=1_000_000)
    load_upload(JPEG, filename="photo.jpg", max_pixels=10_000)
    load_upload(JPEG, filename="photo.jpg", max_pixels=10**12)
    assert Image.MAX_IMAGE_PIXELS == default  # no upload lowers or raises the process-wide limit
    assert default == 1024 * 1024 * 1024 // 4 // 3  # Pillow's own default, as no test changed it


def test_it_refuses_by_the_header_size_before_decoding_any_pixel():
    e = refused(_png_header(30_000, 30_000), "bomb.png", max_pixels=50_000_000)  # 900 MP in a few bytes
    assert (e.code, e.status) == ("too_many_pixels", 413)
    e = refused(_png_header(8000, 8000), "bomb.png", max_pixels=50_000_000)  # 64 MP: under Pillow's own limit
    assert (e.code, e.status) == ("too_many_pixels", 413)


def test_it_keeps_pillows_guard_even_when_our_limit_is_higher():
    # 900 MP is past twice Pillow's default limit: refused even when the configured limit would allow it.
    e = refused(_png_header(30_000, 30_000), "bomb.png", max_pixels=10**12)
    assert (e.code, e.status) == ("too_many_pixels", 413)


def test_it_loads_a_multi_picture_jpeg_as_its_first_picture():
    first, second = Image.new("RGB", (40, 30), (200, 100, 50)), Image.new("RGB", (40, 30), (10, 20, 200))
    data = encoded(first, "MPO", save_all=True, append_images=[second], quality=95)
    assert Image.open(io.BytesIO(data)).format == "MPO"  # what a phone's portrait shot is
    li = load_upload(data, filename="IMG_0042.JPG")
    assert li.format == "JPEG" and li.size == (40, 30) and li.animated
    assert np.abs(np.asarray(li.image, int) - (200, 100, 50)).max() <= 3


@pytest.mark.parametrize("dtype,value", [(np.uint16, 30000), (np.int32, 60000), (np.float32, 0.5)])
def test_it_scales_a_deep_greyscale_upload_without_multiplying_its_memory(dtype, value):
    # A flat 16-bit greyscale PNG of 16 MP is a ~40 kB upload; scaled as one float64 array (and three
    # temporaries of it) it took ~24 bytes a pixel (a 50 MP one: 1.2 GB and 3.7 s for a 111 kB file).
    import tracemalloc

    side = 4000
    data = encoded(Image.fromarray(np.full((side, side), value, dtype=dtype)), "TIFF" if dtype != np.uint16 else "PNG")
    im = Image.open(io.BytesIO(data))
    im.load()
    tracemalloc.start()
    try:
        from imagelab.core.uploads import _to_8bit

        out = _to_8bit(im)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert out.mode == "L" and out.size == (side, side)
    expected = {np.uint16: round(30000 / 257), np.int32: round(60000 / 257), np.float32: round(0.5 * 255)}[dtype]
    assert out.getpixel((0, 0)) == expected
    assert peak < 10 * side * side, f"{peak / side / side:.1f} bytes a pixel"


@pytest.mark.parametrize("name", ["photo.", "photo.jpg ", "photo.jpg.", "photo. ", "IMG_0001", ".jpg"])
def test_it_reads_a_name_with_a_trailing_dot_or_space_as_the_name_it_shows(name):
    # Windows and some clients drop or add a trailing dot or space; "photo." was refused as a file "named .".
    assert load_upload(JPEG, filename=name).format == "JPEG"


def test_it_refuses_a_jpeg_of_thousands_of_scans_before_decoding_it():
    # 10,000 empty scans (100 kB) cost 3 s on a 4 MP photo and grow with its pixels: hours at 50 MP.
    import time

    started = time.monotonic()
    e = refused(jpeg_scan_bomb(5000))
    assert e.code == "corrupt_image" and "scans" in e.message and e.status == 400
    assert time.monotonic() - started < 0.5
    progressive = encoded(Image.new("RGB", (64, 64), (1, 2, 3)), "JPEG", progressive=True)
    assert load_upload(progressive, filename="p.jpg").format == "JPEG"
    assert load_upload(jpeg_scan_bomb(20), filename="p.jpg").format == "JPEG"  # a few extra scans are fine


def _gif_with(blocks: bytes, *, animated: bool = False) -> bytes:
    """A small GIF with `blocks` (extensions) before its first picture."""
    frames = [Image.new("RGB", (16, 16), c) for c in ((250, 0, 0), (0, 0, 250))[: 2 if animated else 1]]
    data = encoded(frames[0], "GIF", save_all=animated, append_images=frames[1:])
    first = data.index(b"\x2c", 13)
    return data[:first] + blocks + data[first:]


def _comment(pieces: int) -> bytes:
    return b"\x21\xfe" + (b"\xff" + b"c" * 255) * pieces + b"\x00"


@pytest.mark.parametrize(
    "blocks", [b"\x21\xfe\x00" * 300_000, _comment(5000), (b"\x21\xfe" + b"\x01c" * 400_000 + b"\x00")]
)
def test_it_refuses_a_gif_of_endless_metadata_before_decoding_it(blocks):
    # Pillow reads a GIF's extensions in Python and joins a comment's pieces one by one (quadratic): a 3 MB
    # GIF of empty comments took 12 s, a 12 MB one 198 s, all the while holding the GIL.
    import time

    started = time.monotonic()
    e = refused(_gif_with(blocks), filename="x.gif")
    assert e.code == "corrupt_image" and e.status == 400 and "GIF" in e.message
    assert time.monotonic() - started < 1.0


def test_it_still_reads_gifs_with_ordinary_metadata():
    assert load_upload(_gif_with(_comment(3) + b"\x21\xfe\x00" * 50), filename="x.gif").format == "GIF"
    assert load_upload(_gif_with(_comment(1), animated=True), filename="x.gif").animated


def _png_with_chunks(count: int) -> bytes:
    """A small PNG with `count` empty private chunks before its end."""
    import struct
    import zlib

    data = encoded(Image.new("RGB", (16, 16), (10, 20, 30)), "PNG")
    chunk = struct.pack(">I", 0) + b"zzZz" + struct.pack(">I", zlib.crc32(b"zzZz") & 0xFFFFFFFF)
    end = data.rindex(b"IEND") - 4
    return data[:end] + chunk * count + data[end:]


def test_it_refuses_a_png_of_millions_of_tiny_chunks_before_reading_them():
    # Pillow reads a PNG's chunks one by one in Python: 1,000,000 empty ones (12 MB) took 2.5-3 s with the GIL.
    import time

    started = time.monotonic()
    e = refused(_png_with_chunks(1_000_000), filename="x.png", max_bytes=30_000_000)
    assert e.code == "corrupt_image" and e.status == 400 and "PNG" in e.message
    assert time.monotonic() - started < 0.5
    assert load_upload(_png_with_chunks(500), filename="x.png").format == "PNG"
