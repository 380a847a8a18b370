"""The image core's modules import in any order (normalize imports plans, never the reverse)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_it_imports_normalize_before_plans():
    # Either import order works in a fresh interpreter (the old re-export shim made this a cycle).
    for code in (
        "import imagelab.core.normalize as n, imagelab.core.plans as p; assert n.normalize_plan",
        "import imagelab.core.plans as p, imagelab.core.normalize as n; assert n.normalize_plan",
    ):
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
