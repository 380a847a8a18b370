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


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("date night with my mum", "mum"),
        ("film night with my dad", "dad"),
        ("watching with my gran", "gran"),
        ("movie night with my grandparents", "grandparents"),
    ],
)
def test_it_reads_a_relative_as_company_for_a_crowd_pleaser(text, who):
    cons = parse(text)
    assert "Romance" not in cons.genres and not cons.mood_notes
    assert cons.mpaa_allowed == ["G", "PG", "PG-13"] and not cons.mpaa_hard and f"your {who}" in cons.rating_label


def test_it_keeps_date_night_romantic_without_a_relative():
    assert "Romance" in parse("date night with my boyfriend").genres


def test_it_lets_a_childs_age_decide_beside_a_relative():
    cons = parse("something for me and my mum and my 7 year old")
    assert cons.mpaa_allowed == ["G", "PG"] and cons.mpaa_hard


def test_it_reads_an_age_said_of_several_viewers():
    assert parse("a sleepover film for 12 year olds").mpaa_allowed == ["G", "PG"]
