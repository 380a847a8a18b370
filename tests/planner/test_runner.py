"""run_tool_call: force, validate, re-ask once, fall back, or fail plainly (scripted backend)."""

import pytest

from chatapp.planner.backends import (
    FunctionCallItem,
    FunctionCallOutput,
    InputMessage,
    PlannerRequest,
    PlannerUnavailable,
    PreviousResponseNotFound,
)
from chatapp.planner.deadline import Deadline
from chatapp.planner.runner import PlanningFailed, run_text, run_tool_call
from chatapp.planner.steplog import StepLog
from chatapp.planner.testing import ScriptedBackend
from chatapp.planner.tools import Tool
from recs.flows.tools import DecideModeArgs, PlanPicksArgs

DECIDE = Tool.from_model(DecideModeArgs)
PICKS = Tool.from_model(PlanPicksArgs)
GOOD = {"mode": "B", "reason": "wants films"}
S = ScriptedBackend


def make_request(**overrides):
    values = dict(
        instructions="Decide.",
        input=[InputMessage(role="user", text="something like Heat?")],
        model="gpt-main",
        previous_response_id="resp_prev",
        purpose="decide_mode",
    )
    values.update(overrides)
    return PlannerRequest(**values)


async def run(backend, request=None, fallback_model=None, steplog=None):
    return await run_tool_call(
        backend=backend,
        request=request or make_request(),
        tool=DECIDE,
        steplog=steplog or StepLog("test"),
        step_name="decide_mode",
        label="t_decide_mode",
        fallback_model=fallback_model,
    )


async def test_it_forces_the_tool_and_keeps_the_callers_tools():
    backend = S([S.tool("decide_mode", GOOD, call_id="c1", response_id="resp_1")])
    result = await run(backend, make_request(tools=[PICKS]))
    [sent] = backend.requests
    assert sent.tool_choice == "decide_mode"
    assert [t.name for t in sent.tools] == ["decide_mode", "plan_picks"]
    assert sent.previous_response_id == "resp_prev"
    assert result.args == DecideModeArgs(**GOOD)
    assert (result.call.call_id, result.model, result.attempts, result.ignored_calls) == (
        "c1",
        "gpt-main",
        1,
        [],
    )
    assert result.reply.response_id == "resp_1"


async def test_it_ignores_second_and_unknown_calls_and_logs_why():
    extra = [
        S.call("delete_everything", {"all": True}, "c2"),
        S.call("decide_mode", {"mode": "A", "reason": "x"}, "c3"),
    ]
    backend = S([S.tool("decide_mode", GOOD, call_id="c1", extra_calls=extra)])
    log = StepLog()
    result = await run(backend, steplog=log)
    assert result.args.mode == "B"
    assert [c.call_id for c in result.ignored_calls] == ["c2", "c3"]
    ignored = [s for s in log.steps if s.name == "decide_mode.ignored_call"]
    assert [s.status for s in ignored] == ["skipped", "skipped"]
    assert ignored[0].result == "ignored: not the requested tool (decide_mode)"
    assert ignored[1].result == "ignored: a second call to the tool"
    assert [o.call_id for o in result.ignored_outputs()] == ["c2", "c3"]


async def test_it_reasks_on_the_thread_after_invalid_arguments():
    backend = S(
        [
            S.tool("decide_mode", '{"mode": "C"', call_id="bad", response_id="resp_1"),
            S.tool("decide_mode", GOOD),
        ],
        threads_responses=True,
    )
    log = StepLog()
    result = await run(backend, steplog=log)
    assert result.attempts == 2 and result.args.mode == "B"
    reask = backend.requests[1]
    assert reask.previous_response_id == "resp_1" and reask.model == "gpt-main"
    assert reask.tool_choice == "decide_mode"
    [output] = reask.input
    assert isinstance(output, FunctionCallOutput) and output.call_id == "bad"
    assert output.output.startswith("Invalid arguments: arguments are not valid JSON")
    assert output.output.endswith("Call decide_mode again with valid arguments.")
    assert [(s.name, s.status) for s in log.steps] == [
        ("decide_mode", "error"),
        ("decide_mode.reask", "ok"),
    ]
    assert "invalid decide_mode arguments" in log.steps[0].error


async def test_it_reasks_with_a_nudge_when_the_model_answers_in_text():
    backend = S(
        [S.text("Sure! Heat is great.", response_id="resp_1"), S.tool("decide_mode", GOOD)],
        threads_responses=True,
    )
    await run(backend)
    [nudge] = backend.requests[1].input
    assert isinstance(nudge, InputMessage) and nudge.role == "user"
    assert nudge.text.startswith("You must call the decide_mode tool")


async def test_it_answers_every_open_call_when_reasking_on_a_thread():
    reply = S.tool("other_tool", {}, call_id="stray", response_id="resp_1")
    backend = S([reply, S.tool("decide_mode", GOOD)], threads_responses=True)
    await run(backend)
    stray, nudge = backend.requests[1].input
    assert isinstance(stray, FunctionCallOutput) and stray.call_id == "stray"
    assert isinstance(nudge, InputMessage)


async def test_it_replays_history_when_the_backend_has_no_threads():
    backend = S(
        [
            S.tool("decide_mode", '{"mode": "C", "reason": "x"}', call_id="bad", response_id="cmpl_1"),
            S.tool("decide_mode", GOOD),
        ]
    )
    await run(backend)
    reask = backend.requests[1]
    assert reask.previous_response_id == "resp_prev"  # never the completion id
    original, call, output = reask.input
    assert original == make_request().input[0]
    assert call == FunctionCallItem(call_id="bad", name="decide_mode", arguments='{"mode": "C", "reason": "x"}')
    assert output.call_id == "bad" and "mode: Input should be 'A' or 'B'" in output.output


