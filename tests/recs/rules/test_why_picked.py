"""A "why" asked of the picks just shown is answered with the reasons their cards gave."""

import pytest

from chatapp.planner.backends.base import PlannerRequest
from recs.flows.tools import MovieContext
from recs.rules.handlers import rules_answer, rules_decide_mode
from recs.rules.why_picked import why_picked

SHOWN = [
    {"title": "WALL-E", "year": 2008, "reason": "The highest-rated family comedy of the 2000s in my catalogue."},
    {"title": "Groundhog Day", "year": 1993, "reason": "A feel-good comedy, rated PG."},
    {"title": "Enchanted", "year": 2007, "reason": ""},
]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("why the second one?", "I picked **Groundhog Day** (1993): A feel-good comedy, rated PG."),
        ("why groundhog day?", "I picked **Groundhog Day** (1993): A feel-good comedy, rated PG."),
        ("what made you choose wall-e?", "I picked **WALL-E** (2008): The highest-rated family comedy"),
        ("why number 3", "I picked **Enchanted** (2007): it fit what you asked."),  # a card without a reason
    ],
)
def test_it_gives_the_reason_of_the_pick_asked_about(text, said):
    assert why_picked(text, SHOWN).startswith(said)


@pytest.mark.parametrize("text", ["why did you pick that one?", "why these?", "why?", "why did you recommend them"])
def test_it_gives_each_reason_when_the_question_names_no_one_pick(text):
    said = why_picked(text, SHOWN)
    assert said.startswith("Why each of the picks just shown:") and said.count("\n- ") == 3


@pytest.mark.parametrize("text", ["why is the sky blue?", "why did heat flop", "who directed the second one"])
def test_it_leaves_other_questions_alone(text):
    assert why_picked(text, SHOWN) is None


def test_it_answers_nothing_without_picks_shown():
    assert why_picked("why that one?", []) is None


def test_the_rule_backend_answers_why_in_words_not_picks():
    request = PlannerRequest(
        instructions="",
        input=[],
        model="rules",
        context=MovieContext(text="how come you recommended Enchanted", last_picks=SHOWN),
    )
    assert rules_decide_mode(request).mode == "A"
    assert rules_answer(request) == "I picked **Enchanted** (2007): it fit what you asked."
