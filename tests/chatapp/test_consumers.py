"""The chat websocket: ownership, the v2 turn as HTML fragments, Stop, refusals, disconnects."""

import asyncio
import json
import logging
import re

import pytest

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from chatapp.planner.testing import ScriptedBackend
from recs.models import Recommendation
from tests.fakes import openai_server
from tests.support.ws import communicator, frames_until, gated_mode_a, wait_turns_idle

pytestmark = pytest.mark.django_db(transaction=True)

PLAN = {
    "intro": "Three tense thrillers:",
    "picks": [
        {"title": "Se7en", "year": 1995, "reason": "Grim and relentless."},
        {"title": "Fargo", "year": 1996, "reason": "Snowbound tension."},
        {"title": "The Silence of the Lambs", "year": 1991, "reason": "A classic cat and mouse."},
    ],
}


@database_sync_to_async
def make_chat(user) -> Chat:
    return Chat.objects.create(owner=user)


@database_sync_to_async
def assistant_messages(chat) -> list[Message]:
    return list(Message.objects.filter(chat=chat, role="assistant"))


async def test_it_refuses_another_users_chat_with_4403(alice, bob):
    chat = await make_chat(alice)
    comm = await communicator(bob, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    # Closed with our code (not a bare handshake refusal) and nothing of the chat is sent.
    assert await comm.receive_output() == {"type": "websocket.close", "code": 4403}


async def test_it_refuses_an_anonymous_socket(alice):
    chat = await make_chat(alice)
    comm = await communicator(None, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    assert await comm.receive_output() == {"type": "websocket.close", "code": 4401}


async def test_it_streams_three_picks_one_by_one_and_stores_one_assistant_message(alice, scripted):
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "wants films"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.tool("plan_picks", PLAN), purpose="plan_picks")
    chat = await make_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    await comm.receive_from()  # the sync fragment sent on connect
    await comm.send_json_to({"action": "send", "text": "a tense 90s thriller"})
    frames = await frames_until(comm, 'id="send-button"')
    joined = "\n".join(frames)
    assert "a tense 90s thriller" in joined  # the user's message is shown at once
    assert "Thinking" in joined
    resolved = [f for f in frames if "card-pick" in f and 'hx-swap-oob="outerHTML" class="pick' in f]
    assert len(resolved) == 3  # each pick pushed on its own frame
    for title in ("Se7en", "Fargo", "The Silence of the Lambs"):
        assert title in joined
    await comm.disconnect()
    [message] = await assistant_messages(chat)
    assert message.status == "complete"
    assert message.content == "Three tense thrillers:"
    assert [p["title"] for p in message.payload["picks"]] == ["Se7en", "Fargo", "The Silence of the Lambs"]
    assert message.planner_source == "scripted"
    assert {"t_decide_mode", "t_plan_picks", "t_lookups_total", "t_total"} <= set(message.timings)
    assert await database_sync_to_async(Recommendation.objects.filter(chat=chat).count)() == 3


async def test_it_drops_blocked_repeated_and_unknown_picks_with_reasons(alice, scripted):
    chat = await make_chat(alice)
    first = {"intro": "One:", "picks": [{"title": "Fargo", "year": 1996, "reason": "r"}]}
    second = {
        "intro": "More:",
        "picks": [
            {"title": "Fargo", "year": 1996, "reason": "again"},
            {"title": "Se7en", "year": 1995, "reason": "r"},
            {"title": "Completely Invented Film", "year": 2001, "reason": "r"},
        ],
    }
    for plan in (first, second):
        scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "films"}), purpose="decide_mode")
        scripted.add(ScriptedBackend.tool("plan_picks", plan), purpose="plan_picks")
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    for text in ("one film", "more films"):
        await comm.send_json_to({"action": "send", "text": text})
        await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
    messages = await assistant_messages(chat)
    last = messages[-1].payload
    assert [p["title"] for p in last["picks"]] == ["Se7en"]
    reasons = {d["title"]: d["reason"] for d in last["dropped"]}
    assert "blocked" in reasons["Fargo"]
    assert "not found" in reasons["Completely Invented Film"]


async def test_it_says_in_words_when_every_planned_pick_was_dropped(alice, scripted):
    chat = await make_chat(alice)
    plans = (
        {"intro": "One:", "picks": [{"title": "Fargo", "year": 1996, "reason": "r"}]},
        {
            "intro": "More:",
            "picks": [
                {"title": "Fargo", "year": 1996, "reason": "again"},
                {"title": "Completely Invented Film", "year": 2001, "reason": "r"},
            ],
        },
    )
    for plan in plans:
        scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "films"}), purpose="decide_mode")
        scripted.add(ScriptedBackend.tool("plan_picks", plan), purpose="plan_picks")
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "one film"})
    await frames_until(comm, 'id="send-button"')
    await comm.send_json_to({"action": "send", "text": "more films"})
    frames = await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
    assert "None of the films I planned could be shown" in "\n".join(frames)
    last = (await assistant_messages(chat))[-1]
    assert last.status == "complete" and last.payload["picks"] == []
    assert last.content.startswith("More:\n\nNone of the films I planned could be shown (")
    assert "already recommended" in last.content or "blocked" in last.content


