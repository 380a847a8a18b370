"""The recs package keeps its layout: no import cycle, no ORM query in a flow, no Django in rules/."""

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECS = ROOT / "recs"
# A model query or write; `turn.save()` is the turn's own (chatapp) write and is allowed.
ORM = re.compile(r"\.objects\b|\b(?!turn\.)\w+\.save\(|\btransaction\.atomic\b|\bget_user_model\(")


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _recs_imports() -> dict[str, set[str]]:
    """Module → the recs modules it imports (anywhere in the file, function bodies included)."""
    files = {_module(p): p for p in RECS.rglob("*.py") if "migrations" not in p.parts}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("recs"):
                for alias in node.names:  # "from recs.flows import prompts" imports a module
                    sub = f"{node.module}.{alias.name}"
                    found.add(sub if sub in files else node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("recs"))
        graph[name] = {m for m in found if m in files and m != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_inside_recs():
    assert _cycles(_recs_imports()) == []


def test_flows_leave_the_orm_to_selectors_and_services():
    offending = [
        f"{path.name}:{n}: {line.strip()}"
        for path in (RECS / "flows").glob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if ORM.search(line)
    ]
    assert offending == []


def test_no_recs_module_over_400_lines():
    long = [
        str(p.relative_to(ROOT)) for p in RECS.rglob("*.py") if len(p.read_text(encoding="utf-8").splitlines()) > 400
    ]
    assert long == []


def test_the_offline_recommender_imports_no_django():
    code = (
        "import sys; import recs.rules.handlers, recs.rules.preferences, recs.flows.tools; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
