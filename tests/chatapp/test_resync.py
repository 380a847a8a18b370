"""A reconnecting socket says what it last saw (`?since=`) and gets only the messages changed since."""

import re
from datetime import timedelta
from urllib.parse import quote

import pytest
from django.utils import timezone

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from chatapp.resync import parse_since
from tests.support.ws import communicator

pytestmark = pytest.mark.django_db(transaction=True)

MARK = re.compile(r'id="sync-mark" hidden data-since="([^"]*)"')


@database_sync_to_async
def chat_with_two_old_turns(user) -> tuple[Chat, list[Message]]:
    """A chat whose two turns ended an hour ago."""
    chat = Chat.objects.create(owner=user)
    messages = []
    for n, words in enumerate(["first", "second"]):
        key = f"turn{n}"
        messages.append(Message.objects.create(chat=chat, role="user", turn_key=key, content=f"{words} question"))
        messages.append(Message.objects.create(chat=chat, role="assistant", turn_key=key, content=f"{words} answer"))
    for message, hours in zip(messages, [4, 3, 2, 1], strict=True):  # the last one is what a page saw last
        then = timezone.now() - timedelta(hours=hours)
        Message.objects.filter(pk=message.pk).update(created_at=then, updated_at=then)
    return chat, messages


@database_sync_to_async
def change_last_answer_and_add_a_turn(chat, messages) -> None:
    answer = Message.objects.get(pk=messages[-1].pk)
    answer.content = "second answer, edited elsewhere"
    answer.save()
    Message.objects.create(chat=chat, role="user", turn_key="turn2", content="third question")


async def first_frame(user, path: str) -> str:
    comm = await communicator(user, path)
    assert (await comm.connect())[0]
    frame = await comm.receive_from()
    await comm.disconnect()
    return frame


async def test_it_sends_a_reconnecting_page_only_what_changed_since_its_mark(alice):
    chat, messages = await chat_with_two_old_turns(alice)
    first = await first_frame(alice, f"/ws/chats/{chat.pk}/")
    assert "first answer" in first and "second answer" in first  # a first connect gets everything
    mark = MARK.search(first).group(1)
    await change_last_answer_and_add_a_turn(chat, messages)

    again = await first_frame(alice, f"/ws/chats/{chat.pk}/?since={quote(mark)}")

    assert "first question" not in again and "first answer" not in again and "second question" not in again
    assert 'hx-swap-oob="outerHTML"' in again and "second answer, edited elsewhere" in again  # swapped in place
    assert '<div id="messages" hx-swap-oob="beforeend">' in again and "third question" in again  # appended
    assert 'id="send-button"' in again  # the controls as they are now
    assert MARK.search(again).group(1) > mark  # the page's new mark


async def test_it_sends_nothing_but_the_controls_when_nothing_changed(alice):
    chat, _messages = await chat_with_two_old_turns(alice)
    mark = MARK.search(await first_frame(alice, f"/ws/chats/{chat.pk}/")).group(1)

    again = await first_frame(alice, f"/ws/chats/{chat.pk}/?since={quote(mark)}")

    # Only the last answer (changed within the slack before the mark: it may be resent) and the controls.
    assert "first" not in again and "second question" not in again
    assert 'id="send-button"' in again and MARK.search(again).group(1) == mark


@pytest.mark.parametrize(
    "since",
    [
        "yesterday",
        "2026-13-45T00:00:00Z",
        "2020-01-01T00:00:00",
        "2999-01-01T00:00:00Z",
        "x" * 500,
        "",
        "0001-01-01T00:00:00+14:00",  # before year 1 in UTC: no datetime can hold it
        "0001-01-01T00:00:01Z",  # a valid time, but the 2 s of slack before it are before year 1
    ],
)
async def test_it_treats_a_bad_mark_as_none_and_sends_the_whole_history(alice, since):
    chat, _messages = await chat_with_two_old_turns(alice)

    frame = await first_frame(alice, f"/ws/chats/{chat.pk}/?since={quote(since)}")

    assert 'hx-swap-oob="innerHTML"' in frame
    assert all(words in frame for words in ("first question", "first answer", "second answer"))


async def test_it_gives_bob_nothing_of_alices_chat_whatever_mark_he_sends(alice, bob):
    chat, _messages = await chat_with_two_old_turns(alice)
    since = quote((timezone.now() - timedelta(days=1)).isoformat())
    for path in (f"/ws/chats/{chat.pk}/?since={since}", f"/ws/api/chats/{chat.pk}/?since={since}"):
        comm = await communicator(bob, path)
        await comm.connect()
        assert await comm.receive_output() == {"type": "websocket.close", "code": 4403}


async def test_it_sends_an_api_client_only_the_messages_changed_since_its_mark(alice):
    chat, messages = await chat_with_two_old_turns(alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    await comm.connect()
    first = await comm.receive_json_from()
    await comm.disconnect()
    assert first["type"] == "sync" and first["assistant_message"]["content"] == "second answer"
    assert "messages" not in first  # a first connect: the latest answer, as before
    await change_last_answer_and_add_a_turn(chat, messages)

    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/?since={quote(first['since'])}")
    await comm.connect()
    again = await comm.receive_json_from()
    await comm.disconnect()

    assert [m["content"] for m in again["messages"]] == ["second answer, edited elsewhere", "third question"]
    assert again["full"] is False and again["since"] > first["since"]


async def test_it_sends_an_api_client_with_a_bad_mark_every_message(alice):
    chat, _messages = await chat_with_two_old_turns(alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/?since=not-a-time")
    await comm.connect()
    frame = await comm.receive_json_from()
    await comm.disconnect()
    assert "messages" not in frame and frame["assistant_message"]["content"] == "second answer"


async def test_it_answers_an_api_client_whose_mark_is_before_year_1_in_utc_with_every_message(alice):
    chat, _messages = await chat_with_two_old_turns(alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/?since={quote('0001-01-01T00:00:00+14:00')}")
    await comm.connect()
    frame = await comm.receive_json_from()  # not a close: the mark is read as none
    await comm.disconnect()
    assert frame["type"] == "sync" and frame["assistant_message"]["content"] == "second answer"


def test_it_reads_only_an_aware_past_mark():
    assert parse_since(b"since=2026-01-02T03:04:05.123456Z").microsecond == 123456
    assert parse_since("since=2026-01-02T03:04:05%2B01:00").utcoffset() == timedelta(hours=1)
    assert parse_since(b"") is None and parse_since(b"since=2026-01-02T03:04:05") is None
    assert parse_since(b"since=2026-02-30T00:00:00Z") is None and parse_since(b"since=%ff%fe") is None
