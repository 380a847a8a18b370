"""Reading list changes from words: a request for films is never a list change, and an impossible change is skipped."""

import pytest

from recs.rules.list_changes import parse_list_changes


@pytest.mark.parametrize(
    "words",
    [
        "I watched Alien last night and loved it, recommend something like it",
        "What should I watch? I saw Heat recently",
        "Last week I watched a film about a heist. What else is like that?",
    ],
)
def test_it_never_reads_a_request_for_films_as_a_list_change(words):
    assert parse_list_changes(words, last_picks=[]) == []


@pytest.mark.parametrize("words", ["add Frankenstein 1818 to my watchlist", "i have seen " * 330])
def test_it_skips_impossible_changes_instead_of_crashing(words):
    assert parse_list_changes(words, last_picks=[]) == []
