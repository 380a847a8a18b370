"""Counts of a set of catalogue films: asked with "count", and of a series read from the titles."""

import pytest

from recs.rules.answer import answer, decide_mode


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("count the bond films", "**22** films listed as James Bond"),
        ("can u count the batman movies", "**7** films listed as Batman"),
        ("count the spielberg films for me", "**23** films directed by **Steven Spielberg**"),
    ],
)
def test_it_answers_a_count_asked_with_count(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    assert said in answer(text, cat)


def test_it_counts_the_parts_of_a_series(cat):
    said = answer("how many harry potter movies do u have", cat)
    assert "**6** films in the Harry Potter series" in said
    assert "Harry Potter and the Half-Blood Prince (2009)" in said and "may be more" in said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how many pixar films r in ur list", "**11** films listed as Pixar"),
        ("how many nolan movies r there", "**7** films directed by **Christopher Nolan**"),
    ],
)
def test_it_reads_r_as_are_in_a_count(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    assert said in answer(text, cat)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how many westerns r there", "**36** films listed as western"),
        ("how many westerns do you have", "**36** films listed as western"),
        ("list the nolan films you have", "**7** films directed by **Christopher Nolan**: Following (1999)"),
    ],
)
def test_it_answers_a_genre_counted_by_its_plural_and_a_list_asked_with_list(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    assert said in answer(text, cat)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("what was the first harry potter film", "the earliest is **Harry Potter and the Sorcerer's Stone** (2001)"),
        ("whats the longest lord of the rings", "in The Lord of the Rings series in my catalogue, the longest is"),
    ],
)
def test_it_answers_a_superlative_of_a_series(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    assert said in answer(text, cat)


def test_it_still_says_it_does_not_know_a_count_of_no_known_kind(cat):
    assert answer("how many kids are there", cat).startswith("I don't know")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how many movies has tom hanks been in", "**22** films with **Tom Hanks**"),
        ("how many films has clint eastwood acted in", "**12** films with **Clint Eastwood**"),
        ("how many films did clint eastwood direct", "**12** films directed by **Clint Eastwood**"),
    ],
)
def test_it_counts_a_persons_roles_when_asked_what_they_were_in(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    assert said in answer(text, cat)


@pytest.mark.parametrize(
    ("text", "said"),
    [("whats the newest film u have", "the most recent is"), ("what is the oldest movie u got", "the earliest is")],
)
def test_it_reads_u_have_as_the_whole_catalogue_in_a_superlative(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    assert said in answer(text, cat)


def test_it_lists_every_film_of_a_person(cat):
    text = "list every kubrick film"
    assert decide_mode(text, cat).mode == "A"
    assert "**6** films directed by **Stanley Kubrick**: Spartacus (1960)" in answer(text, cat)


def test_it_reads_did_a_film_star_a_person(cat):
    text = "did forrest gump star tom hanks"
    assert decide_mode(text, cat).mode == "A"
    assert answer(text, cat).startswith("Yes: **Forrest Gump** (1994) stars **Tom Hanks**")
