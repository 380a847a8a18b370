"""A child's age said after the child ("for my daughter, shes 5") decides the ratings."""

import pytest

from recs.rules.parse import parse_constraints


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ("a good animation for my daughter, shes 5, she loves princesses", ["G", "PG"]),
        ("my son, he's 14, likes action", ["G", "PG", "PG-13"]),
        ("she's one of those people who hates horror", []),
        ("the cinema is 90 minutes away, he is 90 minutes late", []),
    ],
)
def test_it_reads_a_childs_age_said_after_them(text, allowed, cat):
    assert parse_constraints(text, cat).mpaa_allowed == allowed


@pytest.mark.parametrize("text", ["a musical but not a kids one", "not for kids, a comedy"])
def test_it_reads_not_a_kids_film_as_grown_up_viewing(text, cat):
    cons = parse_constraints(text, cat)
    assert cons.mpaa_excluded == ["G", "PG"] and cons.exclude_ids == []


def test_it_keeps_not_the_kiddie_ones_as_no_family_films(cat):
    assert parse_constraints("Tim Burton stuff but not the kiddie ones", cat).exclude_genres == ["Family"]


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ("scary movie for a sleepover, the kids are like 12", ["G", "PG"]),
        ("a comedy the kids will like, my son is about 9", ["G", "PG"]),
        ("my daughter is around 14, something fun", ["G", "PG", "PG-13"]),
    ],
)
def test_it_reads_an_age_said_roughly(cat, text, allowed):
    cons = parse_constraints(text, cat)
    assert cons.mpaa_allowed == allowed and cons.mpaa_hard


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ("im 14 can u recommend a scary movie", ["G", "PG", "PG-13"]),
        ("i am only 12, something funny", ["G", "PG"]),
    ],
)
def test_it_reads_the_viewers_own_age_as_their_ratings(cat, text, allowed):
    cons = parse_constraints(text, cat)
    assert cons.mpaa_allowed == allowed and cons.mpaa_hard


@pytest.mark.parametrize("text", ["im 30 and want a horror film", "im 2 hours into a flight, something long"])
def test_it_limits_nothing_for_a_grown_up_or_a_number_that_is_no_age(cat, text):
    assert parse_constraints(text, cat).mpaa_allowed == []
