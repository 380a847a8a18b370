"""OpenAIResponsesBackend against the fake server, through the real SDK and HTTP."""

import json
import logging
import time

import pytest

from chatapp.planner.backends import (
    FunctionCallItem,
    FunctionCallOutput,
    ImageInput,
    InputMessage,
    OpenAIResponsesBackend,
    PlannerError,
    PlannerRequest,
    PlannerUnavailable,
    PreviousResponseNotFound,
    make_openai_client,
)
from chatapp.planner.deadline import Deadline
from chatapp.planner.runner import run_text, run_tool_call
from chatapp.planner.steplog import StepLog
from chatapp.planner.tools import Tool
from recs.flows.tools import DecideModeArgs, PlanPicksArgs
from tests.fakes.openai_server import error, failed, hang, stream_error, text, tool_call
from tests.support.planner import FAKE_API_KEY

DECIDE = Tool.from_model(DecideModeArgs)
PICKS = Tool.from_model(PlanPicksArgs)
GOOD = {"mode": "B", "reason": "wants films"}


def request(**kw):
    values = dict(
        instructions="You plan movie chats.",
        input=[InputMessage(role="user", text="Something like Heat?")],
        model="gpt-main",
        purpose="decide_mode",
    )
    values.update(kw)
    return PlannerRequest(**values)


@pytest.fixture
def backend(openai_client):
    return OpenAIResponsesBackend(openai_client, retry_budget=10.0)  # the client's timeout (conftest.py)


async def decide(backend, req=None, fallback_model=None, steplog=None):
    return await run_tool_call(
        backend=backend,
        request=req or request(),
        tool=DECIDE,
        steplog=steplog or StepLog("t"),
        step_name="decide_mode",
        label="t_decide_mode",
        fallback_model=fallback_model,
    )


async def test_it_parses_a_forced_tool_call(fake_openai, backend):
    fake_openai.enqueue(tool_call("decide_mode", GOOD, response_id="resp_1"))
    run = await decide(backend, request(previous_response_id="resp_0", tools=[PICKS]))
    assert run.args == DecideModeArgs(**GOOD) and run.reply.response_id == "resp_1"
    assert run.call.call_id.startswith("call_fake_") and run.model == "gpt-main"
    [sent] = fake_openai.requests
    assert sent.path == "/v1/responses"
    assert sent.headers["authorization"] == f"Bearer {FAKE_API_KEY}"
    body = sent.body
    assert body["previous_response_id"] == "resp_0"
    assert body["parallel_tool_calls"] is False and body["stream"] is True and body["store"] is True
    assert body["tool_choice"] == {"type": "function", "name": "decide_mode"}
    assert [t["name"] for t in body["tools"]] == ["decide_mode", "plan_picks"]
    assert all(t["strict"] is True and t["type"] == "function" for t in body["tools"])
    assert body["tools"][0]["parameters"] == DECIDE.json_schema()
    assert body["reasoning"] == {"effort": "low"} and body["text"] == {"verbosity": "low"}
    assert body["instructions"] == "You plan movie chats."


async def test_it_converts_every_input_item(fake_openai, openai_client):
    backend = OpenAIResponsesBackend(openai_client, reasoning_effort=None, verbosity="none")
    fake_openai.enqueue(text("ok"))
    items = [
        InputMessage(
            role="user",
            text="Look",
            images=[ImageInput(url="data:image/png;base64,AAA", detail="low")],
        ),
        InputMessage(role="assistant", text="Nice."),
        FunctionCallItem(call_id="c1", name="decide_mode", arguments="{}"),
        FunctionCallOutput(call_id="c1", output="done"),
    ]
    await backend.complete(request(input=items))
    body = fake_openai.requests[0].body
    assert body["input"] == [
        {
            "role": "user",
            "content": [
                {"type": "input_text", "text": "Look"},
                {"type": "input_image", "image_url": "data:image/png;base64,AAA", "detail": "low"},
            ],
        },
        {"role": "assistant", "content": "Nice."},
        {"type": "function_call", "call_id": "c1", "name": "decide_mode", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "done"},
    ]
    assert "reasoning" not in body and "text" not in body
    assert "tools" not in body and "tool_choice" not in body and "previous_response_id" not in body


