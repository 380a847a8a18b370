"""colour_answer: "is <film> in black and white" is answered (colour is not recorded), not read as a request."""

import pytest

from recs.rules.answer import answer, decide_mode


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("is schindlers list in black and white", "**Schindler's List** (1993)"),
        ("was casablanca filmed in color?", "**Casablanca** (1941)"),
        ("Is Schindler's List in black & white?", "**Schindler's List** (1993)"),
    ],
)
def test_it_answers_whether_a_film_is_in_colour_without_guessing(cat, text, title):
    assert decide_mode(text, cat).mode == "A"
    reply = answer(text, cat)
    assert title in reply and reply.startswith("I don't know")


def test_it_still_reads_black_and_white_films_as_a_request(cat):
    assert decide_mode("black and white movies", cat).mode == "B"
