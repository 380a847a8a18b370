"""People the cast table doesn't know are said as not checked, also when ruled out or listed beside a known one."""

import pytest

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


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("a thriller with jake gyllenhaal", "Jake Gyllenhaal"),
        ("a comedy starring will ferrell", "Will Ferrell"),
        ("something without ryan gosling", "Ryan Gosling"),
    ],
)
def test_it_says_a_lower_case_name_it_cannot_check(text, name, cat):
    assert parse_constraints(text, cat).unknown_people == [name]


@pytest.mark.parametrize("text", ["something with grace and charm", "a film with will smith", "with my mum tonight"])
def test_it_takes_no_everyday_words_for_an_unknown_name(text, cat):
    assert parse_constraints(text, cat).unknown_people == []


@pytest.mark.parametrize(
    ("text", "director"),
    [
        ("spielbergs stuff from the 80s", "Steven Spielberg"),
        ("nolans films please", "Christopher Nolan"),
        ("gimme a hitchcock", "Alfred Hitchcock"),
        ("i want another kubrick then", "Stanley Kubrick"),
    ],
)
def test_it_reads_a_surname_said_as_a_possessive_or_as_a_film(cat, text, director):
    assert parse_constraints(text, cat).directors == [director]


def test_it_reads_no_director_in_an_everyday_noun_after_a(cat):
    assert parse_constraints("a film about a carpenter", cat).directors == []


def test_it_says_nothing_unchecked_of_a_known_name_misspelt(cat):
    cons = parse_constraints("comedy with jim carey", cat)
    assert cons.people == ["Jim Carrey"] and cons.unknown_people == []


def test_it_names_the_second_of_two_people_listed_in_lower_case(cat):
    cons = parse_constraints("films with tom hanks and meg ryan", cat)
    assert cons.people == ["Tom Hanks"] and cons.unknown_people == ["Meg Ryan"]


def test_it_rules_out_a_surname_with_a_particle_said_after_without(cat):
    cons = parse_constraints("a scorsese movie without de niro", cat)
    assert cons.directors == ["Martin Scorsese"] and cons.exclude_people == ["Robert De Niro"]


def test_it_reads_no_unknown_person_from_the_start_of_a_known_name(cat):
    cons = parse_constraints("without robert de niro", cat)
    assert cons.exclude_people == ["Robert De Niro"] and cons.unknown_people == []
