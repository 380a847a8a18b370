"""Questions about the picks just shown, end to end through the API with the rule planner."""

import pytest

from tests.support.api import chat_asker


@pytest.mark.django_db(transaction=True)
def test_it_answers_why_a_pick_was_shown_with_the_reason_on_its_card(alice):
    ask = chat_asker(alice)

    second = ask("a feel-good movie for a family night")["picks"][1]
    why = ask("why did you pick the second one?")
    assert why["mode"] == "A" and why["picks"] == []
    assert why["content"] == f"I picked **{second['title']}** ({second['year']}): {second['reason']}"


@pytest.mark.django_db(transaction=True)
def test_it_reads_it_as_the_film_the_last_answer_was_about(alice):
    ask = chat_asker(alice)

    first, *others = ask("a tense 90s thriller")["picks"]
    assert ask("is the first one any good?")["content"].startswith(f"**{first['title']}** ({first['year']})")
    directed = ask("who directed it?")["content"]
    assert first["title"] in directed and not any(o["title"] in directed for o in others)
    proposal = ask("add it to my watchlist")["proposal"]
    assert [(r["action"], r["title"]) for r in proposal["rows"]] == [("add_watchlist", first["title"])]
    them = ask("who directed them?")["content"]  # the picks again, each of them
    assert all(p["title"] in them for p in [first, *others])
