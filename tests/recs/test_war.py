"""War films are tagged by hand: the catalogue's data has no war genre."""

from recs.rules.answer import answer
from recs.sources.war import WAR_FILM_IDS, WAR_TAG
from tests.support.movie_rules import parse


def test_it_tags_only_films_the_catalogue_holds(cat):
    assert all(cat.get(i) for i in WAR_FILM_IDS)
    assert WAR_TAG in cat.tags(cat.get("saving-private-ryan-1998"))
    assert WAR_TAG not in cat.tags(cat.get("the-godfather-1972"))


def test_it_reads_war_and_world_war_shorthand_as_the_war_genre():
    assert parse("a good ww2 film").genres == ["War"] and parse("a wwii movie").genres == ["War"]


def test_it_names_the_war_genre_when_asked():
    from recs.sources.catalogue import load_catalogue

    assert "War" in answer("is saving private ryan a war film?", load_catalogue())
