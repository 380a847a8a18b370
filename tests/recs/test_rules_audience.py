"""A child's age typed as one word ("my 7yo", "her 12yo") sets the ratings like "7 year old"."""

import pytest

from tests.support.movie_rules import parse


@pytest.mark.parametrize(
    ("text", "ratings"),
    [
        ("something with robots for my 7yo son", ["G", "PG"]),
        ("a comedy for my 14yo", ["G", "PG", "PG-13"]),
        ("movie night with my 9 yo", ["G", "PG"]),
    ],
)
def test_it_reads_an_age_typed_as_one_word(text, ratings):
    cons = parse(text)
    assert cons.mpaa_allowed == ratings and cons.mpaa_hard


def test_it_leaves_an_adult_age_typed_as_one_word_unlimited():
    assert parse("for my 17yo").mpaa_allowed == []
