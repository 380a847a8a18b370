"""A half hour said before the unit ("2 and a half hours") counts like one said after it ("2 hours and a half")."""

import pytest

from tests.support.movie_rules import parse


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("a long film, at least 2 and a half hours, drama", 150, None),
        ("under two and a half hours please", None, 150),
        ("a western, 2 and a half hours max", None, 150),
        ("about 1 and a half hours", 75, 105),
        ("under 2 hours and a half", None, 150),
    ],
)
def test_it_reads_a_half_hour_said_before_the_unit(text, low, high):
    cons = parse(text)
    assert (cons.min_runtime, cons.max_runtime) == (low, high)


@pytest.mark.parametrize("text", ["more like those but not as long", "any decent war flicks that arent 3 hours long"])
def test_it_reads_a_negated_length_as_not_too_long(text):
    cons = parse(text)
    assert cons.max_runtime == 120 and cons.min_runtime is None and cons.year_min is None  # "decent" no "recent"
