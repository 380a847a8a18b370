"""A named film as the anchor with a darker or grown-up tone (recs/rules/darker.py): "like toy story but darker"
keeps the film's kind and reads the tone from the rating, as "like Se7en but less dark" does the other way."""

import pytest

from recs.rules.rank import plan_picks
from tests.support.movie_rules import parse


@pytest.mark.parametrize(
    ("text", "liked", "allowed"),
    [
        ("like toy story but darker", "toy-story-1995", ["PG-13", "R", "NC-17"]),
        ("like shrek but a bit darker", "shrek-2001", ["PG-13", "R", "NC-17"]),
        ("finding nemo but more grown up", "finding-nemo-2003", ["PG-13", "R", "NC-17"]),
        ("like the lion king but edgier", "the-lion-king-1994", ["PG-13", "R", "NC-17"]),
        ("like toy story but less kiddy", "toy-story-1995", ["PG-13", "R", "NC-17"]),
        ("like se7en but darker", "se7en-1995", ["R", "NC-17"]),
    ],
)
def test_it_reads_a_darker_tone_from_the_rating(text, liked, allowed):
    cons = parse(text)
    assert cons.like_ids == [liked]
    assert cons.mpaa_allowed == allowed and not cons.mpaa_hard  # preferred, relaxable
    assert "read from the rating" in cons.rating_label
    assert {"Family", "Comedy"} <= set(cons.unwelcome)


@pytest.mark.parametrize(
    "text", ["like toy story but darker", "something like Up but for adults", "like shrek but for grown ups"]
)
def test_a_named_cartoons_darker_or_grown_up_version_is_animated(text, cat):
    plan = plan_picks(text, cat, blocked=[])
    movies = [cat.lookup(p.title, p.year) for p in plan.picks]
    assert len(movies) == 3
    assert all("Animation" in cat.tags(m) and m.mpaa not in ("G", "PG") for m in movies)
    assert plan.intro.startswith("Three animated films like")


def test_a_live_action_film_keeps_its_own_kind(cat):
    assert "Animation" not in parse("like harry potter but darker").genres
    plan = plan_picks("like se7en but darker", cat, blocked=[])
    assert all(cat.lookup(p.title, p.year).mpaa == "R" for p in plan.picks)


def test_darker_without_a_named_film_is_not_read_as_a_rating():
    assert parse("something darker").mpaa_allowed == []


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("a darker version of shrek", "shrek-2001"),
        ("a grown up version of finding nemo", "finding-nemo-2003"),
        ("an adult version of toy story", "toy-story-1995"),
    ],
)
def test_a_darker_or_grown_up_version_of_a_film_names_it(text, liked):
    cons = parse(text)
    assert cons.like_ids == [liked] and cons.genres == ["Animation"]
    assert "PG-13" in cons.mpaa_allowed or cons.mpaa_excluded == ["G", "PG"]  # darker, or grown-up viewing


def test_a_genre_asked_beside_a_darker_cartoon_wins():
    cons = parse("a thriller like toy story but darker")
    assert cons.genres == ["Thriller/Suspense"] and cons.darker == ["darker"]


TOONS = [
    {"title": "Toy Story", "year": 1995},
    {"title": "Finding Nemo", "year": 2003},
    {"title": "Shrek", "year": 2001},
]
COMEDIES = [{"title": "Groundhog Day", "year": 1993}, {"title": "Home Alone", "year": 1990}]


def test_it_reads_a_darker_mood_said_alone_as_a_thriller(cat):
    cons = parse("something darker")
    assert cons.genres == ["Thriller/Suspense"]
    assert ("darker", "Thriller/Suspense") in cons.mood_notes
    assert "(dark → thriller)" in plan_picks("something dark and gritty", cat, blocked=[]).intro


def test_it_keeps_a_named_genre_beside_a_darker_mood(cat):
    cons = parse("a darker drama")
    assert cons.genres == ["Drama"]
    assert "Family" in cons.unwelcome


@pytest.mark.parametrize("text", ["something darker", "anything darker than that?", "hmm smth darker pls"])
def test_it_plans_a_darker_version_of_the_picks_just_shown(cat, text):
    plan = plan_picks(text, cat, blocked=[], last_picks=TOONS)
    films = [cat.lookup(p.title, p.year) for p in plan.picks]
    assert films and all("Animation" in cat.tags(m) and m.mpaa not in ("G", "PG") for m in films)
    assert "read from the rating" in plan.intro


def test_it_keeps_the_kind_of_the_picks_shown_when_asked_darker(cat):
    plan = plan_picks("something darker", cat, blocked=[], last_picks=COMEDIES)
    films = [cat.lookup(p.title, p.year) for p in plan.picks]
    assert all("Comedy" in cat.tags(m) and m.mpaa not in ("G", "PG") for m in films)


def test_it_keeps_superhero_picks_superhero_films_when_asked_darker(cat):
    shown = [{"title": "The Dark Knight", "year": 2008}, {"title": "Iron Man", "year": 2008}]
    plan = plan_picks("darker pls", cat, blocked=[], last_picks=[*shown, {"title": "Spider-Man", "year": 2002}])
    films = [cat.lookup(p.title, p.year) for p in plan.picks]
    assert all("Super Hero" in cat.tags(m) and m.mpaa == "R" for m in films)


@pytest.mark.parametrize("text", ["same but for adults", "any of those but for grown ups"])
def test_it_keeps_animated_picks_animated_when_asked_for_grown_ups(cat, text):
    plan = plan_picks(text, cat, blocked=[], last_picks=TOONS)
    films = [cat.lookup(p.title, p.year) for p in plan.picks]
    assert films and all("Animation" in cat.tags(m) and m.mpaa not in ("G", "PG") for m in films)
