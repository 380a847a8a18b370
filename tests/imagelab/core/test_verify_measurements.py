"""The verifier's measurements made once per preview: the same figures, the same near-duplicate decisions."""

import itertools

import numpy as np
import pytest
from PIL import Image
from scipy.ndimage import uniform_filter
from skimage import data
from skimage.metrics import structural_similarity

from imagelab.core import ops, verify
from imagelab.core.codec import shrink
from imagelab.core.ssim import box
from imagelab.core.verify import Look


def photos() -> list[Image.Image]:
    """scikit-image's bundled colour photos at preview size (640 px), plus a crop of one (an odd size)."""
    found = [shrink(Image.fromarray(getattr(data, name)()), 640) for name in ("astronaut", "coffee", "chelsea")]
    return found + [found[0].crop((10, 20, 610, 447))]


def looks_of(photo: Image.Image) -> list[Image.Image]:
    """Variations of one photo from near twins to clearly different: contrast, colour and brightness."""
    found = [ops.contrast(photo, value=v) for v in (0.7, 0.85, 0.95, 1.0, 1.04, 1.15, 1.3)]
    return found + [ops.saturation(photo, value=0.8), ops.brightness(photo, value=1.05)]


def box_reduced(image: Image.Image, side: int) -> np.ndarray:
    """The picture reduced to `side` by one box resample from its full size (float RGB)."""
    k = side / max(image.size)
    size = (round(image.size[0] * k), round(image.size[1] * k))
    return np.asarray(image.resize(size, Image.Resampling.BOX), dtype=np.float32)


def test_it_filters_ssim_windows_bit_for_bit_as_scipy_does():
    """scikit-image's SSIM takes its 7 px means with scipy's `uniform_filter`; the verifier's faster box filter
    must give the very same float32 values (smallest sizes, odd sizes, squares of levels, a photo)."""
    rng = np.random.default_rng(11)
    photo = np.asarray(photos()[1], dtype=np.float32)[::4, ::4].transpose(2, 0, 1)
    planes = [rng.integers(0, 256, (3, h, w)).astype(np.float32) for h, w in ((7, 7), (7, 9), (107, 160), (33, 8))]
    for p in planes + [np.ascontiguousarray(photo)]:
        for x in (p, p * p, p * 1.37 + 0.1):
            assert np.array_equal(box(x), uniform_filter(x, size=(1, 7, 7)))


def test_it_computes_each_pairs_ssim_exactly_as_scikit_image_does():
    rng = np.random.default_rng(4)
    for shape in ((120, 160), (107, 160), (7, 9)):
        a = rng.integers(0, 256, (*shape, 3), dtype=np.uint8)
        b = np.clip(a.astype(int) + rng.integers(-25, 25, a.shape), 0, 255).astype(np.uint8)
        la, lb = Look(Image.fromarray(a)), Look(Image.fromarray(b))
        x, y = la.full(), lb.full()
        expected = np.mean(
            [
                structural_similarity(np.ascontiguousarray(x[..., c]), np.ascontiguousarray(y[..., c]), data_range=255)
                for c in range(3)
            ]
        )
        assert verify.similarity(la, lb) == pytest.approx(expected, abs=1e-9)
        assert verify.similarity(lb, la) == pytest.approx(expected, abs=1e-9)


def test_it_reuses_a_previews_windows_for_every_pair_and_its_sample():
    photo = photos()[1]
    a, b, c = (Look(p) for p in looks_of(photo)[2:5])
    first = verify.similarity(a, b)
    windows = a.ssim_windows()
    assert verify.similarity(a, c) is not None and a.ssim_windows() is windows
    assert verify.similarity(a, b) == first  # made once, the same figure every time
    # the sampled windows the reviser sizes its contrast step with are the SSIM windows' own means and variances
    sample = a.windows(per_channel=4)
    assert sample[0] == [round(float(windows.mean[0].ravel()[0]), 1), round(float(windows.var[0].ravel()[0]), 1)]


def test_it_decides_near_duplicates_on_the_fast_reduced_copy_as_on_the_exact_one():
    """The reduced copy is made in whole blocks first (faster); its SSIM stays within 0.002 of one box
    resample's, so the 0.97 decision is unchanged (asserted on every pair not within that of the threshold)."""
    decided = 0
    for photo in photos():
        pictures = looks_of(photo)
        looks = [Look(p) for p in pictures]
        exact = [box_reduced(p, verify.COMPARE_SIDE) for p in pictures]
        for (i, a), (j, b) in itertools.combinations(enumerate(looks), 2):
            x, y = exact[i], exact[j]
            reference = structural_similarity(x, y, channel_axis=2, data_range=255)
            fast = verify.similarity(a, b)
            assert a.full().shape == x.shape
            assert fast == pytest.approx(reference, abs=0.002)
            if abs(reference - verify.DUPLICATE_SSIM) > 0.002:
                assert (fast > verify.DUPLICATE_SSIM) == (reference > verify.DUPLICATE_SSIM)
                decided += 1
    assert decided > 100


def test_it_guards_previews_measured_ahead_exactly_as_pictures():
    from imagelab.core import guard

    photo = photos()[2]
    pictures = looks_of(photo)[3:8]
    plans = [[{"op": "contrast", "params": {"value": 1.0}}] for _ in pictures]

    def run(previews):
        outcomes = guard.run_guard(photo, previews, plans, rerun=None, accept=None, max_revisions=0)
        return [o.as_log() for o in outcomes]

    ahead = [Look(p).measured() for p in pictures]
    assert all(look._clip is not None and look._windows is not None for look in ahead)
    logs = run(ahead)
    assert logs == run(pictures)
    assert any(log["issues"] for log in logs) and any(log["ok"] for log in logs)  # twins found, and clean ones
    assert Look(photo.resize((5, 4))).measured()._windows is None  # too small to compare: no windows
