"""Questions about a hand-tagged franchise or studio as a whole (recs/sources/franchises.py): how many of its
films the catalogue holds, said as the catalogue's count and never as every film made."""

import pytest

from recs.rules.answer import answer, decide_mode


@pytest.mark.parametrize(
    ("text", "count", "said"),
    [
        ("how many bond films are there", "**22**", "James Bond"),
        ("how many pixar movies", "**11**", "Pixar"),
        ("how many x-men films are there in total", "**4**", "X-Men"),
        ("how many bond movies have been made", "**22**", "James Bond"),
        ("number of batman films?", "**7**", "Batman"),
        ("how many spider-man movies exist", "**3**", "Spider-Man"),
        ("how many marvel movies have there been", "**22**", "Marvel"),
    ],
)
def test_it_counts_a_franchise_as_the_catalogue_holds_it(text, count, said, cat):
    assert decide_mode(text).mode == "A"
    reply = answer(text, cat)
    assert count in reply and said in reply
    assert "only the films my catalogue holds" in reply


@pytest.mark.parametrize("text", ["how many disney movies", "how many dreamworks films are there"])
def test_it_counts_no_studio_it_doesnt_tag(text, cat):
    assert decide_mode(text).mode == "A"
    assert answer(text, cat).startswith("I don't know how many")


def test_it_leaves_other_how_many_questions_to_their_own_answers(cat):
    assert "95 minutes" in answer("how many minutes is juno", cat)
    assert "1999" in answer("how many toy story movies are there", cat)  # a series read from titles: part by part


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("is up a pixar movie", "Yes: **Up** (2009) is one of the 11 Pixar films"),
        ("was Shrek made by Pixar?", "No: **Shrek** (2001) isn't one of the 11 Pixar films"),
        ("is toy story pixar", "Yes: **Toy Story** (1995)"),
        ("did pixar make ratatouille", "Yes: **Ratatouille** (2007)"),
        ("is the dark knight a marvel movie", "lists it as a Batman film and a DC film"),
        ("isn't x2 an x-men movie?", "Yes: **X2** (2003) is one of the 4 X-Men films"),
        ("is goldfinger a bond film", "Yes: **Goldfinger** (1964)"),
        ("is spirited away from studio ghibli", "Yes: **Spirited Away** (2002)"),
        ("is Up a Disney Pixar movie?", "Yes: **Up** (2009) is one of the 11 Pixar films"),
    ],
)
def test_it_answers_whether_a_film_is_a_franchises_from_the_hand_tags(text, said, cat):
    assert decide_mode(text).mode == "A"
    assert said in answer(text, cat)


def test_it_says_what_it_cannot_know_about_studios_and_films(cat):
    assert answer("did disney make the lion king", cat).startswith("I don't know: my catalogue doesn't record")
    assert answer("is frozen a pixar film", cat).startswith("I don't know **Frozen**")


@pytest.mark.parametrize(
    "text", ["can you cheer me up with a pixar movie", "what's up, any pixar movies?", "is it up to you, a pixar film"]
)
def test_it_reads_up_in_an_ordinary_sentence_as_no_film(text, cat):
    assert "**Up**" not in answer(text, cat)
    assert "Yes:" not in answer(text, cat) and "No:" not in answer(text, cat)


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("x-men films in order", "1. **X-Men** (2000)", "4. **X-Men Origins: Wolverine** (2009)"),
        ("the bond movies in release order", "1. **Dr. No** (1963)", "22. **Quantum of Solace** (2008)"),
        ("what order do the batman films go in", "1. **Batman** (1989)", "7. **The Dark Knight** (2008)"),
        ("in what order were the pixar films released", "1. **Toy Story** (1995)", "11. **Toy Story 3** (2010)"),
        ("the toy story movies in order", "1. **Toy Story** (1995)", "3. **Toy Story 3** (2010)"),
        ("what order do i watch indiana jones", "1. **Raiders of the Lost Ark** (1981)", "4. **Indiana Jones"),
        ("what's the right order for the bond films", "1. **Dr. No** (1963)", "22. **Quantum of Solace** (2008)"),
        ("order of the batman films?", "1. **Batman** (1989)", "7. **The Dark Knight** (2008)"),
        ("x men movies order", "1. **X-Men** (2000)", "4. **X-Men Origins: Wolverine** (2009)"),
    ],
)
def test_it_lists_a_franchise_or_series_in_release_order_as_an_answer(text, first, last, cat):
    assert decide_mode(text).mode == "A"
    reply = answer(text, cat)
    assert first in reply and last in reply and reply.index(first) < reply.index(last)
    assert "only what my catalogue holds" in reply and "may be incomplete" in reply


def test_it_says_when_films_of_one_year_are_ordered_by_title(cat):
    assert "same year in title order" in answer("the bond movies in release order", cat)
    assert "same year" not in answer("x-men films in order", cat)


def test_it_leaves_an_order_of_no_named_set_to_the_recommender():
    assert decide_mode("the best thrillers in order").mode == "B"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("is watchmen dc or marvel", "**Watchmen** (2009) is one of the 19 DC films"),
        ("is cars pixar or dreamworks", "**Cars** (2006) is one of the 11 Pixar films"),
        (
            "is shrek pixar or ghibli",
            "Neither: **Shrek** (2001) isn't one of the Pixar films or the Studio Ghibli films",
        ),
        ("was shrek a pixar or a dreamworks film", "isn't one of the Pixar films in my catalogue; whether it's"),
    ],
)
def test_it_says_which_of_the_names_offered_a_film_is(text, said, cat):
    assert decide_mode(text).mode == "A"
    assert said in answer(text, cat)
    assert "Cars Pixar" not in answer(text, cat)


def test_a_title_with_order_in_it_is_no_order_asked(cat):
    said = answer("how long is harry potter and the order of the phoenix", cat)
    assert "138 minutes" in said and "release order" not in said
