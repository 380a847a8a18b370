"""Requests as people type them: typos, moods, audiences, worded durations, explicit years over vague ones."""

import pytest

from recs.rules.parse import parse_constraints
from recs.rules.rank import plan_picks


def test_it_forgives_typos_in_genre_and_decade_words(cat):
    cons = parse_constraints("thriler from the ninties", cat)
    assert cons.genres == ["Thriller/Suspense"] and (cons.year_min, cons.year_max) == (1990, 1999)


@pytest.mark.parametrize(
    ("text", "director"),
    [("films by Stanly Kubrik", "Stanley Kubrick"), ("something by ridley scot", "Ridley Scott")],
)
def test_it_forgives_typos_in_directors_names(cat, text, director):
    assert parse_constraints(text, cat).directors == [director]


def test_it_reads_a_mood_as_a_genre_and_says_so(cat):
    plan = plan_picks("somthing sad", cat, blocked=[])
    assert "(sad → drama)" in plan.intro


@pytest.mark.parametrize(
    ("text", "ratings"),
    [("my son is 4, what can we watch", ["G", "PG"]), ("a movie for my 14 year old", ["G", "PG", "PG-13"])],
)
def test_it_turns_a_childs_age_into_ratings_it_never_relaxes(cat, text, ratings):
    cons = parse_constraints(text, cat)
    assert cons.mpaa_allowed == ratings and cons.mpaa_hard


def test_it_reads_a_worded_duration_as_a_window(cat):
    cons = parse_constraints("a comedy roughly ninety minutes long", cat)
    assert (cons.min_runtime, cons.max_runtime) == (75, 105)


def test_it_does_not_read_a_long_day_as_a_runtime_wish(cat):
    cons = parse_constraints("it's been a long day, something light and funny", cat)
    assert cons.min_runtime is None and "Comedy" in cons.genres


def test_it_lets_an_explicit_decade_beat_a_vague_newer(cat):
    cons = parse_constraints("a newer comedy, from the 90s", cat)
    assert (cons.year_min, cons.year_max) == (1990, 1999)


def test_it_keeps_a_negated_genre_with_a_reason_out(cat):
    cons = parse_constraints("a tense thriller but no horror please, I get nightmares", cat)
    assert cons.exclude_genres == ["Horror"] and "Horror" not in cons.genres
