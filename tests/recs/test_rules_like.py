"""A film named before a word saying "of that kind" ("harry potter type films", "shaun of the dead vibes") is the
film the request is like; the same words after a genre or an everyday word name no film."""

import pytest

from recs.rules.like import refers_back
from tests.support.movie_rules import parse


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("shaun of the dead vibes, funny but with zombies or whatever", "Shaun of the Dead"),
        ("any harry potter type films? my 9 yo is obsessed", "Harry Potter and the Sorcerer's Stone"),
        ("a jurassic park style adventure", "Jurassic Park"),
        ("something die hard ish", "Die Hard"),
        ("Groundhog Day-esque please", "Groundhog Day"),
    ],
)
def test_it_reads_a_title_before_a_similarity_marker_as_liked(cat, text, title):
    assert [cat.get(i).title for i in parse(text).like_ids] == [title]


@pytest.mark.parametrize("text", ["a horror type film", "that kind of film", "my type of movie", "fun vibes only"])
def test_it_finds_no_film_in_a_marker_after_a_genre_or_everyday_word(text):
    assert parse(text).like_ids == []


@pytest.mark.parametrize(
    ("text", "ratings"),
    [
        ("my kids loved home alone, what else would they like?", ["G", "PG"]),
        ("my children enjoyed Finding Nemo, anything similar?", ["G", "PG"]),
    ],
)
def test_it_leaves_the_viewer_who_liked_a_film_to_say_who_will_watch(cat, text, ratings):
    cons = parse(text)
    assert cons.like_ids and cons.mpaa_allowed == ratings and cons.mpaa_hard


@pytest.mark.parametrize(
    "text", ["like those but newer", "similar to those but older", "same kinda thing", "more in the same vein"]
)
def test_it_reads_more_ways_of_pointing_back_at_the_picks_shown(text):
    assert refers_back(text)


def test_it_reads_no_pointing_back_in_a_film_named_similar_to_that_one_with():
    assert not refers_back("similar to that one with tom hanks")


@pytest.mark.parametrize(
    "text", ["something dark like inception", "something mindbending like inception", "anything scary like alien"]
)
def test_it_reads_a_film_liked_after_a_wish_word(text):
    liked = "inception-2010" if "inception" in text else "alien-1979"
    assert parse(text).like_ids == [liked]


def test_it_reads_no_film_in_movies_someone_would_like():
    assert not parse("movies i would like").like_ids


@pytest.mark.parametrize("text", ["lo mismo pero más reciente", "pareil mais plus récent", "das gleiche aber neuer"])
def test_it_reads_the_same_but_changed_in_other_languages_as_the_picks_shown(text):
    assert refers_back(text)
