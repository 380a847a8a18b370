"""Picks just shown, pointed at by their place when the message opens with it ("the first one but shorter"),
or changed as a group ("ok but less violent", "any of those but for kids?")."""

from recs.rules.like import refers_back
from recs.rules.rank import plan_picks
from recs.rules.shown import shown_at

SHOWN = [{"title": "Se7en", "year": 1995}, {"title": "Toy Story", "year": 1995}, {"title": "The Matrix", "year": 1999}]


def test_it_reads_a_place_said_first_then_but_as_the_pick_liked():
    assert shown_at("the third one but older", SHOWN) == [SHOWN[2]]
    assert shown_at("ok the 1st one, but shorter", SHOWN) == [SHOWN[0]]
    assert shown_at("the last one was rubbish", SHOWN) == []


def test_it_plans_films_like_the_pick_pointed_at_first(cat):
    plan = plan_picks("the third one but older", cat, blocked=[], last_picks=SHOWN)
    assert all("like The Matrix" in p.reason for p in plan.picks)
    assert all(p.year < 1999 for p in plan.picks)


def test_it_reads_a_change_to_the_picks_shown_as_like_them():
    assert refers_back("ok but less violent")
    assert refers_back("any of those but for kids?")
    assert not refers_back("a comedy but not a romcom")


def test_it_reads_the_pick_liked_best_by_its_place():
    shown = [{"title": "Alien", "year": 1979}, {"title": "Fargo", "year": 1996}, {"title": "Inception", "year": 2010}]
    assert shown_at("I liked the middle one best, more like that please", shown) == [shown[1]]


def test_it_reads_same_but_as_the_picks_shown_changed():
    assert refers_back("same but for kids")
    assert not refers_back("same director as jaws")


def test_it_plans_another_genre_than_the_picks_shown(cat):
    shown = [
        {"title": "Alien", "year": 1979},
        {"title": "Predator", "year": 1987},
        {"title": "The Terminator", "year": 1984},
    ]
    plan = plan_picks("different genre this time", cat, blocked=[], last_picks=shown)
    assert not any({"Science Fiction", "Action"} & cat.tags(cat.lookup(p.title, p.year)) for p in plan.picks)


def test_it_reads_a_place_praised_first_as_the_pick_liked():
    shown = [{"title": "Alien", "year": 1979}, {"title": "Fargo", "year": 1996}, {"title": "Inception", "year": 2010}]
    assert shown_at("the first one looks good, anything similar but older", shown) == [shown[0]]
    assert shown_at("2nd one was great, more like that?", shown) == [shown[1]]
    assert shown_at("the last one sounds really interesting, something like it", shown) == [shown[2]]
    assert shown_at("the first one is what", shown) == []


def test_it_plans_older_films_like_the_pick_praised_first(cat):
    shown = [{"title": "Alien", "year": 1979}, {"title": "Fargo", "year": 1996}, {"title": "Inception", "year": 2010}]
    plan = plan_picks("the first one looks good, anything similar but older", cat, blocked=[], last_picks=shown)
    assert all("like Alien" in p.reason for p in plan.picks) and all(p.year < 1979 for p in plan.picks)
