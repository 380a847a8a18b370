"""Model output is untrusted: NUL and lone surrogates never reach storage (PostgreSQL refuses both)."""

import json

import pytest

from chatapp.planner.backends.base import BackendProfile, PlannerReply, PlannerRequest, ToolCall
from chatapp.planner.testing import ScriptedBackend
from chatapp.planner.untrusted import StorableBackend, storable, storable_arguments
from tests.support.api import api_for


def test_it_drops_nul_and_replaces_a_lone_surrogate_in_text():
    assert storable("Hel\x00lo \ud800 there") == "Hello \ufffd there"
    assert storable("plain 😀 text") == "plain 😀 text"


def test_it_cleans_the_strings_inside_a_tool_calls_json():
    raw = '{"reason": "chat\\u0000", "picks": [{"title": "Fargo \\ud800"}], "k\\u0000": 1}'
    assert json.loads(storable_arguments(raw)) == {"reason": "chat", "picks": [{"title": "Fargo \ufffd"}], "k": 1}


@pytest.mark.parametrize(
    "raw",
    ['{"title": "Amélie \\ud83d\\ude00"}', '{"path": "C:\\\\u0000"}', "not json \\u0000", "[" * 100_000],
)
def test_it_leaves_clean_or_unreadable_arguments_as_the_model_sent_them(raw):
    assert storable_arguments(raw) == raw  # a real pair, an escaped backslash, text the tool parser will refuse


async def test_it_cleans_streamed_text_reasoning_and_the_reply():
    class Dirty:
        name, profile = "dirty", BackendProfile()

        async def complete(self, request, *, on_text=None):
            await on_text("Hi\x00 ")
            await request.on_reasoning("think\ud800")
            return PlannerReply(
                text="Hi\x00 there", tool_calls=[ToolCall(call_id="c", name="t", arguments='"\\u0000"')]
            )

    streamed: list[str] = []

    async def sink(delta: str) -> None:
        streamed.append(delta)

    request = PlannerRequest(instructions="", input=[], model="m", on_reasoning=sink)
    reply = await StorableBackend(Dirty()).complete(request, on_text=sink)
    assert streamed == ["Hi ", "think\ufffd"]
    assert (reply.text, reply.tool_calls[0].arguments) == ("Hi there", '""')


@pytest.mark.django_db(transaction=True)
def test_it_stores_a_models_answer_with_nul_and_a_lone_surrogate_as_a_complete_turn(alice, scripted):
    # On PostgreSQL this crashed the turn while it saved (a 500, the answer left streaming).
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat\x00"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Hello\x00 world \ud800"), purpose="movies.answer")
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    sent = api.post(f"/api/chats/{chat_id}/messages", {"text": "hi"}, content_type="application/json")
    assert sent.status_code == 200, sent.content
    answer = sent.json()["assistant_message"]
    assert (answer["status"], answer["content"]) == ("complete", "Hello world \ufffd")
    assert api.get(f"/api/chats/{chat_id}").json()["messages"][-1]["content"] == "Hello world \ufffd"
