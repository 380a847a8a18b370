"""A request for the best by rating ("highest rated cartoon", "best rated anime") ranks the films that fit it by
their IMDB rating, best first, without spreading them over franchises or years (recs/rules/top_rated.py)."""

import pytest

from recs.rules.answer import answer, decide_mode
from recs.rules.rank import plan_picks
from recs.rules.top_rated import asks_ranked


@pytest.mark.parametrize(
    ("text", "titles"),
    [
        ("highest rated cartoon", ["Toy Story 3", "WALL-E", "Up"]),
        ("best rated anime", ["Princess Mononoke", "Akira", "Ponyo"]),
        ("the highest-rated bond movies", ["Goldfinger", "From Russia With Love", "Dr. No"]),
        ("top rated pixar films", ["Toy Story 3", "WALL-E", "Up"]),
        ("best reviewed horror films", ["Alien", "The Shining", "Pan's Labyrinth"]),
    ],
)
def test_it_ranks_the_films_of_a_kind_by_rating(text, titles, cat):
    assert decide_mode(text).mode == "B"
    plan = plan_picks(text, cat, blocked=[])
    assert [p.title for p in plan.picks] == titles
    assert "(ranked by IMDB rating, best first)" in plan.intro
    assert plan.picks[0].reason.startswith("1st by IMDB rating")


def test_it_ranks_within_everything_else_asked(cat):
    plan = plan_picks("highest rated sci fi of the 80s", cat, blocked=[])
    movies = [cat.lookup(p.title, p.year) for p in plan.picks]
    assert all(1980 <= m.year <= 1989 and "Science Fiction" in cat.tags(m) for m in movies)
    assert [m.rating for m in movies] == sorted((m.rating for m in movies), reverse=True)


def test_it_says_the_catalogues_best_when_nothing_else_is_asked(cat):
    plan = plan_picks("highest rated movies", cat, blocked=[])
    assert plan.intro.startswith("The three highest-rated films in my catalogue")


@pytest.mark.parametrize("text", ["some highly rated comedies", "a good thriller", "the best film like Alien"])
def test_a_good_film_wished_for_is_no_ranking(text, cat):
    assert not asks_ranked(text) or "like" in text
    assert "ranked by IMDB rating" not in plan_picks(text, cat, blocked=[]).intro


@pytest.mark.parametrize(
    ("text", "said"),
    [("what's the highest rated cartoon", "**Toy Story 3**"), ("what is the top rated anime", "**Princess Mononoke**")],
)
def test_it_answers_which_is_the_highest_rated_of_a_kind(text, said, cat):
    assert decide_mode(text).mode == "A"
    assert said in answer(text, cat)
