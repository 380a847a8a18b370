"""Years counted back from today ("from the last 20 years", "the past decade"); "last year" alone is no era."""

from datetime import date

import pytest

from recs.rules.constraints import Constraints
from recs.rules.relative_era import find_last_years
from recs.rules.scan import Scanner, prepare
from tests.support.movie_rules import parse


def _read(text: str, today: date) -> Constraints:
    out = Constraints()
    find_last_years(Scanner(prepare(text)), out, today=today)
    return out


@pytest.mark.parametrize(
    ("text", "since"),
    [
        ("ideally a comedy from the last 20 years or so", 2006),
        ("a thriller from the past decade", 2016),
        ("films from the last two decades", 2006),
        ("horror made in the last few years", 2021),
    ],
)
def test_it_counts_years_back_from_today(text, since):
    out = _read(text, date(2026, 11, 27))
    assert (out.year_min, out.year_max) == (since, None) and f"({since} on)" in out.era


def test_it_rules_out_the_recent_years_when_negated():
    assert _read("nothing from the last 30 years", date(2026, 11, 27)).exclude_years == [(1996, 2100)]


@pytest.mark.parametrize("text", ["i saw it last year", "something for the last day of the year"])
def test_it_reads_no_era_in_a_single_last_year(text):
    assert _read(text, date(2026, 11, 27)).year_min is None


def test_it_reads_the_last_years_in_a_whole_request():
    cons = parse("a comedy from the last 20 years or so")
    assert cons.year_min == date.today().year - 20 and cons.genres == ["Comedy"]
