"""Odd text (lone surrogates, control characters) and hostile frames get a plain refusal, never a 500 or a 1011."""

import asyncio
import json

import pytest
from channels.layers import get_channel_layer
from django.test import Client

from chatapp.db import database_sync_to_async
from chatapp.events import group_name
from chatapp.models import Chat, Message
from tests.support.api import api_for
from tests.support.ws import communicator

pytestmark = pytest.mark.django_db(transaction=True)

LONE_SURROGATE = '"bad \\ud800 text"'  # JSON escape: decodes to a str with a lone surrogate


def raw_json(**fields) -> str:
    """A JSON body whose "text"/"title" is spelled raw (so escapes like \\ud800 reach the server as sent)."""
    return "{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}"


@pytest.mark.parametrize("spelled", [LONE_SURROGATE, '"bell \\u0007 here"', '"nul \\u0000 here"', '"esc \\u001b[31m"'])
def test_it_refuses_odd_text_in_an_api_message_with_a_plain_400(alice, spelled):
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    refused = api.post(f"/api/chats/{chat_id}/messages", raw_json(text=spelled), content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (400, "invalid_text")
    assert "message" in refused.json()["message"].lower()
    assert not Message.objects.filter(chat_id=chat_id).exists()


@pytest.mark.parametrize("spelled", [LONE_SURROGATE, '"tab\\u0000"', '"x\\u007f"'])
def test_it_refuses_odd_text_in_an_api_chat_title_with_a_plain_400(alice, spelled):
    refused = api_for(alice).post("/api/chats", raw_json(title=spelled), content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (400, "invalid_text")
    assert "title" in refused.json()["message"].lower()
    assert not Chat.objects.exists()


def test_it_keeps_newlines_and_tabs_in_a_message(alice, scripted):
    from chatapp.planner.testing import ScriptedBackend

    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Sure."), purpose="movies.answer")
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    sent = api.post(f"/api/chats/{chat_id}/messages", {"text": "line one\n\tline two"}, content_type="application/json")
    assert sent.status_code == 200, sent.json()
    assert sent.json()["user_message"]["text"] == "line one\n\tline two"


def test_it_refuses_a_control_character_in_a_page_rename(alice):
    chat = Chat.objects.create(owner=alice, title="Friday")
    client = Client()
    client.force_login(alice)
    refused = client.post(f"/chats/{chat.pk}/rename/", {"title": "Fri\x00day"})
    assert refused.status_code == 400
    assert b"title" in refused.content.lower()
    chat.refresh_from_db()
    assert chat.title == "Friday"


# Text that draws nothing: a zero-width space, bidi marks, a BOM, a soft hyphen, the Braille blank, a Hangul
# filler, a variation selector, a Unicode tag character.
INVISIBLE = ["\u200b", " \u200b\u200e\u202e ", "\u2800", "\u3164", "\ufeff", "\u00ad", "\u034f\ufe0f", "\U000e0041"]


@pytest.mark.parametrize("text", INVISIBLE)
def test_it_refuses_a_message_of_invisible_characters_as_empty_and_runs_no_turn(alice, text):
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    refused = api.post(f"/api/chats/{chat_id}/messages", {"text": text}, content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (400, "empty_message")
    assert not Message.objects.filter(chat_id=chat_id).exists()


@pytest.mark.parametrize("text", INVISIBLE)
def test_it_treats_an_invisible_chat_title_as_no_title_and_an_invisible_search_as_empty(alice, text):
    api = api_for(alice)
    created = api.post("/api/chats", {"title": text}, content_type="application/json")
    assert created.status_code == 201
    assert created.json()["title"] == ""  # named after its first message, as a chat without a title
    searched = api.get("/api/search", {"q": text})
    assert (searched.status_code, searched.json()["code"]) == (400, "empty_query")


def test_it_keeps_joiners_and_marks_inside_visible_text(alice):
    title = "\u0645\u0631\u062d\u0628\u0627\u200f \U0001f469\u200d\U0001f4bb"  # RTL word + mark, a ZWJ emoji
    created = api_for(alice).post("/api/chats", {"title": title}, content_type="application/json")
    assert created.json()["title"] == title


@pytest.mark.parametrize("text", INVISIBLE)
def test_the_published_pattern_refuses_invisible_text_as_the_server_does(text):
    import re

    from chatapp.schemas import NONBLANK_TEXT_PATTERN

    assert re.search(NONBLANK_TEXT_PATTERN, text) is None
    assert re.search(NONBLANK_TEXT_PATTERN, text + "x") is not None


async def open_json_socket(user):
    chat = await database_sync_to_async(Chat.objects.create)(owner=user)
    comm = await communicator(user, f"/ws/api/chats/{chat.pk}/")
    connected, _ = await comm.connect()
    assert connected
    assert (await comm.receive_json_from())["type"] == "sync"
    return chat, comm


async def still_open(comm) -> None:
    """The socket still answers: an unknown action gets its refusal."""
    await comm.send_json_to({"action": "nope"})
    assert (await comm.receive_json_from())["code"] == "unknown_action"


async def test_it_refuses_a_lone_surrogate_on_the_socket_and_stays_open(alice):
    chat, comm = await open_json_socket(alice)
    await comm.send_to(text_data=raw_json(action='"send"', text=LONE_SURROGATE))
    refused = await comm.receive_json_from()
    assert (refused["type"], refused["code"]) == ("turn.refused", "invalid_text")
    assert "bad" in refused["text"]  # the draft comes back, its unstorable character replaced
    await still_open(comm)
    assert not await Message.objects.filter(chat=chat).aexists()
    await comm.disconnect()


async def test_it_refuses_a_lone_surrogate_on_the_html_socket_and_stays_open(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_to(text_data=raw_json(action='"send"', text=LONE_SURROGATE))
    refusal = await comm.receive_from()
    assert "not valid text" in refusal or "cannot be stored" in refusal
    await comm.send_json_to({"action": "nope"})
    assert "Unknown action" in await comm.receive_from()
    await comm.disconnect()


async def test_it_refuses_a_frame_over_the_size_limit_before_parsing(alice, settings):
    settings.MESSAGE_MAX_CHARS = 100
    _chat, comm = await open_json_socket(alice)
    await comm.send_to(text_data=json.dumps({"action": "send", "text": "x" * 200_000}))
    refused = await comm.receive_json_from()
    assert (refused["type"], refused["code"]) == ("turn.refused", "frame_too_large")
    await still_open(comm)
    await comm.disconnect()


@pytest.mark.parametrize("depth", [100_000, 5_000, 64])
async def test_it_refuses_json_nested_too_deep_without_a_recursion_error(alice, depth):
    _chat, comm = await open_json_socket(alice)
    await comm.send_to(text_data='{"action": "send", "text": ' + "[" * depth + "]" * depth + "}")
    refused = await comm.receive_json_from()
    assert refused["type"] == "turn.refused"
    assert refused["code"] in ("frame_too_deep", "frame_too_large")
    await still_open(comm)
    await comm.disconnect()


async def test_it_still_reads_brackets_inside_strings(alice):
    _chat, comm = await open_json_socket(alice)
    await comm.send_to(text_data=json.dumps({"action": "nope", "text": "[" * 500 + "{" * 500}))
    assert (await comm.receive_json_from())["code"] == "unknown_action"
    await comm.disconnect()


async def test_it_leaves_its_group_when_a_handler_crashes(alice, monkeypatch):
    # Through the channel-layer API only, so it holds on the in-memory layer and on Redis (CI's third leg):
    # the channel the consumer joined its chat's group with is noted on the way through to the real layer.
    layer = get_channel_layer()
    joined: list[tuple[str, str]] = []
    real_group_add = layer.group_add

    async def group_add(group, channel):
        joined.append((group, channel))
        await real_group_add(group, channel)

    monkeypatch.setattr(layer, "group_add", group_add)
    chat, comm = await open_json_socket(alice)
    [channel] = [c for g, c in joined if g == group_name(chat.pk)]
    # An event no parser accepts, sent to the group (so the consumer's channel is in it): the handler raises.
    await layer.group_send(group_name(chat.pk), {"type": "chat.event", "event": {"type": "no.such.event"}})
    with pytest.raises(Exception):  # noqa: B017 - the crash itself surfaces in the communicator
        await comm.receive_output(timeout=5)
    # Out of the group: the chat's next event is not queued for the dead consumer's channel.
    await layer.group_send(group_name(chat.pk), {"type": "chat.event", "event": {"type": "turn.ended"}})
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layer.receive(channel), timeout=1)


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ({"action": "regenerate", "message": "²"}, "message_not_found"),
        ({"action": "regenerate", "message": "9" * 5000}, "message_not_found"),
        ({"action": "version", "message": "1", "index": "²"}, "message_not_found"),
    ],
    ids=["superscript-id", "5000-digit-id", "superscript-index"],
)
async def test_it_refuses_a_non_ascii_digit_id_plainly_without_a_server_error(alice, frame, code, caplog):
    # "²".isdigit() is True but int("²") raises: the socket answered `server_error` and logged a traceback.
    _chat, comm = await open_json_socket(alice)
    await comm.send_json_to(frame)
    refused = await comm.receive_json_from()
    assert (refused["type"], refused["code"]) == ("turn.refused", code)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    await still_open(comm)
    await comm.disconnect()


@pytest.mark.parametrize(
    ("frame", "code", "words"),
    [
        ({"action": "edit", "text": ["a gentle comedy"]}, "invalid_message", "The message must be text."),
        ({"action": "edit", "text": {"x": 1}}, "invalid_message", "The message must be text."),
        ({"action": "edit", "text": 5}, "invalid_message", "The message must be text."),
        ({"action": "edit"}, "empty_message", "Type a message first."),
    ],
    ids=["list", "object", "number", "no-text"],
)
async def test_it_refuses_an_edit_whose_text_is_not_text_in_its_own_words_and_reruns_nothing(
    alice, scripted, frame, code, words
):
    # A list or number was read as "" ("Type a message first.", though something was typed), and an edit with no
    # text at all re-ran the answer as a plain regenerate.
    from chatapp.planner.testing import ScriptedBackend

    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Sure."), purpose="movies.answer")
    chat, comm = await open_json_socket(alice)
    await comm.send_json_to({"action": "send", "text": "hello"})
    while (await comm.receive_json_from(timeout=10))["type"] != "turn.ended":
        pass
    await comm.send_json_to(frame)
    refused = await comm.receive_json_from()
    assert (refused["type"], refused["code"], refused["message"]) == ("turn.refused", code, words)
    answer = await Message.objects.aget(chat=chat, role="assistant")
    question = await Message.objects.aget(chat=chat, role="user")
    assert len(answer.versions or []) <= 1 and len(question.versions or []) <= 1
    await still_open(comm)
    await comm.disconnect()


@pytest.mark.parametrize(("index", "selected"), [(1.0, True), (1, True), (1.5, False), (True, False)])
async def test_it_reads_a_version_index_on_the_socket_as_the_api_does(alice, index, selected):
    # The API takes a JSON integer written 3 or 3.0 (as JSON Schema counts it), never true: so does the socket.
    chat, comm = await open_json_socket(alice)
    await database_sync_to_async(Message.objects.create)(chat=chat, role="user", turn_key="t1", content="hi")
    answer = await database_sync_to_async(Message.objects.create)(
        chat=chat, role="assistant", turn_key="t1", status="complete", content="Hello."
    )
    await comm.send_json_to({"action": "version", "message": answer.pk, "index": index})
    frame = await comm.receive_json_from()
    assert (frame["type"] == "version.selected") is selected, frame
    await comm.disconnect()
