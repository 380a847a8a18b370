"""Image jobs with TURN_RUNNER=procrastinate, end to end: 2 daphne processes, a Procrastinate worker, PostgreSQL, Redis.

Runs only when the suite runs with TURN_RUNNER=procrastinate (CI's third leg). An image turn is a job on the
queue "images": a worker process runs the five variations and web processes only pass its events on. Nothing
is simulated but OpenAI (a local fake server plans, and hangs an AI edit to hold a job mid-run).
"""

import asyncio
import json
import os
import signal
import time

import httpx
import pytest
import websockets

from tests.fakes.openai_server import FakeOpenAIServer, hang, tool_call
from tests.support.browser import RUN_DIR
from tests.support.images import bright_photo
from tests.support.scaled import JsonSocket, deployment_with_model

pytestmark = pytest.mark.skipif(
    os.environ.get("MARQUEE_SUITE_TURN_RUNNER") != "procrastinate",
    reason="starts daphne processes and Procrastinate workers: run with TURN_RUNNER=procrastinate "
    "(PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379 needed)",
)


def _look(label: str, *ops: dict) -> dict:
    return {"label": label, "strategy": f"{label} look", "operations": list(ops)}


def _plan(first: dict | None = None) -> dict:
    """Five local looks (the first one replaced by `first` when given)."""
    looks = [_look(f"Look {i}", {"op": "contrast", "params": {"strength": 1 + i / 20}}) for i in range(5)]
    if first is not None:
        looks[0] = first
    return {"variations": looks, "diversity_axes": ["contrast"]}


# An AI edit after a local step: the worker has stored step results and then waits on the images endpoint.
HELD = _look("AI sky", {"op": "saturation", "params": {"factor": 1.1}}, {"op": "aiEdit", "params": {"prompt": "sky"}})


@pytest.fixture(scope="module")
def model():
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def deployment(model):
    with deployment_with_model(model.base_url, IMAGE_EDIT_BACKEND="openai") as deployed:
        yield deployed


@pytest.fixture(scope="module")
def upload() -> bytes:
    return bright_photo((1200, 900))


async def _start_job(server, token: str, chat_id: int, text: str, data: bytes) -> int:
    """POST /api/imagelab/jobs (upload + instruction) to one web process: the new job's id."""
    async with httpx.AsyncClient(base_url=server.url, headers={"authorization": f"Bearer {token}"}) as client:
        response = await client.post(
            "/api/imagelab/jobs",
            data={"instruction": text, "chat": str(chat_id)},
            files={"image": ("photo.jpg", data, "image/jpeg")},
            timeout=60,
        )
    assert response.status_code == 201, response.text
    return response.json()["id"]


async def _get(server, path: str, *, token: str = "", session: str = "") -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {"cookie": f"sessionid={session}"}
    async with httpx.AsyncClient(base_url=server.url, headers=headers) as client:
        response = await client.get(path, timeout=30)
    assert response.status_code == 200, response.text
    return response


def _image_work(log: str, chat_id: int) -> list[str]:
    """The image-work steps (variation, execute) a process logged for the chat's turns (marquee.flow lines)."""
    steps = []
    for line in log.splitlines():
        _, sep, data = line.partition(" INFO marquee.flow ")
        if sep and data.startswith("{"):
            entry = json.loads(data)
            if entry.get("chat_id") == chat_id and entry.get("name") in ("variation", "execute"):
                steps.append(entry["name"])
    return steps


async def _page_frames_until(ws, needles: set[str], timeout: float = 90.0) -> str:
    """HTML frames of the page's socket until every needle was in one of them."""
    seen = ""
    deadline = time.monotonic() + timeout
    while not all(n in seen for n in needles):
        seen += await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
    return seen


