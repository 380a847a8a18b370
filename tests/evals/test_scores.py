"""The evaluation sets' scores never fall below their recorded floors (floors.json may only go up)."""

import json

import pytest

from tests.evals.run import FLOORS, SETS, read_set, run_facts, run_movies

FLOOR = json.loads(FLOORS.read_text(encoding="utf-8"))


def test_it_keeps_the_sets_as_large_as_the_issue_asks():
    assert len(read_set(SETS["movies"])) >= 80
    assert len(read_set(SETS["facts"])) >= 30


@pytest.mark.parametrize("run", [run_movies, run_facts], ids=["movies", "facts"])
def test_it_scores_at_least_the_recorded_floor(run):
    result = run()
    assert result.score >= FLOOR[result.name], "\n".join(result.misses)
