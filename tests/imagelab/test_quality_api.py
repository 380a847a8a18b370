"""Quality answers outside the turn itself: the API's `quality` field, the figures table on the page and on
the websocket, the same for every client."""

import pytest
from django.test import AsyncClient

from chatapp.db import database_sync_to_async
from chatapp.models import Message
from imagelab import services
from tests.support.api import async_api_for
from tests.support.images import photo, run_turn
from tests.support.ws import communicator, frames_until, wait_turns_idle

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
db = database_sync_to_async
DISTORTIONS = {"blur", "noise", "overexposure", "underexposure", "jpeg", "low_contrast", "colour_cast"}


async def uploaded(user):
    chat = await db(services.image_chat_create)(user=user)
    await run_turn(user, chat, "hello", photo((200, 150)))
    return chat


async def test_it_answers_a_quality_question_over_the_api_with_plan_figures_and_verdicts(alice):
    chat = await uploaded(alice)
    api = await async_api_for(alice)
    response = await api.post(
        f"/api/chats/{chat.pk}/messages", {"text": "is it noisy?"}, content_type="application/json"
    )
    assert response.status_code == 200
    answer = response.json()["assistant_message"]
    quality = answer["quality"]
    assert set(quality) == {"plan", "figures", "verdicts"}
    assert quality["plan"]["distortions"] == {"Global": ["noise"]} and quality["verdicts"] == {"noise": "no"}
    assert "noise_sigma" in quality["figures"] and "σ" in answer["content"]
    inferred = await api.post(
        f"/api/chats/{chat.pk}/messages", {"text": "any problems?"}, content_type="application/json"
    )
    assert set(inferred.json()["assistant_message"]["quality"]["verdicts"]) == DISTORTIONS
    talk = await api.post(f"/api/chats/{chat.pk}/messages", {"text": "thanks!"}, content_type="application/json")
    assert talk.status_code == 200 and talk.json()["assistant_message"]["quality"] is None


async def test_it_shows_the_figures_table_with_their_meanings_on_reload(alice):
    chat = await uploaded(alice)
    await run_turn(alice, chat, "is it blurry?")
    client = AsyncClient()
    await client.aforce_login(alice)
    page = (await client.get(f"/chats/{chat.pk}/")).content.decode()
    assert page.count('<table class="figures"') == 1 and "Measured on the photo" in page
    assert "Blur effect" in page and "how blurred edges look" in page and "Sharpness" in page
    assert "style=" not in page.split('<table class="figures"')[1].split("</table>")[0]


async def test_it_streams_a_quality_turn_on_the_websocket_and_ends_with_the_figures(alice):
    chat = await uploaded(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    await comm.receive_from()  # sync on connect
    await comm.send_json_to({"action": "send", "text": "is it too dark?"})
    frames = await frames_until(comm, 'id="send-button"', timeout=20)
    await comm.disconnect()
    await wait_turns_idle()
    message = await db(Message.objects.filter(chat=chat, role="assistant").latest)("created_at")
    opening = f'<div id="text-{message.turn_key}" hx-swap-oob="beforeend">'
    deltas = [f.removeprefix(opening).removesuffix("</div>") for f in frames if f.startswith(opening)]
    assert len(deltas) > 5 and "".join(deltas) == message.content  # streamed, word by word offline
    assert message.content.startswith("Its brightest 1% reach")  # bright enough: no "only"
    ended = frames[-1]
    assert '<table class="figures"' in ended and "Brightest 1%" in ended and "Mean brightness" in ended
    assert message.status == "complete" and message.payload["quality"]["verdicts"] == {"underexposure": "no"}


async def test_it_measures_a_numbered_variation_and_compares_it_over_the_api(alice):
    chat = await uploaded(alice)
    await run_turn(alice, chat, "warmer and punchier")  # five variations (rules planner)
    api = await async_api_for(alice)
    response = await api.post(
        f"/api/chats/{chat.pk}/messages",
        {"text": "how much did number 2 change compared with the original?"},
        content_type="application/json",
    )
    quality = response.json()["assistant_message"]["quality"]
    assert quality["plan"]["reference_mode"] == "Full-Reference"
    assert {"psnr", "ssim", "delta_e"} <= set(quality["figures"]) and 0 < quality["figures"]["ssim"] < 1
    assert set(quality["verdicts"]) <= DISTORTIONS and set(quality["verdicts"].values()) <= {"yes", "no", "unsure"}
    assert "variation 2" in response.json()["assistant_message"]["content"]
    nothing = await api.post(
        f"/api/chats/{chat.pk}/messages", {"text": "is number 9 too dark?"}, content_type="application/json"
    )
    assert "no finished variation 9" in nothing.json()["assistant_message"]["content"]
