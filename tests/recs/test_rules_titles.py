"""A long title shortened to its opening words ("eternal sunshine") names the film when only one title opens so."""

import pytest

from recs.rules.answer import answer
from recs.rules.titles import resolve


@pytest.mark.parametrize(
    ("said", "title"),
    [
        ("eternal sunshine", "Eternal Sunshine of the Spotless Mind"),
        ("the curious case", "The Curious Case of Benjamin Button"),
    ],
)
def test_it_names_a_film_by_the_opening_words_of_its_title(cat, said, title):
    assert [m.title for m in resolve(said, cat)[1]] == [title]


@pytest.mark.parametrize("said", ["once upon a time", "dead man", "escape from"])
def test_it_names_no_film_by_opening_words_several_titles_share(cat, said):
    assert resolve(said, cat)[1] == []


def test_it_answers_about_a_film_named_by_its_opening_words(cat):
    assert "8.5" in answer("whats the imdb rating for eternal sunshine", cat)


def test_it_answers_when_several_films_were_released_with_a_plural_verb(cat):
    said = answer("when were jaws and alien released?", cat)
    assert "1975" in said and "1979" in said


@pytest.mark.parametrize("said", ["the godfather part 2", "godfather part two", "The Godfather Part 2"])
def test_it_names_a_sequel_by_its_digit_where_the_title_has_a_roman_numeral(cat, said):
    assert [m.title for m in resolve(said, cat)[1]][:1] == ["The Godfather: Part II"]


def test_it_keeps_a_sequel_digit_the_title_itself_has(cat):
    assert resolve("toy story 3", cat)[1][0].title == "Toy Story 3"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("who directed both alien and blade runner", ["**Alien** (1979) was directed", "**Blade Runner** (1982)"]),
        ("when did both jaws and alien come out", ["**Jaws** was released in **1975**", "**Alien**"]),
    ],
)
def test_it_answers_for_each_film_after_both(cat, text, said):
    reply = answer(text, cat)
    assert all(s in reply for s in said)
