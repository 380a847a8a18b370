"""No product module over 400 lines (the team's habit: small modules that say what is inside; a module that
grows past it is split by what it holds, not trimmed of its comments)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 400


def oversized(root: Path = ROOT, limit: int = LIMIT) -> list[str]:
    """`path: lines` of every product module (migrations aside) longer than `limit` lines."""
    found = []
    for package in ("chatapp", "recs", "imagelab"):
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > limit:
                found.append(f"{path.relative_to(root)}: {lines}")
    return found


def test_it_keeps_every_product_module_within_400_lines():
    assert oversized() == []


def test_it_names_a_module_that_grew_past_the_limit(tmp_path):
    (tmp_path / "imagelab" / "core").mkdir(parents=True)
    (tmp_path / "imagelab" / "core" / "big.py").write_text("x = 1\n" * 401, encoding="utf-8")
    (tmp_path / "recs" / "migrations").mkdir(parents=True)
    (tmp_path / "recs" / "migrations" / "0001_initial.py").write_text("x = 1\n" * 900, encoding="utf-8")
    (tmp_path / "chatapp").mkdir()
    (tmp_path / "chatapp" / "small.py").write_text("x = 1\n" * 400, encoding="utf-8")
    assert oversized(tmp_path) == [str(Path("imagelab/core/big.py")) + ": 401"]
