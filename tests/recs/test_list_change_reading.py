"""Reading list changes from words: a request for films is never a list change, and an impossible change is skipped."""

import pytest

from recs.rules.list_changes import parse_list_changes, which_one


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


@pytest.mark.parametrize(
    ("words", "example"),
    [
        ("add it to my watchlist", "add the first one to my watchlist"),
        ("i've seen that", "I've seen the first one"),
        ("remove that one from my watchlist", "drop the first one from my watchlist"),
    ],
)
def test_it_asks_which_film_a_change_said_of_it_means_under_several_picks(words, example):
    said = which_one(words, last_picks=SHOWN)
    assert said.startswith("Which one? The picks just shown are 1. **WALL-E** (2008); 2. **Groundhog Day** (1993)")
    assert f"(“{example}”)" in said
    assert parse_list_changes(words, last_picks=SHOWN) == []  # nothing proposed on a guess


def test_it_asks_nothing_back_when_one_pick_or_a_title_says_which():
    assert which_one("add it to my watchlist", last_picks=SHOWN[:1]) is None
    assert which_one("add Fargo to my watchlist", last_picks=SHOWN) is None


@pytest.mark.parametrize(
    ("words", "changes"),
    [
        ("we already saw mr and mrs smith", [("mark_seen", "mr and mrs smith")]),  # one film, not "mr" and "mrs smith"
        ("we've watched Fargo and Ronin", [("mark_seen", "Fargo"), ("mark_seen", "Ronin")]),
        ("put heat on my seen list", [("mark_seen", "heat")]),
        ("add Alien to the films I've seen", [("mark_seen", "Alien")]),
        ("ok we'll watch the second one, add it to seen", [("mark_seen", "Groundhog Day")]),
    ],
)
def test_it_reads_what_we_saw_and_what_to_add_to_the_seen_list(words, changes):
    assert [(c.action, c.title) for c in parse_list_changes(words, last_picks=SHOWN)] == changes


@pytest.mark.parametrize(
    "words",
    ["remove every film from my watchlist", "take all the films off my watchlist", "add everything to my watchlist"],
)
def test_it_proposes_no_change_to_a_whole_list_and_says_how_instead(words):
    assert parse_list_changes(words, last_picks=SHOWN) == []
    assert which_one(words, last_picks=[]).startswith("I don't change a whole list from one message.")
