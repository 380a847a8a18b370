"""picks_wanted: fewer than three picks when the request asks for one or two."""

import pytest

from recs.rules.count import picks_wanted
from recs.rules.rank import plan_picks


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("I just want one movie, a thriller", 1),
        ("give me one good horror movie", 1),
        ("two sci-fi films from the 70s", 2),
        ("recommend a couple of films for tonight", 2),
        ("one more please", 3),
        ("one more film like that", 3),
        ("the one film i love is alien", 3),
        ("westerns from the sixties, two or three of them", 3),
        ("give me 3 dramas made before 1960", 3),
    ],
)
def test_it_reads_how_many_picks_are_asked_for(text, wanted):
    assert picks_wanted(text) == wanted


def test_it_plans_only_the_picks_asked_for(cat):
    plan = plan_picks("two sci-fi films from the 70s", cat, blocked=[])
    assert len(plan.picks) == 2
    assert plan.intro.startswith("Two ")
