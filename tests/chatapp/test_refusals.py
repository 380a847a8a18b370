"""A refused message is never lost: the text goes back into the composer and the reason stays."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from chatapp.planner.testing import ScriptedBackend
from tests.support.ws import communicator, frames_until, gated_mode_a

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def make_chat(user) -> Chat:
    return Chat.objects.create(owner=user)


@database_sync_to_async
def user_texts(chat) -> list[str]:
    return list(Message.objects.filter(chat=chat, role="user").order_by("id").values_list("content", flat=True))


async def test_it_hands_a_refused_text_back_to_the_composer_and_keeps_the_reason_after_the_turn_ends(alice, scripted):
    gate = gated_mode_a(scripted)
    chat = await make_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    # Two sends in one go: the second arrives while the first turn runs.
    await comm.send_json_to({"action": "send", "text": "recommend a western"})
    await comm.send_json_to({"action": "send", "text": "and a <b>horror</b> film please"})
    frames = await frames_until(comm, "still answering")
    accepted = next(i for i, f in enumerate(frames) if 'id="composer-text"' in f)
    refused = frames[-1]
    assert accepted < len(frames) - 1  # the first send's empty box came before the refusal
    # The refusal puts the refused text back into the box (escaped), out of band, with the reason.
    assert '<textarea hx-swap-oob="outerHTML" id="composer-text"' in refused
    assert "and a &lt;b&gt;horror&lt;/b&gt; film please</textarea>" in refused
    gate.set()
    ended = await frames_until(comm, 'id="send-button"')
    # The end of the running turn does not wipe the reason away.
    assert not any('id="composer-error"' in f for f in ended)
    await comm.disconnect()
    assert await user_texts(chat) == ["recommend a western"]


async def test_it_clears_an_old_refusal_when_the_next_message_is_accepted(alice, scripted):
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Hello!"), purpose="movies.answer")
    chat = await make_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "   "})
    assert "Type a message first" in await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "hi"})
    frames = await frames_until(comm, 'id="composer-text"')
    reset = frames[-1]
    assert '<span id="composer-error" class="error" role="alert" hx-swap-oob="outerHTML"></span>' in reset
    assert "></textarea>" in reset  # an empty box for the accepted message
    await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
