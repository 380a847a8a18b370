"""The product's import graph (grimp): import cycles between modules and import edges between areas.

Used by tests/test_architecture.py and bench/import_edges.py. grimp reads the source statically and
records every import, at module level or inside a function (and under TYPE_CHECKING).
"""

from __future__ import annotations

from collections import deque

PRODUCT_PACKAGES = ("chatapp", "recs", "imagelab")


def build_graph(*packages: str):
    """The import graph of the product packages (internal imports only)."""
    import grimp

    return grimp.build_graph(*(packages or PRODUCT_PACKAGES), cache_dir=None)


def import_cycles(graph) -> list[list[str]]:
    """Each group of modules that import one another in a cycle (a strongly connected component of
    two or more modules, or one module importing itself), sorted; largest group first."""
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []
    counter = 0

    for root in modules:  # Tarjan's algorithm, iteratively (no recursion limit on big graphs)
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1 or node in edges[node]:
                        groups.append(sorted(group))
    return sorted(groups, key=lambda g: (-len(g), g))


def shortest_cycle(graph, group: list[str]) -> list[str]:
    """One shortest cycle through the group's first module, staying inside the group: [a, b, …, a]."""
    start, members = group[0], set(group)
    came_from: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(graph.find_modules_directly_imported_by(node)):
            if child == start:
                path = [node]
                while came_from[path[-1]] is not None:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if child in members and child not in came_from:
                came_from[child] = node
                queue.append(child)
    return [start, start]


def describe_cycle(graph, group: list[str]) -> str:
    """The group's modules, one shortest cycle through it, and the lines that make that cycle."""
    cycle = shortest_cycle(graph, group)
    lines = []
    for importer, imported in zip(cycle, cycle[1:], strict=False):
        details = graph.get_import_details(importer=importer, imported=imported)
        where = ", ".join(f"l.{d['line_number']}" for d in details)
        lines.append(f"    {importer} -> {imported} ({where})")
    head = f"{len(group)} modules: {', '.join(group)}\n  e.g. " + " -> ".join(cycle)
    return head + "\n" + "\n".join(lines)


def area(module: str) -> str:
    """The area a module belongs to: "chatapp.planner", "chatapp" (the core: the rest of chatapp),
    or its top-level package."""
    if module == "chatapp.planner" or module.startswith("chatapp.planner."):
        return "chatapp.planner"
    return module.split(".", 1)[0]


def edges_between_areas(graph) -> dict[tuple[str, str], tuple[int, int]]:
    """(from area, to area) -> (module pairs, import statements) for every import across two areas."""
    counts: dict[tuple[str, str], list[int]] = {}
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            key = (area(importer), area(imported))
            if key[0] == key[1]:
                continue
            pair = counts.setdefault(key, [0, 0])
            pair[0] += 1
            pair[1] += len(graph.get_import_details(importer=importer, imported=imported)) or 1
    return {key: (pairs, statements) for key, (pairs, statements) in sorted(counts.items())}