async def test_it_streams_a_mode_a_answer_token_by_token_and_renders_markdown(alice, scripted):
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "a question"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Se7en was directed by **David Fincher**."), purpose="movies.answer")
    chat = await make_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "who directed se7en?"})
    frames = await frames_until(comm, 'id="send-button"')
    deltas = [f for f in frames if 'hx-swap-oob="beforeend"' in f and "text-" in f]
    assert len(deltas) >= 2
    assert "<strong>David Fincher</strong>" in frames[-1]
    await comm.disconnect()


async def test_it_refuses_a_second_message_while_a_turn_runs_and_keeps_nothing_half_stored(alice, scripted):
    gate = gated_mode_a(scripted)
    chat = await make_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "hi"})
    await frames_until(comm, 'id="stop-button"')
    await comm.send_json_to({"action": "send", "text": "and another thing"})
    frames = await frames_until(comm, "composer-error")
    assert "still answering" in frames[-1]
    gate.set()
    await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
    texts = await database_sync_to_async(
        lambda: list(Message.objects.filter(chat=chat, role="user").values_list("content", flat=True))
    )()
    assert texts == ["hi"]


async def test_it_stops_a_turn_on_the_server(alice, scripted):
    async def never(request):
        await asyncio.Event().wait()

    scripted.add(never, purpose="decide_mode")
    chat = await make_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "recommend something"})
    await frames_until(comm, 'id="stop-button"')
    await comm.send_json_to({"action": "stop"})
    frames = await frames_until(comm, 'id="send-button"')
    assert "Stopped" in frames[-1]
    await comm.disconnect()
    [message] = await assistant_messages(chat)
    assert message.status == "stopped"


async def test_it_finishes_and_persists_a_turn_after_the_browser_disconnects(alice, scripted):
    gate = asyncio.Event()

    async def decide(request):
        await gate.wait()
        return ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "films"})

    scripted.add(decide, purpose="decide_mode")
    scripted.add(ScriptedBackend.tool("plan_picks", PLAN), purpose="plan_picks")
    chat = await make_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "thrillers please"})
    await frames_until(comm, 'id="stop-button"')
    await comm.disconnect()
    gate.set()
    await wait_turns_idle()
    [message] = await assistant_messages(chat)
    assert message.status == "complete"
    assert len(message.payload["picks"]) == 3
    # A page that reconnects is sent the finished state.
    again = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await again.connect()
    sync = await again.receive_from()
    assert "Se7en" in sync and 'id="send-button"' in sync
    await again.disconnect()


async def test_it_answers_a_malformed_frame_without_closing(alice):
    chat = await make_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_to(text_data="{not json")
    frame = await comm.receive_from()
    assert "could not be read" in frame
    await comm.send_json_to({"action": "dance"})
    assert "Unknown action" in await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "   "})
    assert "Type a message first" in await comm.receive_from()
    await comm.disconnect()


async def test_it_escapes_untrusted_strings_in_fragments(alice, scripted):
    plan = {
        "intro": "<img src=x onerror=alert(1)>",
        "picks": [{"title": "Fargo", "year": 1996, "reason": "<script>alert(1)</script>"}],
    }
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "films"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.tool("plan_picks", plan), purpose="plan_picks")
    chat = await make_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "<b>hi</b>"})
    frames = await frames_until(comm, 'id="send-button"')
    joined = "\n".join(frames)
    assert "<script>alert(1)</script>" not in joined
    assert "&lt;script&gt;" in joined
    assert "<img src=x" not in joined
    assert "<b>hi</b>" not in joined
    await comm.disconnect()


