"""Every op on small synthetic images with known expected pixels."""

import numpy as np
import pytest
from PIL import Image

from imagelab.core import ops


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


def test_it_rotates_pure_red_by_120_degrees_to_green():
    # Column R of the hueRotate matrix at cos = -0.5, sin = 0.866 times 255:
    # R 255 * (0.213 - 0.3935 - 0.1845) < 0 -> 0; G 255 * (0.213 + 0.1065 + 0.1238) = 113.05;
    # B 255 * (0.213 + 0.1065 - 0.6816) < 0 -> 0.
    r, g, b = px(ops.hue(solid((255, 0, 0)), value=120))
    assert abs(r - 0) <= 2 and abs(g - 113) <= 2 and abs(b - 0) <= 2
    # -120 turns red towards blue: B 255 * (0.213 + 0.1065 + 0.6816) = 255.3 clips to 255, G 255 * 0.196 = 50.
    r, g, b = px(ops.hue(solid((255, 0, 0)), value=-120))
    assert abs(r - 1) <= 2 and abs(g - 50) <= 2 and b == 255


def test_it_rotates_a_soft_colour_by_180_to_its_complement():
    # (150, 100, 100) at cos = -1, sin = 0: R = 150 * (0.213 - 0.787) + 100 * (1.430 + 0.144) = 71.3,
    # G = 150 * 0.426 + 100 * (0.430 + 0.144) = 121.3, B = 150 * 0.426 + 100 * (1.430 - 0.856) = 121.3: cyan.
    out = px(ops.hue(solid((150, 100, 100)), value=180))
    assert all(abs(a - e) <= 1 for a, e in zip(out, (71, 121, 121), strict=True))


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


@pytest.mark.parametrize(
    "strength,warm_rgb,cool_rgb",
    [
        # k = 0.3 * strength; warm: R 255 * (128/255) ** (1/(1+k)), G ** (1/(1+k/4)), B ** (1+k); cool swaps R and B, G stays.
        (0.5, (140, 131, 115), (115, 128, 140)),  # k 0.15: 140.04, 131.23, 115.43
        (1.0, (150, 134, 104), (104, 128, 150)),  # k 0.30: 150.07, 134.31, 104.09
    ],
)
def test_it_shifts_a_grey_pixel_by_the_temperature_curves(strength, warm_rgb, cool_rgb):
    grey = solid((128, 128, 128))
    assert px(ops.temperature(grey, warm=True, strength=strength)) == warm_rgb
    assert px(ops.temperature(grey, warm=False, strength=strength)) == cool_rgb


def test_it_maps_levels_points_then_gamma():
    im = solid((10, 130, 250))
    assert px(ops.levels(im, black=10, white=250, gamma=1.0)) == (0, 128, 255)
    # gamma 2 after normalisation: 0.5 -> 0.5 ** 0.5
    assert px(ops.levels(solid((128, 0, 255)), black=0, white=255, gamma=2.0)) == (
        181,
        0,
        255,
    )  # 255 * (128/255) ** 0.5 = 180.7


def test_it_darkens_corners_smoothly_with_vignette():
    im = solid((200, 200, 200), (200, 150))
    out = np.asarray(ops.vignette(im, strength=0.5), int)[..., 0]
    assert out[75, 100] == 200 and out[0, 0] < 120
    row = out[75, :100]
    assert (np.diff(row) >= 0).all() and np.abs(np.diff(row)).max() <= 2  # monotone, no bands


def test_it_vignettes_to_the_formula_at_the_corner_and_keeps_the_centre():
    im = solid((200, 200, 200), (200, 150))
    out = np.asarray(ops.vignette(im, strength=0.5), int)[..., 0]
    # Corner pixel centre: dx = -0.995, dy = -0.99333, d = sqrt((dx^2 + dy^2) / 2) = 0.99417,
    # t = (d - 0.3) / 0.7 = 0.99167, smoothstep t^2 (3 - 2t) = 0.99979, mask = rint(255 * (1 - 0.5 * 0.99979)) = 128,
    # multiply 200 * 128 / 255 = 100.4 -> 100. All four corners are alike.
    assert {out[0, 0], out[0, -1], out[-1, 0], out[-1, -1]} == {100}
    # Inside d <= 0.3 the falloff is 0: the centre is untouched.
    assert out[75, 100] == out[74, 99] == out[60, 80] == 200
    diagonal = [out[round(i * 149 / 199), i] for i in range(100)]  # corner -> centre
    assert all(a <= b for a, b in zip(diagonal, diagonal[1:], strict=False))
    assert diagonal[0] == 100 and diagonal[-1] == 200


def test_it_crops_and_clamps_inside_the_image():
    im = gradient()
    assert ops.crop(im, x=10, y=5, width=20, height=10).size == (20, 10)
    assert px(ops.crop(im, x=10, y=5, width=20, height=10)) == px(im, (10, 5))
    assert ops.crop(im, x=60, y=40, width=100, height=100).size == (4, 8)


@pytest.mark.parametrize(
    "fit,box,expected",
    [
        ("contain", (32, 32), (32, 24)),
        ("cover", (32, 32), (32, 32)),
        ("fill", (10, 40), (10, 40)),
        ("contain", (32, None), (32, 24)),
    ],
)
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


