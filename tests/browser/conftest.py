"""End-to-end fixtures: real daphne servers as subprocesses, a fake OpenAI, and Debian's Chromium.

Two servers, each with its own fresh database copied from one migrated template: a SQLite file by
default; when the suite runs with DATABASE_URL=postgres://…, a PostgreSQL database per server on the
same host (`marquee_e2e_<pid>_<name>`, CREATE DATABASE … TEMPLATE), all dropped at the session's end:

* `live_server_url` — the default configuration: no keys, offline rule planner, embedded catalogue.
* `openai_server_url` — the same app with OPENAI_API_KEY/OPENAI_BASE_URL pointing at a local
  FakeOpenAIServer (`fake_openai`), so the product's real Responses-API path runs against scripted,
  slow or hanging replies. Started only when a test asks for it.

Pages come from a fresh browser context per test (`page`, or `new_page()` for a second person).
Never `playwright install`: the browser is /usr/bin/chromium (`make browser-deps`).
The servers and the person's steps are in tests/support/browser.py.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from tests.browser.databases import PostgresDatabases, SqliteDatabases, suite_postgres_url
from tests.fakes.openai_server import FakeOpenAIServer
from tests.support.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    PYTHON,
    ROOT,
    RUN_DIR,
    SHOTS,
    running_servers,
    server_env,
    start_server,
    stop_server,
)
from tests.support.image_page import draw_portrait


def pytest_collection_modifyitems(config, items):
    if Path(CHROMIUM).exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing: run `make browser-deps` (apt-get install chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On failure: attach each running server's log tail, and a screenshot of every open page."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    for server in running_servers:
        report.sections.append((f"daphne {server.name} log ({server.log_path})", server.log_tail()))
    pages = getattr(item, "_marquee_pages", [])
    for n, page in enumerate(pages):
        try:
            path = SHOTS / "failures" / f"{item.name}-{n}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(path), full_page=True)
            report.sections.append((f"screenshot {n}", str(path)))
        except Exception as exc:  # noqa: BLE001 - a closed page must not hide the real failure
            report.sections.append((f"screenshot {n}", f"failed: {exc}"))


@pytest.fixture(scope="session")
def migrated_db():
    """One migrated template database (SQLite file or PostgreSQL database); every server gets a copy.

    Every copy and the template are removed at the session's end, whatever the tests' outcome.
    """
    shutil.rmtree(RUN_DIR, ignore_errors=True)
    RUN_DIR.mkdir(parents=True)
    pg_url = suite_postgres_url()
    databases = PostgresDatabases(pg_url) if pg_url else SqliteDatabases(RUN_DIR)
    try:
        databases.prepare()
        result = subprocess.run(
            [PYTHON, "manage.py", "migrate", "--noinput"],
            cwd=ROOT,
            env=server_env(databases.template_url),
            capture_output=True,
            text=True,
            timeout=120,
        )
        if result.returncode != 0:
            raise RuntimeError(f"migrate failed:\n{result.stdout}\n{result.stderr}")
        yield databases
    finally:
        databases.close()
        shutil.rmtree(RUN_DIR, ignore_errors=True)


@pytest.fixture(scope="session")
def live_server_url(migrated_db) -> str:
    """The default app (offline rule planner, embedded catalogue) on a real daphne."""
    server = start_server("rules", migrated_db)
    yield server.url
    stop_server(server)


class ScriptedOpenAI(FakeOpenAIServer):
    """The shared FakeOpenAIServer, plus `enqueue_after(seconds, reply)`: answer, but only after a wait."""

    def __init__(self) -> None:
        super().__init__()
        self._delays: dict[int, float] = {}
        self._gates: dict[int, threading.Event] = {}
        self.held = threading.Event()  # set once a held reply's request has arrived

    def enqueue_after(self, seconds: float, reply) -> None:
        self._delays[id(reply)] = seconds
        self.enqueue(reply)

    def enqueue_held(self, reply) -> threading.Event:
        """Answer only once the returned event is set (the test decides when, e.g. after a fault)."""
        gate = threading.Event()
        self._gates[id(reply)] = gate
        self.enqueue(reply)
        return gate

    def next_reply(self):
        reply = super().next_reply()
        if reply is not None:
            delay = self._delays.pop(id(reply), 0.0)
            if delay:
                self.stopping.wait(delay)  # the handler thread holds the response back
            gate = self._gates.pop(id(reply), None)
            if gate is not None:
                self.held.set()
                gate.wait(60)
        return reply

    def drain(self) -> None:
        """Forget the last test: its unused replies, holds and recorded requests (the server outlives tests, so
        a count of requests, e.g. `wait_for_requests`, must start from this test's first one)."""
        self.requests.clear()
        while super().next_reply() is not None:
            pass
        self._delays.clear()
        for gate in self._gates.values():
            gate.set()
        self._gates.clear()
        self.held.clear()


@pytest.fixture(scope="session")
def _fake_openai_session():
    server = ScriptedOpenAI().start()
    yield server
    server.stop()


@pytest.fixture
def fake_openai(_fake_openai_session) -> ScriptedOpenAI:
    """The fake OpenAI behind `openai_server_url`, with an empty queue and no recorded requests for this test."""
    _fake_openai_session.drain()
    yield _fake_openai_session
    _fake_openai_session.drain()


@pytest.fixture(scope="session")
def openai_server_url(migrated_db, _fake_openai_session) -> str:
    """The app with the real OpenAI code path, talking to the fake OpenAI on loopback."""
    server = start_server(
        "openai",
        migrated_db,
        OPENAI_API_KEY="test-key",
        OPENAI_BASE_URL=_fake_openai_session.base_url,
        PLANNER_RETRY_BUDGET="30",  # the whole planning of a turn may take one OPENAI_TIMEOUT
        OPENAI_TIMEOUT="30",
        OPENAI_REASONING_SUMMARY="auto",  # the fake streams a reasoning summary when a reply scripts one
    )
    yield server.url
    stop_server(server)


# Module scope: while Playwright's sync API is alive it keeps its event loop registered on the
# main thread, and async tests collected after a browser module would fail with
# "Runner.run() cannot be called from a running event loop".
@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, headless, driven by Playwright's sync API."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser, request):
    """Open a page in a fresh browser context (a separate person: own cookies)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=10_000)
    contexts = []
    request.node._marquee_pages = []

    def open_page(viewport: dict | None = None):
        context = browser.new_context(viewport=viewport or DESKTOP)
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        request.node._marquee_pages.append(page)
        return page

    errors: list[str] = []
    open_page.js_errors = errors
    yield open_page
    for context in contexts:
        context.close()
    request.node._marquee_pages = []
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(new_page):
    """A desktop-sized page for the first person."""
    return new_page()


@pytest.fixture(scope="module")
def portrait(tmp_path_factory):
    """A 600×800 PNG (red door, blue sky), unlike the landscape in shape and colour."""
    return draw_portrait(tmp_path_factory.mktemp("photos") / "portrait.png")
