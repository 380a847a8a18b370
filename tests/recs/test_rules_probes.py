"""Patterns testers found after the four blind rounds: a capitalised catalogue title read as the film, not a
person; eras relative to a film ("like Inception but older"); a lighter tone ("less dark"); comparisons the
catalogue has no figure for ("which is scarier"); the rater before the title ("what rating did critics give
up"); a liked film we don't have said as a statement; "it" meaning a film named earlier in the message."""

import pytest

from recs.rules.answer import answer, decide_mode
from recs.rules.rank import plan_picks
from tests.support.movie_rules import parse


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("The Curious Case of Benjamin Button", "the-curious-case-of-benjamin-button-2008"),
        ("The Thomas Crown Affair", "the-thomas-crown-affair-1999"),
        ("The Curious Case of Benjamin Button vibes pls", "the-curious-case-of-benjamin-button-2008"),
    ],
)
def test_it_reads_a_capitalised_title_as_the_film_not_a_person(text, liked):
    cons = parse(text)
    assert cons.like_ids == [liked] and cons.directors == [] and cons.people == []


def test_it_reads_a_bare_title_as_a_request_for_films_like_it():
    assert decide_mode("Catch Me If You Can").mode == "B"
    assert parse("Catch Me If You Can").like_ids == ["catch-me-if-you-can-2002"]


def test_it_keeps_people_named_with_capitals_as_people():
    assert parse("something with Tom Hanks").people == ["Tom Hanks"]
    assert parse("a Steven Spielberg film").directors == ["Steven Spielberg"]
    assert parse("Kubrick, no horror").directors == ["Stanley Kubrick"]


@pytest.mark.parametrize(
    ("text", "year_min", "year_max"),
    [
        ("like Inception but older", None, 2009),
        ("something newer than Jaws", 1976, None),
        ("like Alien but more recent", 1980, None),
        ("anything released before The Matrix", None, 1998),
        ("nothing older than Jaws please", 1975, None),
    ],
)
def test_it_reads_an_era_relative_to_a_named_film(text, year_min, year_max):
    cons = parse(text)
    assert (cons.year_min, cons.year_max) == (year_min, year_max)


def test_it_still_reads_older_viewers_and_typed_years_as_before():
    assert parse("like Up but for older kids").year_max is None
    assert parse("comedy, nothing older than 2005").exclude_years == [(1870, 2004)]
    assert parse("older films please").year_max == 1979


def test_it_says_which_film_a_relative_era_is_measured_from(cat):
    plan = plan_picks("like Inception but older", cat, blocked=[])
    assert "older than Inception" in plan.intro
    assert all(p.year < 2010 for p in plan.picks)


@pytest.mark.parametrize(
    "text", ["less dark", "something lighter", "not as bleak please", "nothing too depressing", "less sad"]
)
def test_it_reads_a_lighter_tone_as_comedy_and_says_so(text):
    cons = parse(text)
    assert cons.genres == ["Comedy"] and cons.mood_notes[0][1] == "Comedy"
    assert decide_mode(text).mode == "B"


def test_it_reads_the_film_a_lighter_tone_is_measured_against():
    assert parse("not as bleak as Requiem for a Dream").like_ids == ["requiem-for-a-dream-2000"]
    assert parse("something like Se7en but less dark").like_ids == ["se7en-1995"]


def test_it_keeps_dark_comedy_and_sad_as_genres():
    assert parse("no dark comedies").exclude_genres == ["Black Comedy"]
    assert parse("something sad").genres == ["Drama"]


@pytest.mark.parametrize(
    "text",
    [
        "which is scarier, Alien or Jaws",
        "is The Shining scarier than Alien?",
        "Airplane or Blazing Saddles, which is funnier",
    ],
)
def test_it_answers_a_comparison_it_has_no_figure_for_honestly(text, cat):
    assert decide_mode(text).mode == "A"
    said = answer(text, cat)
    assert said.startswith("I don't know which is") and "IMDB" in said and said.count("**") >= 4


