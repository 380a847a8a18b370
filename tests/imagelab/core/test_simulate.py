"""The pixel sample (imagelab.core.simulate): a plan's point steps predict the whole picture's clipping."""

import numpy as np
import pytest
from PIL import Image

from imagelab.core import execute
from imagelab.core.simulate import PixelSample
from imagelab.core.verify import clipping
from tests.support.images import dark_photo


def photo(w=480, h=360, seed=5):
    """A natural-ish picture: smooth light, texture, a bright sky band and a dark corner."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w] / max(w, h)
    grey = 120 + 60 * np.sin(7 * x) * np.cos(5 * y) + 70 * (y < 0.15) - 60 * (x + y > 1.2) + rng.normal(0, 8, (h, w))
    rgb = np.stack([grey + 10, grey, grey - 12], axis=-1)
    return Image.fromarray(np.clip(rgb, 0, 255).round().astype(np.uint8))


def ran(image, plan):
    out = []
    execute.execute(image, [plan], on_step=lambda r: out.append(r.image) if r.step == len(plan) - 1 else None)
    return out[-1]


@pytest.mark.parametrize(
    "plan",
    [
        [{"op": "contrast", "params": {"value": 1.4}}],
        [{"op": "brightness", "params": {"value": 1.3}}, {"op": "saturation", "params": {"value": 1.5}}],
        [{"op": "levels", "params": {"black": 30, "white": 210, "gamma": 1.2}}],
        [
            {"op": "temperature", "params": {"warm": True, "strength": 0.8}},
            {"op": "contrast", "params": {"value": 1.2}},
        ],
        [{"op": "hue", "params": {"value": 40.0}}, {"op": "tint", "params": {"color": "#ff8800", "strength": 0.3}}],
    ],
)
def test_it_predicts_the_clipping_of_point_steps_within_half_a_point(plan):
    image = photo()
    sample = PixelSample(image)
    real, source = clipping(ran(image, plan)), clipping(image)
    predicted = sample.new(plan)
    for kind in ("highlights", "shadows", "saturation"):
        assert predicted[kind] == pytest.approx(getattr(real, kind) - getattr(source, kind), abs=0.5), kind


def test_it_counts_its_own_clipping_like_the_verifier():
    image = photo()
    base, real = PixelSample(image, size=10**9).base, clipping(image)  # every pixel
    assert base == pytest.approx(real.model_dump(), abs=1e-9)


def test_it_lets_spatial_steps_through_unchanged():
    sample = PixelSample(photo())
    plan = [
        {"op": "sharpen", "params": {"amount": 2.0, "radius": 1.0}},
        {"op": "vignette", "params": {"strength": 0.5}},
    ]
    assert sample.new(plan) == {"highlights": 0.0, "shadows": 0.0, "saturation": 0.0}


@pytest.mark.parametrize(
    "geometry",
    [
        [{"op": "crop", "params": {"x": 0, "y": 300, "width": 1500, "height": 700}}],  # leaves out the bright sky
        [{"op": "crop", "params": {"x": 900, "y": 0, "width": 800, "height": 450}}],  # mostly sky, clamped at the edge
        [{"op": "resize", "params": {"width": 1280, "height": 400, "fit": "cover"}}],  # a centre band
        [
            {"op": "resize", "params": {"width": 800, "height": 800, "fit": "contain"}},
            {"op": "crop", "params": {"x": 100, "y": 150, "width": 500, "height": 400}},
        ],
    ],
)
def test_it_follows_crops_given_the_working_size(geometry):
    image, working = photo(), (1600, 1200)  # the photo is a 480 px copy of a 1600 px working image
    plan = geometry + [{"op": "brightness", "params": {"value": 1.35}}, {"op": "contrast", "params": {"value": 1.3}}]
    big = image.resize(working, Image.Resampling.BILINEAR)
    real, source = clipping(ran(big, plan)), clipping(image)
    predicted = PixelSample(image, working_size=working).new(plan)
    for kind in ("highlights", "shadows", "saturation"):
        assert predicted[kind] == pytest.approx(getattr(real, kind) - getattr(source, kind), abs=1.0), kind
    blind = PixelSample(image).new(plan)  # without the size, the whole picture's figure
    assert max(abs(blind[k] - predicted[k]) for k in blind) > 1.0


def test_it_stops_following_crops_after_a_rotation():
    sample = PixelSample(photo(), working_size=(1600, 1200))
    turned = [
        {"op": "rotate", "params": {"degrees": 3}},
        {"op": "crop", "params": {"x": 0, "y": 0, "width": 99, "height": 99}},
    ]
    plan = [{"op": "brightness", "params": {"value": 1.35}}]
    assert sample.new(turned + plan) == PixelSample(photo()).new(plan)


def test_it_darkens_by_where_each_pixel_sits_for_a_vignette_given_the_working_size():
    image = dark_photo()
    plan = [{"op": "vignette", "params": {"strength": 0.95}}]
    real, source = clipping(ran(image, plan)), clipping(image)
    predicted = PixelSample(image, working_size=image.size).new(plan)
    assert real.shadows - source.shadows > 1.0  # the dark corners crush
    assert predicted["shadows"] == pytest.approx(real.shadows - source.shadows, abs=0.5)
    assert PixelSample(image).new(plan)["shadows"] < 0.5  # without the size: where a pixel sits is unknown


@pytest.mark.parametrize("direction", ["horizontal", "vertical"])
def test_it_follows_crops_after_a_flip_to_the_mirrored_pixels(direction):
    image = photo()  # its dark corner is at the bottom right
    w, h = image.size
    sample = PixelSample(image, working_size=(w, h))
    flip = {"op": "flip", "params": {"direction": direction}}
    first = {"op": "crop", "params": {"x": 0, "y": 0, "width": w // 2, "height": h // 2}}
    mirrored = {"x": w // 2, "y": 0} if direction == "horizontal" else {"x": 0, "y": h // 2}
    other = {"op": "crop", "params": {**first["params"], **mirrored}}
    plan = [{"op": "contrast", "params": {"value": 1.6}}]
    assert sample.new([flip, first, *plan]) == sample.new([other, *plan])
    assert sample.new([flip, *plan]) == sample.new(plan)  # a mirror moves no pixel's value


def test_it_answers_a_plan_asked_again_from_its_memo_without_letting_callers_change_it():
    sample = PixelSample(photo())
    plan = [{"op": "contrast", "params": {"value": 1.6}}, {"op": "saturation", "params": {"value": 1.3}}]
    x, ever = sample.trace(plan)
    ever["shadows"] = -1.0  # a caller's own copy
    again, counted = sample.trace([{"op": o["op"], "params": dict(o["params"])} for o in plan])
    assert again is x and counted["shadows"] > 0
    assert not x.flags.writeable
    assert sample.trace([{"op": "contrast", "params": {"value": 1.61}}])[0] is not x  # another plan, traced anew


def test_it_counts_a_whole_frame_resize_and_a_cover_resize_as_the_executor_frames_them():
    image = photo(400, 300)
    sample = PixelSample(image, working_size=(800, 600))
    whole = [{"op": "resize", "params": {"width": 400, "height": 300, "fit": "contain"}}]
    assert sample.run(whole).shape == sample.pixels.shape
    cover = [{"op": "resize", "params": {"width": 400, "height": 400, "fit": "cover"}}]
    assert sample.run(cover).shape[1] < sample.pixels.shape[1]
