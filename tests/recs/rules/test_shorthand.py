"""spell_out: chat-speak and emoji written as the words the parser reads."""

from recs.rules.shorthand import spell_out


def test_it_spells_out_chat_speak_whole_words_only():
    assert spell_out("wat shud i watch 2nite") == "what should i watch tonight"
    assert spell_out("Smth gud") == "something good"
    assert spell_out("whatever") == "whatever"


def test_it_reads_emoji_as_words():
    assert spell_out("🎃👻 movie?").split() == ["halloween", "spooky", "movie?"]
    assert "romantic" in spell_out("date night ❤️")
