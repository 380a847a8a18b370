"""A film asked for by its story is answered plainly: the catalogue holds no plots, so no guess."""

import pytest

from recs.rules.answer import answer, decide_mode
from recs.rules.plot_search import asks_which_film


@pytest.mark.parametrize(
    "text",
    [
        "whats that film where the guy cant make new memories",
        "what's the movie about a shark that eats everyone",
        "which is the one with the talking toys",
        "what was that horror film where the girl crawls out of the tv",
    ],
)
def test_it_answers_a_film_asked_for_by_its_story_plainly(cat, text):
    said = answer(text, cat)
    assert decide_mode(text).mode == "A" and said.startswith("I don't know which film that is")


@pytest.mark.parametrize("text", ["what's the runtime of Jaws", "what is the best film of 1994"])
def test_it_leaves_other_questions_alone(text):
    assert not asks_which_film(text)
