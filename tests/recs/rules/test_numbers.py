"""spelled_years: years and decades said in words read as digits."""

import pytest

from recs.rules.numbers import spelled_years
from tests.support.movie_rules import parse


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (" sci fi from the two thousands ", " sci fi from the 2000s "),
        (" the twenty tens ", " the 2010s "),
        (" the twenty teens ", " the 2010s "),
        (" for my teens ", " for my teens "),  # teenagers, no decade
    ],
)
def test_it_reads_this_centurys_decades_said_in_words(text, read):
    assert spelled_years(text) == read


def test_it_dates_a_request_by_a_decade_said_in_words():
    cons = parse("sci-fi from the two thousands that isnt star wars")
    assert (cons.year_min, cons.year_max) == (2000, 2009)
