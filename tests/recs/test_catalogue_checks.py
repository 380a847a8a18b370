"""The catalogue loader distrusts copied ratings and impossible dates, and shows English titles."""

from recs.flows.picks import pick_card
from recs.sources.catalogue import build_catalogue, load_catalogue


def _row(title, date, rating=7.0, votes=5000, genre="Horror"):
    return {"Title": title, "Release Date": date, "IMDB Rating": rating, "IMDB Votes": votes, "Major Genre": genre}


def test_it_distrusts_a_later_film_carrying_a_copy_of_an_earlier_films_rating_and_votes():
    cat = build_catalogue([_row("Shark", "Jun 01 1975", 8.3, 138017), _row("Shark 2", "Jun 01 1978", 8.3, 138017)])
    assert list(cat.suspect) == ["shark-2-1978"]
    assert "Shark (1975)" in cat.suspect["shark-2-1978"]


def test_it_distrusts_a_sequel_dated_before_the_film_it_follows():
    cat = build_catalogue([_row("Lake House", "Jun 01 1990", votes=1), _row("Lake House 2", "Jun 01 1988", votes=2)])
    assert "dated before" in cat.suspect["lake-house-2-1988"]


def test_it_shows_the_english_title_and_keeps_the_original_searchable():
    cat = load_catalogue()
    film = cat.lookup("C'era una volta il West", 1969)
    assert film.title == "Once Upon a Time in the West" and film.director == "Sergio Leone"
    assert cat.by_title("once upon a time in the west") == [film]


def test_it_hides_a_copied_rating_from_the_card_and_answers():
    cat = build_catalogue([_row("Shark", "Jun 01 1975", 8.3, 138017), _row("Shark 2", "Jun 01 1978", 8.3, 138017)])
    original, copy = cat.lookup("Shark", 1975), cat.lookup("Shark 2", 1978)
    assert (original.rating, original.votes) == (8.3, 138017)
    assert (copy.rating, copy.votes) == (None, None)  # the card shows no rating rather than a copied one
    assert pick_card(copy, reason="").rating is None
