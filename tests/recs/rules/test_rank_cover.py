"""Genres asked together that no film has all of are each met by some pick (recs/rules/rank.py `_diverse`)."""

from recs.rules.rank import plan_picks


def test_it_meets_each_genre_of_two_people_when_no_film_has_both(cat):
    plan = plan_picks("my wife and i want a movie tonight, she likes romance, i like action", cat, blocked=[])
    tags = [cat.tags(cat.lookup(p.title, p.year)) for p in plan.picks]
    assert any("Romance" in t for t in tags) and any("Action" in t for t in tags)


def test_it_keeps_films_that_have_every_genre_asked_first(cat):
    plan = plan_picks("funny sci-fi", cat, blocked=[])
    tags = [cat.tags(cat.lookup(p.title, p.year)) for p in plan.picks]
    assert all({"Comedy", "Science Fiction"} <= t for t in tags)
