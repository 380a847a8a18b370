"""Characters and comic publishers the catalogue's titles don't always name: "not batman" rules out The Dark Knight."""

import pytest

from recs.rules.parse import parse_constraints
from recs.rules.rank import plan_picks
from recs.sources.franchises import FRANCHISE_FILM_IDS


def _picks(text, cat):
    return [cat.lookup(p.title, p.year) for p in plan_picks(text, cat, blocked=[]).picks]


def test_it_names_only_films_in_the_catalogue(cat):
    assert all(cat.get(i) for ids in FRANCHISE_FILM_IDS.values() for i in ids)


@pytest.mark.parametrize(
    ("text", "director", "ruled_out"),
    [
        ("a nolan film that's not batman", "Christopher Nolan", "Batman"),
        ("nolan movies except the batman ones", "Christopher Nolan", "Batman"),
        ("a tarantino movie but not kill bill", "Quentin Tarantino", None),
    ],
)
def test_it_rules_out_a_characters_films_beside_a_director(text, director, ruled_out, cat):
    picks = _picks(text, cat)
    assert picks and all(m.director == director for m in picks)
    assert not any(ruled_out in cat.tags(m) for m in picks) if ruled_out else True
    assert not {m.title for m in picks} & {"The Dark Knight", "Kill Bill: Volume 1", "Kill Bill: Volume 2"}


@pytest.mark.parametrize(
    ("text", "wanted", "ruled_out"),
    [
        ("marvel but no spider-man", "Marvel", "Spider-Man"),
        ("a superhero movie that isnt marvel", "Super Hero", "Marvel"),
        ("a superhero movie but no batman", "Super Hero", "Batman"),
        ("dc films but no superman", "DC", "Superman"),
    ],
)
def test_it_rules_out_a_character_within_a_kind(text, wanted, ruled_out, cat):
    picks = _picks(text, cat)
    assert picks and all(wanted in cat.tags(m) and ruled_out not in cat.tags(m) for m in picks)


@pytest.mark.parametrize(
    ("text", "tag"),
    [("a batman movie", "Batman"), ("any james bond films?", "James Bond"), ("marvel movies", "Marvel")],
)
def test_it_finds_a_characters_films_by_name(text, tag, cat):
    result = plan_picks(text, cat, blocked=[])
    assert tag in result.intro
    assert all(tag in cat.tags(cat.lookup(p.title, p.year)) for p in result.picks)


def test_it_reads_bond_as_the_spy_only_before_a_word_for_films(cat):
    assert parse_constraints("no bond films, a thriller", cat).exclude_genres == ["James Bond"]
    assert "James Bond" not in parse_constraints("a drama about a mother's bond", cat).genres


@pytest.mark.parametrize(
    ("text", "kind", "ruled_out"),
    [
        ("Pixar-like but not Pixar", "Animation", "Pixar"),
        ("an animated film that isnt pixar", "Animation", "Pixar"),
        ("a batman type movie, just not batman", "Super Hero", "Batman"),
    ],
)
def test_it_reads_a_name_asked_for_and_ruled_out_as_its_kind(text, kind, ruled_out, cat):
    picks = _picks(text, cat)
    assert picks and all(kind in cat.tags(m) and ruled_out not in cat.tags(m) for m in picks)


@pytest.mark.parametrize(
    ("text", "tag"), [("pixar movies", "Pixar"), ("something from studio ghibli", "Studio Ghibli")]
)
def test_it_finds_an_animation_studios_films(text, tag, cat):
    assert all(tag in cat.tags(m) for m in _picks(text, cat))


def test_it_reads_no_bond_after_a_bond_actor_as_no_bond_films(cat):
    picks = _picks("a movie with sean connery, no bond", cat)
    assert picks and not any("James Bond" in cat.tags(m) for m in picks)


def test_it_finds_anime_by_hand_tags(cat):
    picks = _picks("anime but not ghibli", cat)
    assert picks and all("Anime" in cat.tags(m) and "Studio Ghibli" not in cat.tags(m) for m in picks)


def test_it_reads_no_publisher_in_washington_dc(cat):
    assert parse_constraints("a political thriller set in washington dc", cat).genres == ["Thriller/Suspense"]


def test_it_knows_ghibli_films_by_their_english_titles(cat):
    assert cat.lookup("Ponyo").id == "gake-no-ue-no-ponyo-2009"
    assert cat.lookup("Princess Mononoke").id == "mononoke-hime-1999"


@pytest.mark.parametrize(
    ("text", "director", "ruled_out"),
    [
        ("tarantino minus kill bill", "Quentin Tarantino", "Kill Bill"),
        ("spielberg minus indiana jones", "Steven Spielberg", "Indiana"),
    ],
)
def test_it_reads_minus_as_ruling_out(text, director, ruled_out, cat):
    picks = _picks(text, cat)
    assert picks and all(m.director == director and ruled_out not in m.title for m in picks)
    assert "X-Men" in parse_constraints("marvel movies minus the x-men ones", cat).exclude_genres
