"""prepare: a complaint that the picks are too much of something asks for less of it."""

import time

import pytest

from recs.rules.parse import parse_constraints
from recs.rules.scan import Scanner, prepare


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("those are too long", " those are not too long "),
        ("too scary for me", " not too scary for me "),
        ("these look way too childish", " these look not too childish "),
        ("its too late for anything long", " its too late for anything long "),
        ("nothing too long", " nothing too long "),
    ],
)
def test_it_reads_too_much_of_something_as_a_wish_for_less(text, read):
    assert prepare(text) == read


def test_it_plans_shorter_films_when_the_picks_were_too_long(cat):
    cons = parse_constraints("those are too long", cat)
    assert cons.max_runtime and not cons.min_runtime
    assert "Horror" in parse_constraints("too scary for me", cat).exclude_genres


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("enough dc", " not dc "),
        ("ok enough with the horror pls", " ok not horror pls "),
        ("i've had enough of romcoms", " i ve had not romcoms "),
        ("seen enough tarantino, something else", " seen not tarantino , something else "),
        ("is it old enough for my kids", " is it old enough for my kids "),
        ("we have enough time for a long one", " we have enough time for a long one "),
        ("scary enough for halloween", " scary enough for halloween "),
        ("i'm done with marvel", " not marvel "),
        ("we're so done with horror, something funny", " not horror , something funny "),
    ],
)
def test_it_reads_having_had_enough_of_a_kind_as_not(text, read):
    assert prepare(text) == read


def test_it_rules_out_a_studio_someone_has_had_enough_of(cat):
    assert "DC" in parse_constraints("ok enough dc stuff, other superhero films?", cat).exclude_genres
    assert "DC" not in parse_constraints("enough dc", cat).genres
    assert "Marvel" not in parse_constraints("i'm done with marvel", cat).genres


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("comedies from '88", (1988, 1988)),
        ("a thriller from ’97", (1997, 1997)),
        ("something from '05", (2005, 2005)),
        ("the '90s please", (1990, 1999)),
    ],
)
def test_it_reads_a_year_with_its_century_clipped_off(cat, text, years):
    cons = parse_constraints(text, cat)
    assert (cons.year_min, cons.year_max) == years


def _parse_seconds(text, cat):
    started = time.perf_counter()
    parse_constraints(text, cat)
    return time.perf_counter() - started


def test_it_reads_a_long_repeated_request_in_about_linear_time(cat):
    _parse_seconds("80s " * 50, cat)  # warm the catalogue's indexes
    short, long = _parse_seconds("80s " * 500, cat), _parse_seconds("80s " * 4000, cat)
    assert long < 0.5 + 20 * short  # 8x the text: quadratic was ~64x the time (0.6 s at 1000 repeats)


def test_it_reads_the_words_before_a_phrase_deep_in_a_long_request():
    scan = Scanner(" " + "word " * 1000 + "no horror ")
    start = scan.text.index("horror")
    assert scan.before(start, 2) == ["word", "no"] and scan.negated(start)


def test_it_labels_a_repeated_decade_once(cat):
    assert parse_constraints("80s 80s 80s comedy", cat).era == "80s"


@pytest.mark.parametrize(
    ("text", "read"), [("nah too old", " nah not too old "), ("ugh too long", " ugh not too long ")]
)
def test_it_reads_a_complaint_after_an_interjection_as_a_wish_for_less(text, read):
    assert prepare(text) == read
