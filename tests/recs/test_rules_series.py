"""A film series the catalogue has only in parts, named bare ("the lord of the rings", "star wars") or as
"the first …": read from the catalogue's own titles, it stands for its first part, and ruled out, for every part."""

import pytest

from recs.rules.answer import answer
from recs.rules.rank import plan_picks
from recs.rules.series import series_first, series_parts, series_whole
from tests.support.movie_rules import parse


@pytest.mark.parametrize(
    ("said", "first"),
    [
        ("the lord of the rings", "The Lord of the Rings: The Fellowship of the Ring"),
        ("lord of the rings", "The Lord of the Rings: The Fellowship of the Ring"),
        ("harry potter", "Harry Potter and the Sorcerer's Stone"),
        ("star wars", "Star Wars Ep. IV: A New Hope"),
        ("the first harry potter", "Harry Potter and the Sorcerer's Stone"),
        ("the original star wars", "Star Wars Ep. IV: A New Hope"),
        ("the first toy story", "Toy Story"),
    ],
)
def test_it_reads_a_series_name_as_its_first_part(cat, said, first):
    assert series_first(said, cat).title == first


@pytest.mark.parametrize("said", ["the first one", "the dark", "rocky", "jaws"])
def test_it_finds_no_series_in_words_that_name_none(cat, said):
    assert series_first(said, cat) is None


def test_it_knows_every_part_of_a_series_earliest_first(cat):
    assert [m.year for m in series_parts("Toy Story", cat)] == [1995, 1999, 2010]


def test_it_takes_a_bare_series_as_the_film_a_request_is_like(cat):
    cons = parse("like the lord of the rings but lighter")
    assert [cat.get(i).title for i in cons.like_ids] == ["The Lord of the Rings: The Fellowship of the Ring"]
    assert cons.unknown_likes == []
    plan = plan_picks("something like star wars but newer", cat, blocked=[])
    assert all("Star Wars Ep. IV: A New Hope" in p.reason and p.year > 1977 for p in plan.picks)


def test_it_rules_out_every_part_of_a_series_said_by_name(cat):
    cons = parse("harrison ford, no star wars films")
    assert {cat.get(i).title for i in cons.exclude_ids} >= {
        "Star Wars Ep. IV: A New Hope",
        "Star Wars Ep. V: The Empire Strikes Back",
        "Star Wars Ep. VI: Return of the Jedi",
    }
    assert cons.exclude_titles == ["the Star Wars films"]


@pytest.mark.parametrize(
    ("question", "said"),
    [("when did the lord of the rings come out", "2001"), ("who directed the first harry potter", "Chris Columbus")],
)
def test_it_answers_about_a_series_first_part(cat, question, said):
    assert said in answer(question, cat)


@pytest.mark.parametrize(
    ("said", "years"),
    [
        ("the indiana jones movies", [1981, 1984, 1989, 2008]),
        ("all the toy story films", [1995, 1999, 2010]),
        ("the lord of the rings trilogy", [2001, 2002, 2003]),
        ("the films in the back to the future series", [1985, 1989, 1990]),
    ],
)
def test_it_reads_a_series_asked_about_whole_as_every_part_earliest_first(cat, said, years):
    assert [m.year for m in series_whole(said, cat)] == years


@pytest.mark.parametrize("said", ["indiana jones", "the first harry potter", "the dark knight movies", "rocky films"])
def test_it_finds_no_whole_series_in_a_bare_series_or_words_that_name_none(cat, said):
    assert series_whole(said, cat) == ()


@pytest.mark.parametrize(
    "question",
    [
        "what year did the indiana jones movies come out",
        "when were the indiana jones films released?",
        "release dates of the indiana jones movies",
    ],
)
def test_it_answers_a_question_about_a_whole_series_with_each_films_year(cat, question):
    said = answer(question, cat)
    for title, year in [("Raiders of the Lost Ark", 1981), ("Temple of Doom", 1984), ("Crystal Skull", 2008)]:
        assert title in said and str(year) in said
