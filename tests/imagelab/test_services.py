"""Image chats: the current image, "Use this", the history strip, and edits that start from the chosen image."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.errors import InvalidInput, NotFound
from chatapp.models import Message
from imagelab import selectors, services
from imagelab.models import ImageAsset, ImageJob
from tests.support.images import assistant_of, job_of, photo, run_turn

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def test_it_starts_the_second_edit_from_the_chosen_variation(alice):
    chat = await db(services.image_chat_create)(user=alice)
    first = await db(job_of)(await run_turn(alice, chat, "warmer and punchier", photo((400, 300))))
    chosen = await db(services.job_choose_result)(user=alice, job_id=first.pk, variation=3)
    assert (chosen.kind, chosen.job_id, chosen.variation) == ("variation", first.pk, 3)
    assert (await db(selectors.chat_current)(chat=chat)).pk == chosen.pk

    turn = await run_turn(alice, chat, "now crop it square")  # no attachment: the current image
    second = await db(job_of)(turn)
    assert second.source_id == chosen.pk and second.status == "done"
    assert second.plans[0]["operations"][1]["op"] == "crop"
    user_message = await db(Message.objects.get)(turn_key=turn.turn_key, role="user")
    assert "attachment" not in user_message.payload
    # The chain goes back to the original upload through both chosen plans.
    root, plans, _ = await db(selectors.job_chain)(job=second, variation=0)
    assert root.kind == "upload" and plans == [first.plans[3]["operations"], second.plans[0]["operations"]]


async def test_it_lets_the_history_strip_bring_back_an_earlier_image(alice):
    chat = await db(services.image_chat_create)(user=alice)
    first = await db(job_of)(await run_turn(alice, chat, "cooler", photo((200, 150))))
    await db(services.job_choose_result)(user=alice, job_id=first.pk, variation=0)
    await db(services.job_choose_result)(user=alice, job_id=first.pk, variation=1)  # changed my mind
    strip = await db(selectors.chat_assets)(chat=chat)
    assert [(a.kind, a.variation) for a in strip] == [("upload", None), ("variation", 1)]  # one per turn
    assert (await db(ImageJob.objects.get)(pk=first.pk)).result_variation == 1

    await db(services.chat_current_choose)(user=alice, chat_id=chat.pk, asset_id=strip[0].pk)
    second = await db(job_of)(await run_turn(alice, chat, "black and white"))
    assert second.source_id == strip[0].pk


async def test_it_needs_a_photo_for_the_first_turn_and_keeps_nothing(alice):
    chat = await db(services.image_chat_create)(user=alice)
    with pytest.raises(InvalidInput) as exc:
        await run_turn(alice, chat, "warmer")
    assert exc.value.code == "no_image"
    assert await db(Message.objects.filter(chat=chat).count)() == 0


async def test_it_refuses_choosing_in_another_users_job(alice, bob):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "brighter", photo((160, 120))))
    with pytest.raises(NotFound):
        await db(services.job_choose_result)(user=bob, job_id=job.pk, variation=0)
    bobs = await db(services.image_chat_create)(user=bob)
    asset = await db(ImageAsset.objects.get)(chat=chat)
    with pytest.raises(NotFound):
        await db(services.chat_current_choose)(user=bob, chat_id=bobs.pk, asset_id=asset.pk)


async def test_it_answers_small_talk_and_quality_questions_without_a_job(alice):
    chat = await db(services.image_chat_create)(user=alice)
    await run_turn(alice, chat, "warmer", photo((120, 90)))
    chat_turn = await run_turn(alice, chat, "what can you do?")
    quality = await run_turn(alice, chat, "is it sharp?")
    for turn in (chat_turn, quality):
        assert await db(job_of)(turn) is None
        message = await db(assistant_of)(turn)
        assert message.status == "complete" and message.payload["kind"] == "answer"
    assert "five variations" in (await db(assistant_of)(chat_turn)).content
    answer = await db(assistant_of)(quality)  # measured now (issue 11): the verdict and its figures
    assert "Blur effect" in answer.content and answer.payload["quality"]["verdicts"].keys() == {"blur"}


async def test_it_keeps_one_strip_entry_per_turn_in_its_place_when_another_variation_is_chosen(alice):
    chat = await db(services.image_chat_create)(user=alice)
    first = await db(job_of)(await run_turn(alice, chat, "warmer", photo((200, 150))))
    await db(services.job_choose_result)(user=alice, job_id=first.pk, variation=0)
    second = await db(job_of)(await run_turn(alice, chat, "now crop it square"))
    await db(services.job_choose_result)(user=alice, job_id=second.pk, variation=2)

    await db(services.job_choose_result)(user=alice, job_id=first.pk, variation=3)  # the first turn, again
    strip = await db(selectors.chat_assets)(chat=chat)
    assert [(a.kind, a.job_id, a.variation) for a in strip] == [
        ("upload", None, None),
        ("variation", first.pk, 3),
        ("variation", second.pk, 2),
    ]
    assert (await db(selectors.chat_current)(chat=chat)).variation == 3
    # The image the second turn started from stays stored: its downloads still re-render through it.
    assert await db(ImageAsset.objects.filter(job=first, variation=0).exists)()
    assert second.source.variation == 0
