"""TURN_RUNNER=procrastinate end to end: 2 daphne processes, Procrastinate workers, PostgreSQL and Redis.

Runs only when the suite runs with TURN_RUNNER=procrastinate (CI's third leg; PostgreSQL at 127.0.0.1:5432,
Redis at 127.0.0.1:6379): it starts real processes, so nothing here is simulated but the model (a local
fake OpenAI server that answers, or hangs to keep a turn running).
"""

import asyncio
import os
import signal
import time

import pytest

from tests.fakes.openai_server import FakeOpenAIServer, hang, text, tool_call
from tests.support.scaled import JsonSocket, deployment_with_model

pytestmark = pytest.mark.skipif(
    os.environ.get("MARQUEE_SUITE_TURN_RUNNER") != "procrastinate",
    reason="starts daphne processes and Procrastinate workers: run with TURN_RUNNER=procrastinate "
    "(PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379 needed)",
)


@pytest.fixture(scope="module")
def model():
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def deployment(model):
    with deployment_with_model(model.base_url) as deployed:
        yield deployed


def _answers(model) -> None:
    """What the model says for one chat turn: it is a question (mode A), then the answer."""
    model.enqueue(tool_call("decide_mode", {"mode": "A", "reason": "chat"}), text("Here is a thought about films."))


async def _until_asked(model, before: int, timeout: float = 20.0) -> None:
    """The worker has the turn: it sent its request to the model (which hangs), however loaded the machine."""
    deadline = time.monotonic() + timeout
    while len(model.requests) <= before:
        assert time.monotonic() < deadline, "no worker took the turn"
        await asyncio.sleep(0.05)


async def _both(deployment):
    session, chat_id = deployment.person()
    a = await JsonSocket.open(deployment.servers[0], session, chat_id)
    b = await JsonSocket.open(deployment.servers[1], session, chat_id)
    return a, b


async def test_it_lets_another_process_watch_and_stop_a_turn_a_worker_runs(deployment, model):
    a, b = await _both(deployment)
    model.enqueue(hang(40))  # the model never answers: the turn runs until stopped
    asked = len(model.requests)
    await a.send(action="send", text="a slow answer please")
    started, _ = await b.until("turn.started")  # the turn sent to process A is seen from B
    await _until_asked(model, asked)  # a worker has it and waits on the model
    await b.send(action="stop")
    ended_b, _ = await b.until("turn.ended", timeout=10)
    ended_a, _ = await a.until("turn.ended", timeout=10)
    assert ended_b["status"] == ended_a["status"] == "stopped", deployment.logs()
    assert ended_b["assistant_message_id"] == started["assistant_message_id"]
    _answers(model)
    await b.send(action="send", text="and now a quick one")  # the chat is free at once
    ended, _ = await a.until("turn.ended", timeout=20)
    assert ended["status"] == "complete", deployment.logs()
    await a.close()
    await b.close()


async def test_it_ends_a_killed_workers_turn_as_interrupted_and_answers_the_next(deployment, model):
    a, b = await _both(deployment)
    model.enqueue(hang(60))
    asked = len(model.requests)
    await a.send(action="send", text="an answer that will be cut")
    await a.until("turn.started")
    await _until_asked(model, asked)  # running on the worker
    worker = deployment.workers[-1]
    worker.send_signal(signal.SIGKILL)
    worker.wait(timeout=10)
    killed_at = time.monotonic()
    deployment.start_worker()  # what a supervisor does; the dead one's turn is not resumed
    ended, _ = await b.until("turn.ended", timeout=40)
    assert ended["status"] == "interrupted", deployment.logs()
    assert time.monotonic() - killed_at <= 30
    _answers(model)
    await a.send(action="send", text="try once more")
    ended, _ = await b.until("turn.ended", timeout=30)
    assert ended["status"] == "complete", deployment.logs()
    await a.close()
    await b.close()


async def test_it_delivers_every_event_to_a_socket_idle_for_30_seconds(deployment, model):
    a, b = await _both(deployment)
    await asyncio.sleep(31)  # longer than any Redis read timeout
    _answers(model)
    await a.send(action="send", text="after a long pause")
    ended_a, seen_a = await a.until("turn.ended", timeout=30)
    ended_b, seen_b = await b.until("turn.ended", timeout=30)
    assert ended_a["status"] == ended_b["status"] == "complete", deployment.logs()
    assert [e["type"] for e in seen_b] == [e["type"] for e in seen_a if e["type"] != "message.accepted"]
    assert any(e["type"] == "text.delta" for e in seen_b)
    await a.close()
    await b.close()


async def test_it_ends_a_turn_as_interrupted_when_its_worker_stops_past_the_grace_time(deployment, model):
    a, b = await _both(deployment)
    model.enqueue(hang(60))
    asked = len(model.requests)
    await a.send(action="send", text="an answer outlasting a deploy")
    await a.until("turn.started")
    await _until_asked(model, asked)
    worker = deployment.workers[-1]
    worker.send_signal(signal.SIGTERM)  # a deploy: waits TURN_SHUTDOWN_GRACE_S (2 s here), then aborts
    ended, _ = await b.until("turn.ended", timeout=20)
    assert ended["status"] == "interrupted", deployment.logs()
    assert worker.wait(timeout=20) is not None
    deployment.start_worker()
    _answers(model)
    await a.send(action="retry")  # one click on "Try again"
    ended, _ = await b.until("turn.ended", timeout=30)
    assert ended["status"] == "complete", deployment.logs()
    await a.close()
    await b.close()
