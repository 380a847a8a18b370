"""Quality questions in an image chat (offline planner): measured answers, the figures in the payload."""

import io

import numpy as np
import pytest
from PIL import Image
from skimage.filters import gaussian

from imagelab import services
from tests.support.images import assistant_of, job_of, photo, run_turn

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def db(fn):
    from chatapp.db import database_sync_to_async

    return database_sync_to_async(fn)


def detailed(blur=0.0, gain=1.0, size=(400, 300)):
    rng = np.random.default_rng(4)
    y, x = np.mgrid[0 : size[1], 0 : size[0]]
    grey = 110 + 60 * (((x // 25) + (y // 25)) % 2) + rng.normal(0, 1, x.shape)
    rgb = np.stack([grey, grey, grey * 0.9], axis=-1)
    if blur:
        rgb = gaussian(rgb, sigma=blur, channel_axis=2, preserve_range=True)
    buf = io.BytesIO()
    Image.fromarray(np.clip(rgb * gain, 0, 255).astype(np.uint8)).save(buf, "PNG")
    return buf.getvalue()


async def ask(user, data, text, filename="photo.png"):
    chat = await db(services.image_chat_create)(user=user)
    await run_turn(user, chat, "warmer", data, filename=filename)
    turn = await run_turn(user, chat, text)
    assert await db(job_of)(turn) is None
    return await db(assistant_of)(turn)


async def test_it_says_a_blurred_photo_is_blurry_citing_the_figure(alice):
    message = await ask(alice, detailed(blur=4), "is it blurry?")
    quality = message.payload["quality"]
    assert quality["verdicts"] == {"blur": "yes"} and quality["figures"]["blur_effect"] >= 0.5
    assert quality["plan"]["distortions"] == {"Global": ["blur"]} and quality["plan"]["query_type"] == "IQA"
    assert f"{quality['figures']['blur_effect']:.2f}" in message.content and "yes" in message.content


async def test_it_says_a_crisp_photo_is_not_blurry(alice):
    message = await ask(alice, detailed(), "is it out of focus?")
    assert message.payload["quality"]["verdicts"] == {"blur": "no"} and "so no" in message.content


async def test_it_measures_the_centre_as_the_subject_and_says_so(alice):
    message = await ask(alice, detailed(gain=0.3), "is the car too dark?")
    quality = message.payload["quality"]
    assert quality["plan"]["query_scope"] == ["car"] and quality["verdicts"] == {"underexposure": "yes"}
    assert "can't locate the car" in message.content and "centre" in message.content


async def test_it_looks_for_every_problem_when_none_is_named(alice):
    message = await ask(alice, photo((160, 120)), "is the quality good enough?", "photo.jpg")
    quality = message.payload["quality"]
    assert quality["plan"]["distortion_source"] == "Inferred" and quality["plan"]["plan"]["distortion_detection"]
    assert set(quality["verdicts"]) == {
        "blur",
        "noise",
        "overexposure",
        "underexposure",
        "jpeg",
        "low_contrast",
        "colour_cast",
    }


async def edited(user, data):
    """A chat with an upload and a finished five-variation edit of it (rules planner)."""
    chat = await db(services.image_chat_create)(user=user)
    turn = await run_turn(user, chat, "warmer and punchier", data, filename="photo.png")
    job = await db(job_of)(turn)
    assert job.status == "done"
    return chat, job


def decoded(path):
    from imagelab import storage
    from imagelab.core.codec import decode

    return decode(storage.read(path))[0]


async def test_it_measures_the_numbered_variation_of_the_latest_edit(alice):
    from imagelab.core import quality

    chat, job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "is number 3 too dark?")
    message = await db(assistant_of)(turn)
    figures = message.payload["quality"]["figures"]
    assert message.payload["quality"]["measured"] == "variation 3" and "variation 3" in message.content
    third = quality.measure(decoded(job.variations[2]["final"]))
    assert figures["bright_end"] == third["bright_end"] and figures["mean_luminance"] == third["mean_luminance"]
    assert message.payload["quality"]["verdicts"].keys() == {"underexposure"}


async def test_it_compares_a_numbered_variation_with_its_source(alice):
    from imagelab.core import quality

    chat, job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "how much did variation 2 change compared with the original?")
    message = await db(assistant_of)(turn)
    quality_ = message.payload["quality"]
    assert quality_["plan"]["reference_mode"] == "Full-Reference"
    expected = quality.compare(decoded(job.variations[1]["final"]), decoded(job.source.path))
    assert {k: quality_["figures"][k] for k in ("psnr", "ssim", "delta_e")} == expected
    assert "Against its source image: SSIM" in message.content


async def test_it_compares_the_chosen_variation_with_the_original_upload(alice):
    chat, job = await edited(alice, detailed())
    await db(services.job_choose_result)(user=alice, job_id=job.pk, variation=0)
    turn = await run_turn(alice, chat, "how different is it from the upload?")
    message = await db(assistant_of)(turn)
    figures = message.payload["quality"]["figures"]
    assert {"psnr", "ssim", "delta_e"} <= set(figures) and 0 < figures["ssim"] < 1
    assert "Against the original upload: SSIM" in message.content


async def test_it_says_when_there_is_no_original_and_measures_the_photo_alone(alice):
    message = await ask(alice, detailed(), "is it blurry compared with the original?")
    quality_ = message.payload["quality"]
    assert quality_["plan"]["reference_mode"] == "No-Reference"  # nothing to compare with: the seed's default
    assert not {"psnr", "ssim", "delta_e"} & set(quality_["figures"])
    assert "no original to compare with" in message.content and quality_["verdicts"] == {"blur": "no"}


async def test_it_stores_the_psnr_of_identical_images_as_null_and_shows_it_as_infinite():
    from imagelab import quality_turn, render
    from imagelab.core import iqa

    image = Image.open(io.BytesIO(detailed())).convert("RGB")
    plan = iqa.complete({"reference_mode": "Full-Reference", "required_tool": "PSNR"}, has_reference=True)
    result = quality_turn.assess(plan, image, image, {"label": "the current image", "note": ""})
    figures = result["quality"]["figures"]
    assert figures["psnr"] is None and figures["ssim"] == 1.0 and figures["delta_e"] == 0.0
    assert "practically unchanged" in result["text"]
    rows = {r["label"]: r["value"] for r in render.quality_view(result["quality"])["rows"]}
    assert rows["PSNR (dB)"] == "∞" and rows["SSIM"] == "1.00"


async def test_it_measures_a_named_region_and_says_which(alice):
    sharp = Image.open(io.BytesIO(detailed()))
    soft = Image.open(io.BytesIO(detailed(blur=4)))
    sharp.paste(soft.crop((0, 0, 200, 150)), (0, 0))  # only the top-left quarter is soft
    buf = io.BytesIO()
    sharp.save(buf, "PNG")
    message = await ask(alice, buf.getvalue(), "is the top left corner soft?")
    quality = message.payload["quality"]
    assert quality["plan"]["query_scope"] == "Global" and quality["verdicts"] == {"blur": "yes"}
    assert "top-left quarter" in message.content and "can't locate" not in message.content


async def test_it_measures_a_named_region_of_a_one_pixel_photo_without_failing(alice):
    buf = io.BytesIO()
    Image.new("RGB", (1, 1), (120, 90, 60)).save(buf, "PNG")
    message = await ask(alice, buf.getvalue(), "is the top left corner soft?")
    assert message.payload["quality"]["figures"] and "top-left quarter" in message.content
