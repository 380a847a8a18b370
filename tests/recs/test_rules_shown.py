"""A pick just shown, pointed at by its place: "another one like the second", "the first one but shorter"."""

import pytest

from chatapp.planner.backends.base import PlannerRequest
from recs.flows.tools import MovieContext
from recs.rules.handlers import rules_plan_picks
from recs.rules.rank import plan_picks
from recs.rules.shown import shown_at

SHOWN = [{"title": "Inception", "year": 2010}, {"title": "Se7en", "year": 1995}, {"title": "Fargo", "year": 1996}]


def _plan(text: str):
    request = PlannerRequest(
        instructions="", input=[], model="rules", context=MovieContext(text=text, last_picks=SHOWN)
    )
    return rules_plan_picks(request)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("another one like the second", "Se7en"),
        ("more like the first one but shorter", "Inception"),
        ("something similar to the last one, from the 80s", "Fargo"),
        ("like number 2 please", "Se7en"),
        ("one more like the 3rd pick", "Fargo"),
    ],
)
def test_it_reads_a_place_after_a_likeness_word_as_that_pick(text, title):
    assert [p["title"] for p in shown_at(text, SHOWN)] == [title]


@pytest.mark.parametrize(
    "text",
    [
        "films like the first harry potter",
        "like the second world war films",
        "the last 20 years",
        "like the first avengers",
    ],
)
def test_it_reads_no_pick_where_a_place_opens_a_title_or_an_era(text):
    assert shown_at(text, SHOWN) == []


def test_it_plans_films_like_the_pick_pointed_at():
    plan = _plan("another one like the second")
    assert plan.intro.startswith("Three thrillers like Se7en")
    assert all("Like Se7en" in p.reason for p in plan.picks)
    assert "The Second" not in plan.intro


def test_it_keeps_what_else_was_asked_beside_the_place():
    plan = _plan("more like the first one but shorter")
    assert "like Inception" in plan.intro and "short" in plan.intro
    assert all("like inception" in p.reason.lower() for p in plan.picks)


def test_it_points_at_nothing_past_the_picks_shown():
    assert shown_at("like the third", SHOWN[:2]) == []


@pytest.mark.parametrize("text", ["less scary", "a bit lighter", "something less violent"])
def test_it_reads_a_softer_wish_after_picks_as_like_those(cat, text):
    shown = [{"title": "Alien", "year": 1979}, {"title": "The Shining", "year": 1980}, {"title": "Jaws", "year": 1975}]
    result = plan_picks(text, cat, blocked=[], last_picks=shown)
    assert "like Alien, The Shining and Jaws" in result.intro
