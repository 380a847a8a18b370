"""prepare: a complaint that the picks are too much of something asks for less of it."""

import pytest

from recs.rules.parse import parse_constraints
from recs.rules.scan import prepare


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