def test_it_rotates_a_two_pixel_image_to_exact_positions():
    a, b = (255, 0, 0), (0, 0, 255)
    im = Image.new("RGB", (2, 1))
    im.putpixel((0, 0), a)
    im.putpixel((1, 0), b)
    cw = ops.rotate(im, degrees=90)  # clockwise: the left pixel goes to the top
    assert cw.size == (1, 2) and (px(cw, (0, 0)), px(cw, (0, 1))) == (a, b)
    ccw = ops.rotate(im, degrees=-90)  # = 270: the left pixel goes to the bottom
    assert ccw.size == (1, 2) and (px(ccw, (0, 0)), px(ccw, (0, 1))) == (b, a)
    half = ops.rotate(im, degrees=180)
    assert half.size == (2, 1) and (px(half, (0, 0)), px(half, (1, 0))) == (b, a)


def test_it_flips_left_to_right_and_top_to_bottom_exactly_keeping_the_size():
    im = gradient()
    a = np.asarray(im)
    assert (np.asarray(ops.flip(im, direction="horizontal")) == a[:, ::-1]).all()
    assert (np.asarray(ops.flip(im, direction="vertical")) == a[::-1]).all()
    assert ops.output_size("flip", {"direction": "vertical"}, im.size) == im.size
    assert ops.scale_params("flip", {"direction": "vertical"}, 2.0) == {"direction": "vertical"}


def test_it_rotates_by_180_as_an_exact_point_reflection():
    im = gradient()
    out = np.asarray(ops.rotate(im, degrees=180))
    assert (out == np.asarray(im)[::-1, ::-1]).all()
    assert ops.rotate(im, degrees=360) is im


def _step(dark, light, size=40):
    im = Image.new("RGB", (size, size), (dark,) * 3)
    im.paste((light,) * 3, (size // 2, 0, size, size))  # columns 0..19 dark, 20..39 light
    return im


def test_it_blurs_a_uniform_image_to_itself_and_a_step_to_the_gaussian_edge():
    flat = solid((37, 140, 222), (30, 20))
    assert np.asarray(ops.blur(flat, sigma=4)).tolist() == np.asarray(flat).tolist()
    row = np.asarray(ops.blur(_step(0, 255), sigma=3), int)[20, :, 0]
    # Pixel centres sit 0.5 px either side of the edge: 255 * Phi(-0.5 / 3) = 110.6, 255 * Phi(0.5 / 3) = 144.4.
    assert abs(row[19] - 111) <= 2 and abs(row[20] - 144) <= 2 and abs(row[19] + row[20] - 255) <= 1
    assert (np.diff(row) >= 0).all() and row[0] <= 1 and row[-1] >= 254


def test_it_sharpens_nothing_on_a_uniform_image_and_overshoots_a_step_edge():
    flat = solid((37, 140, 222), (30, 20))
    assert np.asarray(ops.sharpen(flat, amount=2, radius=2)).tolist() == np.asarray(flat).tolist()
    row = np.asarray(ops.sharpen(_step(50, 150), amount=1, radius=2), int)[20, :, 0]
    # Unsharp mask: out = in + amount * (in - blur); blur either side of the edge is 50 + 100 * Phi(-/+0.25)
    # = 90.1 / 109.9, so 50 + (50 - 90.1) = 9.9 and 150 + (150 - 109.9) = 190.1: an overshoot on both sides.
    assert abs(row[19] - 10) <= 2 and abs(row[20] - 190) <= 2
    assert row[0] == 50 and row[-1] == 150  # far from the edge nothing changes


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
    for name, params in {
        "brightness": {"value": 1.2},
        "contrast": {"value": 1.2},
        "saturation": {"value": 1.2},
        "hue": {"value": 20},
        "filter": {"type": "sepia"},
        "tint": {"color": "#102030", "strength": 0.2},
        "temperature": {"warm": True, "strength": 0.5},
        "levels": {"black": 5, "white": 240, "gamma": 1.1},
        "vignette": {"strength": 0.3},
        "crop": {"x": 1, "y": 1, "width": 10, "height": 10},
        "resize": {"width": 20, "height": None, "fit": "contain"},
        "rotate": {"degrees": 5},
        "flip": {"direction": "vertical"},
        "blur": {"sigma": 1},
        "sharpen": {"amount": 1, "radius": 1},
    }.items():
        out = ops.OPS[name](im, **params)
        assert out.mode == "RGB"
    assert im.tobytes() == before and "aiEdit" not in ops.OPS


def test_it_scales_pixel_params_only():
    assert ops.scale_params("crop", {"x": 10, "y": 20, "width": 100, "height": 50}, 2.0) == {
        "x": 20,
        "y": 40,
        "width": 200,
        "height": 100,
    }
    assert ops.scale_params("blur", {"sigma": 2}, 0.5) == {"sigma": 1.0}
    assert ops.scale_params("contrast", {"value": 1.2}, 3.0) == {"value": 1.2}


def test_it_computes_working_size_without_upscaling():
    assert ops.working_size((4000, 3000)) == (2048, 1536)
    assert ops.working_size((800, 600)) == (800, 600)
