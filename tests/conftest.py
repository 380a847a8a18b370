"""Shared fixtures: personas, and a guard that fails any real network call."""

import ipaddress
import socket
import time

import pytest

from tests.fakes import openai_server

# Shared fixtures from the fakes, available to every test.
fake_openai = openai_server.fake_openai

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex
_real_getaddrinfo = socket.getaddrinfo


def _is_local(address) -> bool:
    if isinstance(address, (str, bytes)):  # AF_UNIX path
        return True
    host = address[0]
    if host in ("localhost", "testserver"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _guarded_connect(self, address):
    if not _is_local(address):
        raise RuntimeError(f"Real network call attempted in a test: {address!r}")
    return _real_connect(self, address)


def _guarded_connect_ex(self, address):
    if not _is_local(address):
        raise RuntimeError(f"Real network call attempted in a test: {address!r}")
    return _real_connect_ex(self, address)


def _guarded_getaddrinfo(host, *args, **kwargs):
    if host not in (None, "localhost", "testserver") and not _is_local((host, 0)):
        raise RuntimeError(f"Real DNS lookup attempted in a test: {host!r}")
    return _real_getaddrinfo(host, *args, **kwargs)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Group tests for pytest-xdist (`--dist loadgroup`): a file per group, every browser test in one group.

    Browser tests share one worker, so two Chromiums with their daphne servers never compete for the two cores
    (layout and timing stay as on a serial run) and PostgreSQL sees one set of browser servers' connections.
    Under xdist they go first (the longest group starts at once, the other worker takes every other file);
    in one process they go last (after pytest-django's own ordering), so the fast suites report first.
    """
    distributed = config.getoption("dist", "no") != "no" or hasattr(config, "workerinput")
    items.sort(key=lambda item: _is_browser(item) != distributed)
    for item in items:
        group = "browser" if _is_browser(item) else item.nodeid.split("::")[0]
        item.add_marker(pytest.mark.xdist_group(group))


def _is_browser(item) -> bool:
    return item.nodeid.startswith("tests/browser/")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """pytest-django's test databases; at the end the hop threads' kept connections close, so they can be dropped."""
    from chatapp.db import hop_pool_close

    yield
    hop_pool_close()


@pytest.fixture(autouse=True)
def no_real_network(monkeypatch):
    """Fail any connection that leaves the machine; loopback fakes are allowed."""
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", _guarded_connect_ex)
    monkeypatch.setattr(socket, "getaddrinfo", _guarded_getaddrinfo)


@pytest.fixture(autouse=True)
def embedded_defaults(settings):
    """Each test starts on the embedded default: no keys, rule planner, catalogue, fresh caches."""
    from chatapp import llm
    from recs.sources.active import reset_movie_source

    settings.OPENAI_API_KEY = ""
    settings.TMDB_API_KEY = ""
    settings.PLANNER_BACKEND = "auto"
    settings.MOVIE_SOURCE = "auto"
    settings.TURNS_PER_MINUTE = 1000
    # Greeting turns have their own tests (tests/recs/test_autostart.py); elsewhere a new chat starts empty.
    settings.AUTOSTART_RECOMMENDATIONS = False
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    llm.reset_caches()
    reset_movie_source()
    yield
    llm.reset_caches()
    reset_movie_source()


@pytest.fixture
def one_minute():
    """Starts the test with at least 20 s left in the turn rate limit's one-minute window (it counts turns in
    fixed windows of the clock's minutes): two requests straddling a minute's end fell into two windows."""
    left = 60 - time.time() % 60
    if left < 20:
        time.sleep(left + 0.05)


@pytest.fixture
def alice(django_user_model):
    """The owner persona."""
    return django_user_model.objects.create_user("alice", password="correct-horse-9")


@pytest.fixture
def bob(django_user_model):
    """The persona who is refused other people's things."""
    return django_user_model.objects.create_user("bob", password="battery-staple-7")


@pytest.fixture
def scripted():
    """Serve every planning call from a ScriptedBackend (the planner core's test backend)."""
    from chatapp import llm
    from chatapp.planner.testing import ScriptedBackend

    backend = ScriptedBackend()
    with llm.backend_override(backend):
        yield backend


@pytest.fixture
def openai_on(settings, fake_openai):
    """The product's OpenAI paths pointed at the local fake server, with short timeouts."""
    from chatapp import llm

    settings.OPENAI_API_KEY = "sk-test-not-a-real-key"
    settings.OPENAI_BASE_URL = fake_openai.base_url
    # The whole turn's planning budget (every call, retry and fallback of a turn shares it): short
    # enough that an outage fails fast, long enough for a turn's few local calls on a busy machine.
    settings.PLANNER_RETRY_BUDGET = 3.0
    settings.OPENAI_TIMEOUT = 5.0
    llm.reset_caches()
    yield fake_openai
    llm.reset_caches()
