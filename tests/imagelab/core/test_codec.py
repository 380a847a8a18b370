"""codec: the executor's array decode gives `decode`'s pixels, and `shrink` treats arrays as their pictures."""

import io

import numpy as np
import pytest
from PIL import Image

from imagelab.core import codec


def encoded(image: Image.Image, fmt: str = "JPEG") -> bytes:
    buf = io.BytesIO()
    image.save(buf, fmt, **({"quality": 92} if fmt == "JPEG" else {}))
    return buf.getvalue()


def gradient(size=(900, 600), mode="RGB") -> Image.Image:
    w, h = size
    y, x = np.mgrid[0:h, 0:w]
    a = np.stack([x * 255 // w, y * 255 // h, (x * y) % 251], -1).astype(np.uint8)
    return Image.fromarray(a, "RGB").convert(mode)


@pytest.mark.parametrize(
    ("source", "max_side"),
    [
        (encoded(gradient()), 400),  # reduced on load
        (encoded(gradient()), None),  # full size
        (encoded(gradient(mode="RGBA"), "PNG"), 500),  # alpha flattened on white
        (encoded(gradient(mode="L"), "PNG"), 300),  # grey to three channels
        (gradient(), 300),  # a Pillow image already decoded (an upload's pixels)
        (gradient((300, 200)), 640),  # already small enough
        (np.asarray(gradient()), 400),  # a working image decoded earlier, as an array
        (np.asarray(gradient((300, 200))), 640),
    ],
)
def test_it_decodes_to_an_array_with_the_same_pixels_as_decode(source, max_side):
    image, size = codec.decode(source, max_side=max_side)
    pixels, same_size = codec.decode_pixels(source, max_side=max_side)
    assert pixels.dtype == np.uint8 and pixels.shape == (image.height, image.width, 3)
    assert same_size == size
    assert np.array_equal(pixels, np.asarray(image))


def test_it_refuses_formats_outside_the_allow_list_as_arrays_too():
    with pytest.raises(Exception):  # noqa: B017 - Pillow's UnidentifiedImageError
        codec.decode_pixels(encoded(gradient((20, 20)), "BMP"))


def test_it_shrinks_an_array_to_the_same_picture_as_its_image():
    image = gradient((1500, 1000))
    a, b = codec.shrink(image, 640), codec.shrink(np.asarray(image), 640)
    assert isinstance(b, Image.Image) and b.size == a.size == (640, 427)
    assert np.array_equal(np.asarray(a), np.asarray(b))
    small = np.asarray(gradient((300, 200)))
    assert np.array_equal(np.asarray(codec.shrink(small, 640)), small)  # small enough: the same pixels
