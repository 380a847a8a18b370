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
