"""The JSON chat socket approves or discards a diff card, like the card's Apply selected / Discard."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from recs.models import WatchlistItem
from tests.support.proposals import chat_with_proposal
from tests.support.ws import communicator

pytestmark = pytest.mark.django_db(transaction=True)


_chat_with_proposal = database_sync_to_async(chat_with_proposal)


@database_sync_to_async
def _watchlist(user) -> list[str]:
    return list(WatchlistItem.objects.filter(user=user).order_by("movie_id").values_list("movie_id", flat=True))


@database_sync_to_async
def _proposal(message) -> dict:
    return Message.objects.get(pk=message.pk).payload["proposal"]


async def _json_socket(user, chat):
    comm = await communicator(user, f"/ws/api/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from())["type"] == "sync"
    return comm


async def _ask(comm, frame: dict) -> dict:
    await comm.send_json_to(frame)
    return await comm.receive_json_from(timeout=5)


async def test_it_applies_only_the_selected_rows_once_and_tells_every_tab(alice):
    chat, message = await _chat_with_proposal(alice)
    comm = await _json_socket(alice, chat)
    other_tab = await _json_socket(alice, chat)
    reply = await _ask(comm, {"action": "approve", "message": message.pk, "rows": [0]})
    assert reply["type"] == "proposal.updated" and reply["assistant_message_id"] == message.pk
    assert reply["proposal"]["state"] == "applied"
    assert [r["status"] for r in reply["proposal"]["rows"]] == ["applied", "skipped"]
    assert (await other_tab.receive_json_from(timeout=5))["proposal"]["state"] == "applied"
    assert await _watchlist(alice) == ["se7en-1995"]

    again = await _ask(comm, {"action": "approve", "message": message.pk, "rows": [0, 1]})  # stale approval
    await comm.disconnect()
    await other_tab.disconnect()
    assert again["type"] == "proposal.updated"
    assert [r["status"] for r in again["proposal"]["rows"]] == ["applied", "skipped"]
    assert await _watchlist(alice) == ["se7en-1995"]  # applied once, no duplicate


async def test_it_discards_without_changing_anything(alice):
    chat, message = await _chat_with_proposal(alice)
    comm = await _json_socket(alice, chat)
    reply = await _ask(comm, {"action": "discard", "message": message.pk})
    await comm.disconnect()
    assert reply["type"] == "proposal.updated" and reply["proposal"]["state"] == "discarded"
    assert await _watchlist(alice) == []


async def test_it_refuses_bob_on_alices_diff_card(alice, bob):
    chat, message = await _chat_with_proposal(alice)
    on_alices_chat = await communicator(bob, f"/ws/api/chats/{chat.pk}/")
    await on_alices_chat.connect()
    assert await on_alices_chat.receive_output() == {"type": "websocket.close", "code": 4403}
    bobs_chat = await database_sync_to_async(Chat.objects.create)(owner=bob)
    comm = await _json_socket(bob, bobs_chat)
    reply = await _ask(comm, {"action": "approve", "message": message.pk, "rows": [0, 1]})
    await comm.disconnect()
    assert reply["type"] == "turn.refused" and reply["code"] == "proposal_not_found"
    assert reply["message"] == "That proposal does not exist."
    assert await _watchlist(bob) == [] and await _watchlist(alice) == []
    assert (await _proposal(message))["state"] == "pending"


@pytest.mark.parametrize(
    ("frame", "code", "words"),
    [
        ({"action": "approve", "message": 999999, "rows": [0]}, "proposal_not_found", "does not exist"),
        ({"action": "approve", "message": "MESSAGE", "rows": []}, "nothing_selected", "Nothing selected"),
        ({"action": "approve", "message": "MESSAGE"}, "nothing_selected", "Nothing selected"),
        ({"action": "approve", "message": "abc", "rows": [0]}, "invalid_message", '"message" must be'),
        ({"action": "approve", "message": True, "rows": [0]}, "invalid_message", '"message" must be'),
        ({"action": "approve", "message": "MESSAGE", "rows": "0"}, "invalid_rows", '"rows" must be'),
        ({"action": "approve", "message": "MESSAGE", "rows": ["0"]}, "invalid_rows", '"rows" must be'),
        ({"action": "discard"}, "invalid_message", '"message" must be'),
    ],
)
async def test_it_answers_a_bad_frame_with_a_clear_error_and_changes_nothing(alice, frame, code, words):
    chat, message = await _chat_with_proposal(alice)
    if frame.get("message") == "MESSAGE":
        frame = {**frame, "message": message.pk}
    comm = await _json_socket(alice, chat)
    reply = await _ask(comm, frame)
    await comm.disconnect()
    assert reply["type"] == "turn.refused" and reply["code"] == code and words in reply["message"]
    assert await _watchlist(alice) == []
    assert (await _proposal(message))["state"] == "pending"


async def test_it_refuses_a_user_message_or_a_message_without_a_card(alice):
    chat, message = await _chat_with_proposal(alice)
    user_message = await database_sync_to_async(Message.objects.get)(chat=chat, role="user")
    plain = await database_sync_to_async(Message.objects.create)(
        chat=chat, role="assistant", turn_key="t2", status="complete", content="Just words."
    )
    comm = await _json_socket(alice, chat)
    for target in (user_message, plain):
        reply = await _ask(comm, {"action": "approve", "message": target.pk, "rows": [0]})
        assert reply["code"] == "proposal_not_found"
    await comm.disconnect()
