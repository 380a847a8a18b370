"""Question wordings about one film met in an unseen round: a unit after the title, "how scary is", stars."""

import pytest

from recs.rules.answer import answer, decide_mode


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how long is titanic in minutes", "194 minutes"),
        ("how long is avatar in hours", "doesn't list a runtime for **Avatar**"),
        ("how scary is the exorcist", "**Horror**"),
        ("how many stars does inception have", "IMDB **9.1**"),
    ],
)
def test_it_answers_a_question_worded_around_the_title(text, said, cat):
    assert decide_mode(text).mode == "A"
    assert said in answer(text, cat)


def test_it_says_a_studio_question_is_beyond_the_catalogue(cat):
    # Pixar's films are tagged by hand since (recs/sources/franchises.py): answered from the tags
    assert decide_mode("is up a pixar movie").mode == "A"
    assert answer("is up a pixar movie", cat).startswith("Yes: **Up** (2009)")
    # a studio the catalogue doesn't tag is still beyond it
    assert decide_mode("is shrek a dreamworks movie").mode == "A"
    assert answer("is shrek a dreamworks movie", cat).startswith("I don't know")


def test_it_answers_how_many_films_a_series_has_part_by_part(cat):
    said = answer("how many toy story movies are there", cat)
    assert decide_mode("how many toy story movies are there").mode == "A"
    assert all(year in said for year in ("1995", "1999", "2010"))
    assert "7** films directed by **Christopher Nolan" in answer("how many nolan films are there", cat)


def test_it_reads_r_as_are_in_a_runtime_question(cat):
    text = "how long r the lord of the rings movies"
    assert decide_mode(text, cat).mode == "A"
    said = answer(text, cat)
    assert "178 minutes" in said and "201 minutes" in said


def test_it_answers_a_bare_superlative_about_one_film(cat):
    assert decide_mode("oldest movie you have", cat).mode == "A"
    assert "**The Birth of a Nation** (1915)" in answer("oldest movie you have", cat)
