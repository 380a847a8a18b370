"""Films ruled out by name, listed with commas as well as "and"/"or"."""

import pytest

from recs.rules.parse import parse_constraints


@pytest.mark.parametrize(
    ("text", "titles"),
    [
        ("ive seen inception, matrix and alien. what else?", ["Inception", "The Matrix", "Alien"]),
        ("seen alien, and jaws", ["Alien", "Jaws"]),
        ("not jaws, a comedy", ["Jaws"]),
    ],
)
def test_it_rules_out_every_title_of_a_list_said_with_commas(text, titles, cat):
    assert parse_constraints(text, cat).exclude_titles == titles
