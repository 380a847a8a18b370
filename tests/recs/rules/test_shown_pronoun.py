"""A question about "it" or "them" right after picks: answered about the picks shown, not "I don't know it"."""

import pytest

from recs.rules.shown_pronoun import about_shown
from tests.recs.rules.test_handlers import SHOWN, _answer


@pytest.mark.parametrize(
    "text", ["who directed it?", "who directed them", "ok who made those films?", "who directed these three"]
)
def test_it_answers_a_question_about_it_for_each_pick_shown(text):
    said = _answer(text, SHOWN)
    assert said.startswith("Of the picks just shown:")
    assert all(name in said for name in ("Ridley Scott", "Coen", "Christopher Nolan"))


def test_it_reads_they_as_the_picks_not_the_film_they():
    said = _answer("and when did they come out?", SHOWN)
    assert said.startswith("Of the picks just shown:") and all(y in said for y in ("1979", "1996", "2010"))
    assert "PG-13" in _answer("what are they rated?", SHOWN)  # "what is Inception rated?"


def test_it_answers_about_the_one_pick_when_one_was_shown():
    said = _answer("how long is it?", SHOWN[1:2])
    assert "Fargo" in said and "87 minutes" in said and "Of the picks" not in said


def test_it_keeps_a_film_the_question_names_and_requests_for_more():
    assert "Steven Spielberg" in _answer("who directed jaws?", SHOWN)  # a film named: that film
    assert about_shown("is there anything like it?", SHOWN) == []
    assert about_shown("who directed it?", []) == []
    assert about_shown("we saw Up, who directed it?", SHOWN) == []  # "it" is the film named (pronouns.py)
