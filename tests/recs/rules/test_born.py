"""Eras said against a birth year: "made before I was born (1985)", "since my son was born in 2003"."""

import pytest

from recs.rules.answer import decide_mode
from recs.rules.parse import parse_constraints


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("made before I was born (1985)", (None, 1984)),
        ("before i was born 1985", (None, 1984)),
        ("a drama from before i was born, i was born in 1990", (None, 1989)),
        ("horror from before i was born in 85", (None, 1984)),
        ("i was born in 1988, something older than me", (None, 1987)),
    ],
)
def test_it_reads_before_i_was_born_as_the_years_before_the_birth_year(cat, text, years):
    cons = parse_constraints(text, cat)
    assert (cons.year_min, cons.year_max) == years
    assert "the year you were born" in cons.era


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("anything after i was born in 1995, comedy", (1995, None)),
        ("comedies since my son was born in 2003", (2003, None)),
        ("films from when my mum was born (1960)", (1960, 1960)),
        ("something from the year i was born, 1987", (1987, 1987)),
    ],
)
def test_it_reads_since_and_the_year_of_a_birth(cat, text, years):
    cons = parse_constraints(text, cat)
    assert (cons.year_min, cons.year_max) == years


def test_it_says_whose_birth_year_it_is(cat):
    assert parse_constraints("comedies since my son was born in 2003", cat).era == (
        "2003 or later (the year your son was born)"
    )


def test_it_rules_out_the_years_before_a_birth_when_negated(cat):
    cons = parse_constraints("nothing from before i was born, im born 1990", cat)
    assert cons.exclude_years == [(1870, 1989)] and cons.year_min is None


def test_it_takes_before_i_was_born_with_a_year_as_a_request(cat):
    assert decide_mode("before i was born 1985", cat).mode == "B"
