"""Chat-speak, emoji and other languages' film words spelt out before a message is read: "wat shud i watch
2nite", "smth funy", "🎃 movie?", "una película de terror"."""

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
# Film words of other languages mixed into a request ("una película de terror", "ein lustiger Film für Kinder"):
# the commonest genre, audience and courtesy words of Spanish, French, German, Italian and Portuguese.
FOREIGN = {
    "película": "movie",
    "pelicula": "movie",
    "películas": "movies",
    "peliculas": "movies",
    "peli": "movie",
    "pelis": "movies",
    "filme": "film",
    "filmes": "films",
    "actionfilm": "action film",
    "horrorfilm": "horror film",
    "de terror": "horror",
    "de miedo": "scary",
    "d'horreur": "horror",
    "dhorreur": "horror",
    "horreur": "horror",
    "comedia": "comedy",
    "comédie": "comedy",
    "comedie": "comedy",
    "komödie": "comedy",
    "komodie": "comedy",
    "commedia": "comedy",
    "romántica": "romantic",
    "romantica": "romantic",
    "romantique": "romantic",
    "romantisch": "romantic",
    "romantico": "romantic",
    "lustig": "funny",
    "lustiger": "funny",
    "lustigen": "funny",
    "drôle": "funny",
    "graciosa": "funny",
    "divertida": "funny",
    "divertente": "funny",
    "für kinder": "for kids",
    "fur kinder": "for kids",
    "para niños": "for kids",
    "para ninos": "for kids",
    "pour enfants": "for kids",
    "pour les enfants": "for kids",
    "por favor": "please",
    "bitte": "please",
    "s'il vous plaît": "please",
    "s'il vous plait": "please",
}
# "des années 90", "de los años 80", "aus den 80ern", "anni 70": a decade said in another language
_DECADE = re.compile(
    r"(?:(?:des|de los|aus den|degli|dos) )?(?:années|annees|años|anos|anni|jahre) ?'?([2-9]0)\b|\b([2-9]0)(?:er|ern)\b",
    re.I,
)
# "to" or "2" typed for "too" after a negator: "a scifi flick thats not to long", "a war movie but not 2 long"
_TOO = re.compile(
    r"\b(not|nothing|isn'?t|aren'?t|nt)\s+(?:to|2)\s+(?=(?:long|old|short|scary|violent|dark|sad|slow|heavy|gory|new)\b)",
    re.I,
)
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
_WORDS = {**SHORTHAND, **FOREIGN}
_SHORT = re.compile(
    r"(?<![\w'])(" + "|".join(map(re.escape, sorted(_WORDS, key=len, reverse=True))) + r")(?![\w'])", re.I
)
_EMOJI = re.compile("|".join(map(re.escape, sorted(EMOJI, key=len, reverse=True))))


def spell_out(text: str) -> str:
    """The message with chat-speak and emoji written as the words they stand for."""
    text = _EMOJI.sub(lambda m: f" {EMOJI[m.group()]} ", text or "")
    text = _DECADE.sub(lambda m: f"{m.group(1) or m.group(2)}s", text)
    text = _TOO.sub(r"\1 too ", text)  # "not to long", "nothing 2 scary"
    return _SHORT.sub(lambda m: _WORDS[m.group().lower()], text)
