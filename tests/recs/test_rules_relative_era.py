"""Years counted back from today ("from the last 20 years", "the past decade"); "last year" alone is no era."""

from datetime import date

import pytest

from recs.rules.constraints import Constraints
from recs.rules.rank import plan_picks
from recs.rules.relative_era import find_last_years
from recs.rules.scan import Scanner, prepare
from recs.sources.catalogue import load_catalogue
from tests.support.movie_rules import parse


def _read(text: str, today: date) -> Constraints:
    out = Constraints()
    find_last_years(Scanner(prepare(text)), out, today=today)
    return out


@pytest.mark.parametrize(
    ("text", "since"),
    [
        ("ideally a comedy from the last 20 years or so", 2006),
        ("a thriller from the past decade", 2016),
        ("films from the last two decades", 2006),
        ("horror made in the last few years", 2021),
    ],
)
def test_it_counts_years_back_from_today(text, since):
    out = _read(text, date(2026, 11, 27))
    assert (out.year_min, out.year_max) == (since, None) and f"({since} on)" in out.era


def test_it_rules_out_the_recent_years_when_negated():
    assert _read("nothing from the last 30 years", date(2026, 11, 27)).exclude_years == [(1996, 2100)]


@pytest.mark.parametrize("text", ["i saw it last year", "something for the last day of the year"])
def test_it_reads_no_era_in_a_single_last_year(text):
    assert _read(text, date(2026, 11, 27)).year_min is None


def test_it_reads_the_last_years_in_a_whole_request():
    cons = parse("a comedy from the last 20 years or so")
    assert cons.year_min == date.today().year - 20 and cons.genres == ["Comedy"]


SHOWN = [{"title": "Jaws", "year": 1975}, {"title": "Alien", "year": 1979}, {"title": "Fargo", "year": 1996}]


def _plan_after(text: str, shown: list[dict]):
    return plan_picks(text, load_catalogue(), blocked=[], last_picks=shown)


@pytest.mark.parametrize(
    ("text", "older"),
    [
        ("something older", True),
        ("an older classic", True),
        ("something newer", False),
        ("a more recent one", False),
    ],
)
def test_it_reads_older_and_newer_against_the_picks_shown(text, older):
    plan = _plan_after(text, SHOWN)
    years = [p.year for p in plan.picks]
    assert all(y < 1975 for y in years) if older else all(y > 1996 for y in years)
    assert "than the picks just shown" in plan.intro and "pre-1980" not in plan.intro and "2005+" not in plan.intro


def test_it_never_reoffers_a_film_just_shown():
    shown = [{"title": "Inception", "year": 2010}, {"title": "Se7en", "year": 1995}]
    assert "Inception" not in [p.title for p in _plan_after("something newer", shown).picks]


def test_it_keeps_the_fixed_eras_with_nothing_shown():
    assert parse("something newer").year_min == 2005 and parse("something older").year_max == 1979


def test_it_keeps_a_typed_year_over_the_picks_shown():
    assert _plan_after("something from 2001 but newer", SHOWN).intro.startswith("Three films from 2001")


def test_it_reads_a_viewers_age_after_picks_as_no_era():
    assert "picks just shown" not in _plan_after("a cartoon for older kids", SHOWN).intro


HORRORS = [{"title": "Jaws", "year": 1975}, {"title": "Alien", "year": 1979}, {"title": "Halloween", "year": 1978}]


@pytest.mark.parametrize(
    ("text", "newer"),
    [
        ("like those but newer", True),
        ("more like those but more recent", True),
        ("similar to those but a bit older pls", False),
        ("same kinda thing but older", False),
    ],
)
def test_it_combines_a_reference_to_the_picks_shown_with_a_relative_era(text, newer):
    plan = _plan_after(text, HORRORS)
    cat = load_catalogue()
    movies = [cat.lookup(p.title, p.year) for p in plan.picks]
    assert all("Horror" in cat.tags(m) for m in movies)
    assert all(m.year > 1979 for m in movies) if newer else all(m.year < 1975 for m in movies)
    assert "Jaws" in plan.intro and "than the picks just shown" in plan.intro


def test_it_reads_a_relative_era_against_the_pick_pointed_at():
    plan = _plan_after("like the second one but newer", HORRORS)
    assert all(p.year > 1979 for p in plan.picks) and all("Alien" in p.reason for p in plan.picks)


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("nothing older than the 90s pls, a thriller", (1990, None)),
        ("a comedy newer than the eighties", (1990, None)),
        ("older than the 2000s", (None, 1999)),
        ("nothing newer than the 80s, action", (None, 1989)),
    ],
)
def test_it_bounds_the_years_by_a_decade_said_after_than(text, years):
    cons = parse(text)
    assert (cons.year_min, cons.year_max) == years
