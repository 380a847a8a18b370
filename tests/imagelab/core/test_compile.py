"""Compiled passes equal running the ops one by one (+-2 per channel)."""

import numpy as np
import pytest
from PIL import Image

from imagelab.core.compile import compile_ops, run_passes, run_sequential


def photo(seed=0, size=(96, 64)):
    rng = np.random.default_rng(seed)
    w, h = size
    y, x = np.mgrid[0:h, 0:w]
    base = np.stack([x * 255 / w, y * 255 / h, 255 - x * 255 / w], -1) + rng.normal(0, 25, (h, w, 3))
    a = np.clip(base, 0, 255).astype(np.uint8)
    a[:8, :8] = (255, 0, 0)  # saturated corners: where intermediate clipping matters
    a[-8:, -8:] = (0, 0, 255)
    return Image.fromarray(a, "RGB")


CHAINS = {
    "warm pop": [
        ("temperature", {"warm": True, "strength": 0.4}),
        ("saturation", {"value": 1.08}),
        ("contrast", {"value": 1.05}),
    ],
    "clean neutral": [("contrast", {"value": 1.04}), ("levels", {"black": 0, "white": 255, "gamma": 0.98})],
    "cool modern": [
        ("tint", {"color": "#DDE8FF", "strength": 0.08}),
        ("contrast", {"value": 1.06}),
        ("saturation", {"value": 0.98}),
    ],
    "clip then recover": [
        ("brightness", {"value": 2.0}),
        ("brightness", {"value": 0.5}),
        ("saturation", {"value": 1.8}),
        ("hue", {"value": 40}),
        ("contrast", {"value": 0.6}),
    ],
    "mixes": [
        ("saturation", {"value": 1.5}),
        ("hue", {"value": -30}),
        ("filter", {"type": "sepia"}),
        ("brightness", {"value": 0.8}),
        ("filter", {"type": "grayscale"}),
    ],
    "soft punch": [
        ("curve", {"value": 1.6}),
        ("temperature", {"warm": True, "strength": 0.3}),
        ("saturation", {"value": 1.2}),
    ],
    "with geometry": [
        ("contrast", {"value": 1.2}),
        ("crop", {"x": 4, "y": 4, "width": 50, "height": 40}),
        ("tint", {"color": "#336699", "strength": 0.3}),
        ("levels", {"black": 20, "white": 230, "gamma": 1.3}),
        ("vignette", {"strength": 0.3}),
        ("temperature", {"warm": False, "strength": 0.7}),
    ],
}


@pytest.mark.parametrize("name", sorted(CHAINS))
def test_it_matches_sequential_within_two_levels(name):
    for seed in range(3):
        im = photo(seed)
        a = np.asarray(run_passes(im, compile_ops(CHAINS[name])), int)
        b = np.asarray(run_sequential(im, CHAINS[name]), int)
        assert a.shape == b.shape and np.abs(a - b).max() <= 2, name


def test_it_fuses_per_channel_runs_into_one_lut():
    passes = compile_ops(
        [
            ("brightness", {"value": 1.1}),
            ("contrast", {"value": 1.2}),
            ("levels", {"black": 0, "white": 255, "gamma": 0.9}),
            ("temperature", {"warm": True, "strength": 0.3}),
            ("tint", {"color": "#FF0000", "strength": 0.1}),
        ]
    )
    assert [p.kind for p in passes] == ["lut"] and passes[0].steps == [0, 1, 2, 3, 4]


def test_it_fuses_colour_mixing_runs_into_one_matrix():
    passes = compile_ops([("filter", {"type": "grayscale"}), ("filter", {"type": "sepia"}), ("hue", {"value": 10})])
    assert [p.kind for p in passes] == ["matrix"]
    passes = compile_ops([("tint", {"color": "#DDE8FF", "strength": 0.08}), ("saturation", {"value": 0.9})])
    assert [p.kind for p in passes] == ["matrix"]  # an in-gamut affine LUT run joins the matrix


def test_it_keeps_geometry_as_separate_passes():
    passes = compile_ops([("contrast", {"value": 1.1}), ("rotate", {"degrees": 3}), ("contrast", {"value": 1.1})])
    assert [p.kind for p in passes] == ["lut", "op", "lut"] and passes[1].steps == [1]
    passes = compile_ops([("contrast", {"value": 1.1}), ("flip", {"direction": "horizontal"}), ("hue", {"value": 9})])
    assert [p.kind for p in passes] == ["lut", "op", "matrix"] and passes[1].op == "flip"


def test_it_splits_a_matrix_when_clipping_would_differ():
    passes = compile_ops([("saturation", {"value": 2.0}), ("brightness", {"value": 0.5})])
    assert len(passes) == 2  # saturation leaves the gamut; halving afterwards would reveal it


def test_it_numbers_steps_from_first_step():
    assert compile_ops([("contrast", {"value": 1.1})], first_step=3)[0].steps == [3]


def run_any(picture, passes):
    for p in passes:
        picture = p.run_any(picture)
    return picture


@pytest.mark.parametrize("name", sorted(CHAINS))
@pytest.mark.parametrize("start", ["image", "array"])
def test_it_matches_sequential_in_either_form_the_executor_passes(name, start):
    for seed in range(3):
        im = photo(seed)
        out = run_any(im if start == "image" else np.asarray(im), compile_ops(CHAINS[name]))
        a = np.asarray(out, int)
        b = np.asarray(run_sequential(im, CHAINS[name]), int)
        assert a.shape == b.shape and np.abs(a - b).max() <= 2, name


def test_it_keeps_an_exact_affine_run_as_a_matrix_for_arrays():
    (lut,) = compile_ops([("contrast", {"value": 1.07})])
    assert lut.kind == "lut" and lut.matrix is not None  # one straight line, then one clip: exact
    (curve,) = compile_ops([("contrast", {"value": 1.07}), ("levels", {"gamma": 0.9})])
    assert curve.matrix is None  # a gamma curve is no matrix
    (clipped,) = compile_ops([("brightness", {"value": 2.0}), ("brightness", {"value": 0.5})])
    assert clipped.matrix is None  # clipping in between: only the LUT is exact
    (halves,) = compile_ops([("contrast", {"value": 1.2})])
    assert halves.matrix is None  # OpenCV's fixed point rounds some halves the other way: the LUT it is
    assert np.array_equal(halves.run_any(np.asarray(photo())), np.asarray(photo().point(halves.lut)))
    assert isinstance(lut.run_any(photo()), np.ndarray)  # a matrix pass leaves an array
    assert isinstance(curve.run_any(photo()), Image.Image)  # a LUT stays where its input is


def test_it_keeps_a_three_curve_lut_on_an_array_with_pillows_values():
    (warm,) = compile_ops([("temperature", {"warm": True, "strength": 0.4}), ("contrast", {"value": 1.2})])
    assert warm.kind == "lut" and warm.matrix is None and warm.lut[:256] != warm.lut[512:]  # three curves
    out = warm.run_any(np.asarray(photo()))
    assert isinstance(out, np.ndarray)  # no copy out of Pillow for the next pass (~16 ms at 2048 px)
    assert np.array_equal(out, np.asarray(photo().point(warm.lut)))
