"""Quality turns from the twentieth blind round: each part keeps its good word, a hue's cast, a print size, a thing
set against its background, "why does it look ...?" (imagelab.quality_turn)."""

import pytest

from tests.imagelab.test_quality_turn import ask, detailed

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_a_part_asked_by_its_good_word_is_answered_yes_when_it_holds(alice):
    message = await ask(alice, detailed(), "is it sharp and not too dark?")
    assert message.payload["quality"]["verdicts"] == {"blur": "no", "underexposure": "no"}
    assert "so yes, it is sharp" in message.content and "so yes, it is not underexposed" in message.content


async def test_each_part_measured_in_its_own_region_keeps_its_good_word(alice):
    message = await ask(alice, detailed(), "is the cat sharp and the background clean?")
    assert len(message.payload["quality"]["parts"]) == 2
    assert "so yes, it is sharp" in message.content and "so yes, it is clean" in message.content


async def test_a_cast_asked_by_a_hue_it_does_not_lean_is_no(alice):
    message = await ask(alice, detailed(), "is there a blue cast?")
    assert "leans yellow" in message.content and "no blue cast" in message.content and "so yes" not in message.content
    assert {"cast_a", "cast_b"} <= message.payload["quality"]["figures"].keys()


async def test_a_print_size_is_answered_from_the_photos_pixels(alice):
    message = await ask(alice, detailed(), "is it good enough for a 30x40 print?")
    # the size decides: no, whatever the photo's own sharpness, which is said after it
    assert message.content.startswith("No, not for 30×40 cm: its 400 × 300 pixels print at 25 dpi there")
    assert "The photo itself: " in message.content


async def test_the_background_set_against_a_named_thing_measures_both(alice):
    message = await ask(alice, detailed(), "is the background blurrier than the cat?")
    assert "the background 0." in message.content and "the cat 0." in message.content


async def test_why_it_looks_muddy_gets_no_yes_or_no(alice):
    message = await ask(alice, detailed(), "why does it look muddy?")
    assert "so it is flat" in message.content and "so yes" not in message.content


async def test_an_edit_hanging_on_a_no_is_not_made_and_the_answer_says_so(alice):
    from imagelab import services
    from tests.imagelab.test_quality_turn import db
    from tests.support.images import assistant_of, job_of, run_turn

    chat = await db(services.image_chat_create)(user=alice)
    await run_turn(alice, chat, "warmer", detailed(), filename="photo.png")
    turn = await run_turn(alice, chat, "is it too dark? if so brighten it")
    message = await db(assistant_of)(turn)
    assert await db(job_of)(turn) is None and message.payload["quality"]["verdicts"] == {"underexposure": "no"}
    assert message.content.endswith("So I've left it as it is; say “brighten it” if you'd like it anyway.")


async def test_an_edit_hanging_on_a_yes_runs_after_the_answer(alice):
    from imagelab import services
    from tests.imagelab.test_quality_turn import db
    from tests.support.images import assistant_of, job_of, run_turn

    chat = await db(services.image_chat_create)(user=alice)
    await run_turn(alice, chat, "warmer", detailed(gain=0.3), filename="photo.png")
    turn = await run_turn(alice, chat, "is it too dark? if so brighten it")
    message, job = await db(assistant_of)(turn), await db(job_of)(turn)
    assert job is not None and job.status == "done" and len(job.variations) == 5
    assert job.instruction == "is it too dark? if so brighten it"
    assert "so yes, it is underexposed" in message.payload["answer"]
    assert message.payload["answer"].endswith("So I'm making five variations of “brighten it”.")


async def test_a_comparison_asked_of_the_upload_itself_says_how_to_compare_an_edit(alice):
    message = await ask(alice, detailed(), "compared to the original is it darker")
    assert "no original to compare with" in message.content
    assert 'name a variation ("is #2 darker than the original?")' in message.content


async def test_the_shadows_asked_about_cite_the_share_crushed_to_black(alice):
    message = await ask(alice, detailed(gain=0.3), "are the shadows too dark?")
    assert "In the shadows" in message.content and "shadows_clipped" in message.payload["quality"]["figures"]


async def test_a_sky_named_without_a_place_is_measured_as_the_top_third(alice):
    from imagelab.core import quality
    from imagelab.core.codec import decode

    data = detailed(gain=0.3)
    message = await ask(alice, data, "is the sky blown out?")
    assert "so I measured the top third of the picture, where a sky usually is." in message.content
    image = decode(data)[0]
    top = quality.measure(image.crop((0, 0, image.width, image.height // 3)))
    assert message.payload["quality"]["figures"]["mean_luminance"] == pytest.approx(top["mean_luminance"], abs=0.5)
