"""Progress lines: the turn.progress and thinking.delta events, their fragments, their order on both sockets,
and what a page reloaded mid-turn shows."""

import asyncio
import re

import pytest
from django.test import Client
from pydantic import ValidationError

from chatapp import render
from chatapp.db import database_sync_to_async
from chatapp.events import ThinkingDelta, TurnProgress, parse_core
from chatapp.models import Chat
from chatapp.planner.testing import ScriptedBackend
from tests.support.ws import communicator, frames_until, wait_turns_idle

PLAN = {
    "intro": "Three tense thrillers:",
    "picks": [
        {"title": "Se7en", "year": 1995, "reason": "Grim."},
        {"title": "Fargo", "year": 1996, "reason": "Snowbound."},
        {"title": "The Silence of the Lambs", "year": 1991, "reason": "Cat and mouse."},
    ],
}
STEPS = ["Deciding what you asked…", "Planning picks…", "Looking up 3 films…"]


def test_it_parses_progress_and_thinking_events_back_from_their_json():
    progress = TurnProgress(chat_id=1, turn_key="k", index=1, label="Planning picks…", earlier=["Deciding…"])
    thinking = ThinkingDelta(chat_id=1, turn_key="k", delta="They like <b>Mann</b>.")
    assert parse_core(progress.model_dump(mode="json")) == progress
    assert parse_core(thinking.model_dump(mode="json")) == thinking


@pytest.mark.parametrize("fields", [{"index": 0, "label": ""}, {"index": -1, "label": "Planning picks…"}])
def test_it_refuses_a_progress_step_without_a_label_or_with_a_negative_index(fields):
    with pytest.raises(ValidationError):
        parse_core({"type": "turn.progress", "chat_id": 1, "turn_key": "k", **fields})


def test_it_renders_the_whole_step_line_ending_with_the_new_step():
    event = TurnProgress(chat_id=1, turn_key="k1", index=1, label="Planning <picks>…", earlier=["Deciding…"])
    html = render.progress_html(event)
    # Drawn whole (innerHTML), so a page that already shows a step never shows it twice.
    assert html == '<ol id="steps-k1" hx-swap-oob="innerHTML"><li>Deciding…</li><li>Planning &lt;picks&gt;…</li></ol>'


def test_it_renders_reasoning_text_escaped_inside_the_thinking_line():
    html = render.thinking_delta_html(ThinkingDelta(chat_id=1, turn_key="k1", delta="a <script> b"))
    assert html == '<div id="thinking-k1" hx-swap-oob="beforeend">a &lt;script&gt; b</div>'


def _thinking_decide(gate: asyncio.Event | None = None):
    async def decide(request):
        await request.on_reasoning("They want films, ")
        await request.on_reasoning("so: picks.")
        if gate is not None:
            await gate.wait()
        return ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "wants films"})

    return decide


@database_sync_to_async
def _chat(user) -> Chat:
    return Chat.objects.create(owner=user)


@pytest.mark.django_db(transaction=True)
async def test_it_sends_the_steps_in_order_and_the_thinking_on_the_html_socket(alice, scripted):
    scripted.add(_thinking_decide(), purpose="decide_mode")
    scripted.add(ScriptedBackend.tool("plan_picks", PLAN), purpose="plan_picks")
    chat = await _chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "a tense 90s thriller"})
    frames = await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
    steps = [f for f in frames if f.startswith('<ol id="steps-')]
    assert [re.findall(r"<li>(.*?)</li>", s) for s in steps] == [STEPS[:1], STEPS[:2], STEPS]
    thinking = [f for f in frames if f.startswith('<div id="thinking-')]
    assert "".join(t.split(">", 1)[1].rsplit("<", 1)[0] for t in thinking) == "They want films, so: picks."
    # Each step comes before the work it names: the first card after "Looking up 3 films…".
    first_card = next(i for i, f in enumerate(frames) if "card-pick" in f)
    assert frames.index(steps[-1]) < first_card
    # The finished message keeps its reasoning (collapsed) but no longer lists steps.
    final = frames[-1]
    assert "They want films, so: picks." in final and 'class="thinking-box"' in final
    assert "progress-steps" not in final


@pytest.mark.django_db(transaction=True)
async def test_it_sends_the_steps_as_json_with_their_index_in_order(alice, scripted):
    scripted.add(_thinking_decide(), purpose="decide_mode")
    scripted.add(ScriptedBackend.tool("plan_picks", PLAN), purpose="plan_picks")
    chat = await _chat(alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_json_from()  # sync
    await comm.send_json_to({"action": "send", "text": "a tense 90s thriller"})
    events = []
    while not events or events[-1]["type"] != "turn.ended":
        events.append(await comm.receive_json_from(timeout=10))
    await comm.disconnect()
    progress = [e for e in events if e["type"] == "turn.progress"]
    assert [(e["index"], e["label"], e["earlier"]) for e in progress] == [
        (i, s, STEPS[:i]) for i, s in enumerate(STEPS)
    ]
    thinking = "".join(e["delta"] for e in events if e["type"] == "thinking.delta")
    assert thinking == "They want films, so: picks."
    types = [e["type"] for e in events]
    assert types.index("turn.progress") < types.index("thinking.delta") < types.index("mode.decided")
    assert events[-1]["assistant_message"]["status"] == "complete"


@pytest.mark.django_db(transaction=True)
async def test_it_shows_the_latest_step_on_a_page_reloaded_mid_turn(alice, scripted):
    gate = asyncio.Event()
    scripted.add(_thinking_decide(gate), purpose="decide_mode")
    scripted.add(ScriptedBackend.tool("plan_picks", PLAN), purpose="plan_picks")
    chat = await _chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "a tense 90s thriller"})
    await frames_until(comm, "so: picks.")
    html = await database_sync_to_async(_page)(alice, chat)
    assert '<ol class="progress-steps" id="steps-' in html and "<li>Deciding what you asked…</li>" in html
    gate.set()
    await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
    await wait_turns_idle()
    html = await database_sync_to_async(_page)(alice, chat)
    assert "Deciding what you asked…" not in html  # a finished answer lists no steps
    assert "They want films, so: picks." in html  # but keeps its Thinking line


def _page(user, chat) -> str:
    client = Client()
    client.force_login(user)
    return client.get(f"/chats/{chat.pk}/").content.decode()


@pytest.mark.django_db(transaction=True)
async def test_it_stores_the_planning_step_with_the_mode_for_a_page_reloaded_while_planning(alice, scripted):
    gate = asyncio.Event()

    async def slow_plan(request):
        await gate.wait()
        return ScriptedBackend.tool("plan_picks", PLAN)

    scripted.add(_thinking_decide(), purpose="decide_mode")
    scripted.add(slow_plan, purpose="plan_picks")
    chat = await _chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "a tense 90s thriller"})
    await frames_until(comm, "Planning picks…")  # stored by the save that follows it (with the mode)
    html = await database_sync_to_async(_page)(alice, chat)
    assert "<li>Deciding what you asked…</li>" in html and "<li>Planning picks…</li>" in html
    gate.set()
    await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
    await wait_turns_idle()