async def test_it_runs_an_image_job_in_a_worker_and_streams_it_to_the_page_on_another_process(
    deployment, model, upload
):
    session, chat_id, token = deployment.image_person()
    web_a, web_b = deployment.servers
    watcher = await JsonSocket.open(web_b, session, chat_id)
    page = await websockets.connect(
        web_b.url.replace("http://", "ws://") + f"/ws/chats/{chat_id}/",
        origin=web_b.url,
        additional_headers={"Cookie": f"sessionid={session}"},
        max_size=None,
    )
    await page.recv()  # the page's history sync
    model.enqueue(tool_call("plan_variations", _plan()))
    job_id = await _start_job(web_a, token, chat_id, "more contrast", upload)

    ended, seen = await watcher.until("turn.ended", timeout=90)
    assert ended["status"] == "complete", deployment.logs()
    assert {e["variation"] for e in seen if e["type"] == "variation.done"} == {0, 1, 2, 3, 4}  # revisions repeat one
    assert [e["status"] for e in seen if e["type"] == "job.ended"] == ["done"]
    # The page on the other process got every final rendered, too.
    await _page_frames_until(page, {f"/imagelab/jobs/{job_id}/v{i}/final.jpg" for i in range(5)})
    job = (await _get(web_b, f"/api/imagelab/jobs/{job_id}", token=token)).json()
    assert job["status"] == "done"
    assert [v["status"] for v in job["variations"]] == ["done"] * 5

    # Where it ran: every process logs the image work it does (marquee.flow); all of it is in the worker's log,
    # none in either web process's.
    worker_log = (RUN_DIR / "worker0.log").read_text(errors="replace")
    assert "execute" in _image_work(worker_log, chat_id)
    assert _image_work(worker_log, chat_id).count("variation") >= 5
    assert [_image_work(s.log_path.read_text(errors="replace"), chat_id) for s in deployment.servers] == [[], []]
    await page.close()
    await watcher.close()


async def test_it_ends_a_killed_workers_image_job_as_interrupted_and_a_retry_makes_five(deployment, model, upload):
    session, chat_id, token = deployment.image_person()
    web_a, web_b = deployment.servers
    watcher = await JsonSocket.open(web_b, session, chat_id)
    model.enqueue(tool_call("plan_variations", _plan(HELD)), hang(120))  # the AI edit never answers
    edits = len(model.bodies("/images/edits"))
    job_id = await _start_job(web_a, token, chat_id, "a sky and more contrast", upload)
    await watcher.until("plans", timeout=60)
    deadline = time.monotonic() + 60
    while len(model.bodies("/images/edits")) <= edits:  # mid-job: the worker waits on the images endpoint
        assert time.monotonic() < deadline, deployment.logs()
        await asyncio.sleep(0.05)
    assert (await _get(web_a, f"/api/imagelab/jobs/{job_id}", token=token)).json()["status"] == "running"

    worker = deployment.workers[-1]
    worker.send_signal(signal.SIGKILL)
    worker.wait(timeout=10)
    killed_at = time.monotonic()
    deployment.start_worker()  # what a supervisor does; the dead one's job is not resumed
    ended, _ = await watcher.until("turn.ended", timeout=40)
    assert ended["status"] == "interrupted", deployment.logs()
    assert time.monotonic() - killed_at <= 30
    assert (await _get(web_a, f"/api/imagelab/jobs/{job_id}", token=token)).json()["status"] == "interrupted"
    html = (await _get(web_a, f"/chats/{chat_id}/", session=session)).text
    assert 'class="shimmer"' not in html  # nothing keeps loading
    assert "Try again" in html

    model.enqueue(tool_call("plan_variations", _plan()))
    await watcher.send(action="retry")  # one click on "Try again"
    ended, seen = await watcher.until("turn.ended", timeout=90)
    assert ended["status"] == "complete", deployment.logs()
    [retried] = {e["job_id"] for e in seen if e["type"] == "job.ended" and e["status"] == "done"}
    assert retried != job_id
    job = (await _get(web_b, f"/api/imagelab/jobs/{retried}", token=token)).json()
    assert [v["status"] for v in job["variations"]] == ["done"] * 5
    await watcher.close()
