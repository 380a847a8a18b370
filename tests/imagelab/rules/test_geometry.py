"""Crop to fill after a rotation: the largest rectangle inside, exactly, and no wedges at any render size."""

import math

import numpy as np
import pytest
from PIL import Image

from imagelab.core import ops
from imagelab.core.execute import execute
from imagelab.core.normalize import normalize_plan
from imagelab.rules.geometry import fill_box, inner_rect
from imagelab.rules.planner import plan_variations


def best_area_by_search(w, h, degrees, samples=20000):
    """Largest centred rectangle inside the rotated w x h one, by trying many aspect ratios."""
    a = math.radians(degrees)
    c, s = abs(math.cos(a)), abs(math.sin(a))
    best = 0.0
    for r in np.geomspace(0.05, 20, samples):  # r = width / height of the inner rectangle
        t = min((w / 2) / (r * c + s), (h / 2) / (r * s + c))  # its half height when corners touch
        best = max(best, 4 * r * t * t)
    return best


def inside_rotated(w, h, degrees, x, y):
    """Whether (x, y), relative to the centre, lies in the w x h rectangle rotated by `degrees`."""
    a = math.radians(degrees)
    u, v = x * math.cos(a) + y * math.sin(a), -x * math.sin(a) + y * math.cos(a)
    return abs(u) <= w / 2 + 1e-6 and abs(v) <= h / 2 + 1e-6


@pytest.mark.parametrize(
    "w,h,degrees",
    [
        (2048, 1536, 2),
        (2048, 1536, -7),
        (1536, 2048, 3),
        (2048, 1536, 30),
        (1000, 200, 20),
        (500, 500, 44),
        (2048, 1536, 44.9),
    ],
)
def test_it_computes_the_largest_rectangle_inside_a_rotation(w, h, degrees):
    wr, hr = inner_rect((w, h), degrees)
    assert all(inside_rotated(w, h, degrees, sx * wr / 2, sy * hr / 2) for sx in (-1, 1) for sy in (-1, 1))
    assert wr * hr == pytest.approx(best_area_by_search(w, h, degrees), rel=1e-3)
    assert wr * hr >= best_area_by_search(w, h, degrees) * (1 - 1e-9)


def test_it_leaves_a_quarter_turn_or_no_turn_whole():
    assert inner_rect((2048, 1536), 0) == (2048, 1536)
    assert inner_rect((2048, 1536), 90) == pytest.approx((1536, 2048))


@pytest.mark.parametrize(
    "size,degrees", [((2048, 1536), 2), ((2048, 1536), -3.5), ((1536, 2048), 7), ((2048, 1536), 30)]
)
@pytest.mark.parametrize("k", [0.3125, 1.0, 1.953])  # the 640 px preview, working size, a 4000 px download
def test_it_crops_every_wedge_away_at_every_render_size(size, degrees, k):
    x, y, w, h = fill_box(size, degrees)
    scaled = (round(size[0] * k), round(size[1] * k))
    # The same rotation as ops.rotate, on a white mask with black corners, then the scaled crop.
    mask = Image.new("L", scaled, 255).rotate(-degrees, Image.Resampling.BILINEAR, expand=True, fillcolor=0)
    assert mask.size == ops.rotated_size(scaled, degrees)
    box = ops.scale_params("crop", {"x": x, "y": y, "width": w, "height": h}, k)
    cropped = ops.crop(mask, **box)
    assert np.asarray(cropped).min() == 255
    wr, hr = inner_rect(size, degrees)
    assert w * h >= 0.98 * wr * hr  # the safety margin costs little


def test_it_crops_every_variation_to_fill_after_a_small_rotation():
    # Issue 12: crop to fill is the default, so no variation shows smeared corners.
    plan = plan_variations("straighten by 2°", image_size=(4000, 3000))
    box = fill_box((2048, 1536), 2.0)
    heads = [[o["op"] for o in v["operations"][:3]] for v in plan["variations"]]
    assert heads == [["resize", "rotate", "crop"]] * 5
    crops = [tuple(v["operations"][2]["params"].values()) for v in plan["variations"]]
    assert crops[:4] == [box] * 4 and all("no corner wedges" in v["strategy"] for v in plan["variations"][:4])
    last = [o["params"] for o in plan["variations"][4]["operations"] if o["op"] == "crop"]
    assert len(last) == 2 and last[1]["width"] < box[2]  # the fifth goes tighter still
    assert "crop/framing" in plan["diversity_axes"]
    # Rendered on a real image: the filled variations come out at the box's size.
    photo = Image.new("RGB", (400, 300), (90, 140, 200))
    norm = normalize_plan(plan_variations("straighten by 2°", image_size=photo.size), image_size=photo.size)
    result = execute(photo, [v.operations for v in norm.variations], workers=1)
    small = fill_box((400, 300), 2.0)
    assert [v.image.size for v in result.variations[:4]] == [small[2:]] * 4
    assert result.variations[4].image.size < small[2:]


def test_it_keeps_the_whole_rotated_canvas_when_asked_to_keep_the_framing():
    plan = plan_variations("rotate 2 degrees but keep the whole picture", image_size=(4000, 3000))
    assert not any(o["op"] == "crop" for v in plan["variations"] for o in v["operations"])
    assert all("canvas enlarged" in v["strategy"] for v in plan["variations"])


@pytest.mark.parametrize("text", ["rotate 90 degrees", "rotate it 60 degrees"])
def test_it_adds_no_fill_crop_for_a_quarter_turn_or_a_large_angle(text):
    plan = plan_variations(text, image_size=(4000, 3000))
    assert not any(o["op"] == "crop" for v in plan["variations"] for o in v["operations"])


def test_it_keeps_an_asked_crop_inside_the_straightened_picture():
    plan = plan_variations("rotate 5 degrees and crop it square", image_size=(4000, 3000))
    fx, fy, fw, fh = fill_box((2048, 1536), 5.0)
    for v in plan["variations"]:
        crop = v["operations"][2]["params"]
        assert crop["width"] == crop["height"]
        assert fx <= crop["x"] and crop["x"] + crop["width"] <= fx + fw
        assert fy <= crop["y"] and crop["y"] + crop["height"] <= fy + fh
