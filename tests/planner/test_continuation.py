"""continue_tool_call: judge the call an auto-choice reply made, re-ask once with the error, fall back, or fail."""

from chatapp.planner.backends import FunctionCallItem, FunctionCallOutput, InputMessage, PlannerReply, PlannerRequest
from chatapp.planner.continuation import continue_tool_call
from chatapp.planner.runner import PlanningFailed
from chatapp.planner.steplog import StepLog
from chatapp.planner.testing import ScriptedBackend
from chatapp.planner.tools import Tool
from recs.flows.tools import DecideModeArgs, PlanPicksArgs

DECIDE = Tool.from_model(DecideModeArgs)
PICKS = Tool.from_model(PlanPicksArgs)
GOOD = {"mode": "B", "reason": "wants films"}
S = ScriptedBackend


def request():
    return PlannerRequest(
        instructions="Decide.",
        input=[InputMessage(role="user", text="something like Heat?")],
        model="gpt-main",
        tools=[PICKS, DECIDE],
        purpose="decide_mode",
    )


async def go(backend, reply, log=None, fallback_model=None):
    return await continue_tool_call(
        backend=backend,
        request=request(),
        reply=reply,
        tool=DECIDE,
        steplog=log or StepLog("test"),
        step_name="decide_mode",
        fallback_model=fallback_model,
    )


async def test_it_takes_a_valid_call_without_asking_again():
    backend = S([])
    result = await go(backend, PlannerReply(tool_calls=[S.call("decide_mode", GOOD, "c1")]))
    assert result.args == DecideModeArgs(**GOOD) and result.attempts == 1 and backend.requests == []


async def test_it_re_asks_with_the_error_replaying_the_call_when_the_backend_keeps_no_thread():
    backend = S([S.tool("decide_mode", GOOD, call_id="c2")])
    log = StepLog()
    bad = PlannerReply(tool_calls=[S.call("decide_mode", {"mode": "Z", "reason": "?"}, "c1")])
    result = await go(backend, bad, log)
    [sent] = backend.requests
    assert sent.tool_choice == "decide_mode" and [t.name for t in sent.tools] == ["decide_mode", "plan_picks"]
    replayed = [i for i in sent.input if isinstance(i, FunctionCallItem)]
    [output] = [i for i in sent.input if isinstance(i, FunctionCallOutput)]
    assert [c.call_id for c in replayed] == ["c1"] and output.call_id == "c1" and "mode" in output.output
    assert result.attempts == 2 and result.args.mode == "B"
    assert [(s.name, s.status) for s in log.steps][:2] == [("decide_mode", "error"), ("decide_mode.reask", "ok")]


async def test_it_falls_back_then_fails_plainly_when_only_words_come_back():
    backend = S([S.text("I think B."), S.text("B, surely.")])
    bad = PlannerReply(tool_calls=[S.call("decide_mode", "{not json", "c1")])
    try:
        await go(backend, bad, fallback_model="gpt-small")
    except PlanningFailed as exc:
        assert len(exc.reasons) == 3 and "fallback (gpt-small)" in exc.reasons[2]
    else:
        raise AssertionError("expected PlanningFailed")
    assert [r.model for r in backend.requests] == ["gpt-main", "gpt-small"]
