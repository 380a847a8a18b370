"""A superlative asked of the picks just shown is answered from the catalogue's figures for each of them."""

import pytest

from recs.rules.shown_superlative import shown_superlative
from recs.sources.catalogue import load_catalogue

SHOWN = [{"title": "Alien", "year": 1979}, {"title": "Fargo", "year": 1996}, {"title": "Inception", "year": 2010}]


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("which of those is shortest?", "**Fargo** (1996) is the shortest (1h 27m)"),
        ("Which one is the longest", "**Inception** (2010) is the longest (2h 27m)"),
        ("ok which is the newest of them", "**Inception** (2010) is the newest (2010)"),
        ("which of these came out... no, which one is oldest?", None),  # not one question: left alone
        ("what's the oldest one", "**Alien** (1979) is the oldest (1979)"),
        ("which of the three is highest rated?", "is the highest rated"),
        ("which movie is the best of those", "is the highest rated"),
    ],
)
def test_it_answers_a_superlative_of_the_picks_shown(text, lead):
    said = shown_superlative(text, SHOWN, load_catalogue())
    if lead is None:
        assert said is None
    else:
        assert said.startswith("Of the picks just shown, ") and lead in said


def test_it_gives_the_others_figures_and_says_which_it_lacks():
    shown = [*SHOWN, {"title": "No Such Film Anywhere", "year": 2031}]
    said = shown_superlative("which is shortest?", shown, load_catalogue())
    assert "Inception runs 2h 27m." in said
    assert "My catalogue has no runtime for Alien or No Such Film Anywhere." in said


@pytest.mark.parametrize(
    "text",
    [
        "which is shortest, alien or fargo",
        "who directed the longest one",
        "the shortest one but funnier",
        "which of those is scariest?",
        "show me the longest films",
    ],
)
def test_it_leaves_other_questions_and_requests_alone(text):
    assert shown_superlative(text, SHOWN, load_catalogue()) is None


def test_it_needs_two_picks_shown():
    assert shown_superlative("which is the shortest?", SHOWN[:1], load_catalogue()) is None
    assert shown_superlative("which is the shortest?", [], load_catalogue()) is None


def test_it_says_a_tie_as_a_tie():
    shown = [{"title": "Inception", "year": 2010}, {"title": "The Book of Eli", "year": 2010}]
    said = shown_superlative("which of those is the newest?", shown, load_catalogue())
    assert said == "They tie: **Inception** (2010) and **The Book of Eli** (2010) both came out in 2010."
