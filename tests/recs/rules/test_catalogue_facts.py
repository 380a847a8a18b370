"""Counts of a set of catalogue films: asked with "count", and of a series read from the titles."""

import pytest

from recs.rules.answer import answer, decide_mode


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("count the bond films", "**22** films listed as James Bond"),
        ("can u count the batman movies", "**7** films listed as Batman"),
        ("count the spielberg films for me", "**23** films directed by **Steven Spielberg**"),
    ],
)
def test_it_answers_a_count_asked_with_count(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    assert said in answer(text, cat)


def test_it_counts_the_parts_of_a_series(cat):
    said = answer("how many harry potter movies do u have", cat)
    assert "**6** films in the Harry Potter series" in said
    assert "Harry Potter and the Half-Blood Prince (2009)" in said and "may be more" in said
