"""End-to-end helpers: real daphne servers on copies of one migrated database, and a person's steps in
Chromium (sign up, open a movie chat, send, take a screenshot). The fixtures that use them are in
tests/browser/conftest.py."""

from __future__ import annotations

import itertools
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository (tests/support/browser.py)
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else sys.executable
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

# Servers started by start_server and not yet stopped (their logs go into failure reports).
running_servers: list[DaphneServer] = []


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(database_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _SCRUBBED}
    env.update(
        DATABASE_URL=database_url,
        DEBUG="1",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        PYTHONUNBUFFERED="1",
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
        self.env = server_env(database_url, **env)
        self.proc: subprocess.Popen | None = None
        self.databases = None  # set by _start: where this server's database copy lives

    # 60 s: with 2 xdist workers each starting its servers on a loaded 2-core machine, a first /login/ took > 20 s.
    def start(self, timeout: float = 60.0) -> DaphneServer:
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
                raise RuntimeError(f"daphne ({self.name}) exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/login/", timeout=1) as resp:
                    if resp.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"daphne ({self.name}) did not answer within {timeout:.0f}s:\n{self.log_tail()}")

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


def start_server(name: str, databases, **env: str) -> DaphneServer:
    """A daphne server on its own copy of the template database (stop it with `stop_server`)."""
    url = databases.copy(name)
    try:
        server = DaphneServer(name, url, **env).start()
    except BaseException:
        databases.remove(name)
        raise
    server.databases = databases
    running_servers.append(server)
    return server


def stop_server(server: DaphneServer) -> None:
    """Stop a server started by `start_server` and remove its database."""
    try:
        server.stop()
    finally:
        if server in running_servers:
            running_servers.remove(server)
        server.databases.remove(server.name)


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
        "() => document.getAnimations().every(a => a.animationName !== 'appear' || a.playState === 'finished')"
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


def wait_for_requests(page, fake, count: int, timeout_s: float = 15.0) -> None:
    """Until the fake OpenAI has received `count` requests (a turn's work before its first call takes longer on a
    slow machine than any fixed wait; polled from the page's own event loop)."""
    deadline = time.monotonic() + timeout_s
    while len(fake.requests) < count:
        assert time.monotonic() < deadline, f"the fake OpenAI got {len(fake.requests)} request(s), not {count}"
        page.wait_for_timeout(50)
