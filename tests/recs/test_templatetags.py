"""Template filters used by the chat pages."""

from recs.templatetags.movies import initials, pick_meta, runtime_text


def test_it_joins_only_the_parts_a_pick_has():
    full = {"genres": ["Crime", "Drama"], "runtime": 175, "rating": 9.2, "director": "Francis Ford Coppola"}
    assert pick_meta(full) == "Crime · Drama · 2h 55m · ★ 9.2 · Francis Ford Coppola"
    assert pick_meta({"genres": [], "runtime": None, "rating": 9.2, "director": "Francis Ford Coppola"}) == (
        "★ 9.2 · Francis Ford Coppola"
    )
    assert pick_meta({"genres": None}) == ""


def test_it_writes_runtimes_and_initials_for_people():
    assert (runtime_text(120), runtime_text(45), runtime_text(None)) == ("2h 0m", "45m", "")
    assert (initials("The Godfather"), initials("Alien"), initials("")) == ("G", "A", "?")
