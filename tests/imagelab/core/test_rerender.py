"""Full-resolution re-renders: a chain of plans replayed on the original as each job ran it."""

import numpy as np
from PIL import Image

from imagelab.core import execute as ex
from imagelab.core.rerender import render_chain
from tests.support.images import gradient_photo as photo_bytes


def test_it_renders_a_chain_at_full_resolution():
    src = photo_bytes((3000, 2000))
    plan1 = [
        {"op": "resize", "params": {"width": 2048, "height": 2048, "fit": "contain"}},
        {"op": "crop", "params": {"x": 24, "y": 40, "width": 1024, "height": 1024}},
    ]
    plan2 = [
        {"op": "crop", "params": {"x": 0, "y": 0, "width": 512, "height": 256}},
        {"op": "blur", "params": {"sigma": 1}},
    ]
    job1 = ex.execute(src, [plan1]).variations[0].image
    assert job1.size == (1024, 1024)
    job2 = ex.execute(job1, [plan2]).variations[0].image
    full = render_chain(src, [plan1, plan2])
    k = 3000 / 2048
    assert full.size == (round(512 * k), round(256 * k))
    working = render_chain(src, [plan1, plan2], full_resolution=False)
    assert working.size == job2.size
    assert np.abs(np.asarray(working, int) - np.asarray(job2, int)).mean() < 1
    small = np.asarray(full.resize(job2.size, Image.Resampling.BOX), int)
    assert np.abs(small - np.asarray(job2, int)).mean() < 3  # same picture, more pixels


def test_it_replays_stored_ai_images_in_render_chain():
    src = photo_bytes((600, 400))
    plan = [{"op": "aiEdit", "params": {"prompt": "x"}}, {"op": "brightness", "params": {"value": 0.5}}]
    out = render_chain(src, [plan], ai_images={(0, 0): Image.new("RGB", (30, 20), (200, 200, 200))})
    assert out.size == (600, 400) and out.getpixel((10, 10)) == (100, 100, 100)


def test_it_gives_the_same_render_as_an_array_when_asked():
    src = photo_bytes((900, 600))
    plan = [{"op": "contrast", "params": {"value": 1.2}}, {"op": "vignette", "params": {"strength": 0.3}}]
    image, pixels = render_chain(src, [plan]), render_chain(src, [plan], as_array=True)
    assert isinstance(pixels, np.ndarray) and np.array_equal(pixels, np.asarray(image))


def test_it_mirrors_a_full_resolution_render_exactly():
    src = photo_bytes((2600, 1800))
    plan = [
        {"op": "contrast", "params": {"value": 1.2}},
        {"op": "crop", "params": {"x": 100, "y": 0, "width": 800, "height": 600}},
    ]
    flipped = [*plan, {"op": "flip", "params": {"direction": "horizontal"}}]
    plain, mirrored = render_chain(src, [plan], as_array=True), render_chain(src, [flipped], as_array=True)
    assert plain.shape[1] > 1000 and np.array_equal(mirrored, plain[:, ::-1])


def test_it_crops_a_thin_panorama_square_to_its_full_height():
    # 4000 x 120 works at 2048 x 61 (the short side rounded): a square crop of the whole height must download
    # as 120 x 120, not 119 x 119 (61 x 4000 / 2048 = 119.1).
    src = Image.fromarray(np.random.default_rng(1).integers(0, 256, (120, 4000, 3), dtype=np.uint8))
    job = ex.execute(src, [[{"op": "crop", "params": {"x": 993, "y": 0, "width": 61, "height": 61}}]])
    assert job.variations[0].image.size == (61, 61)
    full = render_chain(src, [[{"op": "crop", "params": {"x": 993, "y": 0, "width": 61, "height": 61}}]])
    assert full.size == (120, 120)
    inner = render_chain(src, [[{"op": "crop", "params": {"x": 993, "y": 10, "width": 40, "height": 40}}]])
    assert inner.size == (78, 78)  # a crop inside the frame scales by k as before
