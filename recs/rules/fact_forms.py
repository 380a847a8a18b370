"""Loose wordings of a question about one film, beyond answer.QUESTIONS: the title said first ("Titanic
director?", "saving private ryan - director and year"), "how old is Jaws", "Avatar came out when", and a
question about "it" after the title ("the sixth sense, is it rated R?").

Each is read as a question only when the words taken for the title name a catalogue film, so "a thriller
with a good cast" stays a request.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# What is asked, said as a noun after the title, and the kind of fact it is.
FACT_WORDS: dict[str, str] = {
    "director": "director",
    "directed by": "director",
    "who directed it": "director",
    "cast": "cast",
    "actors": "cast",
    "stars": "cast",
    "who's in it": "cast",
    "runtime": "runtime",
    "run time": "runtime",
    "running time": "runtime",
    "length": "runtime",
    "how long": "runtime",
    "how long is it": "runtime",
    "release date": "year",
    "release year": "year",
    "year": "year",
    "when": "year",
    "rating": "rating",
    "ratings": "rating",
    "imdb": "rating",
    "imdb rating": "rating",
    "imdb score": "rating",
    "rotten tomatoes": "rating",
    "rotten tomatoes score": "rating",
    "score": "rating",
    "age rating": "rating",
    "mpaa rating": "rating",
    "genre": "genre",
}
_WORD = "|".join(sorted(map(re.escape, FACT_WORDS), key=len, reverse=True))
_TITLE_FIRST = re.compile(rf"^(?P<t>.+?)[\s,:\-–]+(?P<k>(?:{_WORD})(?:\s*(?:and|&|,|\+)\s*(?:{_WORD}))*)$")
_RELEASED = r"(?:came out|come out|was released|released|was made|premiered)"
# (kind, whole-question pattern with a title group): the wordings QUESTIONS can't safely match mid-sentence.
LOOSE: list[tuple[str, re.Pattern]] = [
    ("year", re.compile(r"^how old is (?P<t>.+)$")),
    ("year", re.compile(rf"^what year (?P<t>.+?) {_RELEASED}$")),
    ("year", re.compile(rf"^(?:when )?(?P<t>.+?) {_RELEASED}(?: when| what year)?(?: exactly)?$")),
]
# "the sixth sense, is it rated R": the title, a break, then a question about "it".
_ABOUT_IT = re.compile(r"^(?P<t>[^,:\-–?]+?)\s*[,:\-–]+\s*(?P<q>.*\bit\b.*)$")


def loose_fact(question: str, names_film: Callable[[str], bool]) -> tuple[list[str], str] | None:
    """(kinds asked, title span) for a loose question whose title names a film, else None."""
    low = " ".join(question.lower().split())
    match = _TITLE_FIRST.match(low)
    if match and names_film(match.group("t")):
        words = re.split(r"\s*(?:\band\b|&|,|\+)\s*", match.group("k"))
        return list(dict.fromkeys(FACT_WORDS[w] for w in words if w in FACT_WORDS)), match.group("t")
    for kind, pattern in LOOSE:
        match = pattern.match(low)
        if match and names_film(match.group("t")):
            return [kind], match.group("t")
    return None


def about_it(question: str, names_film: Callable[[str], bool]) -> str:
    """ "Jaws, who directed it" -> "who directed Jaws" when the part before the break names a film."""
    match = _ABOUT_IT.match(question)
    if not match or not names_film(match.group("t")):
        return question
    return re.sub(r"\bit\b", lambda _: match.group("t").strip(), match.group("q"), count=1)
