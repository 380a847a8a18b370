"""Young children get no horror unless it is asked for; a horror film named for them is softened; "not too
scary" said of horror (named or by an occasion) asks for a milder horror film, not none."""

import pytest

from recs.rules.rank import plan_picks


def _tags(cat, plan):
    return [cat.tags(cat.lookup(p.title, p.year)) for p in plan.picks]


def test_it_plans_no_horror_for_kids_like_a_horror_film(cat):
    plan = plan_picks("something like Jaws but for kids", cat, blocked=[])
    assert not any("Horror" in tags for tags in _tags(cat, plan))
    assert "ideally no horror" in plan.intro


def test_it_ranks_horror_last_for_young_children_without_saying_so(cat):
    plan = plan_picks("a film for my 6 year old, from the 70s", cat, blocked=[])
    assert not any("Horror" in tags for tags in _tags(cat, plan))
    assert "horror" not in plan.intro


def test_it_keeps_horror_asked_for_a_child(cat):
    plan = plan_picks("something scary for my 8 year old", cat, blocked=[])
    assert "Horror" in _tags(cat, plan)[0]


@pytest.mark.parametrize(
    "text", ["a horror movie that isn't too scary, it's my first horror", "something not too scary for halloween"]
)
def test_it_plans_milder_horror_for_not_too_scary_horror(text, cat):
    plan = plan_picks(text, cat, blocked=[])
    movies = [cat.lookup(p.title, p.year) for p in plan.picks]
    assert all("Horror" in cat.tags(m) and m.mpaa in ("G", "PG", "PG-13") for m in movies)
    assert "not too scary" in plan.intro


def test_it_still_rules_out_horror_for_not_too_scary_alone(cat):
    plan = plan_picks("nothing too scary, maybe a mystery", cat, blocked=[])
    assert not any("Horror" in cat.tags(cat.lookup(p.title, p.year)) for p in plan.picks)


def test_it_ranks_black_comedies_last_for_something_light(cat):
    result = plan_picks("something light, had a rough day", cat, blocked=[])
    assert not any("Black Comedy" in cat.tags(cat.lookup(p.title, p.year)) for p in result.picks)


def test_it_ranks_horror_last_for_a_lighthearted_wish(cat):
    result = plan_picks("lighthearted fantasy adventure", cat, blocked=[])
    assert not any("Horror" in cat.tags(cat.lookup(p.title, p.year)) for p in result.picks)
