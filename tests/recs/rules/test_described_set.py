"""Counts and superlatives of films described by genre, years and people: answered, not planned as picks."""

import pytest

from recs.rules.answer import answer, decide_mode


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how many horror movies from the 80s", "**47** films listed as horror from the 80s"),
        ("how many 90s comedies do you have", "**223** films listed as comedy from the 90s"),
        ("how many westerns from the 60s are there?", "films listed as western from the 60s"),
        ("number of 70s thrillers?", "films listed as thriller from the 70s"),
        ("how many eighties horror films", "**47** films listed as horror from the 80s"),
        ("how many horror films before 1980", "films listed as horror before 1980"),
    ],
)
def test_it_counts_a_genre_in_an_era(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    assert said in answer(text, cat)


def test_it_counts_a_persons_films_in_an_era(cat):
    text = "how many spielberg films from the 80s do u have"
    assert decide_mode(text, cat).mode == "A"
    assert "**6** films directed by **Steven Spielberg** from the 80s" in answer(text, cat)


def test_it_counts_the_films_of_a_decade(cat):
    assert "**256** films from the 80s" in answer("how many 80s movies do you have", cat)


def test_it_leaves_a_count_asked_as_a_request_to_the_planner(cat):
    assert decide_mode("how many horror movies from the 80s would you recommend", cat).mode == "B"


@pytest.mark.parametrize(
    "text", ["what is the highest rated 80s horror film", "what's the top rated horror film from the 80s"]
)
def test_it_answers_the_highest_rated_of_a_genre_in_an_era(cat, text):
    assert decide_mode(text, cat).mode == "A"
    assert "The Shining** (1980)" in answer(text, cat)


def test_it_leaves_the_best_of_a_genre_in_an_era_to_the_planner(cat):
    assert decide_mode("what's the best 80s horror film", cat).mode == "B"


def test_it_reads_no_set_from_a_long_message(cat):
    from recs.rules.described_set import described_films

    assert described_films("horror " * 500, cat) is None
    assert described_films("horror movies from the 80s", cat) is not None


def test_it_reads_no_set_when_a_word_of_it_is_unread(cat):
    from recs.rules.described_set import described_films

    # "tarantino" is no director's name in this wording: counting every 90s film would be wrong
    assert described_films("films did tarantino make in the 90s", cat) is None
    assert described_films("horror movies about zombies from the 80s", cat) is None


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how many films did tarantino make in the 90s", "**3** films directed by **Quentin Tarantino** from the 90s"),
        ("how many films did kubrick direct in the 60s", "**3** films directed by **Stanley Kubrick** from the 60s"),
        ("how many movies has tom hanks been in since 2000", "films with **Tom Hanks** from 2000 or later"),
    ],
)
def test_it_counts_what_a_person_made_or_was_in_within_an_era(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    assert said in answer(text, cat)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how many movies from the 90s are rated r", "films from the 90s rated R"),
        ("how many pg-13 movies do you have", "**865** films rated PG-13"),
        ("how many nolan films are longer than 2 hours", "**4** films directed by **Christopher Nolan** over 2 hours"),
        ("how many war films from the 1940s", "**1** film listed as war from the 40s"),
    ],
)
def test_it_counts_films_by_rating_and_runtime_too(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    assert said in answer(text, cat)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how many christmas movies do you have", "doesn't record sub-genres or topics"),
        ("how many korean films", "doesn't record country or language"),
    ],
)
def test_it_answers_a_count_of_what_it_does_not_record_as_unknown(cat, text, said):
    assert decide_mode(text, cat).mode == "A"
    reply = answer(text, cat)
    assert reply.startswith("I don't know how many") and said in reply
