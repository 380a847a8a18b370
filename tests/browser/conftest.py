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
"""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.browser.databases import PostgresDatabases, SqliteDatabases, suite_postgres_url
from tests.fakes.openai_server import FakeOpenAIServer

ROOT = Path(__file__).resolve().parents[2]
PYTHON = (
    str(ROOT / ".venv" / "bin" / "python")
    if (ROOT / ".venv" / "bin" / "python").exists()
    else sys.executable
)
DAPHNE = str(Path(PYTHON).with_name("daphne"))
CHROMIUM = os.environ.get("MARQUEE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
SHOTS = Path(os.environ.get("MARQUEE_SHOTS", "/tmp/marquee-shots"))
RUN_DIR = Path(f"/tmp/marquee-e2e-{os.getpid()}")
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
PASSWORD = "Marquee-e2e-pass-42"

# Settings that must not leak from the developer's shell into the servers under test.
_SCRUBBED = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "TMDB_API_KEY",
    "TMDB_BASE_URL",
    "REDIS_URL",
    "DATABASE_URL",
    "PLANNER_BACKEND",
    "MOVIE_SOURCE",
    "SECRET_KEY",
    "MESSAGE_MAX_CHARS",
    "TURNS_PER_MINUTE",
    "DJANGO_SETTINGS_MODULE",
)

_servers: list[DaphneServer] = []


def pytest_collection_modifyitems(config, items):
    if Path(CHROMIUM).exists():
        return
    skip = pytest.mark.skip(
        reason=f"{CHROMIUM} is missing: run `make browser-deps` (apt-get install chromium)"
    )
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_env(database_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _SCRUBBED}
    env.update(
        DATABASE_URL=database_url,
        DEBUG="1",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        PYTHONUNBUFFERED="1",
        MEDIA_ROOT=str(RUN_DIR / "media"),
    )
    env.update(extra)
    return env


class DaphneServer:
    """`daphne chatapp.asgi:application` on a free loopback port, output kept in a log file."""

    def __init__(self, name: str, database_url: str, **env: str):
        self.name = name
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = RUN_DIR / f"{name}.log"
        self.env = _server_env(database_url, **env)
        self.proc: subprocess.Popen | None = None
        self.databases = None  # set by _start: where this server's database copy lives

    def start(self, timeout: float = 20.0) -> DaphneServer:
        self._log = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [DAPHNE, "-b", "127.0.0.1", "-p", str(self.port), "chatapp.asgi:application"],
            cwd=ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"daphne ({self.name}) exited with {self.proc.returncode}:\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(f"{self.url}/login/", timeout=1) as resp:
                    if resp.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(
            f"daphne ({self.name}) did not answer within {timeout:.0f}s:\n{self.log_tail()}"
        )

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        if getattr(self, "_log", None):
            self._log.close()

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On failure: attach each running server's log tail, and a screenshot of every open page."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    for server in _servers:
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
            env=_server_env(databases.template_url),
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


def _start(name: str, databases, **env: str) -> DaphneServer:
    """A daphne server on its own copy of the template database (stop it with `_stop`)."""
    url = databases.copy(name)
    try:
        server = DaphneServer(name, url, **env).start()
    except BaseException:
        databases.remove(name)
        raise
    server.databases = databases
    _servers.append(server)
    return server


def _stop(server: DaphneServer) -> None:
    """Stop a server started by `_start` and remove its database."""
    try:
        server.stop()
    finally:
        if server in _servers:
            _servers.remove(server)
        server.databases.remove(server.name)


@pytest.fixture(scope="session")
def live_server_url(migrated_db) -> str:
    """The default app (offline rule planner, embedded catalogue) on a real daphne."""
    server = _start("rules", migrated_db)
    yield server.url
    _stop(server)


class ScriptedOpenAI(FakeOpenAIServer):
    """The shared FakeOpenAIServer, plus `enqueue_after(seconds, reply)`: answer, but only after a wait."""

    def __init__(self) -> None:
        super().__init__()
        self._delays: dict[int, float] = {}

    def enqueue_after(self, seconds: float, reply) -> None:
        self._delays[id(reply)] = seconds
        self.enqueue(reply)

    def next_reply(self):
        reply = super().next_reply()
        if reply is not None:
            delay = self._delays.pop(id(reply), 0.0)
            if delay:
                self.stopping.wait(delay)  # the handler thread holds the response back
        return reply

    def drain(self) -> None:
        while super().next_reply() is not None:
            pass
        self._delays.clear()


@pytest.fixture(scope="session")
def _fake_openai_session():
    server = ScriptedOpenAI().start()
    yield server
    server.stop()


@pytest.fixture
def fake_openai(_fake_openai_session) -> ScriptedOpenAI:
    """The fake OpenAI behind `openai_server_url`, with an empty queue for this test."""
    _fake_openai_session.drain()
    yield _fake_openai_session
    _fake_openai_session.drain()


@pytest.fixture(scope="session")
def openai_server_url(migrated_db, _fake_openai_session) -> str:
    """The app with the real OpenAI code path, talking to the fake OpenAI on loopback."""
    server = _start(
        "openai",
        migrated_db,
        OPENAI_API_KEY="test-key",
        OPENAI_BASE_URL=_fake_openai_session.base_url,
        PLANNER_RETRY_BUDGET="0",
        OPENAI_TIMEOUT="30",
    )
    yield server.url
    _stop(server)


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


_usernames = itertools.count(1)


GREETING = "Greet new chats with three picks"


def sign_up(page, base_url: str, prefix: str = "viewer", *, greeting: bool = False) -> str:
    """Create an account through the signup form; returns the username (now logged in).

    Unless `greeting`, new chats then start empty (the person unticks the Lists page's greeting
    box), so each test controls every turn and every card count.
    """
    from playwright.sync_api import expect

    username = f"{prefix}{os.getpid()}x{next(_usernames)}"
    page.goto(f"{base_url}/signup/")
    page.get_by_label("Username").fill(username)
    page.locator("input[name=password1]").fill(PASSWORD)
    page.locator("input[name=password2]").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Your chats")).to_be_visible()
    if not greeting:
        page.goto(f"{base_url}/lists/")
        box = page.get_by_label(GREETING)
        if box.count() and box.is_checked():
            with page.expect_navigation():
                box.uncheck()
            expect(page.get_by_label(GREETING)).not_to_be_checked()
        page.goto(f"{base_url}/")
        expect(page.get_by_role("heading", name="Your chats")).to_be_visible()
    return username


def new_movie_chat(page) -> int:
    """Click "New movie chat" and wait until the chat's websocket is open; returns the chat id."""
    from playwright.sync_api import expect

    page.locator("#new-movie-chat").click()
    page.wait_for_url("**/chats/*/")
    wait_connected(page)
    expect(page.locator("#send-button")).to_be_visible()
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def wait_connected(page) -> None:
    """The chat page's htmx websocket is open (app.js sets body[data-ws])."""
    page.wait_for_selector("body[data-ws=open]", state="attached")


def send(page, text: str, *, enter: bool = True) -> None:
    box = page.locator("#composer-text")
    box.fill(text)
    if enter:
        box.press("Enter")
    else:
        page.locator("#send-button").click()


def shoot(page, name: str, *, at: str = "bottom") -> Path:
    """Save what the person sees (the viewport, scrolled to the latest message or to the top)
    once the cards' fade-in is over. Not full-page: the sticky bar and composer would land
    mid-picture."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.animationName !== 'appear'"
        " || a.playState === 'finished')"
    )
    y = "0" if at == "top" else "document.body.scrollHeight"
    page.evaluate(f"() => window.scrollTo(0, {y})")
    # Lazy images start loading only once scrolled into view: wait for the ones on screen.
    page.wait_for_function(
        "() => [...document.images].every(i => { const r = i.getBoundingClientRect();"
        " return i.complete || r.bottom < 0 || r.top > innerHeight || !r.width; })"
    )
    page.screenshot(path=str(path))
    return path
