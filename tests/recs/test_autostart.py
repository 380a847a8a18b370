"""A new movie chat greets the user with three picks for their taste (setting and per-user switch)."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from recs.models import SeenItem
from recs.services.memory import memory_set_autostart
from tests.support.ws import communicator, frames_until, greeting, wait_turns_idle

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def autostart_on(settings):
    settings.AUTOSTART_RECOMMENDATIONS = True


async def test_it_greets_a_new_chat_with_three_picks_streamed_like_any_turn(alice, autostart_on):
    await database_sync_to_async(SeenItem.objects.create)(
        user=alice, source="catalogue", movie_id="alien-1979", title="Alien", year=1979, genres=["Horror"], rating=5
    )
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    frames = await frames_until(comm, "msg assistant status-complete")
    await comm.disconnect()
    assert 'id="stop-button"' in "".join(frames)  # it ran as a turn, with Stop available
    cards = [f for f in frames if 'hx-swap-oob="outerHTML" class="pick card-pick' in f]
    assert len(cards) == 3
    message = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    assert message.turn_key == "autostart" and message.status == "complete"
    assert message.content.startswith("Hello!")
    assert "alien-1979" not in {p["id"] for p in message.payload["picks"]}  # seen films stay blocked
    assert not await database_sync_to_async(Message.objects.filter(chat=chat, role="user").exists)()


async def test_it_starts_the_greeting_once_when_two_tabs_open(alice, autostart_on):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    first = await communicator(alice, f"/ws/chats/{chat.pk}/")
    second = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await first.connect()
    await second.connect()
    await wait_turns_idle()
    await first.disconnect()
    await second.disconnect()
    assert await database_sync_to_async(Message.objects.filter(chat=chat).count)() == 1


async def test_it_leaves_chats_with_messages_and_users_who_opted_out_alone(alice, autostart_on):
    await database_sync_to_async(memory_set_autostart)(user=alice, enabled=False)
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await wait_turns_idle()
    await comm.disconnect()
    assert not await database_sync_to_async(Message.objects.filter(chat=chat).exists)()


async def test_it_can_be_switched_off_by_the_setting(alice, settings):
    settings.AUTOSTART_RECOMMENDATIONS = False
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await wait_turns_idle()
    await comm.disconnect()
    assert not await database_sync_to_async(Message.objects.filter(chat=chat).exists)()


async def test_it_counts_a_greeting_against_the_rate_limit_only_when_one_starts(alice, autostart_on, settings):
    """Reloads, tabs and reconnects to a chat that already has messages never eat the turn budget."""
    settings.TURNS_PER_MINUTE = 2
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await frames_until(comm, "msg assistant status-complete")  # the greeting: one turn counted
    await comm.disconnect()
    for _ in range(5):  # the chat has a message now: connecting starts nothing and counts nothing
        again = await communicator(alice, f"/ws/chats/{chat.pk}/")
        await again.connect()
        await again.receive_from()
        await wait_turns_idle()
        await again.disconnect()
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_to(text_data='{"action": "send", "text": "a tense 90s thriller"}')
    frames = await frames_until(comm, "msg assistant status-")
    await wait_turns_idle()
    await comm.disconnect()
    assert not any("Too many messages" in f for f in frames)
    assert await database_sync_to_async(Message.objects.filter(chat=chat, role="user").count)() == 1


async def test_it_greets_a_new_v1_chat_with_picks_for_the_taste_not_short_films(alice, autostart_on, settings):
    settings.CHAT_API_VERSION = "v1"
    message = await greeting(alice)
    assert message.flow == "v1" and message.content.startswith("Hello!") and len(message.payload["picks"]) == 3
    # The greeting request sent to a model ("Greet me in one short sentence…") is not a genre.
    assert "short" not in message.content.lower() and all("Short" not in p["genres"] for p in message.payload["picks"])
