"""The five rule plans, rendered: genuinely different from each other, and each honouring the instruction."""

import itertools

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from imagelab.core.execute import execute
from imagelab.core.normalize import normalize_plan
from imagelab.rules.planner import plan_variations

GEOMETRY = {"resize", "crop", "rotate"}
# The old planner's five finals (one recipe at five strengths plus vignette or sharpen) were at most
# 0.3–2.8/255 apart (mean absolute difference of the closest pair) on this image for every instruction
# below; 4/255 is where two small thumbnails start to read as different pictures side by side.
MIN_PAIR_MAD = 4.0


def synthetic_photo(w=256, h=192) -> Image.Image:
    """A small photo-like image: sky-ish gradients, coloured shapes, sensor noise, soft optics."""
    rng = np.random.default_rng(3)
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    a = np.stack([x / w * 150 + 60, y / h * 120 + 50, (1 - y / h) * 150 + 60], -1)
    a += rng.normal(0, 6, (h, w, 3))
    im = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(im)
    for i in range(24):
        x0, y0, s = int(rng.integers(0, w)), int(rng.integers(0, h)), int(rng.integers(10, 70))
        colour = tuple(int(v) for v in rng.integers(0, 256, 3))
        (draw.ellipse if i % 2 else draw.rectangle)([x0, y0, x0 + s, y0 + int(s * 0.7)], fill=colour)
    return im.filter(ImageFilter.GaussianBlur(0.8))


PHOTO = synthetic_photo()


def render(text):
    """(normalised plan, finals, the same plans' geometry alone) for the instruction on PHOTO."""
    plan = normalize_plan(plan_variations(text, image_size=PHOTO.size), image_size=PHOTO.size)
    assert plan.log == [] and len(plan.variations) == 5
    ops = [v.operations for v in plan.variations]
    finals = [v.image for v in execute(PHOTO, ops, workers=1).variations]
    framed = [v.image for v in execute(PHOTO, [[o for o in p if o.op in GEOMETRY] for p in ops], workers=1).variations]
    return plan, finals, framed


def mad(a, b):
    """Mean absolute difference per channel (0..255), both compared at the same small size."""
    size = (128, 96)
    pa = np.asarray(a.resize(size, Image.Resampling.BILINEAR), dtype=np.float64)
    pb = np.asarray(b.resize(size, Image.Resampling.BILINEAR), dtype=np.float64)
    return float(np.abs(pa - pb).mean())


def stats(image):
    a = np.asarray(image, dtype=np.float64)
    luma = a @ [0.299, 0.587, 0.114]
    return {
        "temp": (a[..., 0] - a[..., 2]).mean(),
        "sat": (a.max(-1) - a.min(-1)).mean(),
        "contrast": luma.std(),
        "bright": luma.mean(),
    }


@pytest.mark.parametrize(
    "text",
    [
        "make it black and white",
        "warmer and punchier",
        "warmer",
        "make it less saturated",
        "reduce the contrast",
        "darker",
        "sepia",
        "vintage film look",
        "cinematic",
        "crop it square",
        "make it look its best",
        "clean it up for linkedin, nothing arty",
    ],
)
def test_it_renders_five_clearly_different_pictures(text):
    plan, finals, _ = render(text)
    closest = min(mad(finals[i], finals[j]) for i, j in itertools.combinations(range(5), 2))
    assert closest >= MIN_PAIR_MAD, (text, closest)
    assert len({v.label for v in plan.variations}) == 5


@pytest.mark.parametrize(
    "text,axis,sign",
    [
        ("warmer", "temp", 1),
        ("cooler", "temp", -1),
        ("less warm", "temp", -1),
        ("make it less saturated", "sat", -1),
        ("desaturate", "sat", -1),
        ("not so vivid", "sat", -1),
        ("more saturated", "sat", 1),
        ("reduce the contrast", "contrast", -1),
        ("less contrast please", "contrast", -1),
        ("more contrast", "contrast", 1),
        ("brighter", "bright", 1),
        ("darker", "bright", -1),
        ("not so bright", "bright", -1),
        ("warmer and punchier", "temp", 1),
        ("warmer and punchier", "sat", 1),
    ],
)
def test_it_moves_every_variation_the_asked_way(text, axis, sign):
    plan, finals, framed = render(text)
    for v, final, before in zip(plan.variations, finals, framed, strict=True):
        change = stats(final)[axis] - stats(before)[axis]
        assert change * sign > 0.5, (v.label, axis, change)


