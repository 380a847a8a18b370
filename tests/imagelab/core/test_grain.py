"""The grain op: seeded monochrome film grain through the DSL, the strict schema, normalisation and the compiler."""

import json

import numpy as np
from PIL import Image

from imagelab.core import ops
from imagelab.core.compile import compile_ops, run_passes
from imagelab.core.normalize import normalize_plan
from imagelab.core.plans import BOUNDS, plan_variations_tool


def grey(level=128, size=(300, 200)):
    return Image.new("RGB", size, (level,) * 3)


def test_it_adds_monochrome_grain_that_keeps_the_mean():
    out = np.asarray(ops.grain(grey(), amount=0.2), dtype=np.float64)
    assert out.std() > 5 and abs(out.mean() - 128) < 1.5
    assert np.array_equal(out[..., 0], out[..., 1]) and np.array_equal(out[..., 1], out[..., 2])  # no colour noise


def test_it_grows_with_the_amount_and_is_a_no_op_at_zero():
    im = grey()
    spread = [np.asarray(ops.grain(im, amount=a), dtype=np.float64).std() for a in (0.05, 0.15, 0.4)]
    assert spread == sorted(spread) and spread[0] > 0
    assert ops.grain(im, amount=0) is im


def test_it_is_the_same_grain_on_every_render_and_never_mutates_its_input():
    im = grey(size=(700, 300))  # wider than one noise tile
    before = im.tobytes()
    assert ops.grain(im, amount=0.3).tobytes() == ops.grain(im, amount=0.3).tobytes()
    assert im.tobytes() == before and ops.grain(im, amount=0.3).size == im.size


def test_it_shows_less_grain_in_deep_shadows_than_in_midtones():
    dark, mid = (np.asarray(ops.grain(grey(level), amount=0.2), dtype=np.float64).std() for level in (12, 128))
    assert dark < mid


def test_it_offers_grain_in_the_strict_tool_schema_with_its_bounds():
    schema = json.dumps(plan_variations_tool()["function"]["parameters"])
    assert '"enum": ["grain"]' in schema and BOUNDS[("grain", "amount")] == (0.0, 1.0)


def test_it_normalises_grain_aliases_defaults_and_bounds():
    raw = {
        "variations": [
            {"label": "A", "strategy": "s", "operations": [{"op": "film_grain", "params": {"strength": 3}}]},
            {"label": "B", "strategy": "s", "operations": [{"op": "grain", "params": {}}]},
        ],
        "diversity_axes": ["finish"],
    }
    plan = normalize_plan(raw, image_size=(400, 300))
    assert plan.operations(0) == [("grain", {"amount": 1.0})]
    assert plan.operations(1) == [("grain", {"amount": 0.15})]
    assert any("outside the bounds" in e["reason"] for e in plan.log)


def test_it_runs_grain_as_its_own_pass_between_fused_tone_steps():
    steps = [("contrast", {"value": 1.1}), ("grain", {"amount": 0.1}), ("brightness", {"value": 0.9})]
    passes = compile_ops(steps)
    assert [p.kind for p in passes] == ["lut", "op", "lut"]
    im = grey(size=(64, 48))
    expected = ops.brightness(ops.grain(ops.contrast(im, value=1.1), amount=0.1), value=0.9)
    assert np.abs(np.asarray(run_passes(im, passes), int) - np.asarray(expected, int)).max() <= 2


def _grain_at(side: int, k: float) -> np.ndarray:
    """Grain (amount 0.3) on a mid-grey picture `side` px wide, as executed k times the working size."""
    params = ops.scale_params("grain", {"amount": 0.3}, k)
    return np.asarray(ops.grain(grey(128, (side, side)), **params).convert("L"), dtype=np.float64)


def _energy_at_preview_scale(image: np.ndarray, side: int) -> float:
    """The grain's sd once the picture is seen at `side` px (what a person sees on screen)."""
    seen = Image.fromarray(np.clip(image, 0, 255).astype(np.uint8), "L").resize((side, side), Image.Resampling.BOX)
    return float(np.asarray(seen, dtype=np.float64).std())


def test_it_keeps_the_grain_at_the_same_apparent_scale_at_full_size():
    preview = _energy_at_preview_scale(_grain_at(256, 1.0), 256)
    full = _energy_at_preview_scale(_grain_at(1024, 4.0), 256)  # a download 4x the working image, seen small
    assert 0.7 < full / preview < 1.3, (preview, full)
    unscaled = _energy_at_preview_scale(_grain_at(1024, 1.0), 256)  # per-pixel grain averages away when seen small
    assert unscaled / preview < 0.4
    assert ops.scale_params("grain", {"amount": 0.3}, 4.0) == {"amount": 0.3, "scale": 4.0}


def test_it_makes_seamless_grain_of_the_same_strength_at_any_scale():
    for k in (1.0, 2.5, 4.0):
        noise = _grain_at(700, k) - 128.0
        assert 0.8 < noise.std() / (_grain_at(700, 1.0) - 128.0).std() < 1.2
        tile = int(round(256 * k))
        if tile < 700:  # no visible seam where the tile repeats: the step across it is like any other step
            across = np.abs(noise[:, tile] - noise[:, tile - 1]).mean()
            within = np.abs(np.diff(noise[:, tile // 2 : tile // 2 + 20], axis=1)).mean()
            assert across < 2.0 * within, (k, across, within)
