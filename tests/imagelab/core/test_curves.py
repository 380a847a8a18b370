"""The per-channel tone curves (imagelab.core.curves), the soft-shouldered `curve` op above all."""

import numpy as np
import pytest
from PIL import Image

from imagelab.core import execute, ops
from imagelab.core.curves import channel_curve, s_curve
from imagelab.core.normalize import normalize_plan
from imagelab.core.simulate import PixelSample
from imagelab.core.verify import clipping

LEVELS = np.arange(256, dtype=np.float64)


@pytest.mark.parametrize("value", [0.5, 0.7, 1.15, 1.3, 1.6, 2.5])
def test_it_steepens_the_midtones_as_contrast_does_and_keeps_black_and_white(value):
    y = s_curve(value)(LEVELS)
    assert y[0] == pytest.approx(0.0, abs=1e-9) and y[255] == pytest.approx(255.0, abs=1e-9)
    assert (y[128] - y[127]) == pytest.approx(value, rel=0.02)  # contrast's slope through mid-grey
    assert np.all(np.diff(y) >= 0) and np.all(np.diff(y[16:240]) > 0)  # levels keep their order
    assert np.all((np.rint(y[1:255]) >= 1) & (np.rint(y[1:255]) <= 254))  # nothing inside the range clips


def test_it_is_the_identity_at_one_and_a_lookup_table_on_pictures():
    assert np.array_equal(s_curve(1.0)(LEVELS), LEVELS)
    assert np.allclose(channel_curve("curve", {"value": 1.4})(np.tile(LEVELS, (3, 1)))[1], s_curve(1.4)(LEVELS))
    grey = Image.fromarray(np.tile(np.arange(256, dtype=np.uint8), (4, 1)), "L").convert("RGB")
    out = np.asarray(ops.curve(grey, value=1.4))[0, :, 0].astype(float)
    assert np.abs(out - np.rint(s_curve(1.4)(LEVELS))).max() == 0


def dark_photo(seed=3, size=(240, 160)):
    """Deep blacks and bright whites: where a straight contrast line crushes and burns."""
    rng = np.random.default_rng(seed)
    w, h = size
    x = np.linspace(0, 1, w)[None, :] * np.ones((h, 1))
    grey = 255 * x**1.5 + rng.normal(0, 6, (h, w))
    rgb = np.stack([grey, grey * 0.95, grey * 0.9], -1)
    return Image.fromarray(np.clip(rgb, 0, 255).round().astype(np.uint8), "RGB")


def last(image, plan):
    out = []
    execute.execute(image, [plan], on_step=lambda r: out.append(r.image) if r.step == len(plan) - 1 else None)
    return out[-1]


def test_it_adds_the_punch_a_contrast_line_would_without_its_clipping():
    photo = dark_photo()
    before = clipping(photo)
    line = clipping(last(photo, [{"op": "contrast", "params": {"value": 1.4}}]))
    soft_picture = last(photo, [{"op": "curve", "params": {"value": 1.4}}])
    soft = clipping(soft_picture)
    assert line.shadows - before.shadows > 5 and line.highlights - before.highlights > 5  # the line crushes and burns
    assert soft.shadows - before.shadows < 0.5 and soft.highlights - before.highlights < 0.5
    mid = np.asarray(photo.convert("L"), float)
    punched = np.asarray(soft_picture.convert("L"), float)
    middle = (mid > 90) & (mid < 165)
    assert punched[middle].std() > 1.15 * mid[middle].std()  # the midtones do get firmer


def test_it_is_predicted_by_the_pixel_sample_like_any_channel_step():
    photo = dark_photo()
    plan = [{"op": "curve", "params": {"value": 2.2}}, {"op": "saturation", "params": {"value": 1.3}}]
    predicted = PixelSample(photo, size=photo.width * photo.height).after(plan)  # every pixel: no sampling error
    measured = clipping(last(photo, plan))
    for kind in ("highlights", "shadows", "saturation"):
        assert abs(predicted[kind] - getattr(measured, kind)) < 0.5


@pytest.mark.parametrize(
    "raw,expected",
    [
        ({"op": "curve", "params": {"value": 1.3}}, 1.3),
        ({"op": "S-curve", "params": {"strength": 1.2}}, 1.2),
        ({"op": "soft_contrast", "params": {"slope": 1.5}}, 1.5),
        ({"op": "toneCurve", "params": 1.25}, 1.25),
        ({"op": "curve", "params": {"value": 9}}, 2.5),  # clamped to its range
    ],
)
def test_it_reads_the_curve_as_a_planner_may_write_it(raw, expected):
    plan = normalize_plan(
        {"variations": [{"label": "V", "strategy": "s", "operations": [raw]} for _ in range(5)]}, image_size=(800, 600)
    )
    op = plan.variations[0].operations[0]
    assert op.op == "curve" and op.params.value == pytest.approx(expected)
