"""Questions about the person's own lists are answered from them."""

import pytest

from recs.rules.lists_asked import SHOWN_AT_MOST, lists_answer
from recs.sources.catalogue import load_catalogue

LISTS = {
    "watchlist": [{"title": "Fargo", "year": 1996}, {"title": "Heat", "year": 1995}],
    "seen": [{"title": "Alien", "year": 1979, "rating": 4}],
}


def _said(text: str, lists: dict = LISTS) -> str | None:
    return lists_answer(text, lists, load_catalogue())


@pytest.mark.parametrize(
    "text", ["what's on my watchlist?", "show me my watchlist", "whats in my watch list", "So what is on my watch-list"]
)
def test_it_lists_the_watchlist_newest_first(text):
    said = _said(text)
    assert said.startswith("Your watchlist has 2 films, newest first")
    assert said.index("**Heat** (1995)") < said.index("**Fargo** (1996)")


@pytest.mark.parametrize("text", ["what have I seen?", "list my seen films", "what's on my seen list"])
def test_it_lists_the_seen_films_with_their_ratings(text):
    assert "- **Alien** (1979) — ★★★★" in _said(text)


def test_it_counts_a_list():
    assert _said("how many films are on my watchlist?") == "2 films on your watchlist."


def test_it_says_an_empty_list_is_empty_and_how_to_fill_it():
    said = _said("what's on my watchlist", {"watchlist": [], "seen": []})
    assert said.startswith("Your watchlist is empty.") and "+ Watchlist" in said


def test_it_sums_up_a_long_list_and_points_at_the_lists_page():
    many = [{"title": f"Film {i}", "year": 2000} for i in range(SHOWN_AT_MOST + 5)]
    said = _said("show me my watchlist", {"watchlist": many, "seen": []})
    assert said.count("\n- ") == SHOWN_AT_MOST and "…and 5 more: the Lists page has them all." in said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("is fargo on my watchlist?", "Yes: **Fargo** (1996) is on your watchlist."),
        ("Is The Godfather on my watchlist", "No: nothing called “The Godfather” is on your watchlist."),
        ("have I seen Alien?", "Yes: **Alien** (1979) is on your seen list, rated ★★★★."),
        ("did i watch aliens", "No: nothing called “aliens” is on your seen list."),  # Aliens (1986) is another film
        ("have i seen fargo", "No: nothing called “fargo” is on your seen list."),  # it is on the watchlist
    ],
)
def test_it_says_whether_a_named_film_is_on_a_list(text, said):
    assert _said(text) == said


@pytest.mark.parametrize(
    "text",
    ["add fargo to my watchlist", "recommend something like my watchlist", "who directed fargo", "what's on tv"],
)
def test_it_leaves_other_messages_alone(text):
    assert _said(text) is None


def test_it_answers_nothing_without_the_lists():
    assert lists_answer("what's on my watchlist?", None) is None
