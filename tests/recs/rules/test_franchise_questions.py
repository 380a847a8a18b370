"""Questions about a hand-tagged franchise or studio as a whole (recs/sources/franchises.py): how many of its
films the catalogue holds, said as the catalogue's count and never as every film made."""

import pytest

from recs.rules.answer import answer, decide_mode


@pytest.mark.parametrize(
    ("text", "count", "said"),
    [
        ("how many bond films are there", "**22**", "James Bond"),
        ("how many pixar movies", "**11**", "Pixar"),
        ("how many x-men films are there in total", "**4**", "X-Men"),
        ("how many bond movies have been made", "**22**", "James Bond"),
        ("number of batman films?", "**7**", "Batman"),
        ("how many spider-man movies exist", "**3**", "Spider-Man"),
    ],
)
def test_it_counts_a_franchise_as_the_catalogue_holds_it(text, count, said, cat):
    assert decide_mode(text).mode == "A"
    reply = answer(text, cat)
    assert count in reply and said in reply
    assert "only the films my catalogue holds" in reply


def test_it_leaves_other_how_many_questions_to_their_own_answers(cat):
    assert "95 minutes" in answer("how many minutes is juno", cat)
    assert "1999" in answer("how many toy story movies are there", cat)  # a series read from titles: part by part
