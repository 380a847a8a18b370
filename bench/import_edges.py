"""Import edges between the product's areas, and its import cycles (issue 9's before/after figures).

    .venv/bin/python bench/import_edges.py

Areas: `chatapp` (the chat core: chatapp outside chatapp.planner), `chatapp.planner`, `recs`,
`imagelab`. For each pair of areas with imports across it: the module pairs (A imports B) and the
import statements (lines) behind them. grimp reads the source statically, so imports inside
functions and under TYPE_CHECKING count. Then every import cycle between modules, and how many
imports of each area sit inside a function.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.import_graph import (  # noqa: E402 - after the path set-up
    area,
    build_graph,
    describe_cycle,
    edges_between_areas,
    import_cycles,
)


def imports_inside_functions(modules) -> dict[str, int]:
    """Per area: import statements that sit inside a function (not at module level)."""
    counts: dict[str, int] = {}
    for module in modules:
        path = ROOT / Path(*module.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        tree = ast.parse(path.read_text(), str(path))
        for func in ast.walk(tree):
            if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(func) if isinstance(n, ast.Import | ast.ImportFrom)]
                # Nested functions are walked again from their own def: count each import once.
                nested = {
                    id(n)
                    for f in ast.walk(func)
                    if f is not func and isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
                    for n in ast.walk(f)
                }
                outside_nested = sum(id(n) not in nested for n in inner)
                counts[area(module)] = counts.get(area(module), 0) + outside_nested
    return dict(sorted(counts.items()))


def main() -> None:
    graph = build_graph()
    edges = edges_between_areas(graph)
    width = max(len(f"{a} -> {b}") for a, b in edges) if edges else 10
    print(f"{len(graph.modules)} modules in chatapp, recs, imagelab\n")
    print(f"{'from -> to':<{width}}  module pairs  import lines")
    for (a, b), (pairs, lines) in edges.items():
        print(f"{f'{a} -> {b}':<{width}}  {pairs:>12}  {lines:>12}")
    cycles = import_cycles(graph)
    print(f"\nimport cycles: {len(cycles)} (modules in them: {sum(len(c) for c in cycles)})")
    for group in cycles:
        print("- " + describe_cycle(graph, group))
    print("\nimports inside functions:")
    for name, count in imports_inside_functions(graph.modules).items():
        print(f"  {name}: {count}")


if __name__ == "__main__":
    main()
