"""'Which one is sharpest?' in an image chat: every finished variation of the latest edit, measured and ranked."""

import pytest

from imagelab.core import quality
from tests.imagelab.test_quality_turn import db, decoded, detailed, edited
from tests.support.images import assistant_of, job_of, run_turn

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_it_ranks_the_variations_by_the_fault_asked_citing_each_figure(alice):
    chat, job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "which one is the least noisy?")
    message = await db(assistant_of)(turn)
    sigma = {v["index"] + 1: quality.measure(decoded(v["final"]))["noise_sigma"] for v in job.variations}
    cleanest = min(sigma, key=sigma.get)
    assert "I measured the 5 finished variations of the latest edit." in message.content
    assert f"Variation {cleanest} is the cleanest" in message.content or "as noisy as each other" in message.content
    assert all(f"#{n} {s:.1f}" in message.content for n, s in sigma.items())
    assert message.payload["quality"]["ranking"].keys() == {"1", "2", "3", "4", "5"}


async def test_it_ranks_by_closeness_to_the_source_when_asked_which_is_closest(alice):
    chat, _job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "which one is closest to the original?")
    message = await db(assistant_of)(turn)
    ssim = {int(n): f["ssim"] for n, f in message.payload["quality"]["ranking"].items()}
    assert f"Variation {max(ssim, key=ssim.get)} is the closest to its source" in message.content


async def test_it_measures_the_photo_when_there_are_no_variations_to_rank(alice):
    from imagelab import services

    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "which one is sharpest?", detailed(blur=4), filename="photo.png")
    message = await db(assistant_of)(turn)
    assert message.payload["quality"]["verdicts"] == {"blur": "yes"} and "ranking" not in message.payload["quality"]


async def test_it_ranks_only_the_two_variations_named(alice):
    chat, job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "is the 2nd or the 4th darker?")
    message = await db(assistant_of)(turn)
    assert message.payload["quality"]["ranking"].keys() == {"2", "4"}
    assert message.content.startswith("I measured variations 2 and 4 of the latest edit.")
    light = {n: quality.measure(decoded(job.variations[n - 1]["final"]))["mean_luminance"] for n in (2, 4)}
    darker, lighter = sorted(light, key=light.get)
    assert (
        f"Variation {darker} is darker than variation {lighter}" in message.content or "as bright as" in message.content
    )


async def test_it_ranks_the_variations_by_brightness_naming_the_brightest_by_its_figure(alice):
    chat, job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "which one is the brightest?")
    message = await db(assistant_of)(turn)
    assert await db(job_of)(turn) is None  # an answer, never five new variations
    light = {v["index"] + 1: quality.measure(decoded(v["final"]))["mean_luminance"] for v in job.variations}
    brightest = max(light, key=light.get)
    assert message.payload["quality"]["plan"]["distortions"] == {"Global": ["overexposure"]}
    assert message.payload["quality"]["ranking"].keys() == {"1", "2", "3", "4", "5"}
    tied = [n for n in light if f"{light[n]:.0f}" == f"{light[brightest]:.0f}"]
    lead = f"Variation {brightest} is the brightest and" if len(tied) == 1 else "are the brightest and"
    assert lead in message.content and f"(mean brightness: #1 {light[1]:.0f};" in message.content
    assert all(f"#{n} {m:.0f}" in message.content for n, m in light.items())


async def test_it_ranks_the_variations_by_colourfulness_citing_each_figure(alice):
    chat, job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "which variation is the most colourful?")
    message = await db(assistant_of)(turn)
    assert await db(job_of)(turn) is None
    colour = {v["index"] + 1: quality.measure(decoded(v["final"]))["colourfulness"] for v in job.variations}
    most = max(colour, key=colour.get)
    tied = [n for n in colour if f"{colour[n]:.1f}" == f"{colour[most]:.1f}"]
    lead = f"Variation {most} is the most colourful and" if len(tied) == 1 else "are the most colourful and"
    assert lead in message.content or "as colourful as each other" in message.content
    assert all(f"#{n} {c:.1f}" in message.content for n, c in colour.items())


async def test_it_answers_two_variations_set_against_each_other_with_yes_or_no(alice):
    chat, job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "is 3 sharper than 4?")
    message = await db(assistant_of)(turn)
    assert message.payload["quality"]["ranking"].keys() == {"3", "4"}
    blur = {n: quality.measure(decoded(job.variations[n - 1]["final"]))["blur_effect"] for n in (3, 4)}
    lead = message.content.removeprefix("I measured variations 3 and 4 of the latest edit. ")
    if abs(blur[3] - blur[4]) < 0.02:
        assert lead.startswith("No, not noticeably: variation 3 is about as sharp as variation 4.")
    else:
        assert lead.startswith("Yes: " if blur[3] < blur[4] else "No: ")


async def test_it_answers_a_threshold_asked_of_all_five_for_each_variation(alice):
    chat, job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "are all of them sharper than 100?")
    message = await db(assistant_of)(turn)
    sharp = {v["index"] + 1: quality.measure(decoded(v["final"]))["sharpness"] for v in job.variations}
    for n, s in sharp.items():
        assert f"#{n}: Sharpness {s:.0f} — {'above' if s > 100 else 'below'} 100, so {'yes' if s > 100 else 'no'}." in (
            message.content
        )


async def test_it_answers_whether_every_variation_is_sharper_than_its_source(alice):
    chat, _job = await edited(alice, detailed(blur=2))
    turn = await run_turn(alice, chat, "are all five sharper than the original?")
    message = await db(assistant_of)(turn)
    assert message.payload["quality"]["ranking"].keys() == {"1", "2", "3", "4", "5"}
    lead = message.content.removeprefix("I measured the 5 finished variations of the latest edit. ")
    assert (
        lead.startswith(("Yes, all 5.", "No, none of the 5.", "Yes for #")) and "each against its source: #1 " in lead
    )
