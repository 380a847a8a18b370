"""parse_constraints on messages written in an unseen round: capitals, moods ruled out, kinds named like titles."""

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
