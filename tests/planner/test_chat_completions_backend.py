"""OpenAIChatBackend against the fake server: streamed fragments, messages, errors."""

import pytest

from chatapp.planner.backends import (
    FunctionCallItem,
    FunctionCallOutput,
    ImageInput,
    InputMessage,
    OpenAIChatBackend,
    PlannerError,
    PlannerRequest,
)
from chatapp.planner.runner import run_tool_call
from chatapp.planner.steplog import StepLog
from chatapp.planner.tools import Tool
from recs.flows.tools import DecideModeArgs, PlanPicksArgs
from tests.fakes.openai_server import error, failed, text, tool_call

DECIDE = Tool.from_model(DecideModeArgs)
PICKS = Tool.from_model(PlanPicksArgs)
PICKS_ARGS = {
    "intro": "Try these.",
    "picks": [{"title": "Thief", "year": 1981, "reason": "Mann's debut."}],
}


def request(**kw):
    values = dict(
        instructions="You plan movie chats.",
        input=[InputMessage(role="user", text="Something like Heat?")],
        model="gpt-chat",
        purpose="plan_picks",
    )
    values.update(kw)
    return PlannerRequest(**values)


@pytest.fixture
def backend(openai_client):
    return OpenAIChatBackend(openai_client, retry_budget=2.0)


async def test_it_assembles_streamed_tool_call_fragments(fake_openai, backend):
    fake_openai.enqueue(tool_call("plan_picks", PICKS_ARGS))
    reply = await backend.complete(request(tools=[PICKS, DECIDE], tool_choice="plan_picks", previous_response_id="x"))
    [call] = reply.tool_calls
    assert call.name == "plan_picks" and call.call_id.startswith("call_fake_")
    assert PICKS.parse(call.arguments).picks[0].title == "Thief"
    assert reply.response_id.startswith("chatcmpl-")
    body = fake_openai.requests[0].body
    assert fake_openai.requests[0].path == "/v1/chat/completions"
    assert body["messages"][0] == {"role": "system", "content": "You plan movie chats."}
    assert body["tool_choice"] == {"type": "function", "function": {"name": "plan_picks"}}
    assert body["parallel_tool_calls"] is False and body["stream"] is True
    assert [t["function"]["name"] for t in body["tools"]] == ["plan_picks", "decide_mode"]
    assert all(t["function"]["strict"] is True for t in body["tools"])
    assert "previous_response_id" not in body
    assert body["reasoning_effort"] == "low" and body["verbosity"] == "low"


async def test_it_streams_text(fake_openai, backend):
    fake_openai.enqueue(text("Heat is a 1995 film.", chunks=4))
    chunks = []

    async def on_text(delta):
        chunks.append(delta)

    reply = await backend.complete(request(), on_text=on_text)
    assert len(chunks) == 4 and "".join(chunks) == reply.text == "Heat is a 1995 film."
    body = fake_openai.requests[0].body
    assert "tools" not in body and "tool_choice" not in body and "parallel_tool_calls" not in body


async def test_it_converts_input_items_to_messages(fake_openai, backend):
    fake_openai.enqueue(text("ok"))
    items = [
        InputMessage(role="user", text="Look", images=[ImageInput(url="https://img.example/p.png")]),
        FunctionCallItem(call_id="c1", name="decide_mode", arguments="{}"),
        FunctionCallItem(call_id="c2", name="other", arguments="{}"),
        FunctionCallOutput(call_id="c1", output="bad"),
        FunctionCallOutput(call_id="c2", output="ignored"),
    ]
    await backend.complete(request(input=items))
    messages = fake_openai.requests[0].body["messages"][1:]
    assert messages[0] == {
        "role": "user",
        "content": [
            {"type": "text", "text": "Look"},
            {
                "type": "image_url",
                "image_url": {"url": "https://img.example/p.png", "detail": "auto"},
            },
        ],
    }
    assert [c["id"] for c in messages[1]["tool_calls"]] == ["c1", "c2"]
    assert messages[2] == {"role": "tool", "tool_call_id": "c1", "content": "bad"}
    assert len(messages) == 4


async def test_it_reasks_by_replaying_history(fake_openai, backend):
    fake_openai.enqueue(
        tool_call("decide_mode", '{"mode": "X"}', response_id="chatcmpl-1"),
        tool_call("decide_mode", {"mode": "A", "reason": "r"}),
    )
    run = await run_tool_call(
        backend=backend,
        request=request(previous_response_id="resp_prev"),
        tool=DECIDE,
        steplog=StepLog(),
        step_name="decide_mode",
    )
    assert run.args.mode == "A" and run.attempts == 2
    messages = fake_openai.requests[1].body["messages"]
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "tool"]
    assert messages[3]["content"].startswith("Invalid arguments: mode: Input should be 'A' or 'B'")


async def test_it_retries_429_then_succeeds(fake_openai, backend):
    fake_openai.enqueue(error(429, headers={"retry-after-ms": "10"}), text("hi"))
    assert (await backend.complete(request())).text == "hi"


async def test_it_maps_an_error_chunk(fake_openai, backend):
    fake_openai.enqueue(failed("invalid_prompt", "flagged"))
    with pytest.raises(PlannerError, match="flagged"):
        await backend.complete(request())


async def test_it_asks_for_usage_in_the_stream_and_reads_the_last_chunk(fake_openai, backend):
    fake_openai.enqueue(
        tool_call("plan_picks", PICKS_ARGS, usage={"input": 900, "cached": 512, "output": 80, "reasoning": 64})
    )
    reply = await backend.complete(request(tools=[PICKS], tool_choice="plan_picks"))
    [body] = fake_openai.bodies("/chat/completions")
    assert body["stream_options"] == {"include_usage": True}
    assert reply.tool_calls[0].name == "plan_picks"
    assert reply.usage is not None
    assert (reply.usage.input_tokens, reply.usage.cached_tokens) == (900, 512)
    assert (reply.usage.output_tokens, reply.usage.reasoning_tokens) == (80, 64)
