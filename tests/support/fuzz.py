"""Schemathesis against a running server: a user with a personal API token on the server's database, and
`st run --checks all` against its /api/openapi.json (bounded so the whole run stays under a minute)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.support.browser import PYTHON, ROOT, RUN_DIR, DaphneServer

ST = str(Path(PYTHON).with_name("st"))
CONFIG = Path(__file__).with_name("schemathesis.toml")
SEED = os.environ.get("MARQUEE_FUZZ_SEED", "20261124")  # fixed: the same cases every run; override to explore


def api_token_for(server: DaphneServer, username: str = "fuzzer") -> str:
    """A new user on the server's database and a personal API token for it (`manage.py create_api_token`)."""
    create = f"from django.contrib.auth import get_user_model; get_user_model().objects.create_user({username!r})"
    for args in (["shell", "-c", create], ["create_api_token", username]):
        result = subprocess.run(
            [PYTHON, "manage.py", *args], cwd=ROOT, env=server.env, capture_output=True, text=True, timeout=60
        )
        if result.returncode != 0:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout.strip().splitlines()[-1]


def run_schemathesis(base_url: str, token: str, *, max_examples: int = 8) -> subprocess.CompletedProcess:
    """`st run --checks all` (every phase, stateful links included) against the server, authenticated."""
    return subprocess.run(
        [
            ST,
            "--config-file",
            str(CONFIG),
            "run",
            f"{base_url}/api/openapi.json",
            "--checks",
            "all",
            "--header",
            f"Authorization: Bearer {token}",
            "--max-examples",
            str(max_examples),
            "--seed",
            SEED,
            "--workers",
            "1",
            "--request-timeout",
            "15",
            "--no-color",
        ],
        cwd=RUN_DIR,
        capture_output=True,
        text=True,
        timeout=300,
    )


def summary_line(output: str) -> str:
    """Schemathesis' last `=== … ===` line (e.g. `=== 13 passed in 20.1s ===`)."""
    lines = [line for line in output.splitlines() if line.startswith("==") and line.rstrip().endswith("==")]
    return lines[-1].strip("= ").strip() if lines else "(no summary)"
