"""spell_out: chat-speak and emoji written as the words the parser reads."""

from recs.rules.shorthand import spell_out


def test_it_spells_out_chat_speak_whole_words_only():
    assert spell_out("wat shud i watch 2nite") == "what should i watch tonight"
    assert spell_out("Smth gud") == "something good"
    assert spell_out("whatever") == "whatever"


def test_it_reads_emoji_as_words():
    assert spell_out("🎃👻 movie?").split() == ["halloween", "spooky", "movie?"]
    assert "romantic" in spell_out("date night ❤️")


def test_it_reads_film_words_of_other_languages():
    assert spell_out("una película de terror por favor") == "una movie horror please"
    assert spell_out("ein lustiger Film für Kinder") == "ein funny Film for kids"
    assert spell_out("une comédie des années 90") == "une comedy 90s"
    assert spell_out("Komödie aus den 90ern") == "comedy aus den 90s"


def test_it_leaves_english_words_that_share_letters_alone():
    assert spell_out("a war on terror film, pelican brief") == "a war on terror film, pelican brief"


def test_it_reads_to_or_2_after_a_negator_as_too():
    assert spell_out("a scifi flick thats not to long") == "a scifi flick thats not too long"
    assert spell_out("a war movie but not 2 long") == "a war movie but not too long"
    assert spell_out("something not to be missed") == "something not to be missed"


def test_it_reads_a_spanish_decade_and_genre_words():
    assert spell_out("una comedia de los 90") == "una comedy 90s"
    assert spell_out("una peli de los ochenta") == "una movie 80s"
    assert spell_out("films de los 80 de accion") == "films 80s action"
    assert spell_out("un film comique") == "un film comedy"


def test_it_reads_a_question_opened_in_another_language_in_english():
    from recs.rules.shorthand import in_english

    assert in_english("¿Quién dirigió Titanic?") == "who directed Titanic"
    assert in_english("qui a réalisé amélie") == "who directed amélie"
    assert in_english("wer hat titanic gedreht") == "who directed titanic"
    assert in_english("cuándo salió jurassic park") == "what year was jurassic park released"
    assert in_english("wie lang ist titanic") == "how long is titanic"
    assert in_english("a comedy from the 90s") == "a comedy from the 90s"


def test_it_spells_out_texted_with_and_without():
    assert " ".join(spell_out("something w/ keanu").split()) == "something with keanu"
    assert " ".join(spell_out("comedy w/o romance").split()) == "comedy without romance"
    assert " ".join(spell_out("anything w keanu").split()) == "anything with keanu"
    assert spell_out("w/e you think") == "w/e you think"


def test_it_reads_not_too_and_without_in_french_german_and_spanish():
    assert spell_out("un film d'horreur pas trop long").endswith("not too long")
    assert spell_out("eine Komödie nicht zu lang").endswith("not too lang")
    assert spell_out("comédie sans romance").endswith("without romance")
