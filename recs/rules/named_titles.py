"""Catalogue titles typed with capitals anywhere in a message ("The Curious Case of Benjamin Button",
"my friend says Inception is 3 hours"): a title the user capitalised is the film, not a person whose
surname happens to be one of its words (Richard Benjamin, Betty Thomas)."""

from __future__ import annotations

import re

from recs.rules.constraints import Constraints
from recs.rules.people import PeopleIndex
from recs.rules.scan import Scanner, prepare
from recs.sources.catalogue import Catalogue
from recs.sources.movies import Movie, normalize_title

# A capitalised word or a number ("Se7en", "2001", "Mr."), and the small words titles keep in lower case.
_CAP = r"[A-Z0-9][\w'’.\-]*"
_LINK = r"(?:of|the|a|an|and|in|on|at|to|for|with|from|is|if|or|de|la|le|du|von|van|vs\.?|&)"
_RUN = re.compile(rf"(?<![\w'’]){_CAP}(?:(?: {_LINK})* {_CAP})*")
_LINKS = re.compile(rf"{_LINK}")
_MAX_WORDS = 12  # longer runs are sentences in title case: their sub-spans are not tried
# Capitalised only because it opens a sentence or is "I": never the start or end of a title on its own.
_NOT_ENDS = frozenset({"i", "i'm", "im", "my", "the", "a", "an"})


def named_titles(text: str, catalogue: Catalogue, *, min_caps: int = 2) -> list[tuple[Movie, int, int]]:
    """(film, start, end in text) for each catalogue title typed with capitals, longest first within a run.

    min_caps is how many capitalised words a span needs: two by default, since a single capitalised word
    is as often a name or a sentence's first word ("Heat", "Frozen") as a title.
    """
    found = []
    for run in _RUN.finditer(text or ""):
        words = [(m.start() + run.start(), m.group()) for m in re.finditer(r"\S+", run.group())]
        if len(words) <= _MAX_WORDS:
            found += _titles_in(words, catalogue, min_caps)
    return found


def _titles_in(words: list[tuple[int, str]], catalogue: Catalogue, min_caps: int) -> list[tuple[Movie, int, int]]:
    """The longest spans of one run of capitalised words that are exactly catalogue titles, left to right."""
    found, start = [], 0
    while start < len(words):
        for end in range(len(words), start, -1):
            span = words[start:end]
            movie = _title(span, catalogue, min_caps)
            if movie:
                found.append((movie, span[0][0], span[-1][0] + len(span[-1][1])))
                start = end
                break
        else:
            start += 1
    return found


def _title(span: list[tuple[int, str]], catalogue: Catalogue, min_caps: int) -> Movie | None:
    """The best-known film a span of words names exactly, when it starts and ends on a capitalised word."""
    words = [w.rstrip(".,") if i == len(span) - 1 else w for i, (_, w) in enumerate(span)]
    caps = [w for w in words if not _LINKS.fullmatch(w)]
    if len(caps) < min_caps or _LINKS.fullmatch(words[0]) or _LINKS.fullmatch(words[-1]):
        return None
    if words[-1].lower() in _NOT_ENDS or (len(words) == 1 and words[0].lower() in _NOT_ENDS):
        return None
    hits = catalogue.by_title(" ".join(words))
    return max(hits, key=lambda m: (m.votes or 0, m.id)) if hits else None


def find_named_titles(scan: Scanner, catalogue: Catalogue, out: Constraints, raw: str, people: PeopleIndex) -> None:
    """Read a capitalised catalogue title nothing else claimed as a film the request is like, and claim its words
    so the surname rules can't take one of them for a person; a person's own full name stays a person."""
    for movie, start, end in named_titles(raw, catalogue):
        typed = raw[start:end]
        if normalize_title(typed) in people.full:
            continue  # "Ed Wood", "Malcolm X": the name is said as often as the film
        words = prepare(typed).split()
        where = re.search(r"(?<![a-z0-9])" + r"[ ,]+".join(map(re.escape, words)) + r"(?![a-z0-9])", scan.text)
        if not where or not scan._free(where.start(), where.end()):
            continue  # already read as something else ("like X", "not X", "the director of X")
        scan.claimed.append((where.start(), where.end()))
        if not scan.negated(where.start()) and movie.id not in out.like_ids:
            out.like_ids.append(movie.id)


def one_named(text: str, catalogue: Catalogue) -> list[dict]:
    """The one film a message names by a capitalised title, as a pick shown ({title, year}); [] for none or several."""
    found = {movie.id: movie for movie, _, _ in named_titles(text, catalogue, min_caps=1)}
    return [{"title": m.title, "year": m.year} for m in found.values()] if len(found) == 1 else []
