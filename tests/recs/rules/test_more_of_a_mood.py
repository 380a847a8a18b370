"""More of a mood said bare after picks ("something funnier") keeps what the picks shared and adds the mood."""

import pytest

from recs.rules.rank import plan_picks

THRILLERS = [
    {"title": "Se7en", "year": 1995},
    {"title": "The Silence of the Lambs", "year": 1991},
    {"title": "Memento", "year": 2001},
]
SCI_FI = [
    {"title": "Alien", "year": 1979},
    {"title": "Aliens", "year": 1986},
    {"title": "The Terminator", "year": 1984},
]


def _plan(text, cat, shown=None):
    result = plan_picks(text, cat, blocked=[], last_picks=shown)
    return result, [cat.lookup(p.title, p.year) for p in result.picks]


@pytest.mark.parametrize(
    "text", ["something funnier", "funnier pls", "those but funnier", "hmm something a bit funnier then"]
)
def test_it_keeps_the_sci_fi_shown_when_asked_for_something_funnier(text, cat):
    result, picks = _plan(text, cat, SCI_FI)
    assert picks and all({"Comedy", "Science Fiction"} <= cat.tags(m) for m in picks)
    assert "Alien" in result.intro


def test_it_reads_funnier_than_thrillers_as_dark_comedies(cat):
    result, picks = _plan("something funnier", cat, THRILLERS)
    assert picks and all("Black Comedy" in cat.tags(m) for m in picks)
    assert (
        "Se7en" in result.intro and "black comedies, the nearest to the genres of the picks just shown" in result.intro
    )


def test_it_reads_a_named_thriller_made_funnier_as_dark_comedies(cat):
    _, picks = _plan("like Se7en but funnier", cat)
    assert picks and all("Black Comedy" in cat.tags(m) for m in picks)


def test_it_says_the_picks_shown_not_a_film_named_when_it_relaxes_their_genres(cat):
    result, _ = _plan("something scarier", cat, THRILLERS)
    assert "the picks just shown" in result.intro and "film you named" not in result.intro


def test_it_reads_something_funnier_with_nothing_shown_as_comedies(cat):
    result, picks = _plan("something funnier", cat)
    assert all("Comedy" in cat.tags(m) for m in picks) and "haven't shown" not in result.intro


def test_it_keeps_a_named_genre_beside_the_mood_as_a_new_request(cat):
    result, _ = _plan("a funnier western", cat, SCI_FI)
    assert "Alien" not in result.intro and "western" in result.intro


SUPERHEROES = [
    {"title": "The Dark Knight", "year": 2008},
    {"title": "Iron Man", "year": 2008},
    {"title": "Spider-Man 2", "year": 2004},
]


def test_it_keeps_to_black_comedies_only_when_a_comedy_is_asked(cat):
    result, picks = _plan("something scarier", cat, SUPERHEROES)
    assert "black comedies" not in result.intro and all("Horror" in cat.tags(m) for m in picks)


def test_it_reads_sadder_after_picks_as_drama_like_them(cat):
    result, picks = _plan("sadder", cat, [{"title": "Toy Story", "year": 1995}, {"title": "Shrek", "year": 2001}])
    assert "Toy Story" in result.intro and all("Drama" in cat.tags(m) for m in picks)


def test_it_reads_those_but_older_as_like_the_picks_shown(cat):
    result, picks = _plan("those but older", cat, SUPERHEROES)
    assert "like The Dark Knight" in result.intro and all(m.year < 2004 for m in picks)


@pytest.mark.parametrize(("text", "tag"), [("less superhero-y please", "Super Hero"), ("a bit less action", "Action")])
def test_it_reads_less_of_a_kind_after_picks_as_like_them_without_it(text, tag, cat):
    result, picks = _plan(text, cat, SUPERHEROES)
    assert "like The Dark Knight" in result.intro and picks and not any(tag in cat.tags(m) for m in picks)


def test_it_keeps_less_than_a_runtime_as_a_runtime(cat):
    from recs.rules.parse import parse_constraints

    cons = parse_constraints("an action movie less than 2 hours", cat)
    assert cons.genres == ["Action"] and cons.max_runtime == 120