async def test_it_sends_the_same_events_as_json_on_the_api_socket(alice, scripted):
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "films"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.tool("plan_picks", PLAN), purpose="plan_picks")
    chat = await make_chat(alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    await comm.connect()
    assert (await comm.receive_json_from())["type"] == "sync"
    await comm.send_json_to({"action": "send", "text": "thrillers"})
    types = []
    while True:
        event = json.loads(await comm.receive_from(timeout=10))
        types.append(event["type"])
        if event["type"] == "turn.ended":
            break
    assert types[:4] == ["message.accepted", "turn.started", "mode.decided", "intro.shown"] or "turn.started" in types
    assert types.count("pick.resolved") == 3
    assert event["assistant_message"]["status"] == "complete"
    await comm.disconnect()


FLOW_LABELS = {
    "t_decide_mode",
    "t_read_profile",
    "t_read_blocked",
    "t_plan_picks",
    "t_lookups_total",
    "t_db_writes",
    "t_total",
}


def flow_lines(caplog) -> list[dict]:
    return [json.loads(r.getMessage()) for r in caplog.records if r.name == "marquee.flow"]


async def run_one_turn(user, text: str) -> Chat:
    chat = await make_chat(user)
    comm = await communicator(user, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": text})
    await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
    return chat


async def test_it_logs_every_timing_label_of_a_real_mode_b_turn_without_the_api_key(alice, settings, caplog):
    key = "sk-test-flowlog-0123456789abcdef"
    settings.OPENAI_API_KEY = key  # configured but unused: the rule planner answers
    settings.PLANNER_BACKEND = "rules"
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.INFO, logger="marquee.flow")
    chat = await run_one_turn(alice, "recommend a tense 90s thriller")
    [message] = await assistant_messages(chat)
    assert message.payload["mode"] == "B" and message.planner_source == "rules" and message.payload["picks"]
    lines = [line for line in flow_lines(caplog) if line.get("chat_id") == chat.pk]
    assert FLOW_LABELS <= {line["label"] for line in lines}
    [total] = [line for line in lines if line["label"] == "t_total"]
    assert total["duration_ms"] == message.timings["t_total"] and total["turn_key"] == message.turn_key
    assert key not in caplog.text


async def test_it_keeps_the_api_key_out_of_the_logs_of_an_openai_turn(alice, openai_on, caplog):
    openai_on.enqueue(
        openai_server.tool_call("decide_mode", {"mode": "B", "reason": "wants films"}),
        openai_server.tool_call("plan_picks", PLAN),
    )
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.INFO, logger="marquee.flow")
    chat = await run_one_turn(alice, "a tense 90s thriller")
    [message] = await assistant_messages(chat)
    assert message.planner_source == "openai" and len(message.payload["picks"]) == 3
    labels = {line["label"] for line in flow_lines(caplog) if line.get("chat_id") == chat.pk}
    assert FLOW_LABELS <= labels
    from django.conf import settings

    assert settings.OPENAI_API_KEY and settings.OPENAI_API_KEY not in caplog.text


@pytest.mark.parametrize("path", ["/ws/chats/abc/", "/ws/api/chats/1/extra/", "/ws/nothing/", "/"])
async def test_it_closes_a_socket_at_an_address_that_is_no_socket_with_4404_and_no_error(alice, path, caplog):
    # No route raised "No route found" inside the application: the socket dropped with an ERROR and a traceback.
    comm = await communicator(alice, path)
    await comm.connect()
    assert await comm.receive_output() == {"type": "websocket.close", "code": 4404}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("path", ["/ws/chats/{id}/", "/ws/api/chats/{id}/"])
async def test_it_closes_a_socket_for_a_chat_that_does_not_exist_with_4403(alice, path):
    chat = await make_chat(alice)
    missing = chat.pk + 1000
    comm = await communicator(alice, path.format(id=missing))
    await comm.connect()
    # The same answer as another user's chat: an id that does not exist tells nothing.
    assert await comm.receive_output() == {"type": "websocket.close", "code": 4403}


async def test_it_keeps_an_overlong_edit_whole_and_refuses_it_with_the_limit(alice, scripted, settings):
    settings.MESSAGE_MAX_CHARS = 40
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "q"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Joel Coen."), purpose="movies.answer")
    chat = await make_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "who directed fargo?"})
    joined = "\n".join(await frames_until(comm, 'id="send-button"'))
    # The edit box counts like the composer and has no maxlength (a paste is never silently cut).
    [edit_box] = re.findall(r'<textarea name="text"[^>]*aria-label="Edit your message"[^>]*>', joined)
    assert "maxlength" not in edit_box and 'data-max="40"' in edit_box
    assert '<span class="counter muted" aria-live="polite">19 / 40</span>' in joined
    assert 'class="error edit-error"' in joined
    await comm.send_json_to({"action": "edit", "text": "x" * 41})
    frame = await comm.receive_from()
    await comm.disconnect()
    assert "That message is 41 characters; the limit is 40. Please shorten it." in frame
    texts = await database_sync_to_async(
        lambda: list(Message.objects.filter(chat=chat).values_list("content", flat=True))
    )()
    assert texts == ["who directed fargo?", "Joel Coen."]  # nothing changed


@pytest.mark.parametrize("path", ["/ws/chats/{id}/", "/ws/api/chats/{id}/"])
async def test_it_ends_quietly_when_the_client_is_gone_before_a_frame_is_sent(alice, path, caplog):
    """Daphne raises autobahn's Disconnected from a send racing the client's close (channels#1820)."""
    from autobahn.exception import Disconnected

    from chatapp.asgi import application
    from tests.support.ws import _session_cookie

    chat = await database_sync_to_async(Chat.objects.create)(owner=alice, title="Gone")
    cookie = await database_sync_to_async(_session_cookie)(alice)
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", f"sessionid={cookie}".encode())]
    scope = {"type": "websocket", "path": path.format(id=chat.pk), "headers": headers, "query_string": b""}
    scope |= {"subprotocols": [], "client": ("127.0.0.1", 1), "server": ("testserver", 80)}
    incoming = asyncio.Queue()
    await incoming.put({"type": "websocket.connect"})

    async def send(message):
        if message["type"] == "websocket.send":  # the client closed while the sync frame was on its way
            raise Disconnected("Attempt to send on a closed protocol")

    with caplog.at_level(logging.ERROR):
        await asyncio.wait_for(application(scope, incoming.get, send), 10)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
