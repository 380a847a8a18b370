"""find_like: a title's words followed by a word for films name a kind of film, not that film."""

from recs.rules.parse import parse_constraints


def test_it_reads_like_black_and_white_films_as_an_era_not_a_title(cat):
    cons = parse_constraints("she loves old Hollywood stuff, like black and white films from the 40s and 50s", cat)
    assert cons.like_ids == []
    assert (cons.year_min, cons.year_max) == (1940, 1959)


def test_it_still_reads_a_title_said_after_like(cat):
    assert parse_constraints("something like Black and White", cat).like_ids


def test_it_reads_seen_all_of_those_as_more_of_their_kind():
    from recs.rules.like import refers_back

    assert refers_back("seen all of those already")
    assert not refers_back("have you seen the matrix")


def test_it_reads_into_war_films_as_a_kind_not_the_film_war(cat):
    cons = parse_constraints("a movie my dad would like, he's into war films and westerns", cat)
    assert cons.like_ids == []
    assert {"War", "Western"} <= set(cons.genres)


def test_it_reads_comparative_ones_as_the_picks_just_shown(cat):
    from recs.rules.like import refers_back
    from recs.rules.rank import plan_picks

    assert refers_back("newer ones pls") and refers_back("any shorter ones?")
    assert not refers_back("newer ones with tom hanks")
    shown = [{"title": "Jaws", "year": 1975}, {"title": "Alien", "year": 1979}, {"title": "The Shining", "year": 1980}]
    plan = plan_picks("newer ones pls", cat, blocked=[], last_picks=shown)
    films = [cat.lookup(p.title, p.year) for p in plan.picks]
    assert all(
        m.year > 1980 and cat.tags(m) & {"Horror", "Thriller/Suspense", "Fantasy", "Science Fiction"} for m in films
    )


def test_it_reads_no_title_in_a_runtime_after_like(cat):
    cons = parse_constraints("i need a movie for a long flight, like 3 hours", cat)
    assert cons.unknown_likes == [] and cons.like_ids == []


def test_it_reads_the_picks_shown_liked_then_more_asked_for_as_like_them():
    from recs.rules.like import refers_back

    assert refers_back("loved those, what else ya got")
    assert refers_back("liked it. anything else?")
    assert not refers_back("loved those!")
    assert not refers_back("i liked it, what else did nolan make")


def test_it_reads_what_other_films_the_director_of_a_film_made_as_theirs_but_it(cat):
    from recs.rules.answer import decide_mode

    text = "what other movies did the director of memento make"
    assert decide_mode(text, cat).mode == "B"
    cons = parse_constraints(text, cat)
    assert cons.directors == ["Christopher Nolan"] and cons.exclude_titles == ["Memento"]
