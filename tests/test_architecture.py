"""No import cycle between the product's modules (chatapp, recs, imagelab), counting every import:
at module level, inside functions and under TYPE_CHECKING (issue 9: the core does not import a
feature, even lazily, and no two modules lean on each other). The package-level rules are the
import-linter contracts in pyproject.toml (`lint-imports`)."""

from tests.support.import_graph import build_graph, describe_cycle, import_cycles


def test_it_has_no_import_cycle_between_product_modules():
    graph = build_graph()
    cycles = import_cycles(graph)
    report = "\n".join(describe_cycle(graph, group) for group in cycles)
    assert not cycles, f"{len(cycles)} import cycle(s) between product modules:\n{report}"
