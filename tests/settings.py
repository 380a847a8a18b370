"""The test run's settings: the project's own, with DEBUG on (its default is off).

Set in the environment, so the subprocesses some tests start (settings, `manage.py`) inherit it;
a test that wants DEBUG off passes DEBUG=0 (and a SECRET_KEY) to its subprocess.
"""

import os

os.environ["DEBUG"] = "1"
# The suite's own process drives turns in process (Channels' communicator, no worker beside it); a run with
# TURN_RUNNER=procrastinate (CI's third leg) also starts real workers in tests/chatapp/test_runner_queue.py.
# pytest-xdist's workers inherit the controller's environment, where TURN_RUNNER is already gone: keep the value
# the controller recorded (overwriting it with "inprocess" silently skipped the scale leg's end-to-end tests).
_suite_runner = os.environ.pop("TURN_RUNNER", None)
os.environ["MARQUEE_SUITE_TURN_RUNNER"] = _suite_runner or os.environ.get("MARQUEE_SUITE_TURN_RUNNER", "inprocess")
# No planner log file from the test process (tests that check it point PLANNER_LOG_PATH at a temp file).
os.environ.setdefault("PLANNER_LOG_PATH", "")

# Under pytest-xdist (`make test` runs `-n 2`) each worker process gets a Redis database of its own: db N + the
# worker's number (gw0 → N, gw1 → N+1) for REDIS_URL=redis://…/N. Both workers create chat 1 in their own test
# database, so on one Redis db they would join each other's `chat_1` group and read each other's events. Set in
# the environment, so the processes a worker starts (tests/support/scaled.py) share its db, and only its db.
_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _worker.startswith("gw") and os.environ.get("REDIS_URL"):
    from urllib.parse import urlsplit

    _redis = urlsplit(os.environ["REDIS_URL"])
    _db = int(_redis.path.strip("/") or 0) + int(_worker[2:])
    if _db > 15:
        raise RuntimeError(f"xdist worker {_worker} would use Redis db {_db} (> 15): lower REDIS_URL's db or -n")
    os.environ["REDIS_URL"] = _redis._replace(path=f"/{_db}").geturl()

from chatapp.settings import *  # noqa: E402, F403
