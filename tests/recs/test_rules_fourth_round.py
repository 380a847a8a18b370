"""Patterns found by a fourth blind round: a liked film named before the ask, creature features, black-and-white
and silent films as eras, a child's age said after the child, a named person kept over a sub-genre, a request
beside a question about no film; chat-speak around questions, verbs before titles, clause-by-clause questions,
lists of a person's films, comparisons for an occasion, and crew questions the catalogue can't answer."""

import pytest

from recs.rules.answer import answer, decide_mode
from recs.rules.rank import plan_picks
from tests.support.movie_rules import parse


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("The Big Lebowski is my all time fave, anything in that vein?", "the-big-lebowski-1998"),
        ("Toy Story is my 4 year old's favourite, anything similar for her?", "toy-story-1995"),
        ("we watched Fargo last night and loved it, what else has that feel?", "fargo-1996"),
    ],
)
def test_it_reads_a_liked_film_said_before_the_ask(text, liked):
    assert parse(text).like_ids == [liked]


@pytest.mark.parametrize(
    "text", ["horror is my fave genre, something similar", "Jaws is my favourite film, now a comedy please"]
)
def test_it_needs_a_film_title_and_an_ask_for_similar_ones(text):
    assert parse(text).like_ids == []


def test_it_reads_a_creature_feature_as_horror():
    cons = parse("a creature feature from the eighties")
    assert cons.genres == ["Horror"] and (cons.year_min, cons.year_max) == (1980, 1989)
    assert parse("monster movies please").genres == ["Horror"]


@pytest.mark.parametrize(
    ("text", "last"), [("a classic black-and-white drama", 1959), ("any b&w westerns", 1959), ("silent films", 1929)]
)
def test_it_reads_black_and_white_and_silent_as_older_eras(text, last):
    cons = parse(text)
    assert cons.year_max == last and cons.year_min is None and not cons.unsupported


def test_a_decade_typed_beside_black_and_white_wins():
    assert (parse("black and white films from the 40s").year_min, parse("b&w from the 40s").year_max) == (1940, 1949)


def test_it_reads_a_childs_age_said_after_the_child():
    assert parse("a film for child of 8 years").mpaa_allowed == ["G", "PG"]
    assert parse("something for a boy of 14").mpaa_allowed == ["G", "PG", "PG-13"]


def test_it_widens_a_sub_genre_before_dropping_a_named_person(cat):
    plan = plan_picks("Coen brothers, ideally one of their black comedies", cat, blocked=[])
    assert {p.title for p in plan.picks} >= {"Burn After Reading"}
    assert all(cat.lookup(p.title, p.year).director == "Joel Coen" for p in plan.picks)
    assert "widened the genre" in plan.intro


def test_it_recommends_when_a_question_beside_the_request_names_no_film():
    assert decide_mode("Which film you recommend for child of 8 years? Is animation good").mode == "B"
    assert decide_mode("is Up good?").mode == "A"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("wait wat year did jurasic park come out lol", "1993"),
        ("hw long is magnolia fr", "188"),
        ("also, what genre would you call Donnie Darko?", "Drama"),
        ("ok so who made Jaws", "Steven Spielberg"),
    ],
)
def test_it_reads_questions_wrapped_in_chat_speak(cat, text, said):
    assert decide_mode(text).mode == "A" and said in answer(text, cat)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("In which year was made the film Titanic?", "1997"),
        ("when was released Finding Nemo", "2003"),
        ("How many minutes have the movie Finding Nemo?", "100"),
        ("What's the Tomatometer on Mulholland Drive?", "81"),
        ("what genre does Fargo fall under", "Thriller"),
        ("wat yeer did the goodfelas come out", "1990"),
    ],
)
def test_it_reads_verbs_before_titles_and_new_fact_words(cat, text, said):
    assert decide_mode(text).mode == "A" and said in answer(text, cat)


def test_it_reads_a_source_question_offering_alternatives(cat):
    text = "Is Memento adapted from a short story or an original script?"
    assert decide_mode(text).mode == "A" and "book or short story" in answer(text, cat)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("what is Ratatouille rated? deciding if my 6 year old can watch it", "MPAA **G**"),
        ("is The Dark Knight ok for a ten year old, what's its rating?", "PG-13"),
    ],
)
def test_it_answers_the_clause_that_asks_about_a_film(cat, text, said):
    assert said in answer(text, cat)


