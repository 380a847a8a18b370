"""Animated films are hand-tagged (the data records no animation): "an animated film for adults" finds them."""

import pytest

from recs.rules.parse import parse_constraints
from recs.rules.rank import plan_picks
from recs.sources.animation import ANIMATED_FILM_IDS, ANIMATION_TAG


def _picks(text, cat):
    return [cat.lookup(p.title, p.year) for p in plan_picks(text, cat, blocked=[]).picks]


def test_it_names_only_films_in_the_catalogue(cat):
    assert all(cat.get(i) for i in ANIMATED_FILM_IDS)


def test_it_leaves_live_action_family_films_untagged(cat):
    for title in ("Elf", "The Nutty Professor", "Small Soldiers", "Space Jam"):
        assert ANIMATION_TAG not in cat.tags(cat.lookup(title))


@pytest.mark.parametrize(
    "text", ["an animated film for adults", "adult animation", "animated movies that arent for kids", "mature cartoons"]
)
def test_it_finds_animated_films_for_grown_ups(text, cat):
    picks = _picks(text, cat)
    assert picks and all(ANIMATION_TAG in cat.tags(m) and m.mpaa not in ("G", "PG", None) for m in picks)
    assert not any("Family" in cat.tags(m) for m in picks)


def test_it_ranks_kids_films_last_for_grown_ups(cat):
    assert "Family" in parse_constraints("like Shrek but for grown ups", cat).unwelcome


def test_it_rules_out_animation_without_ruling_out_family_films(cat):
    cons = parse_constraints("a comedy, nothing animated", cat)
    assert cons.exclude_genres == [ANIMATION_TAG]
    assert not any(ANIMATION_TAG in cat.tags(m) for m in _picks("a comedy, nothing animated", cat))


@pytest.mark.parametrize(("text", "said"), [("is Shrek animated?", "Animation"), ("is Elf a cartoon?", "Comedy**")])
def test_it_answers_whether_a_film_is_animated(text, said, cat):
    from recs.rules.answer import answer, decide_mode

    assert decide_mode(text).mode == "A" and said in answer(text, cat)


def test_it_reads_a_typo_of_a_characters_name(cat):
    assert parse_constraints("a batmn movie", cat).genres == ["Batman"]


def test_it_says_years_ruled_out_from_an_open_end(cat):
    intro = plan_picks("give me a superman film but not the old ones", cat, blocked=[]).intro
    assert "nothing before 1980" in intro and "1870" not in intro


def test_it_reads_animated_for_a_grown_up_as_grown_up_viewing(cat):
    assert parse_constraints("somethin animated for a grown up", cat).mpaa_excluded == ["G", "PG"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("what's the highest rated horror film?", "**Alien** (1979)"),
        ("what's the highest rated animated movie", "**Toy Story 3** (2010)"),
        ("what's the highest rated batman film", "**The Dark Knight** (2008)"),
    ],
)
def test_it_answers_the_highest_rated_film_of_a_kind(text, said, cat):
    from recs.rules.answer import answer, decide_mode

    assert decide_mode(text).mode == "A" and said in answer(text, cat)


def test_it_still_recommends_for_the_best_film_of_a_kind(cat):
    from recs.rules.answer import decide_mode

    assert decide_mode("which is the best horror film").mode == "B"
