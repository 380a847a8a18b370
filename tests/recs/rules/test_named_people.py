"""People the cast table doesn't know are said as not checked, also when ruled out or listed beside a known one."""

from recs.rules.parse import parse_constraints


def test_it_names_a_person_ruled_out_that_it_cannot_check(cat):
    cons = parse_constraints("a Christopher Nolan movie without Michael Caine", cat)
    assert cons.directors == ["Christopher Nolan"]
    assert cons.unknown_people == ["Michael Caine"]


def test_it_names_an_unknown_person_listed_beside_a_known_one(cat):
    cons = parse_constraints("a movie with Tom Hanks and Meg Ryan", cat)
    assert cons.people == ["Tom Hanks"]
    assert cons.unknown_people == ["Meg Ryan"]


def test_it_takes_no_title_listed_beside_a_title_for_a_person(cat):
    assert parse_constraints("movies like Die Hard and Lethal Weapon", cat).unknown_people == []
