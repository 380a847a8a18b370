"""The rule backend's mode A answer reads a pick named by its place as the pick shown there."""

import pytest

from chatapp.planner.backends.base import PlannerRequest
from recs.flows.tools import MovieContext
from recs.rules.handlers import rules_answer
from recs.rules.shown import titles_for_places

SHOWN = [{"title": "Alien", "year": 1979}, {"title": "Fargo", "year": 1996}, {"title": "Inception", "year": 2010}]


def _answer(text: str, shown: list[dict]) -> str:
    context = MovieContext(text=text, last_picks=shown)
    return rules_answer(PlannerRequest(instructions="", input=[], model="rules", context=context))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("who directed the first one", "Ridley Scott"),
        ("how long is the second one?", "87 minutes"),
        ("what's the last one rated", "PG-13"),
        ("when did number 3 come out", "2010"),
    ],
)
def test_it_answers_about_a_pick_named_by_its_place(text, said):
    assert said in _answer(text, SHOWN)


def test_it_leaves_places_alone_without_picks_or_beyond_them():
    assert titles_for_places("who directed the first one", []) == "who directed the first one"
    assert titles_for_places("the third one", SHOWN[:2]) == "the third one"
    assert titles_for_places("the first harry potter", SHOWN) == "the first harry potter"


def test_it_answers_which_of_the_picks_shown_is_shortest():
    said = _answer("which of those is shortest?", SHOWN)
    assert said.startswith("Of the picks just shown, **Fargo** (1996) is the shortest")


def test_it_asks_which_pick_a_list_change_said_of_it_means():
    assert _answer("add it to my watchlist", SHOWN).startswith("Which one? The picks just shown are 1. **Alien**")
