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


SHOWN = [
    {"title": "WALL-E", "year": 2008},
    {"title": "Groundhog Day", "year": 1993},
    {"title": "Enchanted", "year": 2007},
]


@pytest.mark.parametrize(
    ("words", "action"),
    [
        ("I've already seen all of those", "mark_seen"),
        ("i've seen them", "mark_seen"),
        ("I've seen those three", "mark_seen"),
        ("I've seen every one of them", "mark_seen"),
        ("add those to my watchlist", "add_watchlist"),
        ("add all of em to my watchlist", "add_watchlist"),
    ],
)
def test_it_reads_all_of_those_as_every_pick_shown(words, action):
    changes = parse_list_changes(words, last_picks=SHOWN)
    assert [(c.action, c.title) for c in changes] == [(action, p["title"]) for p in SHOWN]


def test_it_reads_both_of_them_only_when_two_were_shown():
    two = parse_list_changes("add both of them to my watchlist", last_picks=SHOWN[:2])
    assert [c.title for c in two] == ["WALL-E", "Groundhog Day"]
    assert parse_list_changes("add both of them to my watchlist", last_picks=SHOWN) == []  # which two of three?
