"""The test run's settings: the project's own, with DEBUG on (its default is off).

Set in the environment, so the subprocesses some tests start (settings, `manage.py`) inherit it;
a test that wants DEBUG off passes DEBUG=0 (and a SECRET_KEY) to its subprocess.
"""

import os

os.environ["DEBUG"] = "1"
# No planner log file from the test process (tests that check it point PLANNER_LOG_PATH at a temp file).
os.environ.setdefault("PLANNER_LOG_PATH", "")

from chatapp.settings import *  # noqa: E402, F403
