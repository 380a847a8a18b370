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
