"""A question about "it" after a film named earlier in the message: "my friend says Inception is 3 hours, how
long is it actually?", "we watched Up last night - who directed it?". The question clause is asked about the
film, so its answer is the catalogue's, whatever was claimed before it."""

from __future__ import annotations

import re

from recs.rules.named_titles import named_titles
from recs.sources.catalogue import Catalogue

# The question comes last, after a break: "…, how long is it", "…? who directed it", "… - is it rated R".
_LAST_CLAUSE = re.compile(r"^(?P<before>.+?)\s*(?:[,;!?]|\.(?=\s)|\s[-–]\s)\s*(?P<q>[^,;!?]+)$")
_ASKS = re.compile(r"^(?:and |so |but )?(?:who|whom|what|when|how|which|is|was|does|did|has)\b", re.I)
# "is there anything like it" asks for films, not about the one named.
_REQUEST = re.compile(r"\b(?:there|anything|something|similar|like (?:it|that|this)|more like)\b", re.I)
_PRONOUN = re.compile(r"\b(?:it|that one|that film|that movie|this film|this movie)\b", re.I)
# Said after the question, not part of the title: "how long is it actually", "who directed it again".
_AFTER = re.compile(r"\s+(?:actually|really|exactly|again|then|anyway|though|tho)$", re.I)
# "my friend says Inception is 3 hours", "I heard the dark knight was rated R": a film named lower-case is
# only trusted as the subject of a claim.
_CLAIM = re.compile(
    r"\b(?:says?|said|thinks?|thought|claims?|reckons?|told me|heard|read|insists?)(?: that)? "
    r"(?P<t>.+?) (?:is|was|has|had|runs?|ran|came out|won|stars?|got)\b",
    re.I,
)
# "the film Titanic": the words before a title that are no part of it.
_ARTICLE = re.compile(r"^(?:the (?:film|movie) |(?:film|movie) )", re.I)


def it_named_earlier(question: str, catalogue: Catalogue, cased: str | None = None) -> str:
    """The last clause with "it" replaced by the film the earlier clauses name, else the question unchanged.

    cased is the same question with the user's capitals, when question was lower-cased.
    """
    match = _LAST_CLAUSE.match(question)
    said = _LAST_CLAUSE.match(cased or question)
    if not match or not said:
        return question
    asked = match.group("q").strip()
    if not _ASKS.match(asked) or _REQUEST.search(asked) or not _PRONOUN.search(asked):
        return question
    if _ASKS.match(match.group("before")):  # two questions ("when did X come out, and who made it"): both answered
        return question
    title = _film_in(said.group("before"), catalogue)
    if not title:
        return question
    return _PRONOUN.sub(lambda _: title, _AFTER.sub("", asked), count=1)


def _film_in(text: str, catalogue: Catalogue) -> str | None:
    """The one film a stretch of text names: typed with a capital, or the subject of a claim."""
    hits = named_titles(text, catalogue, min_caps=1)
    # "Saw Inception last week": a one-word title opening the message may just be its first word.
    inner = [h for h in hits if h[1] > 0 or " " in text[h[1] : h[2]]]
    films = {movie.title for movie, _, _ in (inner or hits)}
    if not films:
        claim = _CLAIM.search(text)
        # An exact title only: a fuzzy search would read every title in the catalogue on each turn.
        films = {m.title for m in catalogue.by_title(_ARTICLE.sub("", claim.group("t")))} if claim else set()
    return films.pop() if len(films) == 1 else None
