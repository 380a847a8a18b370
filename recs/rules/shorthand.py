"""Chat-speak and emoji spelt out before a message is read: "wat shud i watch 2nite", "smth funy", "🎃 movie?"."""

from __future__ import annotations

import re

# Words typed in a hurry, too short or too far from their word for the fuzzy corrector (fuzzy.py).
SHORTHAND = {
    "smth": "something",
    "smthg": "something",
    "smthn": "something",
    "sth": "something",
    "somethin": "something",
    "sumthin": "something",
    "sumthing": "something",
    "somthin": "something",
    "gud": "good",
    "shud": "should",
    "shld": "should",
    "wat": "what",
    "wut": "what",
    "tonite": "tonight",
    "2nite": "tonight",
    "2night": "tonight",
    "tnite": "tonight",
    "wanna": "want to",
    "gimme": "give me",
    "recomend": "recommend",
    "reccomend": "recommend",
    "reccommend": "recommend",
    "recommnd": "recommend",
    "sugest": "suggest",
    "funy": "funny",
    "flim": "film",
    "flims": "films",
}
# Emoji said instead of a word: each reads as the word the parser knows ("🎃" is halloween, "😂" funny).
EMOJI = {
    "🎃": "halloween",
    "👻": "spooky",
    "💀": "scary",
    "🔪": "scary",
    "😱": "scary",
    "🧟": "zombie",
    "😂": "funny",
    "🤣": "funny",
    "😆": "funny",
    "😭": "sad",
    "😢": "sad",
    "❤️": "romantic",
    "❤": "romantic",
    "💕": "romantic",
    "😍": "romantic",
    "💘": "romantic",
    "🚀": "sci fi",
    "👽": "sci fi",
    "🛸": "sci fi",
    "🤠": "western",
    "🎄": "christmas",
    "🍿": "movie",
    "🎬": "movie",
    "🎥": "movie",
}
_SHORT = re.compile(r"(?<![\w'])(" + "|".join(map(re.escape, SHORTHAND)) + r")(?![\w'])", re.I)
_EMOJI = re.compile("|".join(map(re.escape, sorted(EMOJI, key=len, reverse=True))))


def spell_out(text: str) -> str:
    """The message with chat-speak and emoji written as the words they stand for."""
    text = _EMOJI.sub(lambda m: f" {EMOJI[m.group()]} ", text or "")
    return _SHORT.sub(lambda m: SHORTHAND[m.group().lower()], text)
