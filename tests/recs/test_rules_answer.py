"""decide_mode on a table of phrasings, and answer() for each question kind."""

import pytest

from recs.rules.answer import answer, decide_mode


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        ("Recommend me a movie", "B"),
        ("can you suggest something for tonight?", "B"),
        ("something like Heat", "B"),
        ("what should I watch?", "B"),
        ("give me a comedy", "B"),
        ("a tense 90s thriller", "B"),
        ("more like that", "B"),
        ("another one", "B"),
        ("any good horror movies?", "B"),
        ("I'm in the mood for a western", "B"),
        ("nothing with Tom Cruise", "B"),
        ("older please", "B"),
        ("films by Christopher Nolan", "B"),
        ("surprise me", "B"),
        # No trigger word: the constraints alone say it is a request for films.
        ("family friendly under two hours", "B"),
        ("a Spielberg film", "B"),
        ("sci-fi between 1980 and 1990", "B"),
        ("PG films", "B"),
        ("best films of 1994", "B"),
        ("under 90 minutes please", "B"),
        ("anything by Kubrick", "B"),
        ("something with Tom Hanks", "B"),
        ("is Alien scary?", "A"),
        ("is Toy Story ok for kids?", "A"),
        ("Who directed The Matrix?", "A"),
        ("when was Titanic released?", "A"),
        ("how is Inception rated?", "A"),
        ("what genre is Alien?", "A"),
        ("how long is Titanic?", "A"),
        ("is The Dark Knight any good?", "A"),
        ("tell me about Se7en", "A"),
        ("hi", "A"),
        ("hello there", "A"),
        ("thanks!", "A"),
        ("what can you do?", "A"),
        ("how are you?", "A"),
        ("", "A"),
        # Questions about people, awards, songs: the film catalogue can't answer them.
        ("who is the best actor ever", "A"),
        ("Which actor is the best?", "A"),
        ("who won the oscar for best picture in 1995?", "A"),
        ("what is the best song in Titanic?", "A"),
        ("recommend the best movie ever", "B"),
        ("best thrillers of the 90s", "B"),
        ("what are the best films with Tom Hanks?", "B"),
        ("what is the best western of the 60s?", "B"),
    ],
)
def test_it_decides_mode_on_a_table_of_phrasings(text, mode):
    decided = decide_mode(text)
    assert decided.mode == mode, decided.reason
    assert 0 < len(decided.reason) <= 160


def test_it_answers_who_directed(cat):
    assert answer("Who directed The Matrix?", cat) == "**The Matrix** (1999) was directed by **Andy Wachowski**."


def test_it_answers_when_released(cat):
    assert answer("when was titanic released?", cat) == "**Titanic** was released in **1997**."
    assert answer("When did 300 come out", cat) == "**300** was released in **2007**."


def test_it_answers_how_rated_with_imdb_rt_and_mpaa(cat):
    text = answer("how is Inception rated?", cat)
    assert "IMDB **9.1**/10" in text and "Rotten Tomatoes **87%**" in text and "MPAA **PG-13**" in text


def test_it_answers_genre_and_runtime(cat):
    assert answer("what genre is Alien?", cat) == "**Alien** (1979) is listed as **Horror** (Science Fiction)."
    assert answer("how long is The Matrix (1999)?", cat) == "**The Matrix** (1999) runs **136 minutes** (2 h 16 min)."


def test_it_says_when_a_fact_is_missing(cat):
    assert "doesn't list a runtime" in answer("how long is Se7en?", cat)


def test_it_lists_remakes_when_the_year_is_not_given(cat):
    text = answer("who directed Crash", cat)
    assert "David Cronenberg" in text and "Paul Haggis" in text
    assert "Paul Haggis" in answer("who directed Crash (2005)", cat)
    assert "Cronenberg" not in answer("who directed Crash (2005)", cat)


def test_it_handles_fuzzy_titles(cat):
    assert "Christopher Nolan" in answer("who directed Inceptoin", cat)
    assert "Amélie" in answer("what's the rating of amelie", cat)
    assert "Christopher Nolan" in answer("who directed Incepshun", cat)
    assert answer("who directed Incepshun 2", cat).startswith("I don't know **Incepshun 2**")


def test_it_does_not_invent_facts_for_unknown_films(cat):
    text = answer("who directed Inception 2?", cat)
    assert text.startswith("I don't know **Inception 2** from my catalogue")
    assert "Nolan" not in text


def test_it_does_not_answer_for_a_film_whose_year_rules_it_out(cat):
    text = answer("who directed Blade Runner 2049?", cat)
    assert text.startswith("I don't know **Blade Runner 2049** from my catalogue")
    assert "Ridley Scott" not in text
    assert "Ridley Scott" in answer("who directed Blade Runner?", cat)


def test_it_answers_whether_a_film_is_scary_or_for_kids_from_its_facts(cat):
    assert "**Horror**" in answer("is Alien scary?", cat)
    assert "MPAA **G**" in answer("is Toy Story ok for kids?", cat)


def test_it_replies_to_greetings_thanks_and_help(cat):
    assert answer("hi", cat).startswith("Hi!")
    assert answer("thanks!", cat).startswith("You're welcome")
    assert "recommend" in answer("what can you do?", cat)


def test_it_is_honest_about_other_chat(cat):
    assert answer("what is the weather like?", cat).startswith("I don't know that from my catalogue.")


def test_it_says_it_does_not_know_who_the_best_actor_is(cat):
    text = answer("who is the best actor ever", cat)
    assert text.startswith("I don't know: my catalogue only has films")
    assert "highly rated" not in text


def test_it_tells_about_a_film_with_its_facts(cat):
    said = answer("tell me about Se7en", cat)
    assert said.startswith("**Se7en** (1995): a thriller directed by David Fincher")
    assert "IMDB 8.7" in said and "rated R" in said and "not plot summaries" in said


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("what year did home alone come out, my kids want to know lol", "1990"),
        ("who directed groundhog day, my dad thinks it was bill murray", "Harold Ramis"),
    ],
)
def test_it_answers_the_clause_that_names_a_film_when_the_whole_question_names_none(cat, question, said):
    assert said in answer(question, cat)


def test_it_still_says_it_doesnt_know_a_film_no_clause_names(cat):
    assert answer("when did Oppenheimer come out, my friend says 2023", cat).startswith("I don't know")


@pytest.mark.parametrize(
    ("question", "facts"),
    [
        ("who directed se7en and when", ["David Fincher", "1995"]),
        ("when did jaws come out and how long", ["1975", "runtime"]),
        ("how long is up and who by", ["96 minutes", "Pete Docter"]),
        ("who made fargo and what year", ["Joel Coen", "1996"]),
    ],
)
def test_it_answers_a_second_question_cut_to_its_question_word(cat, question, facts):
    said = answer(question, cat)
    assert all(fact in said for fact in facts), said
