"""The quality figures (imagelab.core.quality) on synthetic images with known answers."""

import io

import numpy as np
import pytest
from PIL import Image
from skimage.color import deltaE_ciede2000, rgb2lab
from skimage.filters import gaussian
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

from imagelab.core import quality


def scene(size=256, seed=3):
    """A detailed, mid-grey photo-like image: smooth shapes plus fine texture, no clipping."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:size, 0:size] / size
    base = 120 + 50 * np.sin(9 * x) * np.cos(7 * y)
    checks = 30 * (((x * size // 7).astype(int) + (y * size // 7).astype(int)) % 2)  # hard edges, 7 px
    grey = gaussian(base + checks + rng.normal(0, 0.5, base.shape), sigma=0.6, preserve_range=True)
    rgb = np.stack([grey, grey * 0.95 + 5, grey * 0.9 + 10], axis=-1)
    return np.clip(rgb, 0, 255).round().astype(np.uint8)


def blurred(arr, sigma):
    return (gaussian(arr, sigma=sigma, channel_axis=2, preserve_range=True) + 0.5).astype(np.uint8)


def noisy(arr, sigma):
    return np.clip(arr + np.random.default_rng(1).normal(0, sigma, arr.shape), 0, 255).round().astype(np.uint8)


def test_it_measures_less_sharpness_and_more_blur_the_more_an_image_is_blurred():
    figs = [quality.measure(blurred(scene(), s)) for s in (0.01, 1, 2, 4)]
    sharp = [f["sharpness"] for f in figs]
    effect = [f["blur_effect"] for f in figs]
    assert sharp == sorted(sharp, reverse=True) and effect == sorted(effect)
    assert quality.verdicts(figs[0], ["blur"]) == {"blur": "no"}
    assert quality.verdicts(figs[-1], ["blur"]) == {"blur": "yes"}


def grey_noise(size, sigma):
    noise = np.random.default_rng(2).normal(0, sigma, (size, size, 1))
    return np.clip(128 + np.repeat(noise, 3, axis=2), 0, 255).round().astype(np.uint8)


def test_it_estimates_the_sigma_of_added_gaussian_noise():
    for sigma in (5, 10, 20):
        assert quality.measure(grey_noise(256, sigma))["noise_sigma"] == pytest.approx(sigma, rel=0.1)
    assert quality.measure(np.full((64, 64, 3), 128, np.uint8))["noise_sigma"] == 0
    # independent noise per channel is weaker in the luminance (by √(0.2126² + 0.7152² + 0.0722²) ≈ 0.75)
    figs = quality.measure(noisy(np.full((256, 256, 3), 128, np.uint8), 12))
    assert figs["noise_sigma"] == pytest.approx(12 * 0.75, rel=0.1)
    assert quality.verdicts(figs, ["noise"]) == {"noise": "yes"}


def test_it_counts_clipped_highlights_and_shadows_per_channel():
    arr = np.full((100, 100, 3), 128, np.uint8)
    arr[:10, :, 0] = 255  # 10 % of red burnt out
    arr[:20, :, 2] = 0  # 20 % of blue crushed
    clip = quality.clipped(arr)
    assert clip["highlights"] == pytest.approx((10.0, 0.0, 0.0))
    assert clip["shadows"] == pytest.approx((0.0, 0.0, 20.0))
    figs = quality.measure(arr)
    assert figs["highlights_clipped"] == 10.0 and figs["shadows_clipped"] == 20.0


def test_it_calls_a_bright_clipped_image_overexposed_and_a_dark_one_underexposed():
    base = scene()
    bright = np.clip(base.astype(float) * 2, 0, 255).astype(np.uint8)
    dark = (base * 0.25).astype(np.uint8)
    assert quality.verdicts(quality.measure(base), ["overexposure", "underexposure"]) == {
        "overexposure": "no",
        "underexposure": "no",
    }
    assert quality.verdict("overexposure", quality.measure(bright))[0] == "yes"
    assert quality.verdict("underexposure", quality.measure(dark)) == ("yes", ["bright_end", "mean_luminance"])


def test_it_measures_mean_luminance_and_contrast_spread_of_known_greys():
    half = np.zeros((100, 100, 3), np.uint8)
    half[:, 50:] = 200
    figs = quality.measure(half)
    assert figs["mean_luminance"] == pytest.approx(100, abs=0.5)
    assert figs["contrast_spread"] == pytest.approx(200, abs=0.5)
    flat = np.full((100, 100, 3), 90, np.uint8)
    assert quality.measure(flat)["contrast_spread"] == 0
    assert quality.verdicts(quality.measure(flat), ["low_contrast"]) == {"low_contrast": "yes"}


def test_it_finds_jpeg_blocks_in_a_heavily_compressed_image_and_none_in_the_original():
    arr = scene(seed=5)
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, "JPEG", quality=8)
    jpeg = np.asarray(Image.open(buf).convert("RGB"))
    clean, blocky = quality.measure(arr)["blockiness"], quality.measure(jpeg)["blockiness"]
    assert clean == pytest.approx(1.0, abs=0.12) and blocky > 1.3
    assert quality.verdicts(quality.measure(jpeg), ["jpeg"]) == {"jpeg": "yes"}


def test_it_gives_grey_no_colourfulness_and_no_cast_and_a_blue_tint_a_cast():
    grey = np.full((64, 64, 3), 128, np.uint8)
    figs = quality.measure(grey)
    assert figs["colourfulness"] == 0 and figs["colour_cast"] < 0.5
    blue = grey.copy()
    blue[..., 2] = 190
    tinted = quality.measure(blue)
    assert tinted["cast_b"] < -15 and quality.verdicts(tinted, ["colour_cast"]) == {"colour_cast": "yes"}
    # Hasler–Süsstrunk on a pure-red/green split: σ and μ of rg, yb by hand
    split = np.zeros((10, 10, 3), np.uint8)
    split[:, :5, 0] = 255
    split[:, 5:, 1] = 255
    rg, yb = np.where(np.arange(10) < 5, 255.0, -255.0), np.full(10, 127.5)
    expected = np.hypot(rg.std(), yb.std()) + 0.3 * np.hypot(rg.mean(), yb.mean())
    assert quality.colourfulness(split) == pytest.approx(expected)


def test_it_computes_psnr_ssim_and_delta_e_exactly_as_scikit_image_does():
    ref = scene()
    img = noisy(ref, 8)
    figs = quality.full_reference(img, ref)
    assert figs["psnr"] == peak_signal_noise_ratio(ref, img, data_range=255)
    assert figs["ssim"] == structural_similarity(ref, img, channel_axis=2, data_range=255, win_size=7)
    assert figs["delta_e"] == deltaE_ciede2000(rgb2lab(ref), rgb2lab(img)).mean()


def test_it_calls_an_unchanged_copy_identical_and_resizes_the_edit_to_the_reference():
    ref = scene()
    same = quality.compare(ref.copy(), ref)
    assert same["psnr"] == float("inf") and same["ssim"] == 1.0 and same["delta_e"] == 0
    big = np.asarray(Image.fromarray(ref).resize((512, 512), Image.Resampling.BICUBIC))
    assert quality.compare(big, ref)["ssim"] > 0.9


def test_it_says_unsure_between_the_thresholds_and_explains_every_figure():
    figs = quality.measure(scene())
    assert set(figs) <= set(quality.MEANINGS)
    assert quality.verdict("noise", {**figs, "noise_sigma": 3.0}) == ("unsure", ["noise_sigma"])


def test_it_measures_a_large_image_at_the_analysis_size():
    big = np.asarray(Image.fromarray(scene()).resize((3000, 2000)))
    assert quality.reduced(big, 1024).shape == (683, 1024, 3)
    assert quality.reduced(big, quality.ANALYSIS_SIDE).shape == (341, 512, 3) == (341, quality.ANALYSIS_SIDE, 3)
    assert quality.measure(Image.fromarray(big))["mean_luminance"] > 0


def test_it_reads_noise_and_jpeg_blocks_of_a_large_image_at_full_resolution():
    # A box reduction would average the noise away (σ 10 → ~2.5 at a quarter of the size): tiles keep it.
    big = grey_noise(2048, 10)
    assert quality.measure(big)["noise_sigma"] == pytest.approx(10, rel=0.1)
    arr = np.asarray(Image.fromarray(scene(seed=5)).resize((1600, 1200), Image.Resampling.BICUBIC))
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, "JPEG", quality=8)
    jpeg = np.asarray(Image.open(buf).convert("RGB"))
    assert quality.measure(arr)["blockiness"] < 1.12 and quality.measure(jpeg)["blockiness"] > 1.3


def test_it_measures_everything_at_once_as_measure_and_compare_do():
    ref = np.asarray(Image.fromarray(scene()).resize((1024, 768), Image.Resampling.BICUBIC))
    img = noisy(ref, 6)
    assert quality.measure_all(img, ref) == quality.measure(img) | quality.compare(img, ref)
    assert quality.measure_all(img) == quality.measure(img)


def test_it_compares_on_reduced_copies_with_scikit_images_own_ssim_and_psnr():
    ref = np.asarray(Image.fromarray(scene()).resize((1024, 1024), Image.Resampling.BICUBIC))
    img = noisy(ref, 8)
    small_ref, small_img = quality.reduced(ref, quality.COMPARE_SIDE), quality.reduced(img, quality.COMPARE_SIDE)
    # the colour copy is reduced from the analysis copy (one shared chain of box reductions)
    colour_ref = quality.reduced(small_ref, quality.COLOUR_SIDE)
    colour_img = quality.reduced(small_img, quality.COLOUR_SIDE)
    figs = quality.compare(img, ref)
    assert figs["psnr"] == pytest.approx(peak_signal_noise_ratio(small_ref, small_img, data_range=255), abs=0.01)
    expected = structural_similarity(colour_ref, colour_img, channel_axis=2, data_range=255)
    assert figs["ssim"] == pytest.approx(expected, abs=1e-4)


def test_it_compares_slivers_and_single_pixels_without_failing():
    sliver = np.random.default_rng(4).integers(0, 255, (40, 3000, 3), dtype=np.uint8)  # 3 px tall at 256
    figs = quality.compare(noisy(sliver, 5), sliver)
    assert 0 < figs["ssim"] < 1 and figs["psnr"] > 20
    dot = np.zeros((1, 1, 3), np.uint8)
    assert quality.measure_all(dot, dot)["ssim"] == 1.0


def panorama(sigma):
    """A 4000 x 120 strip of the scene's hard-edged checks, blurred by `sigma` (0: as sharp as drawn)."""
    strip = np.tile(scene(120), (1, 34, 1))[:, :4000]
    return blurred(strip, sigma) if sigma else strip


def test_it_reads_the_blur_of_a_panorama_too_thin_for_the_analysis_copy():
    # 4000 x 120 reduces to 512 x 15: the blur effect's filter needs more rows, and 0.0 used to read as sharp
    sharp, soft = quality.measure(panorama(0)), quality.measure(panorama(4))
    assert sharp["blur_effect"] < soft["blur_effect"]
    assert quality.verdicts(sharp, ["blur"]) == {"blur": "no"}
    assert quality.verdicts(soft, ["blur"]) == {"blur": "yes"}


def test_it_does_not_call_a_blank_frame_soft_or_sharp():
    for level in (0, 128, 255):
        figs = quality.measure(np.full((300, 400, 3), level, np.uint8))
        assert quality.verdict("blur", figs) == ("unsure", ["contrast_spread"])
        assert quality.flat(figs)
    assert not quality.flat(quality.measure(blurred(scene(), 4)))  # a very soft photo still has tones to read
