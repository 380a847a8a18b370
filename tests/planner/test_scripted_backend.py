"""ScriptedBackend plays back replies, errors and callables, and records requests."""

import pytest

from chatapp.planner.backends import (
    InputMessage,
    PlannerError,
    PlannerReply,
    PlannerRequest,
)
from chatapp.planner.testing import ScriptedBackend

S = ScriptedBackend


def req(purpose="", **kw):
    return PlannerRequest(
        instructions="",
        input=[InputMessage(role="user", text="hi")],
        model="m",
        purpose=purpose,
        **kw,
    )


async def test_it_plays_steps_in_order_and_records_requests():
    backend = S([S.text("one"), S.tool("t", {"a": 1}, call_id="c", response_id="r")])
    first, second = await backend.complete(req()), await backend.complete(req())
    assert first.text == "one" and first.model == "m"
    assert second.tool_calls[0].arguments == '{"a": 1}' and second.response_id == "r"
    assert len(backend.requests) == 2 and backend.remaining == 0


async def test_it_prefers_the_script_for_the_purpose():
    backend = S([S.text("shared")], by_purpose={"answer": [S.text("for answer")]})
    assert (await backend.complete(req("answer"))).text == "for answer"
    assert (await backend.complete(req("answer"))).text == "shared"


async def test_it_raises_scripted_exceptions():
    backend = S([PlannerError("nope")])
    with pytest.raises(PlannerError, match="nope"):
        await backend.complete(req())


async def test_it_calls_callables_with_the_request():
    backend = S([lambda r: PlannerReply(text=f"purpose={r.purpose}")])
    assert (await backend.complete(req("x"))).text == "purpose=x"


async def test_it_streams_text_in_small_chunks():
    backend = S([S.text("a few words here")])
    chunks = []

    async def sink(delta):
        chunks.append(delta)

    await backend.complete(req(), on_text=sink)
    assert chunks == ["a ", "few ", "words ", "here"]


async def test_it_says_clearly_when_the_script_runs_out():
    backend = S()
    with pytest.raises(AssertionError, match="ran out of script at request #1 .*purpose='decide'"):
        await backend.complete(req("decide"))


async def test_it_keeps_raw_argument_text():
    reply = S.tool("t", '{"broken"')
    assert reply.tool_calls[0].arguments == '{"broken"'
