"""A named film with one quality changed ("like Se7en but less dark", "like Gladiator but more romantic") keeps
the film's kind; an unknown film said in lower case is named as unknown, and everyday words are no film."""

import pytest

from recs.rules.rank import plan_picks
from tests.support.movie_rules import parse


def _tags(cat, plan) -> list[set[str]]:
    return [cat.tags(cat.lookup(p.title, p.year)) for p in plan.picks]


@pytest.mark.parametrize(
    "text",
    ["something like Se7en but less dark", "Se7en but lighter", "not as bleak as Se7en", "Se7en, but a bit less grim"],
)
def test_it_keeps_a_films_genre_and_softens_the_rating_for_a_lighter_tone(cat, text):
    cons = parse(text)
    assert cons.like_ids == ["se7en-1995"] and cons.genres == [] and cons.mood_notes == []
    assert cons.mpaa_allowed == ["G", "PG", "PG-13"] and not cons.mpaa_hard and cons.avoid_genres == ["Horror"]
    plan = plan_picks(text, cat, blocked=[])
    assert all("Thriller/Suspense" in tags and "Comedy" not in tags for tags in _tags(cat, plan))
    assert all(cat.lookup(p.title, p.year).mpaa in ("G", "PG", "PG-13") for p in plan.picks)
    assert "read from the rating" in plan.intro


def test_it_still_reads_a_lighter_tone_alone_as_comedy():
    assert parse("less dark").genres == ["Comedy"] and parse("less dark").mpaa_allowed == []


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("loved Alien, anything like it but less scary?", "Science Fiction"),
        ("like the shining but not as scary", "Fantasy"),
    ],
)
def test_it_keeps_a_films_other_genres_without_horror_when_less_scary(cat, text, kept):
    plan = plan_picks(text, cat, blocked=[])
    assert all(kept in tags and "Horror" not in tags for tags in _tags(cat, plan))
    assert "ideally no horror" in plan.intro


def test_it_picks_milder_horror_when_a_pure_horror_film_should_be_less_scary(cat):
    plan = plan_picks("like Jaws but less scary", cat, blocked=[])
    assert "let horror back in" in plan.intro and "ideally no horror" not in plan.intro
    assert all(cat.lookup(p.title, p.year).mpaa in ("G", "PG", "PG-13") for p in plan.picks)


def test_it_rules_horror_out_for_less_scary_alone_but_keeps_a_less_scary_horror_film():
    assert parse("something less scary").exclude_genres == ["Horror"]
    cons = parse("a less scary horror film")
    assert cons.genres == ["Horror"] and cons.exclude_genres == [] and cons.mpaa_allowed == ["G", "PG", "PG-13"]


def test_it_prefers_films_sharing_the_genres_when_a_genre_is_added_to_a_film(cat):
    plan = plan_picks("like Gladiator but more romantic", cat, blocked=[])
    assert all(tags & {"Action", "Historical"} and tags & {"Romance"} for tags in _tags(cat, plan))


def test_it_says_so_when_no_film_has_both_the_films_genres_and_the_added_one(cat):
    plan = plan_picks("like Se7en but funnier", cat, blocked=[])
    assert "kept to black comedies, the nearest to the genres of the film you named" in plan.intro
    assert all("Comedy" in tags for tags in _tags(cat, plan))


def test_it_keeps_a_titles_words_that_alone_would_be_typos():
    assert parse("like the silence of the lambs").like_ids == ["the-silence-of-the-lambs-1991"]
    assert parse("thriler from the ninties").genres == ["Thriller/Suspense"]


@pytest.mark.parametrize(
    ("text", "liked"),
    [("Se7en but older", "se7en-1995"), ("inception but funnier", "inception-2010"), ("up but funnier", "up-2009")],
)
def test_it_reads_a_film_opening_the_request_before_but_as_the_film_to_be_like(text, liked):
    assert parse(text).like_ids == [liked]


@pytest.mark.parametrize("text", ["kids but nothing scary", "Kids but nothing scary", "horror but not gory"])
def test_it_takes_no_audience_or_genre_before_but_for_a_film(text):
    assert parse(text).like_ids == []


@pytest.mark.parametrize(
    ("text", "unknown"),
    [
        ("i liked arrival, anything similar?", "Arrival"),
        ("i liked interstellar a lot, anything similar?", "Interstellar"),
        ("i loved heat last night, anything similar", "Heat"),
        ("just watched get out and loved it, anything similar", "Get Out"),
        ("i saw get out last night and loved it, anything similar?", "Get Out"),
        ("get out is my fave, anything similar", "Get Out"),
        ("I loved Tonight, anything similar?", "Tonight"),
    ],
)
def test_it_names_an_unknown_film_as_unknown(text, unknown):
    assert parse(text).unknown_likes == [unknown]


@pytest.mark.parametrize(
    "text",
    [
        "i liked cool, anything similar",
        "loved tonight, anything similar",
        "we loved this weekend, anything similar",
        "i loved every minute, anything similar?",
        "we liked stuff like that, anything similar",
        "anything similar to whatever",
        "we watched the news and loved it, anything similar",
        "we watched it and loved it, anything similar",
    ],
)
def test_it_takes_no_everyday_word_for_a_film(text):
    assert parse(text).unknown_likes == [] and parse(text).like_ids == []


def test_it_takes_no_era_from_when_a_film_was_watched():
    cons = parse("i liked moonlight recently, anything similar")
    assert cons.unknown_likes == ["Moonlight"] and cons.year_min is None
    assert parse("i liked inception recently, anything similar").year_min is None
    assert parse("anything released recently").year_min == 2005


@pytest.mark.parametrize(
    ("text", "liked"), [("something scary, like jaws", ["jaws-1975"]), ("i want, like, a funny movie", [])]
)
def test_it_names_the_film_after_like_and_a_comma(text, liked):
    assert parse(text).like_ids == liked


@pytest.mark.parametrize(
    "text", ["I recently watched Fargo and loved it, anything similar?", "i watched fargo recently, more like that"]
)
def test_it_takes_no_era_from_recently_watching_and_likes_the_film_watched(text):
    c = parse(text)
    assert c.like_ids == ["fargo-1996"] and c.year_min is None


@pytest.mark.parametrize(
    "text", ["recently released thrillers", "a thriller that came out recently", "something recent"]
)
def test_it_still_reads_recent_releases_as_an_era(text):
    assert parse(text).year_min == 2005


def test_it_takes_no_film_watched_and_disliked_as_the_reference():
    assert parse("watched Fargo and hated it, anything similar?").like_ids == []
