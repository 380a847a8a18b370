"""A turn stores its planner calls' usage and cost: per call (PlannerCall) and per turn (with the answer)."""

from decimal import Decimal

import pytest
from django.test import Client

from chatapp.models import Chat, Message, PlannerCall
from chatapp.render import message_html
from tests.fakes.openai_server import text, tool_call
from tests.support.api import api_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def openai(openai_on, settings):
    # These tests count tokens, not time: a loaded machine must not turn the fake's replies into timeouts.
    settings.PLANNER_RETRY_BUDGET = 30.0
    return openai_on


def send(api, chat_id, words):
    return api.post(f"/api/chats/{chat_id}/messages", {"text": words}, content_type="application/json")


def new_chat(api) -> int:
    return api.post("/api/chats", {}, content_type="application/json").json()["id"]


def test_it_stores_each_calls_usage_and_the_turns_sum_with_its_cost(alice, openai):
    openai.enqueue(
        tool_call(
            "decide_mode",
            {"mode": "A", "reason": "a question"},
            usage={"input": 3000, "cached": 2000, "output": 60, "reasoning": 40},
        ),
        text("Fargo is by the Coen brothers.", usage={"input": 4000, "cached": 0, "output": 200, "reasoning": 120}),
    )
    api = api_for(alice)
    chat_id = new_chat(api)
    answer = send(api, chat_id, "who directed Fargo?").json()["assistant_message"]

    decide, write = PlannerCall.objects.order_by("id")
    message = Message.objects.get(pk=answer["id"])
    for call in (decide, write):
        assert (call.user, call.chat_id, call.message, call.turn_key) == (alice, chat_id, message, message.turn_key)
        assert call.metered and call.backend == "openai" and call.status == "ok" and call.ms > 0
    assert (decide.model, decide.purpose, decide.cached_tokens) == ("gpt-5-mini", "decide_mode", 2000)
    assert decide.cost == Decimal("0.00042")  # 1000 × $0.25/M + 2000 × $0.025/M + 60 × $2/M
    assert write.model == "gpt-5" and write.cost == Decimal("0.007")  # 4000 × $1.25/M + 200 × $10/M

    assert answer["usage"] == {
        "input_tokens": 7000,
        "cached_tokens": 2000,
        "output_tokens": 260,
        "reasoning_tokens": 160,
        "cost": pytest.approx(0.00742),
    }
    detail = api.get(f"/api/chats/{chat_id}").json()["messages"]
    assert [m["usage"] for m in detail if m["role"] == "user"] == [None]
    assert [m["usage"] for m in detail if m["role"] == "assistant"] == [answer["usage"]]


def test_an_offline_turn_costs_nothing_says_so_and_has_no_usage_in_the_api(alice):
    api = api_for(alice)
    chat_id = new_chat(api)
    answer = send(api, chat_id, "who directed Fargo?").json()["assistant_message"]
    assert answer["planner_source"] == "rules" and answer["usage"] is None
    calls = list(PlannerCall.objects.all())
    assert calls and all(c.backend == "rules" and not c.metered and c.cost == 0 for c in calls)
    assert all(c.input_tokens == c.output_tokens == 0 for c in calls)
    page = message_html(Message.objects.get(pk=answer["id"]))
    assert "offline — no cost" in page


def test_each_answer_shows_its_tokens_and_cost_on_hover(alice, openai):
    openai.enqueue(
        tool_call("decide_mode", {"mode": "A", "reason": "q"}, usage={"input": 1000, "output": 10}),
        text("Yes.", usage={"input": 1500, "cached": 1024, "output": 90, "reasoning": 64}),
    )
    api = api_for(alice)
    chat_id = new_chat(api)
    send(api, chat_id, "is Fargo good?")
    client = Client()
    client.force_login(alice)
    page = client.get(f"/chats/{chat_id}/").content.decode()
    assert 'class="msg-usage muted" tabindex="0"' in page
    assert "2,600 tokens · $0.00" in page  # 2,500 in + 100 out
    assert "2,500 input tokens (1,024 cached) · 100 output tokens (64 reasoning) · 2 planner calls" in page


def test_a_model_without_a_price_shows_its_tokens_and_an_unknown_cost(alice, openai, settings):
    settings.OPENAI_MODEL = settings.DECIDE_MODE_MODEL = "llama3"
    from chatapp import llm

    llm.reset_caches()
    openai.enqueue(tool_call("decide_mode", {"mode": "A", "reason": "q"}), text("Yes."))
    api = api_for(alice)
    answer = send(api, new_chat(api), "is Fargo good?").json()["assistant_message"]
    assert answer["usage"]["cost"] is None and answer["usage"]["input_tokens"] == 84
    assert "no price for llama3" in message_html(Message.objects.get(pk=answer["id"]))