def test_it_lists_a_persons_films(cat):
    said = answer("which Sofia Coppola films are in your catalogue?", cat)
    assert "Lost in Translation" in said and "Marie Antoinette" in said and "**3**" in said
    assert "with **Tom Hanks**" in answer("which movies with Tom Hanks are in your catalogue", cat)
    assert "directed by **Clint Eastwood**" in answer("what films did Clint Eastwood direct", cat)
    assert decide_mode("what Spielberg films should I watch").mode == "B"


def test_it_reads_hyphenated_superlatives_and_pictures(cat):
    said = answer("what's Peter Jackson's highest-rated picture?", cat)
    assert decide_mode("what's Peter Jackson's highest-rated picture?").mode == "A" and "Lord of the Rings" in said


@pytest.mark.parametrize(
    "text",
    ["which is longer for a kids' movie night, Shrek or Shrek 2?", "Shrek or Shrek 2, which is longer for the kids?"],
)
def test_it_compares_two_films_asked_for_an_occasion(cat, text):
    assert decide_mode(text).mode == "A" and answer(text, cat).startswith("**Shrek 2** (2004) is longer")


@pytest.mark.parametrize(
    "text", ["who composed the score for Jaws?", "who produced Jaws", "who wrote the music for Titanic"]
)
def test_it_says_it_doesnt_know_who_wrote_scored_or_produced_a_film(cat, text):
    assert answer(text, cat).startswith("I don't know")


@pytest.mark.parametrize(
    ("text", "genre"),
    [
        ("a good mystery", "Thriller/Suspense"),
        ("crime movies", "Thriller/Suspense"),
        ("a whodunnit", "Thriller/Suspense"),
        ("something noir-ish and moody", "Thriller/Suspense"),
        ("a war film", "War"),  # hand-tagged: recs/sources/war.py
        ("coming of age stories", "Drama"),
    ],
)
def test_it_reads_sub_genres_the_catalogue_files_under_a_genre(text, genre):
    cons = parse(text)
    assert cons.genres == [genre] and not cons.unsupported and decide_mode(text).mode == "B"


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("my son can't stop watching Finding Nemo, what else would he like", "finding-nemo-2003"),
        ("my daughter loves Shrek, more like it please", "shrek-2001"),
        ("i love Jaws but want something newer", "jaws-1975"),
    ],
)
def test_it_reads_a_liking_said_in_the_present(text, liked):
    assert parse(text).like_ids == [liked] and decide_mode(text).mode == "B"


def test_a_present_liking_of_no_film_is_no_unknown_title():
    assert parse("my son loves trains, anything for him?").unknown_likes == []
    assert parse("something like Heat").unknown_likes == ["Heat"]


def test_it_reads_decades_said_as_years():
    assert (parse("Please some comedy of 80 years").year_min, parse("a film from the 90 years").year_max) == (
        1980,
        1999,
    )
    assert parse("my 10 year old").year_min is None


@pytest.mark.parametrize("text", ["heist", "zombies?", "time travel pls"])
def test_a_message_of_only_an_unrecorded_wish_is_a_request(text):
    assert decide_mode(text).mode == "B"


def test_a_statement_about_oneself_is_no_request():
    assert decide_mode("i'm korean").mode == "A"


def test_a_misspelt_with_says_an_actor():
    cons = parse("anythin wiht tom hnaks")
    assert cons.people == ["Tom Hanks"] and cons.directors == []


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Which year the film Jaws was released?", "1975"),
        ("The film Up, how long it is?", "96 minutes"),
        ("Tell me please the duration of film Gladiator", "150 minutes"),
        ("how did Fight Club do with critics?", "81%"),
        ("Is Alien more of a horror or a sci-fi?", "Horror"),
        ("how many Spielberg movies u got", "**23**"),
        ("is Jurassic Park by Spielberg?", "Yes"),
        ("wat yr did titanc come out", "1997"),
    ],
)
def test_it_reads_more_question_wordings(cat, text, said):
    assert decide_mode(text).mode == "A" and said in answer(text, cat)


def test_it_narrows_a_named_genre_by_a_kind_of_film_but_lets_a_mood_qualify_it():
    assert set(parse("true story war films").genres) == {"True Story", "War"}
    assert parse("a feel good musical").genres == ["Musical"]
