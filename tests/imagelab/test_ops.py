"""Every op on small synthetic images with known expected pixels."""

import numpy as np
import pytest
from PIL import Image

from imagelab import ops


def solid(rgb, size=(8, 6)):
    return Image.new("RGB", size, rgb)


def px(im, xy=(0, 0)):
    return im.getpixel(xy)


def gradient(w=64, h=48):
    y, x = np.mgrid[0:h, 0:w]
    a = np.stack([x * 255 // (w - 1), y * 255 // (h - 1), (x + y) * 255 // (w + h - 2)], -1)
    return Image.fromarray(a.astype(np.uint8), "RGB")


def test_it_scales_brightness_per_channel():
    assert px(ops.brightness(solid((100, 50, 200)), value=1.5)) == (150, 75, 255)
    assert px(ops.brightness(solid((100, 50, 200)), value=0.5)) == (50, 25, 100)


def test_it_pivots_contrast_on_mid_grey():
    im = solid((127, 128, 200))
    assert px(ops.contrast(im, value=2.0)) == (126, 128, 255)  # 126.5, 128.5 round to even; 272.5 clips
    assert px(ops.contrast(solid((0, 255, 100)), value=0.5)) == (64, 191, 114)


def test_it_keeps_luma_when_changing_saturation():
    grey = solid((90, 90, 90))
    assert px(ops.saturation(grey, value=2.5)) == (90, 90, 90)
    assert px(ops.saturation(solid((200, 100, 50)), value=0.0 + 1e-9)) == (124,) * 3  # 0.299*200+0.587*100+0.114*50


def test_it_rotates_hue_keeping_greys_and_luma():
    assert px(ops.hue(solid((77, 77, 77)), value=120)) == (77, 77, 77)
    r, g, b = px(ops.hue(solid((200, 60, 60)), value=120))
    assert g > r and g > b  # red -> green
    luma = lambda c: 0.213 * c[0] + 0.715 * c[1] + 0.072 * c[2]  # noqa: E731
    assert abs(luma((r, g, b)) - luma((200, 60, 60))) < 3


def test_it_rotates_hue_by_360_to_identity():
    im = gradient()
    assert np.abs(np.asarray(ops.hue(im, value=360), int) - np.asarray(im, int)).max() <= 1


def test_it_makes_grayscale_like_pillow_l():
    im = gradient()
    out = np.asarray(ops.filter_(im, type="grayscale"), int)
    ref = np.asarray(im.convert("L"), int)
    assert np.abs(out[..., 0] - ref).max() <= 1 and (out[..., 0] == out[..., 2]).all()


def test_it_tones_sepia_without_clipping_white():
    assert px(ops.filter_(solid((255, 255, 255)), type="sepia")) == (255, 227, 177)
    assert px(ops.filter_(solid((0, 0, 0)), type="sepia")) == (0, 0, 0)


def test_it_blends_tint_at_strength():
    assert px(ops.tint(solid((0, 100, 200)), color="#FF0000", strength=0.5)) == (128, 50, 100)
    assert px(ops.tint(solid((10, 20, 30)), color="#ABCDEF", strength=0)) == (10, 20, 30)


def test_it_warms_midtones_and_keeps_black_and_white():
    assert px(ops.temperature(solid((255, 255, 255)), warm=True, strength=1)) == (255, 255, 255)
    assert px(ops.temperature(solid((0, 0, 0)), warm=True, strength=1)) == (0, 0, 0)
    r, g, b = px(ops.temperature(solid((128, 128, 128)), warm=True, strength=0.5))
    assert r > 128 > b
    r, g, b = px(ops.temperature(solid((128, 128, 128)), warm=False, strength=0.5))
    assert b > 128 > r


def test_it_maps_levels_points_then_gamma():
    im = solid((10, 130, 250))
    assert px(ops.levels(im, black=10, white=250, gamma=1.0)) == (0, 128, 255)
    # gamma 2 after normalisation: 0.5 -> 0.5 ** 0.5
    assert px(ops.levels(solid((128, 0, 255)), black=0, white=255, gamma=2.0)) == (181, 0, 255)  # 255 * (128/255) ** 0.5 = 180.7


def test_it_darkens_corners_smoothly_with_vignette():
    im = solid((200, 200, 200), (200, 150))
    out = np.asarray(ops.vignette(im, strength=0.5), int)[..., 0]
    assert out[75, 100] == 200 and out[0, 0] < 120
    row = out[75, :100]
    assert (np.diff(row) >= 0).all() and np.abs(np.diff(row)).max() <= 2  # monotone, no bands


def test_it_crops_and_clamps_inside_the_image():
    im = gradient()
    assert ops.crop(im, x=10, y=5, width=20, height=10).size == (20, 10)
    assert px(ops.crop(im, x=10, y=5, width=20, height=10)) == px(im, (10, 5))
    assert ops.crop(im, x=60, y=40, width=100, height=100).size == (4, 8)


@pytest.mark.parametrize("fit,box,expected", [
    ("contain", (32, 32), (32, 24)), ("cover", (32, 32), (32, 32)), ("fill", (10, 40), (10, 40)),
    ("contain", (32, None), (32, 24)),
])
def test_it_resizes_with_each_fit(fit, box, expected):
    assert ops.resize(gradient(), width=box[0], height=box[1], fit=fit).size == expected


def test_it_rotates_clockwise_with_expanded_canvas():
    im = Image.new("RGB", (40, 20), (0, 0, 0))
    im.paste((255, 0, 0), (0, 0, 10, 10))  # red top-left
    q = ops.rotate(im, degrees=90)
    assert q.size == (20, 40) and px(q, (15, 2)) == (255, 0, 0)  # clockwise: top-left -> top-right
    r = ops.rotate(gradient(), degrees=10)
    assert r.size == ops.rotated_size((64, 48), 10)
    assert r.size[0] > 64 and r.size[1] > 48


def test_it_blurs_and_sharpens():
    im = Image.new("RGB", (40, 40), (0, 0, 0))
    im.paste((255, 255, 255), (20, 0, 40, 40))
    b = ops.blur(im, sigma=3)
    assert 0 < px(b, (19, 20))[0] < 255 and px(ops.blur(solid((90, 90, 90)), sigma=2)) == (90, 90, 90)
    s = np.asarray(ops.sharpen(b, amount=2, radius=2), int)
    assert s[20, 22, 0] > np.asarray(b, int)[20, 22, 0]  # edge contrast raised


def test_it_registers_every_op_and_never_mutates_input():
    im = gradient()
    before = im.tobytes()
    for name, params in {"brightness": {"value": 1.2}, "contrast": {"value": 1.2}, "saturation": {"value": 1.2},
                         "hue": {"value": 20}, "filter": {"type": "sepia"},
                         "tint": {"color": "#102030", "strength": 0.2},
                         "temperature": {"warm": True, "strength": 0.5}, "levels": {"black": 5, "white": 240, "gamma": 1.1},
                         "vignette": {"strength": 0.3}, "crop": {"x": 1, "y": 1, "width": 10, "height": 10},
                         "resize": {"width": 20, "height": None, "fit": "contain"}, "rotate": {"degrees": 5},
                         "blur": {"sigma": 1}, "sharpen": {"amount": 1, "radius": 1}}.items():
        out = ops.OPS[name](im, **params)
        assert out.mode == "RGB"
    assert im.tobytes() == before and "aiEdit" not in ops.OPS


def test_it_scales_pixel_params_only():
    assert ops.scale_params("crop", {"x": 10, "y": 20, "width": 100, "height": 50}, 2.0) == {
        "x": 20, "y": 40, "width": 200, "height": 100}
    assert ops.scale_params("blur", {"sigma": 2}, 0.5) == {"sigma": 1.0}
    assert ops.scale_params("contrast", {"value": 1.2}, 3.0) == {"value": 1.2}


def test_it_computes_working_size_without_upscaling():
    assert ops.working_size((4000, 3000)) == (2048, 1536)
    assert ops.working_size((800, 600)) == (800, 600)
