"""People a request names: a lower-case surname beside a word that says a person is meant reads as the
capitalised one does, and everyday words beside those cues name nobody."""

import pytest

from tests.support.movie_rules import parse


@pytest.mark.parametrize(
    ("text", "director"),
    [
        ("anything by {}", "Christopher Nolan"),
        ("films like {}", "Quentin Tarantino"),
        ("i love {}, what else", "Stanley Kubrick"),
        ("in the mood for {}", "Quentin Tarantino"),
        ("a {} type movie", "Quentin Tarantino"),
        ("{} vibes", "Martin Scorsese"),
        ("the best of {}", "Alfred Hitchcock"),
        ("what about {}", "David Fincher"),
        ("something {}-esque", "Quentin Tarantino"),
    ],
)
def test_it_reads_a_lower_case_surname_beside_a_person_cue_as_the_capitalised_one(text, director):
    surname = director.split()[-1]
    lower, capitalised = parse(text.format(surname.lower())), parse(text.format(surname))
    assert lower.directors == capitalised.directors == [director]


@pytest.mark.parametrize(
    "text", ["movies about cruise ships", "a film about howard hughes", "films from france", "i love horror"]
)
def test_it_names_nobody_for_everyday_words_beside_a_person_cue(text):
    cons = parse(text)
    assert cons.directors == [] and cons.people == []


@pytest.mark.parametrize(
    ("text", "who"), [("films like heat, the de niro one", "Robert De Niro"), ("the nolan one", "Christopher Nolan")]
)
def test_it_reads_a_film_pointed_at_by_its_person(text, who):
    cons = parse(text)
    assert who in cons.people + cons.directors


@pytest.mark.parametrize(
    ("text", "director"),
    [("scorsese gangster movie", "Martin Scorsese"), ("a spielberg zombie movie", "Steven Spielberg")],
)
def test_it_reads_a_surname_a_word_or_two_before_a_word_for_films(text, director):
    assert parse(text).directors == [director]


def test_it_keeps_genre_words_before_a_word_for_films_as_genres():
    cons = parse("black comedy movie")
    assert not cons.directors and not cons.people


def test_it_rules_out_a_surname_after_no():
    cons = parse("action movie no tom cruise no stallone")
    assert "Sylvester Stallone" in cons.exclude_people and "Tom Cruise" in cons.exclude_people


@pytest.mark.parametrize(
    ("text", "director"),
    [("any good spielberg from the 80s?", "Steven Spielberg"), ("some classic hitchcock", "Alfred Hitchcock")],
)
def test_it_reads_a_surname_after_a_quantity_and_a_word_of_praise(text, director):
    assert parse(text).directors == [director]
