"""A request for "something similar" with nothing shown yet is like the one film the message names."""

from recs.rules.named_titles import one_named
from recs.rules.rank import plan_picks


def test_it_names_the_one_film_a_message_capitalises(cat):
    assert one_named("who directed Jaws? also recommend me something similar", cat) == [{"title": "Jaws", "year": 1975}]
    assert one_named("Jaws or Alien?", cat) == []


def test_it_plans_films_like_the_film_asked_about(cat):
    plan = plan_picks("who directed Jaws? also recommend me something similar", cat, blocked=[])
    assert all("like jaws" in p.reason.lower() for p in plan.picks)
