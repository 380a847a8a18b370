"""The curated cast table: every film exists in the catalogue, and people filters use it."""

from recs.rules.people import load_cast
from recs.rules.rank import plan_picks
from recs.sources.movies import BlockedItem


def test_it_lists_about_forty_well_known_actors():
    cast = load_cast()
    assert len(cast) >= 40
    assert all(len(films) >= 5 for films in cast.values())


def test_it_verifies_every_cast_film_against_the_catalogue(cat):
    missing = [
        (name, title, year)
        for name, films in load_cast().items()
        for title, year in films
        if not any(m.title == title and m.year == year for m in cat.by_title(title))
    ]
    assert missing == []


def test_it_knows_tom_cruise_films():
    cruise = set(load_cast()["Tom Cruise"])
    for film in [
        ("Top Gun", 1986),
        ("Mission: Impossible", 1996),
        ("Jerry Maguire", 1996),
        ("Minority Report", 2002),
        ("Collateral", 2004),
        ("Vanilla Sky", 2001),
        ("The Firm", 1993),
        ("A Few Good Men", 1992),
        ("Eyes Wide Shut", 1999),
        ("Magnolia", 1999),
        ("Rain Man", 1988),
        ("Days of Thunder", 1990),
    ]:
        assert film in cruise


def test_it_excludes_an_actors_films(cat):
    cruise = set(load_cast()["Tom Cruise"])
    for text in ["nothing with Tom Cruise", "a drama without Tom Cruise", "no Tom Cruise, something from 1996"]:
        picks = plan_picks(text, cat, blocked=[]).picks
        assert not {(p.title, p.year) for p in picks} & cruise


def test_it_boosts_an_actors_films(cat):
    hanks = set(load_cast()["Tom Hanks"])
    result = plan_picks("something with Tom Hanks", cat, blocked=[])
    assert {(p.title, p.year) for p in result.picks} <= hanks
    assert all(p.reason.startswith("With Tom Hanks") for p in result.picks)
    assert "with Tom Hanks" in result.intro


def test_it_says_when_it_cannot_check_a_person(cat):
    result = plan_picks("a comedy with Keira Knightley", cat, blocked=[])
    assert "couldn't check cast for Keira Knightley offline" in result.intro


def test_it_never_returns_blocked_cast_films(cat):
    hanks = load_cast()["Tom Hanks"]
    blocked = [BlockedItem(id=f"x{i}", title=t, year=y) for i, (t, y) in enumerate(hanks[:10])]
    picks = plan_picks("with Tom Hanks", cat, blocked=blocked).picks
    assert not {(p.title, p.year) for p in picks} & set(hanks[:10])


def test_it_rules_out_a_rom_com_stars_films(cat):
    picks = plan_picks("a rom com from the 2000s without hugh grant", cat, blocked=[]).picks
    assert picks and not {p.title for p in picks} & {"Love Actually", "Two Weeks Notice", "About a Boy"}
