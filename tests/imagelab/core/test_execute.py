"""The executor: decode once, shared prefix once, concurrency, fallbacks, previews, full-res re-render."""

import io
import threading
import time

import numpy as np
import pytest
from PIL import Image, JpegImagePlugin

from imagelab.core import arrays, codec, ops
from imagelab.core import execute as ex
from imagelab.core.compile import run_sequential
from imagelab.core.normalize import normalize_plan
from tests.support.images import gradient_photo as photo_bytes

RESIZE = {"op": "resize", "params": {"width": 600, "height": 600, "fit": "contain"}}
PLANS = [
    [RESIZE, {"op": "contrast", "params": {"value": 1.1}}],
    [
        RESIZE,
        {"op": "temperature", "params": {"warm": True, "strength": 0.4}},
        {"op": "saturation", "params": {"value": 1.1}},
    ],
    [RESIZE, {"op": "crop", "params": {"x": 30, "y": 20, "width": 400, "height": 300}}],
    [RESIZE, {"op": "vignette", "params": {"strength": 0.3}}],
    [RESIZE, {"op": "filter", "params": {"type": "sepia"}}],
]


def collect(**kw):
    steps, done, lock = [], [], threading.Lock()

    def on_step(s):
        with lock:
            steps.append(s)

    def on_done(v):
        with lock:
            done.append(v)

    return steps, done, dict(on_step=on_step, on_variation_done=on_done, **kw)


def test_it_runs_every_step_and_reports_each_one():
    steps, done, kw = collect()
    res = ex.execute(photo_bytes(), PLANS, max_side=800, preview_side=200, **kw)
    assert res.working_size == (800, 600) and res.source_size == (1200, 900)
    assert sorted((s.variation, s.step) for s in steps) == sorted(
        (v, i) for v, p in enumerate(PLANS) for i in range(len(p))
    )
    assert all(max(s.image.size) <= 200 and s.status == "ok" for s in steps)
    assert sorted(v.variation for v in done) == [0, 1, 2, 3, 4]
    assert [v.image.size for v in res.variations] == [(600, 450)] * 2 + [(400, 300)] + [(600, 450)] * 2


def test_it_computes_the_shared_prefix_once(monkeypatch):
    calls = []
    real, real_array = ops.OPS["resize"], arrays.resize  # the preview track's op, the working size's
    monkeypatch.setitem(ops.OPS, "resize", lambda im, **p: calls.append(("preview", p)) or real(im, **p))
    monkeypatch.setattr(arrays, "resize", lambda im, **p: calls.append(("working", p)) or real_array(im, **p))
    steps, _, kw = collect()
    res = ex.execute(photo_bytes(), PLANS, max_side=800, **kw)
    assert res.prefix_length == 1
    assert [c[0] for c in calls] == ["preview", "working"]  # once on each track — not ten times
    shared = [s for s in steps if s.step == 0]
    assert len(shared) == 5 and all(s.shared for s in shared) and len({id(s.image) for s in shared}) == 1


def test_it_runs_variations_concurrently(monkeypatch):
    active, peak, lock = [0], [0], threading.Lock()
    real = ops.OPS["contrast"]

    def slow(im, **p):
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.05)
        with lock:
            active[0] -= 1
        return real(im, **p)

    monkeypatch.setitem(ops.OPS, "contrast", slow)
    plans = [
        [{"op": "contrast", "params": {"value": 1 + i / 10}}, {"op": "rotate", "params": {"degrees": 90}}]
        for i in range(5)
    ]
    ex.execute(photo_bytes((300, 200)), plans, workers=3)
    assert peak[0] >= 2


def test_it_keeps_the_previous_image_when_a_step_fails(monkeypatch):
    def boom(im, **p):
        raise ValueError("kaput")

    monkeypatch.setitem(ops.OPS, "vignette", boom)
    steps, _, kw = collect()
    plan = [{"op": "vignette", "params": {"strength": 0.3}}, {"op": "brightness", "params": {"value": 0.5}}]
    src = photo_bytes((300, 200), "PNG")
    res = ex.execute(src, [plan], **kw)
    failed = [s for s in steps if s.status == "error"]
    assert [(s.step, s.op) for s in failed] == [(0, "vignette")] and "kaput" in failed[0].error
    assert res.variations[0].errors == [{"step": 0, "op": "vignette", "error": "ValueError: kaput"}]
    expected = run_sequential(Image.open(io.BytesIO(src)).convert("RGB"), [("brightness", {"value": 0.5})])
    assert np.abs(np.asarray(res.variations[0].image, int) - np.asarray(expected, int)).max() <= 1


