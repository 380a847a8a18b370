"""Telling a near-duplicate apart with a step measured on its picture (imagelab.core.separate)."""

import numpy as np
from PIL import Image

from imagelab.core import ops
from imagelab.core.separate import (
    SAMPLE,
    TARGET_SSIM,
    Tendency,
    _grid_maps,
    _lifted,
    _Linear,
    _matrix,
    _vignetted,
    measure_apart,
)
from imagelab.core.simulate import PixelSample
from imagelab.core.simulate import _step as run_step  # one step on (3, n) pixels, clipped, as the passes
from imagelab.core.ssim import Windows, ssim
from imagelab.core.verify import Look, clipping


def photo(level=128, spread=28, colour=12, w=320, h=240, seed=5) -> Image.Image:
    """A smooth, detailed photo (SSIM barely moves on it): nothing clipped."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w] / max(w, h)
    grey = level + spread * np.sin(9 * x) * np.cos(6 * y) + rng.normal(0, 10, (h, w))
    rgb = np.stack([grey + colour, grey, grey - colour], axis=-1)
    return Image.fromarray(np.clip(rgb, 2, 253).round().astype(np.uint8))


def run(image, steps) -> Image.Image:
    for s in steps:
        image = ops.OPS[s["op"]](image, **s["params"])
    return image


def apart(source, first, second):
    """(step, SSIM) measured for `second` against `first`, both made from `source`."""
    looks = [Look(run(source, first)), Look(run(source, second))]
    reference = Tendency.of(Look(source).full())
    return measure_apart(looks[1], [looks[0]], clipping(source), reference), looks


def test_it_parts_twins_with_one_step_and_measures_what_the_verifier_will():
    source = photo(level=110)
    (steps, predicted), looks = apart(source, [_b(1.15)], [_b(1.16)])
    assert ssim(looks[1].ssim_windows(), looks[0].ssim_windows()) > 0.99  # twins
    assert predicted <= TARGET_SSIM
    assert len(steps) == 1  # one way is enough here
    moved = Look(run(run(source, [_b(1.16)]), steps))
    assert abs(ssim(moved.ssim_windows(), looks[0].ssim_windows()) - predicted) < 0.01


def test_it_keeps_a_brighter_variation_brighter_than_its_source():
    source = photo(level=150)  # brighter still would clip soon: the step goes back, not past the source
    (steps, _), looks = apart(source, [_b(1.35)], [_b(1.36)])
    after = run(run(source, [_b(1.36)]), steps)
    assert Tendency.of(Look(after).full()).brightness > Tendency.of(Look(source).full()).brightness + 3
    assert clipping(after).highlights - clipping(source).highlights <= 0.5


def test_it_gives_a_black_and_white_variation_no_colour_step():
    source = photo(colour=30)
    grey = [{"op": "filter", "params": {"type": "grayscale"}}]
    (steps, _), _looks = apart(source, grey + [_c(1.1)], grey + [_c(1.11)])
    assert steps and all(step["op"] in ("brightness", "contrast") for step in steps)


def test_it_takes_no_step_that_would_clip():
    source = photo(level=128, spread=120, colour=0)  # already spans 2..253: any firmer or brighter step clips
    found, looks = apart(source, [_c(1.0)], [{"op": "saturation", "params": {"value": 1.01}}])
    steps, _ = found
    after = run(looks[1].image, steps)
    new = clipping(after)
    base = clipping(source)
    assert max(new.highlights - base.highlights, new.shadows - base.shadows) <= 0.25 + 1e-9


def test_it_predicts_each_steps_ssim_from_the_windows_as_measuring_it_would():
    rng = np.random.default_rng(9)
    y, x = np.mgrid[0:240, 0:320] / 320
    planes = [128 + 60 * np.sin(k * x + 3 * y) + rng.normal(0, 8, x.shape) for k in (5, 11, 17)]  # channels differ
    source = Image.fromarray(np.clip(np.stack(planes, axis=-1), 5, 250).round().astype(np.uint8))
    mixed = [{"op": "hue", "params": {"value": 25}}, _b(1.1)]  # channels mixed: the cross moments matter
    look = Look(run(source, mixed))
    others = [Look(source), Look(run(source, [_c(1.2), {"op": "saturation", "params": {"value": 0.6}}]))]
    linear = _Linear(look, others)
    for step in (_b(0.85), _c(1.25), _c(0.8), {"op": "saturation", "params": {"value": 1.5}}):
        m, b = _matrix(step)
        [predicted] = linear.nearest(m[None], b[None])
        x = look.full().reshape(-1, 3).T.astype(np.float64)
        moved = Windows(np.clip(m @ x + b[:, None], 0, 255).T.reshape(look.full().shape).astype(np.float32))
        measured = max(ssim(moved, o.ssim_windows()) for o in others)
        assert abs(predicted - measured) < 0.003, step


def test_it_maps_each_grid_entry_as_its_steps_run_one_after_another():
    rng = np.random.default_rng(3)
    x = rng.uniform(90, 160, (3, 50))  # well inside the range: no step here clips, so the maps must match exactly
    sat = {"op": "saturation", "params": {"value": 1.3}}
    grid = [[_c(0.9), sat], [_c(1.1), {"op": "saturation", "params": {"value": 0.7}}], [_c(1.2), sat]]
    m, b = _grid_maps(grid)
    for entry, mi, bi in zip(grid, m, b, strict=True):
        y = x
        for step in entry:
            y = run_step(y, step["op"], step["params"])
        assert np.allclose(mi @ x + bi[:, None], y, atol=1e-9), entry
    [[single]] = [[_b(1.2)]]
    m1, b1 = _grid_maps([[single]])
    assert np.allclose(m1[0], 1.2 * np.eye(3)) and np.allclose(b1[0], 0.0)


def test_it_finds_nothing_without_an_earlier_variation_of_its_size():
    look = Look(photo())
    assert measure_apart(look, [], clipping(photo())) is None


def _b(v):
    return {"op": "brightness", "params": {"value": v}}


def _c(v):
    return {"op": "contrast", "params": {"value": v}}


def test_it_keeps_to_the_look_planned_before_any_revision():
    source = photo(level=140)
    planned = Look(run(source, [_b(1.2)]))  # a "brighter" variation ...
    now, twin = Look(run(source, [_b(0.97)])), Look(run(source, [_b(0.975)]))  # ... a revision left darker
    reference = Tendency.of(Look(source).full())
    steps, _ = measure_apart(now, [twin], clipping(source), reference, Tendency.of(planned.full()))
    after = Tendency.of(Look(run(now.image, steps)).full())
    assert after.brightness >= reference.brightness  # back up to its source at least, not darker still


def test_it_never_takes_a_barely_brighter_variation_below_its_source():
    """A model's "brighter" plan may brighten by less than the guard counts as moved (3 levels): it is still
    no darker than the photo once told apart."""
    for level in (120, 150, 190):
        source = photo(level=level, spread=40)  # the firmer and brighter ways clip soon on the brighter ones
        (steps, _), looks = apart(source, [_b(1.015)], [_b(1.012), _c(1.01)])
        after = Tendency.of(Look(run(looks[1].image, steps)).full())
        assert after.brightness >= Tendency.of(Look(source).full()).brightness, (level, steps)


def test_it_darkens_the_corners_when_no_linear_step_parts_the_twins():
    source = photo(level=110, spread=10)  # smooth: brightness and contrast steps barely move its SSIM
    twin, look = (Look(run(source, [_b(v)])) for v in (1.02, 1.021))
    floor = Tendency.of(look.full()).brightness  # as a look planned brighter than its photo: no darker overall
    sample = PixelSample(look.image, size=SAMPLE, working_size=look.size)
    allowed = {k: v + 0.25 for k, v in sample.base.items()}
    steps, predicted = _vignetted(look, [twin], None, sample, allowed, (floor, 255.0))
    assert [s["op"] for s in steps] == ["vignette", "brightness"]  # the darker corners lifted back
    after = Look(run(look.image, steps))
    assert Tendency.of(after.full()).brightness >= floor - 0.5
    assert predicted <= TARGET_SSIM
    assert abs(ssim(after.ssim_windows(), twin.ssim_windows()) - predicted) < 0.01  # as the verifier will measure


def test_it_lifts_through_a_brightness_step_only_where_no_contrast_follows_it():
    vignette = {"op": "vignette", "params": {"strength": 0.3}}
    folded = _lifted([_c(0.9), _b(0.9), vignette], 1.1)
    assert folded == [_c(0.9), _b(0.99), vignette]  # scalings commute with the vignette's multiply
    kept = _lifted([_b(0.9), _c(0.9), vignette], 1.1)  # contrast's offset does not commute with a scaling
    assert kept == [_b(0.9), _c(0.9), vignette, _b(1.1)]
