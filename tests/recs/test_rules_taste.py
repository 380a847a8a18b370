"""The taste profile in the rule planner, through the same entry point the rules backend uses."""

import pytest

from chatapp.planner.backends.base import PlannerRequest
from recs.flows.tools import MovieContext
from recs.rules.handlers import rules_plan_picks
from recs.rules.people import people_index
from recs.rules.rank import plan_picks
from recs.rules.taste import parse_profile
from recs.sources.catalogue import core_title
from recs.sources.movies import normalize_title


def plan(text, profile, *, autostart=False):
    context = MovieContext(text=text, profile=profile, blocked=[], autostart=autostart)
    return rules_plan_picks(PlannerRequest(instructions="", input=[], model="rules", context=context))


def films(cat, result):
    movies = [cat.lookup(p.title, p.year) for p in result.picks]
    assert len(movies) == 3 and all(movies)
    return movies


def by_or_with(cat, movie, name):
    key = (core_title(normalize_title(movie.title)), movie.year)
    return movie.director == name or key in people_index(cat).cast_keys[name]


def test_it_greets_a_new_chat_with_the_genres_the_user_likes(cat):
    result = plan("", "Likes: Horror. Dislikes: Comedy.", autostart=True)
    movies = films(cat, result)
    assert sum("Horror" in cat.tags(m) for m in movies) >= 2
    assert not any("Comedy" in cat.tags(m) for m in movies)
    assert result.intro == "Hello! Three picks for your taste (horror; no comedy):"
    horror = [p for p, m in zip(result.picks, movies, strict=True) if "Horror" in cat.tags(m)]
    assert all(p.reason.startswith("You like horror") for p in horror)


def test_it_follows_liked_genres_and_people_for_what_should_i_watch(cat):
    result = plan("what should I watch?", "Likes: Western, Clint Eastwood.")
    movies = films(cat, result)
    fits = [m for m in movies if "Western" in cat.tags(m) or by_or_with(cat, m, "Clint Eastwood")]
    assert len(fits) >= 2
    assert result.intro.startswith("Three picks for your taste (western, Clint Eastwood)")
    assert any(p.reason.startswith("You like Clint Eastwood") for p in result.picks)
    assert any(p.reason.startswith("You like westerns") for p in result.picks)


def test_it_lets_the_message_win_and_the_profile_only_break_ties(cat):
    result = plan("a tense 90s thriller", "Likes: Horror, Comedy.")
    movies = films(cat, result)
    assert all("Thriller/Suspense" in cat.tags(m) and 1990 <= m.year <= 1999 for m in movies)
    assert result.intro == "Three tense 90s thrillers:"


def test_it_never_picks_a_disliked_genre_unless_asked_for(cat):
    for text in ("what should I watch?", "a 90s thriller", "something from the 80s"):
        assert not any("Horror" in cat.tags(m) for m in films(cat, plan(text, "Dislikes: Horror.")))
    asked = films(cat, plan("a horror film", "Dislikes: Horror."))
    assert all("Horror" in cat.tags(m) for m in asked)


def test_it_keeps_a_profile_led_pick_within_a_remembered_runtime_limit(cat):
    result = plan("what should I watch?", "Likes: Science Fiction. Wants: at most 2 hours.")
    assert all(m.runtime is None or m.runtime <= 120 for m in films(cat, result))


def test_it_reads_only_likes_and_dislikes_as_tastes(cat):
    taste = parse_profile(
        "Likes: Horror, Clint Eastwood. Dislikes: Comedy. Wants: more westerns; less gore. "
        "Rated highly: Fargo (5★). Recently shown: Alien (1979), Se7en (1995).",
        cat,
    )
    assert taste.genres == ["Horror", "Western"]
    assert taste.exclude_genres == ["Comedy"]
    assert "Clint Eastwood" in taste.directors
    assert [cat.get(i).title for i in taste.like_ids] == ["Fargo"]
    assert (taste.year_min, taste.year_max) == (None, None)


RECENT = "Recently shown: Se7en (1995), Inception (2010), Léon (1994)."


@pytest.mark.parametrize("likes", ["Likes: Thriller/Suspense. ", "", "Likes: Christopher Nolan, Luc Besson. "])
def test_it_greets_a_new_chat_with_films_not_just_shown_in_other_chats(cat, likes):
    result = plan("", likes + RECENT, autostart=True)
    assert not {(p.title, p.year) for p in result.picks} & {("Se7en", 1995), ("Inception", 2010), ("Léon", 1994)}
    assert len(films(cat, result)) == 3


def test_it_still_shows_recently_shown_films_when_nothing_else_fits(cat):
    """A penalty, not a block: with only those three films left, the greeting still has picks."""
    recent = {cat.lookup(t, y).id for t, y in [("Se7en", 1995), ("Inception", 2010), ("Léon", 1994)]}
    others = {m.id for m in cat.movies} - recent
    result = plan_picks("", cat, blocked=[], profile="Likes: Thriller/Suspense. " + RECENT, exclude_ids=others)
    assert {cat.lookup(p.title, p.year).id for p in result.picks} == recent


@pytest.mark.django_db(transaction=True)
async def test_it_keeps_the_greeting_off_the_films_another_chat_just_showed(alice, settings):
    from chatapp.db import database_sync_to_async
    from recs.services.memory import memory_record_results
    from tests.support.ws import greeting

    settings.AUTOSTART_RECOMMENDATIONS = True
    shown = [{"title": "Se7en", "year": 1995}, {"title": "Inception", "year": 2010}, {"title": "Léon", "year": 1994}]
    await database_sync_to_async(memory_record_results)(user_id=alice.pk, picks=shown[::-1])
    message = await greeting(alice)
    assert len(message.payload["picks"]) == 3
    assert not {p["title"] for p in message.payload["picks"]} & {"Se7en", "Inception", "Léon"}


def test_it_names_each_dislike_once_in_a_taste_led_intro(cat):
    result = plan("no more westerns", "Likes: Thriller/Suspense. Dislikes: Western, Horror, Comedy.")
    assert result.intro == "Three picks for your taste (thriller; no horror or comedy), no western:"
