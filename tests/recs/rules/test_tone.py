"""Young children get no horror unless it is asked for; a horror film named for them is softened."""

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
