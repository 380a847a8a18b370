"""A studio or franchise ruled out right after picks of its kind keeps the kind the chat was on
(recs/rules/shown_kind.py): "any without marvel?" after superhero picks is superhero films that aren't Marvel's."""

import pytest

from recs.rules.rank import plan_picks

SUPERHEROES = [
    {"title": "The Dark Knight", "year": 2008},
    {"title": "Iron Man", "year": 2008},
    {"title": "Spider-Man", "year": 2002},
]
CARTOONS = [
    {"title": "Toy Story", "year": 1995},
    {"title": "Up", "year": 2009},
    {"title": "Finding Nemo", "year": 2003},
]


def _picked(text, shown, cat):
    plan = plan_picks(text, cat, blocked=[], last_picks=shown)
    return plan, [cat.lookup(p.title, p.year) for p in plan.picks]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("any without marvel?", "Marvel"),
        ("anything not from marvel", "Marvel"),
        ("what about ones that aren't marvel", "Marvel"),
        ("no dc please", "DC"),
        ("same but not dc", "DC"),
        ("ok but no marvel", "Marvel"),
        ("what about non-marvel ones?", "Marvel"),
        ("leave out marvel please", "Marvel"),
        ("drop the dc ones", "DC"),
    ],
)
def test_it_keeps_the_superhero_kind_and_rules_out_the_studio(text, name, cat):
    plan, movies = _picked(text, SUPERHEROES, cat)
    assert len(movies) == 3
    assert all("Super Hero" in cat.tags(m) and name not in cat.tags(m) for m in movies)
    assert not {m.title for m in movies} & {p["title"] for p in SUPERHEROES}
    assert plan.intro.startswith("Three superhero films") and f"no {name}" in plan.intro


def test_it_keeps_the_animated_kind_after_cartoons(cat):
    _, movies = _picked("anything not pixar?", CARTOONS, cat)
    assert all("Animation" in cat.tags(m) and "Pixar" not in cat.tags(m) for m in movies)


@pytest.mark.parametrize("text", ["not another marvel film", "sick of marvel, something else", "no more dc please"])
def test_tired_of_the_studio_still_rules_out_its_kind(text, cat):
    _, movies = _picked(text, SUPERHEROES, cat)
    assert all("Super Hero" not in cat.tags(m) for m in movies)


def test_without_picks_shown_no_marvel_rules_out_superhero_films_as_before(cat):
    _, movies = _picked("any without marvel?", [], cat)
    assert all("Super Hero" not in cat.tags(m) for m in movies)


def test_it_keeps_nothing_from_picks_of_another_kind(cat):
    shown = [{"title": "Alien", "year": 1979}, {"title": "Se7en", "year": 1995}, {"title": "Fargo", "year": 1996}]
    _, movies = _picked("no marvel please", shown, cat)
    assert all("Super Hero" not in cat.tags(m) for m in movies)


def test_non_before_other_words_is_left_as_it_was():
    from tests.support.movie_rules import parse

    assert parse("a non violent thriller").mpaa_excluded == ["R", "NC-17"]
    assert parse("a superhero film, leave out marvel").exclude_genres == ["Marvel"]


def test_it_rules_out_both_studios_named_and_keeps_the_kind(cat):
    plan, movies = _picked("any without marvel or dc?", SUPERHEROES, cat)
    assert all("Super Hero" in cat.tags(m) and not {"Marvel", "DC"} & cat.tags(m) for m in movies)
    assert "no Marvel, no DC" in plan.intro


FAMILY = [
    {"title": "WALL-E", "year": 2008},
    {"title": "Groundhog Day", "year": 1993},
    {"title": "Enchanted", "year": 2007},
]


@pytest.mark.parametrize(
    "text",
    ["none of these, something different", "something completely different", "not feeling these, something else"],
)
def test_it_reads_something_different_as_another_kind_for_the_same_audience(text, cat):
    plan, films = _picked(text, FAMILY, cat)
    assert plan.intro.startswith("Three family-friendly films, no comedy")
    assert all(m.mpaa in {"G", "PG"} and "Comedy" not in cat.tags(m) for m in films)
    assert not {m.title for m in films} & {p["title"] for p in FAMILY}


def test_it_keeps_no_audience_the_picks_shown_did_not_have(cat):
    plan, _films = _picked("something completely different", [{"title": "Se7en", "year": 1995}], cat)
    assert "family-friendly" not in plan.intro