async def test_it_streams_text_deltas_in_order(fake_openai, backend):
    fake_openai.enqueue(text("Heat (1995) is a crime epic by Michael Mann.", chunks=6, response_id="resp_t"))
    chunks = []

    async def on_text(delta):
        chunks.append(delta)

    reply = await run_text(backend=backend, request=request(), steplog=StepLog(), step_name="answer", on_text=on_text)
    assert len(chunks) == 6
    assert "".join(chunks) == reply.text == "Heat (1995) is a crime epic by Michael Mann."
    assert reply.response_id == "resp_t"


async def test_it_sends_tool_options_only_when_tools_are_offered(fake_openai, backend):
    # A mode-A answer offers no tools: compatible servers may refuse parallel_tool_calls alone.
    fake_openai.enqueue(text("Heat is by Michael Mann."), tool_call("decide_mode", GOOD))
    chunks = []

    async def on_text(delta):
        chunks.append(delta)

    await backend.complete(request(purpose="movies.answer"), on_text=on_text)
    await backend.complete(request(tools=[DECIDE], tool_choice="decide_mode"))
    assert "".join(chunks) == "Heat is by Michael Mann."
    no_tools, with_tools = fake_openai.bodies("/responses")
    assert not {"tools", "parallel_tool_calls", "tool_choice"} & set(no_tools)
    assert with_tools["parallel_tool_calls"] is False
    assert with_tools["tool_choice"] == {"type": "function", "name": "decide_mode"}


async def test_it_waits_for_retry_after_then_succeeds(fake_openai, backend):
    fake_openai.enqueue(
        error(
            429,
            {"message": "Rate limit reached", "type": "requests", "code": "rate_limit_exceeded"},
            headers={"retry-after": "0.2"},
        ),
        tool_call("decide_mode", GOOD),
    )
    started = time.monotonic()
    run = await decide(backend)
    assert time.monotonic() - started >= 0.2
    assert run.args.mode == "B" and len(fake_openai.requests) == 2


async def test_it_honours_retry_after_ms(fake_openai, backend):
    fake_openai.enqueue(error(503, headers={"retry-after-ms": "30"}), text("back"))
    assert (await backend.complete(request())).text == "back"


async def test_it_gives_up_on_5xx_within_the_budget(fake_openai, openai_client):
    backend = OpenAIResponsesBackend(openai_client, retry_budget=0.3)
    fake_openai.enqueue(*[error(500, headers={"retry-after-ms": "20"}) for _ in range(100)])
    started = time.monotonic()
    with pytest.raises(PlannerUnavailable) as info:
        await backend.complete(request())
    assert time.monotonic() - started < 1.0
    assert len(fake_openai.requests) > 2
    assert info.value.code == "upstream_unavailable"
    assert info.value.user_message == "The AI service is busy or unreachable right now. Please try again in a minute."


async def test_it_does_not_sleep_past_the_budget(fake_openai, openai_client):
    backend = OpenAIResponsesBackend(openai_client, retry_budget=0.5)
    fake_openai.enqueue(error(429, headers={"retry-after": "30"}))
    started = time.monotonic()
    with pytest.raises(PlannerUnavailable, match="gave up after 1 attempt"):
        await backend.complete(request())
    assert time.monotonic() - started < 0.5


async def test_it_retries_a_timeout_then_succeeds(fake_openai):
    client = make_openai_client(FAKE_API_KEY, fake_openai.base_url, timeout=0.2)
    backend = OpenAIResponsesBackend(client, retry_budget=2.0)
    fake_openai.enqueue(hang(5), tool_call("decide_mode", GOOD))
    run = await decide(backend)
    assert run.args.mode == "B" and len(fake_openai.requests) == 2


async def test_it_reports_unavailable_when_every_attempt_times_out(fake_openai):
    client = make_openai_client(FAKE_API_KEY, fake_openai.base_url, timeout=0.15)
    backend = OpenAIResponsesBackend(client, retry_budget=0.4)
    fake_openai.enqueue(*[hang(5) for _ in range(20)])
    started = time.monotonic()
    with pytest.raises(PlannerUnavailable, match="APITimeoutError"):
        await backend.complete(request())
    assert time.monotonic() - started < 0.4 + 0.15 + 0.3


