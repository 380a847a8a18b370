"""RulesBackend answers from app handlers reading the typed request.context, deterministically."""

import asyncio
import json
import threading
from dataclasses import dataclass

import pytest

from chatapp.planner.backends import (
    InputMessage,
    PlannerContext,
    PlannerError,
    PlannerRequest,
    RulesBackend,
)
from chatapp.planner.runner import run_tool_call
from chatapp.planner.steplog import StepLog
from chatapp.planner.tools import Tool
from recs.flows.tools import DecideModeArgs

DECIDE = Tool.from_model(DecideModeArgs)


@dataclass(frozen=True, kw_only=True)
class SaidContext(PlannerContext):
    user_text: str = ""


@dataclass(frozen=True, kw_only=True)
class QuotedContext(SaidContext):
    """A subclass: answered by its base class's answerer."""


@dataclass(frozen=True, kw_only=True)
class OtherContext(PlannerContext):
    """A kind with no answerer registered."""


def decide(request):
    wants_films = "recommend" in request.context.user_text
    return DecideModeArgs(mode="B" if wants_films else "A", reason="rule")


def req(**kw):
    values = dict(
        instructions="",
        input=[InputMessage(role="user", text="x")],
        model="",
        context=SaidContext(user_text="recommend a film"),
    )
    values.update(kw)
    return PlannerRequest(**values)


BACKEND = RulesBackend(
    tool_handlers={"decide_mode": decide, "raw": lambda r: {"b": 2, "a": 1}},
    answerers={SaidContext: lambda r: f"You said: {r.context.user_text}"},
)


async def test_it_answers_a_forced_tool_from_the_context():
    reply = await BACKEND.complete(req(tool_choice="decide_mode", tools=[DECIDE]))
    [call] = reply.tool_calls
    assert call.name == "decide_mode" and json.loads(call.arguments) == {
        "mode": "B",
        "reason": "rule",
    }
    assert reply.response_id is None and reply.model == "rules"


async def test_it_uses_deterministic_call_ids():
    one = await BACKEND.complete(req(tool_choice="raw"))
    two = await BACKEND.complete(req(tool_choice="raw"))
    assert one.tool_calls[0].call_id == two.tool_calls[0].call_id
    assert one.tool_calls[0].call_id.startswith("call_rules_")


async def test_it_streams_text_word_by_word():
    chunks = []

    async def sink(delta):
        chunks.append(delta)

    reply = await BACKEND.complete(req(), on_text=sink)
    assert chunks == ["You ", "said: ", "recommend ", "a ", "film"]
    assert reply.text == "".join(chunks)


@pytest.mark.parametrize("overrides", [{"tool_choice": "unknown"}, {"context": OtherContext()}, {"context": None}])
async def test_it_refuses_requests_without_a_handler(overrides):
    with pytest.raises(PlannerError) as info:
        await BACKEND.complete(req(**overrides))
    assert info.value.code == "rules_missing_handler"


async def test_it_finds_the_text_answerer_by_the_context_class_not_by_the_purpose_label():
    for purpose in ("", "answer", "anything"):
        reply = await BACKEND.complete(req(purpose=purpose))
        assert reply.text == "You said: recommend a film"
    reply = await BACKEND.complete(req(context=QuotedContext(user_text="hi")))
    assert reply.text == "You said: hi"


async def test_it_works_through_the_runner():
    run = await run_tool_call(
        backend=BACKEND,
        request=req(context=SaidContext(user_text="what is noir?")),
        tool=DECIDE,
        steplog=StepLog(),
        step_name="decide_mode",
    )
    assert run.args.mode == "A" and run.attempts == 1


async def test_it_lets_a_text_handler_answer_with_an_offered_tool_call():
    from pydantic import BaseModel as _Model

    from chatapp.planner.backends.base import PlannerReply, PlannerRequest
    from chatapp.planner.backends.rules import RulesBackend, rules_tool_call
    from chatapp.planner.tools import Tool

    class Args(_Model):
        item: str

    tool = Tool(name="propose", description="Propose a change.", args_model=Args)
    backend = RulesBackend(
        answerers={SaidContext: lambda req: PlannerReply(tool_calls=[rules_tool_call("propose", {"item": "x"})])}
    )
    reply = await backend.complete(
        PlannerRequest(instructions="", input=[], model="m", tools=[tool], context=SaidContext())
    )
    assert [c.name for c in reply.tool_calls] == ["propose"] and reply.text == ""


async def test_it_refuses_a_text_handler_calling_a_tool_that_was_not_offered():
    import pytest as _pytest

    from chatapp.planner.backends.base import PlannerError, PlannerReply, PlannerRequest
    from chatapp.planner.backends.rules import RulesBackend, rules_tool_call

    backend = RulesBackend(answerers={SaidContext: lambda req: PlannerReply(tool_calls=[rules_tool_call("x", {})])})
    with _pytest.raises(PlannerError):
        await backend.complete(PlannerRequest(instructions="", input=[], model="m", context=SaidContext()))


async def test_it_logs_rules_as_the_model_even_when_a_model_is_configured():
    log = StepLog()
    await run_tool_call(
        backend=BACKEND, request=req(model="gpt-5-mini"), tool=DECIDE, steplog=log, step_name="decide_mode"
    )
    [step] = log.steps
    assert step.model == "rules"


async def test_it_plans_off_the_event_loop_so_other_sockets_keep_moving():
    loop_thread = threading.get_ident()
    other_socket_ran = threading.Event()
    seen = {}

    def slow_decide(request):
        seen["thread"] = threading.get_ident()
        # Blocks like CPU-bound planning until another coroutine has run: on the loop's own
        # thread that could never happen, and this would time out.
        seen["loop_free"] = other_socket_ran.wait(timeout=3)
        return decide(request)

    async def other_socket():
        other_socket_ran.set()

    backend = RulesBackend(tool_handlers={"decide_mode": slow_decide})
    other = asyncio.create_task(other_socket())
    reply = await backend.complete(req(tool_choice="decide_mode", tools=[DECIDE]))
    await other
    assert seen["thread"] != loop_thread and seen["loop_free"] is True
    assert json.loads(reply.tool_calls[0].arguments) == {"mode": "B", "reason": "rule"}