async def test_it_replays_the_text_answer_before_the_nudge_without_threads():
    backend = S([S.text("Heat is great."), S.tool("decide_mode", GOOD)])
    await run(backend)
    original, said, nudge = backend.requests[1].input
    assert (said.role, said.text) == ("assistant", "Heat is great.")
    assert nudge.role == "user" and "decide_mode" in nudge.text


async def test_it_falls_back_to_another_model_with_a_fresh_request():
    backend = S(
        [
            S.text("no", response_id="r1"),
            S.text("still no", response_id="r2"),
            S.tool("decide_mode", GOOD),
        ],
        threads_responses=True,
    )
    log = StepLog()
    result = await run(backend, fallback_model="gpt-fallback", steplog=log)
    fallback = backend.requests[2]
    assert fallback.model == "gpt-fallback"
    assert fallback.input == make_request().input and fallback.previous_response_id == "resp_prev"
    assert (result.model, result.attempts) == ("gpt-fallback", 3)
    assert [(s.name, s.model, s.status) for s in log.steps] == [
        ("decide_mode", "gpt-main", "error"),
        ("decide_mode.reask", "gpt-main", "error"),
        ("decide_mode.fallback", "gpt-fallback", "ok"),
    ]
    assert log.timings()["t_decide_mode"] >= 0


async def test_it_fails_plainly_when_every_attempt_is_bad():
    backend = S(
        [
            S.text("a"),
            S.tool("decide_mode", "{}"),
            S.tool("decide_mode", '{"mode": "Z", "reason": ""}'),
        ]
    )
    with pytest.raises(PlanningFailed) as info:
        await run(backend, fallback_model="gpt-fallback")
    error = info.value
    assert error.code == "planning_failed"
    assert error.user_message == "The assistant's plan was not usable, so this turn stopped. Please try again."
    assert len(error.reasons) == 3
    assert "no decide_mode call" in error.reasons[0] and "re-ask" in error.reasons[1]
    assert "fallback (gpt-fallback)" in error.reasons[2]


async def test_it_skips_a_fallback_equal_to_the_main_model():
    backend = S([S.text("a"), S.text("b")])
    with pytest.raises(PlanningFailed) as info:
        await run(backend, fallback_model="gpt-main")
    assert len(backend.requests) == 2 and len(info.value.reasons) == 2


async def test_it_tries_the_fallback_when_the_service_is_unavailable():
    backend = S([PlannerUnavailable("429 forever"), S.tool("decide_mode", GOOD)])
    log = StepLog()
    result = await run(backend, fallback_model="gpt-fallback", steplog=log)
    assert result.model == "gpt-fallback" and result.attempts == 2
    assert log.steps[0].status == "error" and "PlannerUnavailable" in log.steps[0].error


async def test_it_reraises_unavailable_without_a_fallback():
    backend = S([PlannerUnavailable("down")])
    with pytest.raises(PlannerUnavailable):
        await run(backend)


async def test_it_reraises_unavailable_from_the_fallback_too():
    backend = S([PlannerUnavailable("main down"), PlannerUnavailable("fallback down")])
    with pytest.raises(PlannerUnavailable, match="fallback down"):
        await run(backend, fallback_model="gpt-fallback")


async def test_it_neither_reasks_nor_falls_back_once_the_turns_deadline_has_passed():
    passed = Deadline.after(0)
    backend = S([PlannerUnavailable("hung until the deadline"), S.tool("decide_mode", GOOD)])
    with pytest.raises(PlannerUnavailable, match="hung until the deadline"):
        await run(backend, make_request(deadline=passed), fallback_model="gpt-fallback")
    backend = S([S.text("no tool call"), S.tool("decide_mode", GOOD)])
    with pytest.raises(PlanningFailed) as info:
        await run(backend, make_request(deadline=passed), fallback_model="gpt-fallback")
    assert len(backend.requests) == 1 and "deadline passed" in info.value.reasons[-1]


async def test_it_gives_the_fallback_the_same_deadline():
    deadline = Deadline.after(60)
    backend = S([PlannerUnavailable("main down"), S.tool("decide_mode", GOOD)])
    await run(backend, make_request(deadline=deadline), fallback_model="gpt-fallback")
    assert [r.deadline for r in backend.requests] == [deadline, deadline]


async def test_it_lets_previous_response_not_found_through():
    backend = S([PreviousResponseNotFound()])
    with pytest.raises(PreviousResponseNotFound):
        await run(backend, fallback_model="gpt-fallback")
    assert len(backend.requests) == 1


async def test_it_streams_a_text_answer_without_tools():
    backend = S([S.text("Heat is a 1995 crime film.")])
    chunks = []

    async def on_text(delta):
        chunks.append(delta)

    log = StepLog()
    reply = await run_text(
        backend=backend,
        request=make_request(tools=[PICKS], tool_choice="plan_picks"),
        steplog=log,
        step_name="answer",
        label="t_answer",
        on_text=on_text,
    )
    assert "".join(chunks) == reply.text == "Heat is a 1995 crime film."
    sent = backend.requests[0]
    assert sent.tools == [] and sent.tool_choice is None
    assert log.steps[0].name == "answer" and log.steps[0].result.startswith("26 chars")