def test_it_keeps_every_black_and_white_variation_monochrome_or_toned():
    _, finals, _ = render("make it black and white")
    for final in finals:
        a = np.asarray(final, dtype=np.float64)
        # Grey or one even tone: the channel offsets barely vary across the picture.
        assert (a[..., 0] - a[..., 2]).std() < 6 and (a[..., 0] - a[..., 1]).std() < 6


def test_it_offers_a_tighter_crop_only_when_the_framing_is_free():
    free = plan_variations("warmer", image_size=(4000, 3000))
    kept = plan_variations("warmer, keep the framing", image_size=(4000, 3000))
    assert any(o["op"] == "crop" for v in free["variations"] for o in v["operations"])
    assert not any(o["op"] == "crop" for v in kept["variations"] for o in v["operations"])
    assert "crop/framing" in free["diversity_axes"] and "crop/framing" not in kept["diversity_axes"]


def test_it_describes_each_look_in_its_strategy():
    plan = plan_variations("warmer", image_size=(4000, 3000))
    for v in plan["variations"]:
        assert v["label"].startswith("Warm ") and "warmer white balance" in v["strategy"]
    assert "split tone" in plan["variations"][3]["strategy"] and "matte" in plan["variations"][2]["strategy"]


@pytest.mark.parametrize(
    "text", ["warmer but don't make it any darker", "moodier, but don't make it darker", "moody but not too dark"]
)
def test_it_keeps_mid_grey_and_the_corners_when_darkening_is_refused(text):
    from imagelab.core import ops

    plan = normalize_plan(plan_variations(text, image_size=(1600, 1200)), image_size=(1600, 1200))
    luma = np.array([0.299, 0.587, 0.114])
    for i in range(5):
        steps = plan.operations(i)
        assert not [o for o, _p in steps if o == "vignette"], steps
        grey = np.full((3, 1), 128.0)
        for op, p in steps:
            if op in ops.CHANNEL_OPS:
                grey = np.clip(ops.channel_curve(op, p)(grey), 0, 255)
        assert float(luma @ grey[:, 0]) >= 126.5, steps
        ramp = np.tile(np.arange(256.0), (3, 1))  # a raised black point is made up for over the whole range too
        for op, p in steps:
            if op in ops.CHANNEL_OPS:
                ramp = np.clip(ops.channel_curve(op, p)(ramp), 0, 255)
        assert float((luma @ ramp).mean()) >= 126.0, steps


def _strengths(text, op, key):
    plan = normalize_plan(plan_variations(text, image_size=(1600, 1200)), image_size=(1600, 1200))
    return [
        abs(sum(p[key] - (1.0 if key == "value" else 0.0) for o, p in plan.operations(i) if o == op)) for i in range(5)
    ]


@pytest.mark.parametrize(
    ("gentle", "plain", "strong", "op", "key"),
    [
        ("a touch warmer", "warmer", "way warmer", "temperature", "strength"),
        ("warm it up a bit", "warm it up", "warm it up a lot", "temperature", "strength"),
        ("slightly darker", "darker", "much darker", "brightness", "value"),
        ("a tiny bit sharper", "sharper", "way sharper", "sharpen", "amount"),
    ],
)
def test_it_moves_an_asked_tone_less_for_a_touch_and_further_for_way_more_in_every_plan(gentle, plain, strong, op, key):
    for g, p, s in zip(*(_strengths(t, op, key) for t in (gentle, plain, strong)), strict=True):
        assert 0 < g < p < s, (g, p, s)


@pytest.mark.parametrize("gentle", ["a bit more saturation", "bump up the saturation, not too much tho"])
def test_it_moves_a_little_more_colour_less_far_in_every_plan_even_where_a_finish_mutes_it(gentle):
    for g, p in zip(
        _strengths(gentle, "saturation", "value"), _strengths("more saturation", "saturation", "value"), strict=True
    ):
        assert 0 < g < p, (g, p)