def test_a_deleted_chat_keeps_its_calls_for_the_quota(alice):
    api = api_for(alice)
    chat_id = new_chat(api)
    send(api, chat_id, "a thriller please")
    assert api.delete(f"/api/chats/{chat_id}").status_code == 204
    assert not Chat.objects.filter(pk=chat_id).exists()
    assert PlannerCall.objects.filter(user=alice, chat=None).exists()


def test_every_planner_call_of_a_turn_is_one_line_of_the_planner_log(alice, openai, settings, tmp_path):
    import json

    settings.PLANNER_LOG_PATH = str(tmp_path / "var" / "log" / "planner.jsonl")
    openai.enqueue(
        tool_call("decide_mode", {"mode": "A", "reason": "q"}, usage={"input": 100, "output": 5}),
        text("Fargo is a 1996 film.", usage={"input": 200, "output": 20}),
    )
    api = api_for(alice)
    chat_id = new_chat(api)
    answer = send(api, chat_id, "when is Fargo from? my key: sk-proj-abcdefghijklmnop").json()["assistant_message"]
    written = (tmp_path / "var" / "log" / "planner.jsonl").read_text()
    decide, write = (json.loads(line) for line in written.splitlines())
    assert (decide["purpose"], write["purpose"]) == ("decide_mode", "movies.answer")
    for line in (decide, write):
        assert (line["chat_id"], line["turn_key"], line["user_id"]) == (chat_id, answer["turn_key"], alice.pk)
        assert line["backend"] == "openai" and line["sampling"] == {"reasoning_effort": "low", "verbosity": "low"}
        assert line["ms"] > 0 and len(line["request_id"]) == 32
    assert decide["output"]["tool_calls"][0]["arguments"] == {"mode": "A", "reason": "q"}
    assert write["output"]["text"] == "Fargo is a 1996 film." and write["usage"]["input_tokens"] == 200
    stored = PlannerCall.objects.get(purpose="decide_mode")
    assert stored.request_id == decide["request_id"]  # the same call in the database and the log
    assert settings.OPENAI_API_KEY not in written and "sk-proj-abcdefghijklmnop" not in written


def test_an_empty_planner_log_path_writes_no_file(alice, settings, tmp_path):
    settings.PLANNER_LOG_PATH = ""
    api = api_for(alice)
    send(api, new_chat(api), "a thriller please")
    assert PlannerCall.objects.exists() and not list(tmp_path.rglob("*.jsonl"))


def test_a_v1_turn_on_chat_completions_stores_its_streamed_usage(alice, openai, settings):
    settings.CHAT_API_VERSION = "v1"
    openai.enqueue(
        tool_call("search_movies", {"query": "fargo", "year": None}, usage={"input": 800, "cached": 256, "output": 30}),
        text("Try **Fargo** (1996) — snowbound.", usage={"input": 1200, "output": 90, "reasoning": 64}),
    )
    api = api_for(alice)
    answer = send(api, new_chat(api), "something tense").json()["assistant_message"]
    assert answer["planner_source"] == "openai-chat"
    assert all(b["stream_options"] == {"include_usage": True} for b in openai.bodies("/chat/completions"))
    usage = answer["usage"]
    assert (usage["input_tokens"], usage["cached_tokens"], usage["output_tokens"], usage["reasoning_tokens"]) == (
        2000,
        256,
        120,
        64,
    )
    calls = PlannerCall.objects.order_by("id")
    assert [c.backend for c in calls] == ["openai-chat", "openai-chat"] and all(c.metered for c in calls)
    assert usage["cost"] == pytest.approx(float(sum(c.cost for c in calls)))


async def test_a_chat_deleted_while_its_turn_runs_keeps_the_turns_calls_for_the_quota(alice, scripted):
    import asyncio

    from chatapp import services, turns
    from chatapp.db import database_sync_to_async
    from tests.support.ws import gated_mode_a, wait_turns_idle

    gate = gated_mode_a(scripted)
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    await turns.begin(user=alice, chat_id=chat.pk, text="hello", watch=False)
    await asyncio.sleep(0.2)  # the turn is planning, held at its first call
    # The delete alone, as when it lands while the turn's end is being stored (too late for the Stop it sends).
    await database_sync_to_async(services.chat_delete)(user=alice, chat_id=chat.pk)
    gate.set()
    await wait_turns_idle(10)
    calls = await database_sync_to_async(lambda: list(PlannerCall.objects.filter(user=alice)))()
    # Both calls the turn made count for the quota, stored as a deleted chat's (deleting mid-turn is no way out).
    assert sorted(c.purpose for c in calls) == ["decide_mode", "movies.answer"]
    assert all(c.chat_id is None and c.message_id is None for c in calls)
