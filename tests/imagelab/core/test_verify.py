"""The quality guard's verifier (imagelab.core.verify) on synthetic images with known answers."""

import numpy as np
import pytest
from PIL import Image
from skimage.metrics import structural_similarity

from imagelab.core import verify
from imagelab.core.verify import Look, clipping


def scene(w=320, h=240, seed=5, level=120.0):
    """A detailed, mid-grey photo-like image (gradients and texture), nothing clipped."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w] / max(w, h)
    grey = level + 40 * np.sin(11 * x) * np.cos(8 * y) + rng.normal(0, 6, (h, w))
    rgb = np.stack([grey + 8, grey, grey - 8], axis=-1)
    return Image.fromarray(np.clip(rgb, 1, 254).round().astype(np.uint8))


def with_fraction(image: Image.Image, fraction: float, value, channel: int | None = None) -> Image.Image:
    """The image with the first `fraction` of its rows set to `value` (in one channel, or all)."""
    arr = np.asarray(image).copy()
    rows = round(arr.shape[0] * fraction)
    if channel is None:
        arr[:rows] = value
    else:
        arr[:rows, :, channel] = value
    return Image.fromarray(arr)


def test_it_counts_clipped_pixels_per_channel_and_clipped_colours():
    arr = np.full((10, 10, 3), 128, np.uint8)
    arr[0, :, 0] = 255  # 10 % red at 255, coloured (128 away from the others): a clipped colour
    arr[1, :5] = 0  # 5 % black in every channel: shadows, not a colour
    arr[2, :2] = (255, 255, 250)  # 2 % near-white: highlights in R and G, not a colour
    c = clipping(Image.fromarray(arr))
    assert c.highlights == pytest.approx(12.0)
    assert c.shadows == pytest.approx(5.0)
    assert c.saturation == pytest.approx(10.0)


def test_it_flags_new_highlight_clipping_above_half_a_percent():
    source = scene()
    src = clipping(source)
    ok = verify.verify(0, Look(with_fraction(source, 0.004, 255)), [], src)
    bad = verify.verify(0, Look(with_fraction(source, 0.02, 255)), [], src)  # burnt to white, not a colour
    assert ok.ok and ok.figures["highlights_new"] == pytest.approx(0.42, abs=0.01)
    assert not bad.ok and [i.kind for i in bad.issues] == ["highlights"]
    assert bad.issues[0].amount == pytest.approx(2.08, abs=0.01)
    assert bad.score == pytest.approx(bad.issues[0].amount)


def test_it_compares_with_the_source_so_clipping_already_there_is_not_new():
    source = with_fraction(scene(), 0.1, 0)  # 10 % crushed already
    again = verify.verify(0, Look(source), [], clipping(source))
    assert again.ok and again.figures["shadows_new"] == 0


def test_it_flags_crushed_shadows_and_clipped_colours():
    source = scene()
    shadows = verify.verify(0, Look(with_fraction(source, 0.05, 0)), [], clipping(source))
    assert [i.kind for i in shadows.issues] == ["shadows"]
    colours = verify.verify(0, Look(with_fraction(source, 0.05, (250, 40, 0))), [], clipping(source))
    assert {i.kind for i in colours.issues} == {"shadows", "saturation"}  # blue at 0 is both
    assert colours.figures["saturation_new"] == pytest.approx(5.0, abs=0.05)


def test_it_flags_a_near_duplicate_of_an_earlier_variation_by_ssim():
    a = scene()
    twin = Image.fromarray(np.clip(np.asarray(a).astype(int) + 2, 0, 255).astype(np.uint8))
    other = scene(seed=9, level=100)
    src = clipping(a)
    report = verify.verify(3, Look(twin), [], src, {0: Look(other), 1: Look(a)})
    [issue] = report.issues
    assert issue.kind == "near_duplicate" and issue.other == 1
    expected = structural_similarity(np.asarray(a), np.asarray(twin), channel_axis=2, data_range=255)
    assert issue.amount == pytest.approx(expected, abs=1e-3) and expected > 0.97
    assert verify.verify(3, Look(other), [], src, {1: Look(a)}).ok  # a different picture


def test_it_never_calls_pictures_of_different_sizes_duplicates():
    a = scene()
    assert verify.similarity(Look(a), Look(a.resize((300, 240)))) is None
    assert verify.similarity(Look(a), Look(a)) == pytest.approx(1.0)


def test_it_flags_parameters_pinned_at_a_bound_that_is_not_neutral():
    operations = [
        {"op": "brightness", "params": {"value": 3.0}},
        {"op": "levels", "params": {"black": 0, "white": 255, "gamma": 1.0}},  # neutral bounds: fine
        {"op": "grain", "params": {"amount": 0.0}},
        {"op": "sharpen", "params": {"amount": 5.0, "radius": 1.0}},
    ]
    issues = verify.pinned(operations)
    assert [(i.op_index, i.param) for i in issues] == [(0, "value"), (3, "amount")]
    report = verify.verify(0, Look(scene()), operations, clipping(scene()))
    assert report.figures["pinned"] == 2 and report.score == pytest.approx(2 * verify.PINNED_WEIGHT)
