"""The embedded catalogue: normalisation of dirty rows, search, lookup, the MovieSource."""

import asyncio

import pytest

from recs.sources.catalogue import (
    CatalogueSource,
    build_catalogue,
    clean_title,
    load_catalogue,
    parse_year,
)
from recs.sources.movies import MovieSource


def _row(title, date="Jun 12 1998", **extra):
    row = {
        "Title": title,
        "Release Date": date,
        "Major Genre": "Drama",
        "Director": "A. Person",
        "MPAA Rating": "R",
        "Running Time min": 100,
        "IMDB Rating": 7.0,
        "IMDB Votes": 1000,
        "Rotten Tomatoes Rating": 80,
        "Creative Type": "Contemporary Fiction",
    }
    row.update(extra)
    return row


def test_it_keeps_numeric_titles_as_strings(cat):
    assert [(m.title, m.year) for m in cat.by_title("1776")] == [("1776", 1972)]
    assert [(m.title, m.year) for m in cat.by_title("300")] == [("300", 2007)]
    assert all(isinstance(m.title, str) for m in cat.movies)


def test_it_skips_the_null_title_and_counts_it(cat):
    assert cat.stats["rows_read"] == 3201
    assert cat.stats["skipped"] == {"missing_title": 1}
    assert cat.stats["films_kept"] == 3200 == len(cat.movies)


def test_it_maps_null_genre_to_empty_list_and_null_director_to_none(cat):
    land_girls = cat.lookup("The Land Girls", 1998)
    assert land_girls.genres == [] and land_girls.director is None


def test_it_distinguishes_remakes_by_year_and_finds_both(cat):
    crashes = cat.by_title("Crash")
    assert sorted((m.year, m.director) for m in crashes) == [(1996, "David Cronenberg"), (2005, "Paul Haggis")]
    assert {m.id for m in crashes} == {"crash-1996", "crash-2005"}
    assert [m.year for m in cat.search("crash", limit=5)[:2]] in ([1996, 2005], [2005, 1996])
    assert cat.search("Crash", year=2005)[0].id == "crash-2005"


def test_it_builds_stable_slug_ids(cat):
    assert cat.get("the-matrix-1999").title == "The Matrix"
    assert load_catalogue() is cat  # cached per process
    assert len({m.id for m in cat.movies}) == len(cat.movies)


def test_it_repairs_upstream_title_damage():
    assert clean_title("Barbarians, The") == "The Barbarians"
    assert clean_title("King Kong (1933)") == "King Kong"
    assert clean_title("LÈon") == "Léon"
    assert clean_title("The Naked Gun 2Ω: The Smell of Fear") == "The Naked Gun 2½: The Smell of Fear"
    assert clean_title("Alien³") == "Alien³"
    assert clean_title(300) == "300"
    assert clean_title(None) is None and clean_title("  ") is None


def test_it_parses_years_in_every_format_and_fixes_the_century_pivot():
    assert parse_year("Jun 12 1998") == 1998
    assert parse_year("Jun 12 98") == 1998
    assert parse_year("Jun 12 05") == 2005
    assert parse_year("1998-06-12") == 1998
    assert parse_year("Aug 25 2039") == 1939  # two-digit year read with a 1969 pivot upstream
    assert parse_year("Dec 23 2011") == 2011
    assert parse_year("") is None and parse_year("Jan 01 1700") is None


def test_it_places_pre_1947_classics_in_the_right_century(cat):
    assert cat.lookup("The Wizard of Oz", 1939).year == 1939
    assert cat.lookup("Gone with the Wind", None).year == 1939
    assert max(m.year for m in cat.movies) <= 2012


def test_it_merges_exact_duplicates_and_suffixes_id_collisions():
    rows = [_row("Heat"), _row("Heat"), _row("Heat", Director="Someone Else"), {"Title": None}, "junk"]
    cat = build_catalogue(rows)
    assert [m.id for m in cat.movies] == ["heat-1998", "heat-1998-2"]
    assert cat.stats["duplicates_merged"] == 1
    assert cat.stats["id_collisions_suffixed"] == 1
    assert cat.stats["skipped"] == {"missing_title": 1, "not_an_object": 1}


def test_it_writes_an_overview_of_only_what_the_card_meta_line_lacks(cat):
    """The card shows the year (title), genres, runtime, IMDB rating and director already."""
    assert cat.get("the-matrix-1999").overview == "Science Fiction · Rated R · Rotten Tomatoes 86%."
    se7en = cat.get("se7en-1995")
    assert se7en.overview == "Rated R."
    for word in ("1995", "Thriller", "Fincher", "min"):
        assert word not in se7en.overview


def test_it_lets_black_comedy_match_comedy(cat):
    black = next(m for m in cat.movies if m.genres == ["Black Comedy"])
    assert {"Black Comedy", "Comedy"} <= cat.tags(black)


@pytest.mark.parametrize("query", ["the matrix", "MATRIX", "Matrix!", "  the   Matrix "])
def test_it_searches_ignoring_case_punctuation_and_the(cat, query):
    assert cat.search(query)[0].id == "the-matrix-1999"


def test_it_searches_ignoring_accents(cat):
    assert cat.search("leon")[0].title == "Léon"
    assert cat.search("Léon")[0].title == "Léon"


def test_it_ranks_exact_before_prefix_before_partial(cat):
    titles = [m.title for m in cat.search("matrix", limit=3)]
    assert titles[0] == "The Matrix" and set(titles[1:]) == {"The Matrix Reloaded", "The Matrix Revolutions"}


def test_it_prefers_the_asked_year(cat):
    assert [m.year for m in cat.search("King Kong", year=1976)][:1] == [1976]
    assert [m.year for m in cat.search("King Kong", year=2006)][:1] == [2005]  # ±1 beats others


def test_it_finds_typos_in_search(cat):
    assert cat.search("Incepton")[0].title == "Inception"


def test_it_looks_up_exact_and_within_one_year(cat):
    assert cat.lookup("The Matrix", 1999).id == "the-matrix-1999"
    assert cat.lookup("matrix", 2000).id == "the-matrix-1999"
    assert cat.lookup("Crash", 1996).id == "crash-1996"
    assert cat.lookup("Crash", 2001) is None  # the title exists, but not that film


def test_it_looks_up_confident_fuzzy_matches_only(cat):
    assert cat.lookup("Inceptoin", 2010).id == "inception-2010"
    assert cat.lookup("Inception 2", 2012) is None
    assert cat.lookup("A Film That Does Not Exist", 2010) is None
    assert cat.lookup("", None) is None


def test_it_looks_up_titles_spelt_by_ear_without_false_matches(cat):
    assert cat.lookup("Incepshun", None).id == "inception-2010"
    assert cat.lookup("Mishun Impossible", 1996).title == "Mission: Impossible"
    assert cat.lookup("Incepshun 2", None) is None  # numbers must still agree
    assert cat.lookup("Incepshun", 1990) is None  # and the year
    assert cat.lookup("The Stashun", None) is None
    assert cat.lookup("Fotografer", None) is None


def test_it_implements_the_movie_source_protocol(cat):
    source: MovieSource = CatalogueSource(cat)
    assert source.name == "catalogue"
    found = asyncio.run(source.lookup(title="Se7en", year=1995))
    results = asyncio.run(source.search(query="toy story", limit=3))
    assert found.source == "catalogue" and found.director == "David Fincher"
    assert results[0].title == "Toy Story"
