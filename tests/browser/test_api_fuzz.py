"""The API contract is exact: Schemathesis (`--checks all`, stateful links) finds nothing on a live server."""

from __future__ import annotations

import time

import pytest

from tests.support.browser import start_server, stop_server
from tests.support.fuzz import api_token_for, run_schemathesis, summary_line

pytestmark = pytest.mark.api_fuzz


@pytest.fixture(scope="module")
def fuzz_server(migrated_db):
    """A daphne of its own (the fuzzer fills its database with chats), rule planner, no keys."""
    server = start_server("fuzz", migrated_db)
    yield server
    stop_server(server)


def test_it_passes_every_schemathesis_check_against_the_live_api(fuzz_server):
    token = api_token_for(fuzz_server)
    started = time.monotonic()
    result = run_schemathesis(fuzz_server.url, token)
    elapsed = time.monotonic() - started
    print(f"schemathesis: {summary_line(result.stdout)} ({elapsed:.0f} s)")
    # The run is bounded by its fixed seed, --max-examples and the subprocess timeout; its time is printed, not
    # asserted (a timed assertion failed CI at 94 s while the machine was shared: timing is bench/'s job).
    assert result.returncode == 0, result.stdout[-20000:] + result.stderr[-2000:]
