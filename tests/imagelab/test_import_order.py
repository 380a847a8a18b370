"""imagelab's modules import in any order (normalize before plans)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_it_imports_normalize_before_plans():
    code = "import imagelab.normalize, imagelab.plans as p; assert p.normalize_plan is imagelab.normalize.normalize_plan"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
