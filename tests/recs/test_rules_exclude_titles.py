"""A word of some titles said for a group of films ("not the pirate ones") rules those films out; a word the
parser reads as a genre or mood ("not the scary ones") stays that."""

from recs.rules.rank import plan_picks
from tests.support.movie_rules import parse


def test_it_rules_out_the_films_whose_titles_hold_a_word_said_for_a_group(cat):
    cons = parse("johnny depp but not the pirate ones")
    titles = {cat.get(i).title for i in cons.exclude_ids}
    assert "Pirates of the Caribbean: The Curse of the Black Pearl" in titles
    assert cons.exclude_titles == ["the pirate ones"] and cons.unsupported == []
    plan = plan_picks("johnny depp but not the pirate ones", cat, blocked=[])
    assert plan.picks and not any("Pirates" in p.title for p in plan.picks)


def test_it_keeps_a_genre_word_said_for_a_group_a_genre():
    cons = parse("comedies but not the scary ones")
    assert cons.exclude_ids == [] and cons.exclude_genres == ["Horror"]
