"""Uploads that end before their picture does: refused in words, never finished in grey (JPEG) or black (PNG)."""

import io

import pytest
import pyvips
from PIL import Image

from imagelab.core.uploads import UploadError, load_upload
from tests.support.images import (
    gradient_photo,
    jpeg_cut_short,
    jpeg_taller_than_its_data,
    png_taller_than_its_data,
    png_with_rows_missing,
)

INCOMPLETE = "The photo is incomplete: the file ends before the picture does"


def encoded(im, fmt, **kw):
    buf = io.BytesIO()
    im.save(buf, fmt, **kw)
    return buf.getvalue()


def refused(data, filename):
    with pytest.raises(UploadError) as e:
        load_upload(data, filename=filename)
    return e.value


# Each ends in a proper end marker, so the decoder reaches "the end" and would fill the missing rows with grey.
PHOTO = gradient_photo((320, 240))
INCOMPLETE_JPEGS = {
    "cut at half": jpeg_cut_short(PHOTO, 0.5),
    "cut near its end": jpeg_cut_short(PHOTO, 0.97),
    "progressive, cut": jpeg_cut_short(encoded(Image.open(io.BytesIO(PHOTO)), "JPEG", progressive=True), 0.6),
    "with restart markers, cut": jpeg_cut_short(
        encoded(Image.open(io.BytesIO(PHOTO)), "JPEG", restart_marker_rows=1), 0.5
    ),
    "header taller than its data": jpeg_taller_than_its_data(PHOTO, 100),
    "cut without its end marker": PHOTO[: len(PHOTO) // 2],
}


@pytest.mark.parametrize("case", list(INCOMPLETE_JPEGS))
def test_it_refuses_a_jpeg_that_ends_before_its_picture_does(case):
    e = refused(INCOMPLETE_JPEGS[case], "photo.jpg")
    assert (e.code, e.status) == ("corrupt_image", 400)
    assert e.message.startswith(INCOMPLETE)


@pytest.mark.parametrize("tail", [b"", b"trailing bytes after the end " * 4])
def test_it_still_loads_a_whole_jpeg_with_or_without_bytes_after_its_end(tail):
    assert load_upload(PHOTO + tail, filename="photo.jpg").size == (320, 240)


def test_it_still_loads_a_jpeg_with_stray_bytes_before_its_end_marker():
    # libjpeg warns ("extraneous bytes before marker") but every line is there: cameras write such files.
    assert load_upload(PHOTO[:-2] + b"\x00\x00\xff\xd9", filename="photo.jpg").size == (320, 240)


# PNGs as other encoders write them (libvips through pyvips): interlaced (Adam7), 1 to 16 bits, a palette, odd sizes.
def vips_png(size, **kw) -> bytes:
    picture = pyvips.Image.black(*size, bands=3) + [90, 140, 200]
    return (picture.colourspace("b-w") if kw.get("bitdepth") == 1 else picture).pngsave_buffer(**kw)


WHOLE_PNGS = {
    "8-bit RGB": encoded(Image.open(io.BytesIO(gradient_photo((61, 43), fmt="PNG"))), "PNG"),
    "RGBA": encoded(Image.new("RGBA", (13, 7), (1, 2, 3, 4)), "PNG"),
    "1-bit": encoded(Image.new("1", (13, 7), 1), "PNG"),
    "16-bit grey": encoded(Image.new("I;16", (13, 7), 4000), "PNG"),
    "4-bit palette": encoded(Image.new("P", (13, 7), 3), "PNG", bits=4),
    "interlaced": vips_png((13, 7), interlace=True),
    "interlaced, 1 pixel": vips_png((1, 1), interlace=True),
    "interlaced 1-bit": vips_png((13, 7), interlace=True, bitdepth=1),
    "interlaced 16-bit": vips_png((13, 7), interlace=True, bitdepth=16),
    "interlaced 4-bit palette": vips_png((13, 7), interlace=True, palette=True, bitdepth=4),
}


@pytest.mark.parametrize("case", list(WHOLE_PNGS))
def test_it_loads_a_whole_png_of_any_depth_interlaced_or_not(case):
    assert load_upload(WHOLE_PNGS[case], filename="photo.png").format == "PNG"


INCOMPLETE_PNGS = {
    "header taller than its data": png_taller_than_its_data(WHOLE_PNGS["8-bit RGB"]),
    "a whole stream a row short": png_with_rows_missing(WHOLE_PNGS["8-bit RGB"]),
    "interlaced, taller header": png_taller_than_its_data(WHOLE_PNGS["interlaced"], 1),
    "interlaced 1-bit, taller header": png_taller_than_its_data(WHOLE_PNGS["interlaced 1-bit"], 1),
    "cut without its end": WHOLE_PNGS["8-bit RGB"][: len(WHOLE_PNGS["8-bit RGB"]) // 2],
}


@pytest.mark.parametrize("case", list(INCOMPLETE_PNGS))
def test_it_refuses_a_png_whose_data_ends_before_its_last_row(case):
    e = refused(INCOMPLETE_PNGS[case], "photo.png")
    assert (e.code, e.status) == ("corrupt_image", 400) and e.message.startswith(INCOMPLETE)
