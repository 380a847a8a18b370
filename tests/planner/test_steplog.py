"""StepLog times steps, logs one redacted JSON line per step, and round-trips as JSON."""

import json
import logging

import pytest

from chatapp.planner.steplog import REDACTED, StepLog, redact

API_KEY = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"


def flow_lines(caplog):
    return [json.loads(r.getMessage()) for r in caplog.records if r.name == "marquee.flow"]


def test_it_times_a_step_and_logs_one_line(caplog):
    caplog.set_level(logging.INFO, logger="marquee.flow")
    log = StepLog("movie_turn", {"chat_id": 7, "turn_key": "t1"})
    with log.step("decide_mode", args={"q": "films?"}, label="t_decide_mode", model="gpt-x") as step:
        step.result = "mode=B"
    [saved] = log.steps
    assert saved.status == "ok" and saved.result == "mode=B" and saved.error is None
    assert saved.end_ms >= saved.start_ms >= 0
    assert saved.duration_ms == round(saved.end_ms - saved.start_ms, 1)
    [line] = flow_lines(caplog)
    assert line["flow"] == "movie_turn" and line["chat_id"] == 7 and line["turn_key"] == "t1"
    assert line["name"] == "decide_mode" and line["label"] == "t_decide_mode" and line["model"] == "gpt-x"


async def test_it_works_as_an_async_context_manager():
    log = StepLog()
    async with log.step("stream") as step:
        step.result = "42 chars"
    assert log.steps[0].result == "42 chars"


def test_it_marks_a_failing_step_and_reraises():
    log = StepLog()
    with pytest.raises(RuntimeError, match="boom"), log.step("fetch"):
        raise RuntimeError("boom")
    assert log.steps[0].status == "error"
    assert log.steps[0].error == "RuntimeError: boom"


def test_it_keeps_a_status_set_inside_the_block():
    log = StepLog()
    with log.step("maybe") as step:
        step.status = "skipped"
    assert log.steps[0].status == "skipped"


def test_it_records_already_timed_actions():
    log = StepLog()
    log.record("poster", duration_ms=12.34, label="t_posters")
    log.record("cache_hit", start_ms=5.0, duration_ms=1.0, status="skipped")
    first, second = log.steps
    assert first.duration_ms == 12.3
    assert (second.start_ms, second.end_ms, second.duration_ms) == (5.0, 6.0, 1.0)


def test_it_sums_timings_per_label():
    log = StepLog()
    log.record("a", duration_ms=10, label="t_decide_mode")
    log.record("a.reask", duration_ms=5.5, label="t_decide_mode")
    log.record("picks", duration_ms=3, label="t_plan_picks")
    log.record("unlabelled", duration_ms=100)
    timings = log.timings()
    assert timings["t_decide_mode"] == 15.5 and timings["t_plan_picks"] == 3.0
    assert "unlabelled" not in timings and timings["t_total"] >= 0
    total = log.finish()
    assert log.timings()["t_total"] == total


def test_it_round_trips_as_json():
    log = StepLog()
    with log.step("decide_mode", args={"n": 1}, label="t_decide_mode") as step:
        step.result = "ok"
    log.record("x", status="error", error="bad")
    data = json.loads(json.dumps(log.to_list()))
    again = StepLog.from_list(data)
    assert again.to_list() == data
    assert again.timings()["t_decide_mode"] == log.timings()["t_decide_mode"]


def test_it_never_logs_or_stores_secrets(caplog):
    caplog.set_level(logging.INFO, logger="marquee.flow")
    log = StepLog("turn", {"chat_id": 1})
    with (
        pytest.raises(ValueError),
        log.step(
            "call",
            args={
                "api_key": API_KEY,
                "headers": {"Authorization": f"Bearer {API_KEY}"},
                "note": f"using key {API_KEY} now",
                "nested": [{"password": "hunter2"}, {"access_token": "abc"}],
                "max_tokens": 300,
            },
        ) as step,
    ):
        step.result = f"echo {API_KEY}"
        raise ValueError(f"401 Incorrect API key provided: {API_KEY}. Authorization: Bearer abcdef123456")
    stored = json.dumps(log.to_list())
    assert API_KEY not in caplog.text and API_KEY not in stored
    assert "hunter2" not in stored and "abcdef123456" not in stored
    args = log.steps[0].args
    assert args["api_key"] == REDACTED and args["max_tokens"] == 300
    assert args["headers"]["Authorization"] == REDACTED
    assert args["note"] == f"using key {REDACTED} now"


def test_it_redacts_bearer_tokens_in_plain_text():
    assert redact("Authorization: Bearer eyJhbGciOi.xyz") == f"Authorization: Bearer {REDACTED}"


def test_it_logs_t_total_once_when_the_flow_finishes(caplog):
    caplog.set_level(logging.INFO, logger="marquee.flow")
    log = StepLog("movie_turn", {"chat_id": 7, "turn_key": "t1"})
    log.record("decide_mode", duration_ms=2, label="t_decide_mode")
    assert not [line for line in flow_lines(caplog) if line["label"] == "t_total"]
    total = log.finish()
    log.finish()  # a second finish (e.g. Stop racing the end) logs nothing more
    [line] = [line for line in flow_lines(caplog) if line["label"] == "t_total"]
    assert line["flow"] == "movie_turn" and line["chat_id"] == 7 and line["turn_key"] == "t1"
    assert line["duration_ms"] == total and line["timings"]["t_decide_mode"] == 2.0
    assert line["timings"]["t_total"] == total
