"""The chat socket's first frame: the page catches up on turns that happened while it was away."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.models import Chat
from tests.support.ws import communicator


@pytest.mark.django_db(transaction=True)
async def test_it_shows_turns_that_happened_while_the_page_was_away(alice, scripted):
    from chatapp.planner.testing import ScriptedBackend

    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Answered while you were away."), purpose="movies.answer")
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    from chatapp import turns

    _turn, task = await turns.begin(user=alice, chat_id=chat.pk, text="hello from the API")
    await task
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    sync = await comm.receive_from()
    await comm.disconnect()
    assert 'id="messages"' in sync and "hello from the API" in sync and "Answered while you were away." in sync
