"""Factual questions as people type them: trailing courtesy, several films, a named rating site, typos."""

import pytest

from recs.rules.answer import answer, decide_mode


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Who directed Fargo? Thanks!", "Joel Coen"),
        ("how long is Titanic, I need to know before tonight", "194 minutes"),
        ("what does Rotten Tomatoes give Up?", "98%"),
        ("who directd Braveheart", "Mel Gibson"),
        ("who directed Once Upon a Time in the West?", "Sergio Leone"),
    ],
)
def test_it_answers_questions_with_extra_words_typos_and_rating_sites(cat, text, says):
    assert decide_mode(text, cat).mode == "A"
    assert says in answer(text, cat)


def test_it_answers_for_each_film_a_question_names(cat):
    said = answer("how long are Shrek and Up?", cat)
    assert "90 minutes" in said and "96 minutes" in said


def test_it_does_not_recommend_films_for_a_personal_question_about_an_actor(cat):
    assert decide_mode("what is Tom Hanks' favourite food?", cat).mode == "A"
    assert answer("what is Tom Hanks' favourite food?", cat).startswith("I don't know")
