"""Question wordings about one film met in an unseen round: a unit after the title, "how scary is", stars."""

import pytest

from recs.rules.answer import answer, decide_mode


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how long is titanic in minutes", "194 minutes"),
        ("how long is avatar in hours", "doesn't list a runtime for **Avatar**"),
        ("how scary is the exorcist", "**Horror**"),
        ("how many stars does inception have", "IMDB **9.1**"),
    ],
)
def test_it_answers_a_question_worded_around_the_title(text, said, cat):
    assert decide_mode(text).mode == "A"
    assert said in answer(text, cat)


def test_it_says_a_studio_question_is_beyond_the_catalogue(cat):
    assert decide_mode("is up a pixar movie").mode == "A"
    assert answer("is up a pixar movie", cat).startswith("I don't know")
