"""Every planner call counted: the metered backend's records, turn sums, and the JSON Lines planner log."""

import json
import threading
from decimal import Decimal

import pytest

from chatapp.planner.backends import (
    InputMessage,
    OpenAIResponsesBackend,
    PlannerContext,
    PlannerError,
    PlannerReply,
    PlannerRequest,
    RulesBackend,
    ToolCall,
    make_openai_client,
)
from chatapp.planner.metering import JsonlLog, Meter, MeteredBackend, metering, usage_summary
from chatapp.planner.testing import ScriptedBackend
from chatapp.planner.usage import DEFAULT_MODEL_PRICES
from tests.fakes.openai_server import error, text, tool_call
from tests.support.planner import FAKE_API_KEY

SAMPLING = {"reasoning_effort": "low", "verbosity": "low"}


def request(**kw):
    values = dict(
        instructions="You plan movie chats.",
        input=[InputMessage(role="user", text="Something like Heat? my key is sk-live-abcdefgh12345678")],
        model="gpt-5-mini",
        purpose="decide_mode",
    )
    values.update(kw)
    return PlannerRequest(**values)


def lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture
def patient_client(fake_openai):
    # These tests count tokens, not time: a loaded machine must not turn the fake's replies into timeouts.
    return make_openai_client(api_key=FAKE_API_KEY, base_url=fake_openai.base_url, timeout=20.0)


@pytest.fixture
def metered(patient_client, tmp_path):
    inner = OpenAIResponsesBackend(patient_client, retry_budget=20.0)
    log_path = tmp_path / "deep" / "log" / "planner.jsonl"  # folders are created as needed
    return MeteredBackend(inner, prices=DEFAULT_MODEL_PRICES, sampling=SAMPLING, log_path=str(log_path)), log_path


async def test_it_records_each_call_with_usage_cost_and_time_into_the_turns_meter(fake_openai, metered):
    backend, _ = metered
    fake_openai.enqueue(
        tool_call(
            "decide_mode", {"mode": "B", "reason": "films"}, usage={"input": 2000, "cached": 1000, "output": 100}
        ),
        text("Heat is great.", usage={"input": 500, "output": 50, "reasoning": 30}),
    )
    meter = Meter(ids={"chat_id": 7, "turn_key": "t1"})
    with metering(meter):
        await backend.complete(request())
        await backend.complete(request(model="gpt-5", purpose="movies.answer"))
    first, second = meter.records
    assert (first.backend, first.model, first.purpose, first.metered) == ("openai", "gpt-5-mini", "decide_mode", True)
    assert first.usage.cached_tokens == 1000 and first.ms > 0 and first.status == "ok"
    # 1000 fresh at $0.25/M + 1000 cached at $0.025/M + 100 out at $2/M
    assert first.cost == Decimal("0.000475")
    assert first.output == {
        "text": "",
        "tool_calls": [
            {
                "name": "decide_mode",
                "call_id": first.output["tool_calls"][0]["call_id"],
                "arguments": {"mode": "B", "reason": "films"},
            }
        ],
    }
    assert second.cost == Decimal("0.0011250")  # 500 in at $1.25/M + 50 out at $10/M
    summary = usage_summary(meter.records)
    assert summary == {
        "input_tokens": 2500,
        "cached_tokens": 1000,
        "output_tokens": 150,
        "reasoning_tokens": 30,
        "total_tokens": 2650,
        "cost": pytest.approx(0.0016),
        "calls": 2,
        "offline": False,
        "unpriced": [],
    }


async def test_it_writes_one_json_line_per_call_and_never_an_api_key(fake_openai, metered):
    backend, log_path = metered
    fake_openai.enqueue(tool_call("decide_mode", {"mode": "A", "reason": "Bearer abcdefghijkl123"}), error(400))
    with metering(Meter(ids={"chat_id": 3, "turn_key": "k"})):
        await backend.complete(request())
        with pytest.raises(PlannerError):
            await backend.complete(request(purpose="plan_picks"))
    ok, failed = lines(log_path)
    assert set(ok) >= {"request_id", "backend", "model", "sampling", "usage", "ms", "output", "cost", "chat_id"}
    assert ok["backend"] == "openai" and ok["sampling"] == SAMPLING and ok["chat_id"] == 3
    assert ok["usage"] == {"input_tokens": 42, "cached_tokens": 0, "output_tokens": 7, "reasoning_tokens": 0}
    assert ok["output"]["tool_calls"][0]["arguments"]["mode"] == "A"
    assert failed["status"] == "error" and failed["usage"] is None and failed["purpose"] == "plan_picks"
    written = log_path.read_text()
    assert FAKE_API_KEY not in written and "sk-live-abcdefgh12345678" not in written
    assert "abcdefghijkl123" not in written  # a bearer token in the model's output is redacted too
    headers = fake_openai.requests[0].headers
    assert headers["authorization"] == f"Bearer {FAKE_API_KEY}"  # the key was really used, only never written


async def test_a_rules_call_is_offline_and_costs_nothing(tmp_path):
    rules = RulesBackend(answerers={PlannerContext: lambda req: "hello"})
    log_path = tmp_path / "planner.jsonl"
    backend = MeteredBackend(rules, prices=DEFAULT_MODEL_PRICES, sampling=SAMPLING, log_path=str(log_path))
    meter = Meter()
    with metering(meter):
        await backend.complete(request(context=PlannerContext()))
    [record] = meter.records
    assert (record.metered, record.usage, record.cost, record.model) == (False, None, Decimal(0), "rules")
    assert record.sampling == {}  # nothing was sampled
    assert usage_summary(meter.records)["offline"] is True
    assert lines(log_path)[0]["cost"] == 0


async def test_a_model_without_a_price_leaves_the_turns_cost_unknown(fake_openai, patient_client):
    backend = MeteredBackend(OpenAIResponsesBackend(patient_client, retry_budget=20.0), prices={})
    fake_openai.enqueue(text("hi"))
    meter = Meter()
    with metering(meter):
        await backend.complete(request(model="llama3"))
    summary = usage_summary(meter.records)
    assert summary["cost"] is None and summary["unpriced"] == ["llama3"] and summary["input_tokens"] == 42


def test_the_log_keeps_every_line_whole_under_concurrent_writers(tmp_path):
    path = tmp_path / "planner.jsonl"
    logs = [JsonlLog(str(path)) for _ in range(4)]  # several writers on one file, as several processes would be
    big = "x" * 20_000

    def write(log, n):
        for i in range(50):
            log.write({"writer": n, "i": i, "output": big})

    threads = [threading.Thread(target=write, args=(log, n)) for n, log in enumerate(logs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rows = lines(path)
    assert len(rows) == 200 and all(row["output"] == big for row in rows)


def test_an_unwritable_log_never_breaks_a_call(tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("")
    JsonlLog(str(blocker / "planner.jsonl")).write({"a": 1})  # a folder that cannot exist: logged, not raised
    assert "not written" in caplog.text


async def test_it_records_a_reply_whose_arguments_nest_past_the_recursion_limit(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    inner = ScriptedBackend()
    inner.add(PlannerReply(tool_calls=[ToolCall(call_id="c", name="decide_mode", arguments=deep)]))
    backend = MeteredBackend(inner, prices={}, log_path=str(tmp_path / "planner.jsonl"))
    with metering(Meter()) as meter:
        reply = await backend.complete(PlannerRequest(instructions="", input=[], model="m"))
    assert reply.tool_calls[0].arguments == deep  # handed on for the tool's parser to refuse
    assert meter.records[0].output["tool_calls"][0]["arguments"] == deep  # kept as the text it sent
