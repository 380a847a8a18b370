"""A date night is romance unless romance is ruled out or the mood is another genre's."""

import pytest

from recs.rules.rank import plan_picks
from recs.sources.catalogue import load_catalogue
from tests.support.movie_rules import parse


@pytest.mark.parametrize("text", ["date night", "a good date movie", "movie for a date", "anniversary movie night"])
def test_it_reads_a_date_as_romance(text):
    assert parse(text).genres == ["Romance"]


@pytest.mark.parametrize(
    "text",
    ["date night but she hates romcoms", "date night, not a romcom", "date night but nothing too soppy"],
)
def test_it_asks_for_crowd_pleasers_when_romance_is_ruled_out(text):
    plan = plan_picks(text, load_catalogue(), blocked=[])
    cat = load_catalogue()
    assert "dropped" not in plan.intro and "date-night" in plan.intro
    assert not any({"Romantic Comedy", "Horror"} & cat.tags(cat.lookup(p.title, p.year)) for p in plan.picks)


def test_it_lets_a_mood_of_another_genre_replace_the_romance():
    assert parse("date nite, something scary so she grabs my arm").genres == ["Horror"]


def test_it_keeps_a_romance_asked_for_beside_a_soppy_dislike():
    assert "Romance" in parse("date night, something romantic but not cheesy").genres