def test_it_fails_ai_steps_without_a_backend_and_continues():
    steps, _, kw = collect()
    plan = [{"op": "aiEdit", "params": {"prompt": "add a moon"}}, {"op": "contrast", "params": {"value": 1.2}}]
    res = ex.execute(photo_bytes((300, 200)), [plan], **kw)
    ai = next(s for s in steps if s.op == "aiEdit")
    assert ai.status == "error" and ai.error == "AI edit unavailable"
    assert res.variations[0].status == "done" and res.variations[0].image.size == (300, 200)
    assert next(s for s in steps if s.op == "contrast").status == "ok"


def test_it_calls_the_injected_ai_edit_and_fits_its_output():
    seen = []

    def fake_ai(image, prompt):
        seen.append((image.size, prompt))
        return Image.new("RGB", (64, 64), (0, 200, 0))

    plan = [
        {"op": "aiEdit", "params": {"prompt": "make it green"}},
        {"op": "crop", "params": {"x": 0, "y": 0, "width": 100, "height": 50}},
    ]
    res = ex.execute(photo_bytes((300, 200)), [plan], ai_edit=fake_ai)
    assert seen == [((300, 200), "make it green")]
    assert res.variations[0].image.size == (100, 50) and res.variations[0].image.getpixel((5, 5))[1] > 190


def test_it_isolates_a_broken_callback():
    def bad(step):
        if step.variation == 1:
            raise RuntimeError("storage down")

    res = ex.execute(
        photo_bytes((300, 200)), [[{"op": "contrast", "params": {"value": v}}] for v in (1.1, 1.2)], on_step=bad
    )
    assert [v.status for v in res.variations] == ["done", "failed"]


def test_it_accepts_normalized_plans():
    plan = normalize_plan(
        {"variations": [{"label": "a", "strategy": "b", "operations": PLANS[1]}]}, image_size=(1200, 900)
    )
    res = ex.execute(photo_bytes(), [v.operations for v in plan.variations], max_side=800)
    assert res.variations[0].image.size == (600, 450)


def test_it_encodes_without_metadata_and_makes_small_previews():
    im = Image.new("RGB", (1000, 500), (10, 20, 30))
    im.info["icc_profile"] = b"fake"
    im.info["exif"] = b"Exif\x00\x00fake"
    for fmt in ("jpeg", "png"):
        out = Image.open(io.BytesIO(codec.encode(im, fmt)))
        assert "icc_profile" not in out.info and "exif" not in out.info and out.format == fmt.upper()
    p = Image.open(io.BytesIO(codec.preview(im)))
    assert p.format == "JPEG" and p.size == (640, 320)
    with pytest.raises(ValueError):
        codec.encode(im, "gif")


def test_it_encodes_big_jpegs_off_pillow_as_pillow_would_without_metadata():
    rng = np.random.default_rng(3)
    y, x = np.mgrid[0:900, 0:1400]
    smooth = np.stack([x % 256, y % 256, (x + y) % 256], -1) + rng.normal(0, 6, (900, 1400, 3))
    pixels = np.clip(smooth, 0, 255).astype(np.uint8)
    im = Image.fromarray(pixels)  # past codec._BIG_JPEG
    im.info["icc_profile"] = b"fake"
    im.info["exif"] = b"Exif\x00\x00fake"
    pillow = io.BytesIO()
    im.save(pillow, "JPEG", quality=92)
    ref = Image.open(pillow)

    def psnr(jpeg: Image.Image) -> float:
        return 10 * np.log10(255**2 / ((np.asarray(jpeg, float) - pixels) ** 2).mean())

    for source in (im, pixels):  # a Pillow image, or an array as the executor's finals are
        data = codec.encode(source, "jpeg", 92)
        out = Image.open(io.BytesIO(data))
        assert out.format == "JPEG" and "icc_profile" not in out.info and "exif" not in out.info
        assert JpegImagePlugin.get_sampling(out) == 2  # 4:2:0, as Pillow, also at q92
        assert out.quantization == ref.quantization  # Pillow's tables for q92
        assert abs(psnr(out) - psnr(ref)) < 0.2 and abs(len(data) / len(pillow.getvalue()) - 1) < 0.02


def test_it_refuses_formats_outside_the_allow_list():
    buf = io.BytesIO()
    Image.new("RGB", (10, 10)).save(buf, "BMP")
    with pytest.raises(Exception):  # noqa: B017 - Pillow's UnidentifiedImageError
        codec.decode(buf.getvalue())


