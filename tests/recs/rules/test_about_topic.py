"""A story's topic that names a genre: "true story about war" is a war film, "something about love" a romance."""

import pytest

from recs.rules.parse import parse_constraints


@pytest.mark.parametrize(
    ("text", "genre"),
    [
        ("true story about war", "War"),
        ("something about the war", "War"),
        ("something about love", "Romance"),
        ("a film about cowboys", "Western"),
    ],
)
def test_it_reads_a_topic_that_names_a_genre_as_the_genre(cat, text, genre):
    cons = parse_constraints(text, cat)
    assert genre in cons.genres
    assert not [u for u in cons.unsupported if u[1] == "about"]


def test_it_rules_out_a_genre_named_as_a_topic_not_wanted(cat):
    cons = parse_constraints("comedy about love but nothing about war", cat)
    assert "War" in cons.exclude_genres and "War" not in cons.genres


def test_it_keeps_a_documentarys_topic_unrecorded(cat):
    cons = parse_constraints("a documentary about music", cat)
    assert cons.genres == ["Documentary"]
