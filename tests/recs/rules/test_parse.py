"""parse_constraints on messages written in an unseen round: capitals, moods ruled out, kinds named like titles."""

import pytest

from recs.rules.parse import parse_constraints


def test_it_reads_a_message_in_capitals_without_taking_its_words_for_titles(cat):
    cons = parse_constraints("I WANT A SCARY MOVIE FROM THE 80S NOW", cat)
    assert cons.like_ids == []
    assert "Horror" in cons.genres
    assert (cons.year_min, cons.year_max) == (1980, 1989)


def test_it_drops_a_mood_ruled_out_and_then_said_in_passing(cat):
    cons = parse_constraints("please nothing too sad, last time we watched a sad film she cried for an hour", cat)
    assert "Drama" not in cons.genres
    assert "Drama" in cons.exclude_genres
    assert cons.mood_notes == []


def test_it_keeps_a_genre_named_outright_when_its_mood_is_ruled_out(cat):
    cons = parse_constraints("a drama, nothing too sad though, from the 90s", cat)
    assert cons.genres == ["Drama"]
    assert "Drama" not in cons.exclude_genres
    assert ("not sad", "mood") in cons.unsupported


def test_it_reads_valentines_day_without_its_apostrophe_as_romance(cat):
    assert "Romance" in parse_constraints("a valentines day movie that isnt cheesy", cat).genres


def test_it_keeps_a_genre_named_by_its_name_when_a_narrower_kind_is_ruled_out(cat):
    cons = parse_constraints("a horror film that isn't a slasher", cat)
    assert cons.genres == ["Horror"] and "Horror" not in cons.exclude_genres
    assert ("not slasher", "topic") in cons.unsupported


def test_it_still_rules_out_a_genre_named_beside_another(cat):
    cons = parse_constraints("a comedy but not a romcom", cat)
    assert "Romantic Comedy" in cons.exclude_genres


def test_it_says_what_is_on_screen_ruled_out_in_a_genre_is_not_checked(cat):
    cons = parse_constraints("a sci fi film that's not set in space", cat)
    assert cons.genres == ["Science Fiction"] and not cons.exclude_genres
    assert ("not set in space", "topic") in cons.unsupported


def test_it_notes_supernatural_and_found_footage_as_unchecked(cat):
    said = [
        word for word, _ in parse_constraints("a scary film, nothing supernatural, no found footage", cat).unsupported
    ]
    assert said == ["supernatural", "found footage"]


def test_it_says_a_mood_is_unchecked_when_its_genre_is_ruled_out(cat):
    cons = parse_constraints("a feel good movie, not a comedy", cat)
    assert cons.exclude_genres == ["Comedy"] and cons.genres == []
    assert ("feel good", "mood") in cons.unsupported


def test_it_notes_a_happy_ending_as_unchecked(cat):
    assert ("happy ending", "mood") in parse_constraints("like Titanic but with a happy ending", cat).unsupported


def test_it_keeps_friends_as_typed(cat):
    assert parse_constraints("something like Friends but a movie", cat).unknown_likes == ["Friends"]


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ("nothing above pg", ["G", "PG"]),
        ("action film, PG-13 max", ["G", "PG", "PG-13"]),
        ("up to pg-13 please", ["G", "PG", "PG-13"]),
        ("a PG-13 action film from the 2000s", ["PG-13"]),
    ],
)
def test_it_reads_a_rating_said_as_a_ceiling_as_that_rating_or_milder(text, allowed, cat):
    assert parse_constraints(text, cat).mpaa_allowed == allowed


def test_it_reads_old_viewers_as_no_era(cat):
    cons = parse_constraints("something romantic, nothing too long tho, were old lol", cat)
    assert (cons.year_min, cons.year_max) == (None, None)


def test_it_reads_a_cry_and_a_laugh_as_two_moods(cat):
    assert set(parse_constraints("i want to cry but also laugh", cat).genres) == {"Drama", "Comedy"}


def test_it_reads_laugh_till_i_cry_as_laughing_hard(cat):
    assert parse_constraints("something that'll make me laugh til i cry", cat).genres == ["Comedy"]


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("a film from the year i was born, 1987", (1987, 1987)),
        ("1994", (1994, 1994)),
        ("comedy, 1999, under 2 hours", (1999, 1999)),
        ("anything from this century", (2000, None)),
        ("a 20th century classic", (None, 1999)),
    ],
)
def test_it_reads_a_year_said_alone_and_centuries(text, years, cat):
    cons = parse_constraints(text, cat)
    assert (cons.year_min, cons.year_max) == years


def test_it_keeps_a_year_beside_a_title_for_the_film(cat):
    assert parse_constraints("heat, 1995", cat).unknown_films == ["Heat (1995)"]
    assert parse_constraints("fargo, 1996", cat).like_ids == ["fargo-1996"]


def test_it_reads_nothing_offensive_as_no_r_rating(cat):
    cons = parse_constraints("a film for a work night, mixed ages, nothing offensive, ideally funny", cat)
    assert cons.mpaa_excluded == ["R", "NC-17"] and cons.genres == ["Comedy"]


def test_it_reads_a_1st_date_as_a_date(cat):
    assert ("1st date", "Romance") in parse_constraints("movie for a 1st date, nothing too long pls", cat).mood_notes


@pytest.mark.parametrize(
    "text", ["a scary movie for halloween that isnt a slasher", "something creepy but not a slasher"]
)
def test_it_keeps_a_mood_asked_for_when_a_narrower_kind_is_ruled_out(text, cat):
    from recs.rules.parse import parse_constraints

    cons = parse_constraints(text, cat)
    assert "Horror" in cons.genres and "Horror" not in cons.exclude_genres
    assert ("not slasher", "topic") in cons.unsupported


def test_it_reads_no_singing_as_no_musicals(cat):
    assert parse_constraints("a kids movie without singing", cat).exclude_genres == ["Musical"]


def test_it_reads_a_war_one_as_a_war_film(cat):
    cons = parse_constraints("a true story, preferably a war one", cat)
    assert "War" in cons.genres and "True Story" in cons.genres


@pytest.mark.parametrize(
    ("text", "excluded"),
    [
        ("my wife doesnt like horror, something tense", ["Horror"]),
        ("he wouldnt want a western", ["Western"]),
    ],
)
def test_it_reads_a_dislike_typed_without_its_apostrophe(cat, text, excluded):
    assert parse_constraints(text, cat).exclude_genres == excluded


def test_it_rules_out_gore_someone_doesnt_like(cat):
    cons = parse_constraints("what's a good horror for someone who doesnt like gore", cat)
    assert cons.genres == ["Horror"] and "R" in cons.mpaa_excluded