def test_it_can_drop_final_images_after_the_callback():
    got = []
    res = ex.execute(
        photo_bytes((300, 200)),
        [[{"op": "contrast", "params": {"value": 1.1}}]] * 2,
        on_variation_done=lambda v: got.append(v.image.size),
        keep_images=False,
    )
    assert got == [(300, 200)] * 2 and all(v.image is None for v in res.variations)


def test_it_keeps_libvips_chatter_out_of_the_log(caplog):
    import logging

    caplog.set_level(logging.DEBUG)  # the root at DEBUG, as a verbose deployment might run
    buf = io.BytesIO()
    Image.new("RGB", (1200, 800), (90, 120, 150)).save(buf, "JPEG")
    codec.decode(buf.getvalue(), max_side=300)
    assert not [r for r in caplog.records if r.name == "pyvips" and r.levelno < logging.WARNING]


def test_it_starts_the_costliest_variations_first_and_returns_them_in_order():
    plans = [
        [{"op": "contrast", "params": {"value": 1.1}}],  # one LUT pass
        [{"op": "saturation", "params": {"value": 1.3}}, {"op": "vignette", "params": {"strength": 0.3}}],
        [{"op": "contrast", "params": {"value": 1.1}}, {"op": "aiEdit", "params": {"prompt": "a hat"}}],
        [{"op": "blur", "params": {"sigma": 2.0}}],  # one blur: ~5 LUTs
    ]
    pairs = [ex._as_pairs(p) for p in plans]
    assert ex.heaviest_first(pairs, 0) == [3, 1, 0, 2]  # by working-size passes, a model call last
    started = []
    res = ex.execute(photo_bytes(), plans, workers=1, on_step=lambda s: started.append(s.variation))
    assert list(dict.fromkeys(started)) == [3, 1, 0, 2]
    assert [v.variation for v in res.variations] == [0, 1, 2, 3]


def test_it_shows_on_the_preview_track_what_the_final_will_be_for_spatial_steps():
    plan = [
        {"op": "rotate", "params": {"degrees": 4}},
        {"op": "sharpen", "params": {"amount": 1.2, "radius": 2.0}},
        {"op": "blur", "params": {"sigma": 1.5}},
    ]
    steps = []
    res = ex.execute(photo_bytes(), [plan], max_side=800, preview_side=200, on_step=steps.append)
    last = next(s for s in steps if s.step == len(plan) - 1).image
    final = codec.shrink(res.variations[0].image, 200)
    assert last.size == final.size
    # the same ops at two sizes (OpenCV's forms on both tracks): alike but for resampling
    assert np.abs(np.asarray(last, int) - np.asarray(final, int)).mean() < 2.0


def test_it_runs_the_same_job_on_bytes_an_image_or_an_array():
    data = photo_bytes((900, 600))
    image, _ = codec.decode(data, max_side=800)
    pixels, _ = codec.decode_pixels(data, max_side=800)
    finals = [
        [np.asarray(v.image) for v in ex.execute(source, PLANS, max_side=800).variations]
        for source in (data, image, pixels)
    ]
    assert all(np.array_equal(a, b) for other in finals[1:] for a, b in zip(finals[0], other, strict=True))


@pytest.mark.parametrize("direction,mirror", [("horizontal", np.fliplr), ("vertical", np.flipud)])
def test_it_flips_the_final_exactly_as_mirroring_the_unflipped_one(direction, mirror):
    looks = [
        {"op": "contrast", "params": {"value": 1.2}},
        {"op": "temperature", "params": {"warm": True, "strength": 0.4}},
        {"op": "vignette", "params": {"strength": 0.3}},
    ]
    flip = {"op": "flip", "params": {"direction": direction}}
    plans = [[RESIZE, *looks], [RESIZE, flip, *looks], [RESIZE, *looks, flip]]
    steps = []
    res = ex.execute(photo_bytes((900, 600)), plans, max_side=800, preview_side=200, on_step=steps.append)
    plain, first, last = (np.asarray(v.image) for v in res.variations)
    assert not np.array_equal(plain, mirror(plain))  # the photo is no mirror of itself
    assert np.array_equal(last, mirror(plain))
    # flipped before its looks: pointwise steps commute with it and the vignette is symmetric, to a level
    assert np.abs(first.astype(int) - mirror(plain).astype(int)).max() <= 1
    flipped = next(s for s in steps if s.variation == 1 and s.step == 1)
    assert flipped.status == "ok" and flipped.image.size == next(s for s in steps if s.step == 0).image.size