def test_it_lists_both_films_genres_when_it_cannot_compare(cat):
    said = answer("which is scarier alien or jaws?", cat)
    assert "**Alien** (1979): Horror" in said and "**Jaws** (1975): Horror" in said


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("what rating did critics give up", "Rotten Tomatoes **98%**"),
        ("what score did the critics give Toy Story?", "**Toy Story**"),
        ("how many stars did critics give fargo", "**Fargo**"),
    ],
)
def test_it_finds_the_title_after_the_rater(text, wanted, cat):
    assert decide_mode(text).mode == "A"
    assert wanted in answer(text, cat)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("she's obsessed with Frozen, anything similar", "Frozen"),
        ("she's obsessed with frozen, anything similar", "Frozen"),
        ("my kids are really into Encanto atm, anything similar?", "Encanto"),
    ],
)
def test_it_says_a_liked_film_said_as_a_statement_is_unknown(text, title, cat):
    assert parse(text).unknown_likes == [title]
    assert f"I don't know “{title}”" in plan_picks(text, cat, blocked=[]).intro


@pytest.mark.parametrize(
    "text",
    [
        "my son loves trains, anything for him?",
        "my son loves dinosaurs, anything like that",
        "I loved the ending, anything similar?",
    ],
)
def test_it_keeps_a_liked_thing_that_is_no_film_out_of_the_titles(text):
    assert parse(text).unknown_likes == []


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("my friend says Inception is 3 hours, how long is it actually?", "147 minutes"),
        ("my friend says inception is 3 hours, how long is it actually?", "147 minutes"),
        ("we watched Up last night - who directed it?", "Pete Docter"),
        ("Saw Inception last week, is it rated R?", "PG-13"),
        ("my brother reckons titanic came out in 1995, when did it come out?", "1997"),
    ],
)
def test_it_reads_it_as_the_film_named_earlier(text, wanted, cat):
    assert decide_mode(text).mode == "A"
    assert wanted in answer(text, cat)


def test_it_still_answers_two_questions_about_one_film(cat):
    said = answer("When did The Incredibles come out, and who made it", cat)
    assert "2004" in said and "Brad Bird" in said


def test_it_leaves_a_request_for_films_like_it_a_request():
    assert decide_mode("I loved Inception, is there anything like it?").mode == "B"


@pytest.mark.parametrize(
    "text",
    [
        "my son loves dinosaurs, anything for him?",
        "something for my daughter, she likes adventure",
        "my teenage son wants a horror film",
        "what would my nephew like",
    ],
)
def test_it_keeps_picks_for_a_child_named_without_an_age_within_pg13(text):
    cons = parse(text)
    assert cons.mpaa_allowed == ["G", "PG", "PG-13"] and cons.mpaa_hard and "young viewer" in cons.rating_label


@pytest.mark.parametrize(
    "text", ["my son is 30 and loves thrillers", "a thriller for me and my boyfriend", "my girlfriend wants a horror"]
)
def test_it_limits_nothing_for_a_grown_child_or_a_partner(text):
    assert parse(text).mpaa_allowed == []


@pytest.mark.parametrize(
    "text", ["my daughter is obsessed with horses, anything similar", "he loves trucks, anything similar"]
)
def test_it_reads_a_bare_plural_liked_as_a_topic_not_an_unknown_film(text):
    assert parse(text).unknown_likes == []


@pytest.mark.parametrize("text", ["my daughter adored Finding Nemo, more like it pls", "loved Up, more like it thx"])
def test_it_ends_a_liked_title_at_a_thanks_or_a_please(text):
    cons = parse(text)
    assert cons.unknown_likes == [] and len(cons.like_ids) == 1


def test_it_reads_more_like_it_as_an_ask_but_thats_more_like_it_as_approval():
    assert decide_mode("loved Up, more like it thx").mode == "B"
    assert decide_mode("that's more like it, thanks").mode == "A"


def test_it_says_the_childs_limit_in_the_intro_and_keeps_each_cards_reason_short(cat):
    result = plan_picks("my son loves dinosaurs, anything for him?", cat, blocked=[])
    assert "tell me their age" in result.intro
    assert all(p.reason.startswith("Fine for a young viewer;") for p in result.picks), [p.reason for p in result.picks]
