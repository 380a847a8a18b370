"""The suite's own settings (tests/settings.py): what each pytest-xdist worker process ends up with."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _suite_runner_in_a_new_process(**env: str) -> str:
    code = "import os, tests.settings; print(os.environ['MARQUEE_SUITE_TURN_RUNNER'])"
    base = {k: v for k, v in os.environ.items() if k not in ("TURN_RUNNER", "MARQUEE_SUITE_TURN_RUNNER")}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_it_keeps_the_runner_a_worker_inherits_from_the_controller():
    # The controller popped TURN_RUNNER and recorded it; its xdist workers see only the record.
    assert _suite_runner_in_a_new_process(MARQUEE_SUITE_TURN_RUNNER="procrastinate") == "procrastinate"


def test_it_records_turn_runner_and_defaults_to_in_process():
    assert _suite_runner_in_a_new_process(TURN_RUNNER="procrastinate") == "procrastinate"
    assert _suite_runner_in_a_new_process() == "inprocess"
