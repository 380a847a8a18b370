"""Logs: LOG_FORMAT=json makes every line one JSON object (marquee.flow lines included), and a failed API
turn is logged once (by the turn), not again as `ERROR Bad Gateway` by Django's request logger."""

import io
import json
import logging
import logging.config
import os
import subprocess
import sys
from pathlib import Path

import pytest

from chatapp.planner.steplog import StepLog
from chatapp.planner.testing import ScriptedBackend
from tests.support.api import api_for

ROOT = Path(__file__).resolve().parents[2]


def logging_config(log_format: str) -> dict:
    """The LOGGING dict settings.py builds for a LOG_FORMAT (read in a fresh interpreter)."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"} | {"LOG_FORMAT": log_format}
    code = "import json, chatapp.settings as s; print(json.dumps(s.LOGGING))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.fixture
def configured(request):
    """Apply a LOGGING dict with the console handler writing to a buffer; restore Django's afterwards."""
    from django.conf import settings

    buffer = io.StringIO()

    def apply(log_format: str) -> io.StringIO:
        config = logging_config(log_format)
        for handler in config["handlers"].values():
            handler["stream"] = buffer
        logging.config.dictConfig(config)
        return buffer

    yield apply
    logging.config.dictConfig(settings.LOGGING)


def test_it_writes_every_line_as_one_json_object_under_log_format_json(configured):
    out = configured("json")
    StepLog("movie_turn", {"chat_id": 7, "turn_key": "t1"}).finish()
    logging.getLogger("marquee.ws").warning("socket %s refused", 3)
    logging.getLogger("django.request").error("Internal Server Error: /x")
    logging.getLogger("daphne.server").info("Listening")
    try:
        raise ValueError("boom")
    except ValueError:
        logging.getLogger("marquee.turns").exception("turn crashed")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]  # every line parses, one object each
    by_logger = {line["name"]: line for line in lines}
    assert set(by_logger) == {"marquee.flow", "marquee.ws", "django.request", "daphne.server", "marquee.turns"}
    flow = by_logger["marquee.flow"]
    assert flow["levelname"] == "INFO" and "asctime" in flow
    assert (
        flow["data"]["flow"] == "movie_turn" and flow["data"]["chat_id"] == 7 and "t_total" in json.dumps(flow["data"])
    )
    assert "message" not in flow  # the step is JSON, not a JSON string inside JSON
    assert by_logger["marquee.ws"]["message"] == "socket 3 refused"
    assert "ValueError: boom" in by_logger["marquee.turns"]["exc_info"]


def test_it_keeps_plain_text_lines_by_default(configured):
    out = configured("text")
    StepLog("movie_turn", {"chat_id": 7, "turn_key": "t1"}).finish()
    logging.getLogger("marquee.ws").warning("socket refused")
    first, second = out.getvalue().splitlines()
    assert " INFO marquee.flow {" in first and json.loads(first.split(" marquee.flow ", 1)[1])["chat_id"] == 7
    assert second.endswith("WARNING marquee.ws socket refused")


def test_it_refuses_an_unknown_log_format():
    with pytest.raises(subprocess.CalledProcessError) as failed:
        logging_config("xml")
    assert "LOG_FORMAT must be one of text, json" in failed.value.stderr


@pytest.mark.django_db(transaction=True)
def test_it_does_not_log_a_failed_api_turn_again_as_bad_gateway(alice, scripted, caplog):
    bad = ScriptedBackend.tool("decide_mode", {"mode": "C"})
    scripted.add(bad, bad, bad, purpose="decide_mode")
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    caplog.set_level(logging.INFO)
    response = api.post(f"/api/chats/{chat_id}/messages", {"text": "hello"}, content_type="application/json")
    assert response.status_code == 502
    assert [r for r in caplog.records if r.name == "django.request"] == []
    assert any(r.name == "marquee.flow" and '"status": "error"' in r.getMessage() for r in caplog.records)


@pytest.mark.django_db
def test_it_logs_a_refused_host_header_as_one_warning_line_without_a_traceback(configured, client):
    out = configured("text")
    answered = client.get("/login/", headers={"host": "evil.example"})
    assert answered.status_code == 400
    lines = out.getvalue().splitlines()
    refused = [line for line in lines if "django.security.DisallowedHost" in line]
    assert len(refused) == 1 and " WARNING " in refused[0] and "evil.example" in refused[0]
    assert not any("Traceback" in line for line in lines)  # a scan's every request would print one