async def test_it_reasks_after_invalid_json_arguments(fake_openai, backend):
    fake_openai.enqueue(
        tool_call("decide_mode", '{"mode": "B", "reason": ', response_id="resp_bad", call_id="call_bad"),
        tool_call("decide_mode", GOOD, response_id="resp_good"),
    )
    run = await decide(backend)
    assert run.attempts == 2 and run.reply.response_id == "resp_good"
    reask = fake_openai.requests[1].body
    assert reask["previous_response_id"] == "resp_bad"
    [output] = reask["input"]
    assert output["type"] == "function_call_output" and output["call_id"] == "call_bad"
    assert output["output"].startswith("Invalid arguments: arguments are not valid JSON")
    assert reask["tool_choice"] == {"type": "function", "name": "decide_mode"}


async def test_it_reasks_when_text_comes_back_instead_of_a_call(fake_openai, backend):
    fake_openai.enqueue(text("I think you'd like Thief.", response_id="resp_txt"), tool_call("decide_mode", GOOD))
    run = await decide(backend)
    assert run.args.mode == "B"
    reask = fake_openai.requests[1].body
    assert reask["previous_response_id"] == "resp_txt"
    assert reask["input"][0]["role"] == "user"
    assert "You must call the decide_mode tool" in reask["input"][0]["content"][0]["text"]


async def test_it_maps_previous_response_not_found(fake_openai, backend):
    fake_openai.enqueue(
        error(
            400,
            {
                "message": "Previous response with id 'resp_old' not found.",
                "type": "invalid_request_error",
                "param": "previous_response_id",
                "code": "previous_response_not_found",
            },
        )
    )
    with pytest.raises(PreviousResponseNotFound):
        await decide(backend, request(previous_response_id="resp_old"), fallback_model="gpt-fallback")
    assert len(fake_openai.requests) == 1


async def test_it_ignores_a_second_unknown_call(fake_openai, backend):
    fake_openai.enqueue(tool_call("decide_mode", GOOD, extra_calls=[("rm_rf", {"path": "/"})]))
    log = StepLog()
    run = await decide(backend, steplog=log)
    assert [c.name for c in run.ignored_calls] == ["rm_rf"]
    assert log.steps[-1].name == "decide_mode.ignored_call" and log.steps[-1].status == "skipped"


async def test_it_explains_a_refused_api_key(fake_openai, backend):
    fake_openai.enqueue(
        error(
            401,
            {"message": f"Incorrect API key provided: {FAKE_API_KEY}", "code": "invalid_api_key"},
        )
    )
    with pytest.raises(PlannerError) as info:
        await backend.complete(request())
    assert info.value.user_message == "The AI service refused our API key; an operator must fix OPENAI_API_KEY."
    assert FAKE_API_KEY not in str(info.value)
    assert len(fake_openai.requests) == 1


async def test_it_reports_other_client_errors_without_retrying(fake_openai, backend):
    fake_openai.enqueue(error(400, {"message": "Invalid schema for function", "type": "invalid_request_error"}))
    with pytest.raises(PlannerError, match="Invalid schema") as info:
        await backend.complete(request())
    assert info.value.code == "bad_request" and not isinstance(info.value, PlannerUnavailable)


async def test_it_retries_a_stream_that_fails_with_a_server_error(fake_openai, backend):
    fake_openai.enqueue(failed("server_error", "The server had an error"), text("recovered"))
    assert (await backend.complete(request())).text == "recovered"


async def test_it_reports_a_stream_failure_that_is_not_transient(fake_openai, backend):
    fake_openai.enqueue(failed("invalid_prompt", "Your prompt was flagged"))
    with pytest.raises(PlannerError, match="invalid_prompt"):
        await backend.complete(request())


