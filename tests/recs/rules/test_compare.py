"""Comparisons of two films where one side is no catalogue film: said so, with the known film's figure."""

import pytest

from recs.rules.answer import answer, decide_mode
from recs.rules.compare import half_known_answer


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("is inception longer than interstellar", "**Inception** (2010) has a runtime of 147 minutes"),
        ("is interstellar better than inception?", "**Inception** (2010) has an IMDB rating of"),
    ],
)
def test_it_answers_a_comparison_with_an_unknown_film_with_what_it_knows(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    reply = answer(text, cat)
    assert reply.startswith("I don't know “interstellar”") and said in reply


def test_it_leaves_comparisons_of_two_films_or_of_no_title_alone(cat):
    assert half_known_answer("is titanic longer than the dark knight", cat) is None
    assert half_known_answer("is anything better than inception", cat) is None
    assert half_known_answer("is the matrix scarier than interstellar", cat) is None


def test_it_reads_the_first_one_of_a_series_as_no_unknown_title(cat):
    assert half_known_answer("is the godfather 2 better than the first one", cat) is None
    assert half_known_answer("is shrek 2 longer than the original", cat) is None


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("godfather 2 vs the first one", ["**The Godfather: Part II** (1974)", "**The Godfather** (1972)"]),
        ("alien vs blade runner", ["**Alien** (1979)", "**Blade Runner** (1982)"]),
    ],
)
def test_it_sets_two_films_side_by_side_when_no_aspect_is_named(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    reply = answer(text, cat)
    assert reply.startswith("Side by side") and all(s in reply for s in said)


def test_it_reads_the_first_one_as_the_film_a_sequel_continues(cat):
    reply = answer("is godfather 2 better than the first one", cat)
    assert reply.startswith("No: **The Godfather** (1972) is rated higher")


@pytest.mark.parametrize("text", ["alien vs predator", "monsters vs aliens"])
def test_it_leaves_a_title_with_vs_in_it_alone(cat, text):
    assert "Side by side" not in answer(text, cat)
