"""A message naming one film, its title with its year and/or director to tell it apart ("fargo 1996 joel coen",
"The Shining (1980)"), is about that film: the picks are films like it. A named film the catalogue does not have
is said to be unknown before anything else is offered, never silently replaced by the director's other films.
"""

import pytest

from chatapp.planner.backends.base import PlannerRequest
from recs.flows.tools import MovieContext
from recs.rules.handlers import rules_plan_picks


def _plan(text: str):
    request = PlannerRequest(instructions="", input=[], model="rules", context=MovieContext(text=text, last_picks=[]))
    return rules_plan_picks(request)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("fargo 1996 joel coen", "Fargo"),
        ("Fargo (1996)", "Fargo"),
        ("fargo, joel coen", "Fargo"),
        ("alien 1979", "Alien"),
        ("Alien, Ridley Scott", "Alien"),
        ("the shining kubrick", "The Shining"),
    ],
)
def test_it_reads_a_title_with_its_year_or_director_as_the_film_named(text, title):
    plan = _plan(text)
    assert title in plan.intro and title not in [p.title for p in plan.picks]


@pytest.mark.parametrize(
    "text", ["heat 1995 michael mann", "zorblax 2003 michael mann", "paddington 2014 paul king", "Heat (1995)"]
)
def test_it_says_it_does_not_know_a_named_film_missing_from_the_catalogue(text):
    assert _plan(text).intro.lower().startswith("i don't know")


def test_it_reads_a_title_typed_in_capitals_with_its_year_and_director():
    plan = _plan("THE SHINING 1980 STANLEY KUBRICK")
    assert "The Shining" in plan.intro


@pytest.mark.parametrize(
    "text", ["recommend something 1995", "top picks 2008", "a thriller from 1995", "comedies 1995"]
)
def test_it_takes_no_request_words_before_a_year_for_an_unknown_film(text):
    assert "i don't know" not in _plan(text).intro.lower()


def test_a_film_named_with_its_year_after_a_negator_is_ruled_out():
    plan = _plan("not alien 1979, something scary")
    assert "Alien" not in [p.title for p in plan.picks] and "not Alien" in plan.intro
