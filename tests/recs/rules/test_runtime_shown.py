"""A bare "shorter"/"longer" after picks were shown: against their runtimes, not the general short or long."""

import pytest

from recs.rules.constraints import Constraints
from recs.rules.rank import plan_picks
from recs.rules.runtime_shown import runtime_against_shown

CARTOONS = [{"title": "Toy Story", "year": 1995}, {"title": "Up", "year": 2009}, {"title": "Shrek", "year": 2001}]
NOLAN = [{"title": "Inception", "year": 2010}, {"title": "The Dark Knight", "year": 2008}]


def _runtimes(plan, cat):
    return [cat.lookup(p.title, p.year).runtime for p in plan.picks]


@pytest.mark.parametrize("text", ["shorter ones?", "hmm any shorter?", "something shorter"])
def test_it_plans_films_shorter_than_the_shortest_pick_shown(cat, text):
    plan = plan_picks(text, cat, blocked=[], last_picks=CARTOONS)  # Shrek, 90 minutes, is the shortest listed
    assert plan.picks and all(r is not None and r < 90 for r in _runtimes(plan, cat))
    assert "shorter than the picks just shown" in plan.intro


def test_it_plans_films_longer_than_the_longest_pick_shown(cat):
    plan = plan_picks("longer", cat, blocked=[], last_picks=NOLAN)  # The Dark Knight, 152 minutes
    assert plan.picks and all(r is not None and r > 152 for r in _runtimes(plan, cat))


def test_it_reads_shorter_against_long_picks_as_under_the_shortest_of_them(cat):
    cons = Constraints(max_runtime=100, runtime_label="short")
    assert runtime_against_shown("shorter ones", cons, NOLAN, cat)
    assert (cons.max_runtime, cons.max_runtime_strict) == (147, True)


def test_it_reads_nothing_longer_as_no_longer_than_the_picks_shown(cat):
    cons = Constraints(max_runtime=120, runtime_label="not too long")
    assert runtime_against_shown("nothing longer pls", cons, CARTOONS, cat)
    assert (cons.max_runtime, cons.max_runtime_strict) == (96, False)


def test_it_keeps_the_general_short_when_no_pick_shown_lists_a_runtime(cat):
    shown = [{"title": "The Godfather", "year": 1972}, {"title": "Goodfellas", "year": 1990}]
    cons = Constraints(max_runtime=100, runtime_label="short")
    assert not runtime_against_shown("shorter ones?", cons, shown, cat)
    assert cons.max_runtime == 100


def test_it_leaves_an_explicit_limit_and_a_named_film_alone(cat):
    assert not runtime_against_shown(
        "shorter than 80 minutes", Constraints(runtime_label="under 80 minutes"), CARTOONS, cat
    )
    liked = Constraints(like_ids=["x"], runtime_label="short", max_runtime=100)
    assert not runtime_against_shown("like finding nemo but shorter", liked, CARTOONS, cat)