async def test_it_keeps_the_api_key_out_of_the_flow_log(fake_openai, backend, caplog):
    caplog.set_level(logging.DEBUG)
    fake_openai.enqueue(error(401, {"message": f"Incorrect API key provided: {FAKE_API_KEY}"}))
    log = StepLog("turn", {"chat_id": 1})
    with pytest.raises(PlannerError):
        await decide(backend, steplog=log)
    assert FAKE_API_KEY not in caplog.text
    assert FAKE_API_KEY not in json.dumps(log.to_list())
    assert log.steps[0].status == "error"


async def test_it_gives_each_attempt_at_most_the_time_left_before_the_deadline(fake_openai):
    client = make_openai_client(FAKE_API_KEY, fake_openai.base_url, timeout=5.0)  # one request may wait 5 s
    backend = OpenAIResponsesBackend(client, retry_budget=20.0)
    fake_openai.enqueue(*[hang(30) for _ in range(5)])
    started = time.monotonic()
    with pytest.raises(PlannerUnavailable):
        await backend.complete(request(deadline=Deadline.after(0.5)))
    assert time.monotonic() - started < 0.5 + 1.0  # the deadline, not OPENAI_TIMEOUT nor the backend budget
    assert len(fake_openai.requests) == 1


async def test_it_sends_nothing_once_the_deadline_has_passed(fake_openai, openai_client):
    backend = OpenAIResponsesBackend(openai_client, retry_budget=20.0)
    with pytest.raises(PlannerUnavailable, match="no time left"):
        await backend.complete(request(deadline=Deadline.after(0)))
    assert fake_openai.requests == []


async def test_it_shares_the_deadline_with_the_fallback_model(fake_openai):
    client = make_openai_client(FAKE_API_KEY, fake_openai.base_url, timeout=5.0)
    backend = OpenAIResponsesBackend(client, retry_budget=20.0)
    fake_openai.enqueue(*[hang(30) for _ in range(5)])
    started = time.monotonic()
    with pytest.raises(PlannerUnavailable):
        await decide(backend, request(deadline=Deadline.after(0.5)), fallback_model="gpt-fallback")
    assert time.monotonic() - started < 0.5 + 1.0
    assert [b["model"] for b in fake_openai.bodies("/responses")] == ["gpt-main"]  # no fresh budget for it


async def test_it_reads_the_token_usage_of_a_streamed_response(fake_openai, backend):
    fake_openai.enqueue(text("Heat is great.", usage={"input": 1200, "cached": 1000, "output": 300, "reasoning": 256}))
    reply = await backend.complete(request())
    assert reply.usage is not None
    assert reply.usage.model_dump() == {
        "input_tokens": 1200,
        "cached_tokens": 1000,
        "output_tokens": 300,
        "reasoning_tokens": 256,
    }
    assert reply.usage.total_tokens == 1500


async def test_it_reads_a_tool_call_streamed_one_token_at_a_time(fake_openai, backend):
    # The real API streams an arguments delta per token: the call must come whole from the final response.
    arguments = {"mode": "B", "reason": "wants films like Heat, with a long reason to split into many deltas"}
    reply = tool_call("decide_mode", arguments, response_id="resp_tokens")
    reply.chunks = 40
    fake_openai.enqueue(reply)
    got = await backend.complete(request(tools=[DECIDE], tool_choice="decide_mode"))
    assert got.response_id == "resp_tokens"
    assert [(c.name, json.loads(c.arguments)) for c in got.tool_calls] == [("decide_mode", arguments)]


async def test_it_streams_every_text_delta_of_a_long_answer(fake_openai, backend):
    answer = "Heat (1995) and Thief (1981) are both Michael Mann films about careful professionals."
    fake_openai.enqueue(text(answer, chunks=30))
    seen = []

    async def on_text(delta):
        seen.append(delta)

    got = await backend.complete(request(purpose="movies.answer"), on_text=on_text)
    assert len(seen) >= 20
    assert "".join(seen) == answer == got.text


async def test_it_reports_an_error_event_in_the_stream(fake_openai, backend):
    fake_openai.enqueue(stream_error("invalid_prompt", "Your prompt was flagged"))
    with pytest.raises(PlannerError, match="invalid_prompt"):
        await backend.complete(request())
