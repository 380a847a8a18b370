"""Planner fixtures: the fake OpenAI server and an SDK client pointed at it."""

import pytest

from chatapp.planner.backends import make_openai_client
from tests.fakes.openai_server import fake_openai  # noqa: F401 - re-exported fixture
from tests.support.planner import FAKE_API_KEY


@pytest.fixture
def openai_client(fake_openai):  # noqa: F811 - the fixture above
    """An AsyncOpenAI client (max_retries=0, short timeout) talking to the fake server."""
    # 10 s, not 2: a first loopback reply took 4 s with 2 xdist workers on a loaded 2-core machine. Tests of
    # timeouts build their own client with the timeout they test.
    return make_openai_client(api_key=FAKE_API_KEY, base_url=fake_openai.base_url, timeout=10.0)
