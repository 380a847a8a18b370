"""A series asked for whole is planned as its parts, in order; a liked film's sequels can be ruled out."""

from recs.rules.answer import decide_mode
from recs.rules.rank import plan_picks


def test_it_plans_the_parts_of_a_series_asked_for(cat):
    plan = plan_picks("show me the Lord of the Rings movies", cat, blocked=[])
    assert [p.year for p in plan.picks] == [2001, 2002, 2003]
    assert plan.intro.startswith("The Lord of the Rings films")


def test_it_keeps_the_audience_and_says_how_many_parts_there_are(cat):
    plan = plan_picks("recommend all the harry potter films", cat, blocked=[])
    assert len(plan.picks) == 3 and "of 6" in plan.intro
    assert [p.title for p in plan_picks("toy story movies for my kids", cat, blocked=[]).picks][0] == "Toy Story"


def test_it_recommends_for_a_series_named_alone():
    assert decide_mode("the star wars films").mode == "B"


def test_it_rules_out_a_liked_films_sequels_when_asked(cat):
    plan = plan_picks("movies like The Matrix but without the sequels", cat, blocked=[])
    assert not any(p.title.startswith("The Matrix") for p in plan.picks)


def test_it_says_a_series_ruled_out_with_one_the(cat):
    from recs.rules.rank import plan_picks

    intro = plan_picks("a fantasy film but not harry potter or lord of the rings", cat, blocked=[]).intro
    assert "not The Lord of the Rings films" in intro and "the The" not in intro
