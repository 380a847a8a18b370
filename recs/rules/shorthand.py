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
    # "pas trop long", "nicht zu lang", "no muy larga": not too much of it; "sans romance", "ohne Gewalt": without
    "pas trop": "not too",
    "nicht zu": "not too",
    "no muy": "not too",
    "no tan": "not too",
    "sans": "without",
    "ohne": "without",
    # a follow-up on the picks shown: "lo mismo pero más reciente", "pareil mais plus court", "das gleiche aber neuer"
    "lo mismo": "the same",
    "pareil": "the same",
    "das gleiche": "the same",
    "dasselbe": "the same",
    "pero": "but",
    "mais": "but",
    "aber": "but",
    "más reciente": "newer",
    "mas reciente": "newer",
    "plus récent": "newer",
    "plus recent": "newer",
    "neuer": "newer",
    "más corta": "shorter",
    "mas corta": "shorter",
    "plus court": "shorter",
    "kürzer": "shorter",
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
    "de acción": "action",
    "de accion": "action",
    "acción": "action",
    "ciencia ficción": "sci fi",
    "ciencia ficcion": "sci fi",
    "de guerra": "war",
    "comique": "comedy",
    "drame": "drama",
    "dessin animé": "animated film",
    "dessin anime": "animated film",
    "dibujos animados": "animated film",
    "zeichentrickfilm": "animated film",
    "kinderfilm": "kids movie",
    "gruselig": "scary",
    "por favor": "please",
    "bitte": "please",
    "s'il vous plaît": "please",
    "s'il vous plait": "please",
}
# "des années 90", "de los años 80", "aus den 80ern", "anni 70", "de los 90": a decade said in another language
_DECADE = re.compile(
    r"(?:(?:des|de los|aus den|degli|dos) )?(?:années|annees|años|anos|anni|jahre) ?'?([2-9]0)\b|\b([2-9]0)(?:er|ern)\b"
    r"|\b(?:de |en )?los ([2-9]0)s?\b",
    re.I,
)
# "los ochenta", "de los noventa": a Spanish decade in words
_DECADE_WORDS = {"veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70}
_DECADE_WORDS |= {"ochenta": 80, "noventa": 90}
_DECADE_WORD = re.compile(rf"\b(?:de |en )?los ({'|'.join(_DECADE_WORDS)})\b", re.I)
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
    text = _DECADE.sub(lambda m: f"{m.group(1) or m.group(2) or m.group(3)}s", text)
    text = _DECADE_WORD.sub(lambda m: f"{_DECADE_WORDS[m.group(1).lower()]}s", text)
    text = _TOO.sub(r"\1 too ", text)  # "not to long", "nothing 2 scary"
    text = _WITH.sub(lambda m: " without " if m.group(1) else " with ", _WITH_BARE.sub(r"\1 with ", text))
    return _SHORT.sub(lambda m: _WORDS[m.group().lower()], text)


# "something w/ keanu", "comedy w/o romance": with and without as texted (the slash would split the words)
_WITH = re.compile(r"(?i)(?<![a-z0-9/])w/(o\b)?(?![/e]\b)\s*")
# "anything w keanu": a bare "w" after a word for films
_WITH_BARE = re.compile(r"(?i)\b(something|anything|films?|movies?|ones?|stuff|one)\s+w\s+(?=[a-z])")


# A question about a film opened in another language ("quién dirigió Titanic", "qui a réalisé Amélie", "wie lang
# ist Titanic"): read as its English wording, the title kept as typed.
_FOREIGN_QUESTIONS = [
    (r"qui[eé]n (?:dirigi[oó]|hizo) (?P<t>.+)", "who directed {t}"),
    (r"qui a (?:r[eé]alis[eé]|fait) (?P<t>.+)", "who directed {t}"),
    (r"wer hat (?P<t>.+?) (?:gedreht|gemacht|inszeniert)", "who directed {t}"),
    (r"(?:cu[aá]ndo|en qu[eé] a[nñ]o) (?:sali[oó]|se estren[oó]) (?P<t>.+)", "what year was {t} released"),
    (r"quand (?:est sorti|est sortie|a [eé]t[eé] tourn[eé]) (?P<t>.+)", "what year was {t} released"),
    (r"wann (?:kam|ist) (?P<t>.+?) (?:raus|heraus|erschienen|rausgekommen)", "what year was {t} released"),
    (r"cu[aá]nto dura (?P<t>.+)", "how long is {t}"),
    (r"combien de temps dure (?P<t>.+)", "how long is {t}"),
    (r"wie lang(?:e)? (?:ist|dauert) (?P<t>.+)", "how long is {t}"),
    (r"qui[eé]n (?:sale|act[uú]a|trabaja) en (?P<t>.+)", "who is in {t}"),
    (r"qui joue dans (?P<t>.+)", "who is in {t}"),
]
_FOREIGN_QUESTION = [(re.compile(rf"^\s*[¿¡]?\s*{p}\s*[?!.]*\s*$", re.I), said) for p, said in _FOREIGN_QUESTIONS]


def in_english(text: str) -> str:
    """A question opened in Spanish, French or German as its English wording; any other text as it is."""
    for pattern, said in _FOREIGN_QUESTION:
        found = pattern.match(text or "")
        if found:
            return said.format(t=found.group("t").strip(" ?!.¿¡"))
    return text
