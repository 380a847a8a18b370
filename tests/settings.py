"""The test run's settings: the project's own, with DEBUG on (its default is off).

Set in the environment, so the subprocesses some tests start (settings, `manage.py`) inherit it;
a test that wants DEBUG off passes DEBUG=0 (and a SECRET_KEY) to its subprocess.
"""

import os

os.environ["DEBUG"] = "1"
# The suite's own process drives turns in process (Channels' communicator, no worker beside it); a run with
# TURN_RUNNER=procrastinate (CI's third leg) also starts real workers in tests/chatapp/test_runner_queue.py.
os.environ["MARQUEE_SUITE_TURN_RUNNER"] = os.environ.pop("TURN_RUNNER", "inprocess")
# No planner log file from the test process (tests that check it point PLANNER_LOG_PATH at a temp file).
os.environ.setdefault("PLANNER_LOG_PATH", "")

from chatapp.settings import *  # noqa: E402, F403
