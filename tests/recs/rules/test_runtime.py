"""Runtimes said as a range ("between 90 and 120 minutes") or as a film's size ("a 3 hour movie")."""

import pytest

from recs.rules.parse import parse_constraints


@pytest.mark.parametrize(
    ("text", "limits"),
    [
        ("something between 90 and 120 minutes", (90, 120)),
        ("90 to 120 mins", (90, 120)),
        ("a 3 hour movie", (165, 195)),
        ("a 90 minute comedy", (75, 105)),
    ],
)
def test_it_reads_a_runtime_range_or_size(text, limits, cat):
    cons = parse_constraints(text, cat)
    assert (cons.min_runtime, cons.max_runtime) == limits


def test_it_leaves_year_ranges_and_ages_alone(cat):
    cons = parse_constraints("films from 1990 to 1995, my kids are 5 and 8", cat)
    assert (cons.min_runtime, cons.max_runtime) == (None, None)
    assert (cons.year_min, cons.year_max) == (1990, 1995)
