"""Two things ruled out at once, one of them films for children: "nothing animated or for kids", "not a cartoon,
and not a family film" (recs/rules/audience.py). Both hold: no animation, and grown-up viewing (not G or PG),
never the family-friendly films "for kids" alone would ask for."""

import pytest

from recs.rules.audience import ADULTS_LABEL
from tests.support.movie_rules import parse


@pytest.mark.parametrize(
    "text",
    [
        "nothing animated or for kids",
        "not a cartoon, and not a family film",
        "a comedy, nothing animated and nothing for kids",
        "no cartoons and no kids movies",
        "neither animated nor for children",
        "no animation or kiddie stuff please",
        "something funny but nothing for kids or animated",
        "nothing childish or animated",
        "no animated stuff and nothing kid friendly",
        "nothing family friendly or animated",
    ],
)
def test_it_rules_out_both_animation_and_childrens_films(text):
    cons = parse(text)
    assert "Animation" in cons.exclude_genres
    assert {"G", "PG"} <= set(cons.mpaa_excluded) and not cons.mpaa_allowed
    assert cons.rating_label == ADULTS_LABEL


@pytest.mark.parametrize(
    "text",
    [
        "nothing scary or gory for kids",
        "a film for kids, no horror and nothing animated",
        "no horror, for kids",
        "something family friendly, nothing animated",
    ],
)
def test_a_film_for_children_with_something_else_ruled_out_stays_for_children(text):
    cons = parse(text)
    assert cons.mpaa_allowed == ["G", "PG"] and cons.rating_label == "family-friendly"


def test_it_keeps_the_other_wish_beside_both(cat):
    from recs.rules.rank import plan_picks

    plan = plan_picks("a comedy, nothing animated and nothing for kids", cat, blocked=[])
    movies = [cat.lookup(p.title, p.year) for p in plan.picks]
    assert all("Comedy" in cat.tags(m) and "Animation" not in cat.tags(m) for m in movies)
    assert all(m.mpaa not in ("G", "PG") for m in movies)
