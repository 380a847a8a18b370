"""Which catalogue films the words of a question name: "Amelie", "toy story three", "Jaws (1975)",
"Jaws and Raiders of the Lost Ark", "return of the king" (a subtitle said alone)."""

from __future__ import annotations

import re

from recs.rules.numbers import title_digits, title_roman
from recs.rules.series import series_first, series_whole
from recs.sources.catalogue import STOPWORDS, Catalogue
from recs.sources.movies import Movie, normalize_title


def film_namer(catalogue: Catalogue):
    """A test of whether words name a catalogue film, for the loose question forms."""
    return lambda span: bool(resolve(span, catalogue)[1])


def _split_year(span: str) -> tuple[str, int | None]:
    """ "Jaws (1975)" -> ("Jaws", 1975)."""
    span = span.strip().strip("\"'“”‘’*_ ").rstrip("?!.,")
    match = re.fullmatch(r"(.+?)\s*[\(\[]?((?:18|19|20)\d\d)[\)\]]?", span)
    if match:
        return match.group(1).strip(), int(match.group(2))
    return span, None


def resolve(span: str, catalogue: Catalogue) -> tuple[str, list[Movie]]:
    """(title as said, up to three films it names, most voted first); no films when none fits."""
    whole = _clean_title(span.strip().strip("\"'“”‘’*_ ").rstrip("?!.,"))
    title, year = _split_year(span)
    title = _clean_title(title)
    if year is not None and catalogue.by_title(whole):  # a year that is part of the title ("Blade Runner 2049")
        title, year = whole, None
    films = catalogue.by_title(title)
    if year is not None:
        films = [m for m in films if m.year and abs(m.year - year) <= 1]
    if not films and year is None:  # "the lord of the rings", "the first harry potter": the series' first part
        films = [first] if (first := series_first(title, catalogue)) else []
    if not films:
        found = catalogue.lookup(title, year)
        films = [found] if found and _year_fits(found, year) else []
    if not films:  # a distinctive word of a longer title ("Amelie"), only when it is unambiguous
        words = set(normalize_title(title).split()) - STOPWORDS
        hits = [
            m
            for m in catalogue.search(title, year=year, limit=5)
            if words
            and (
                _main_words(m.title) <= words <= set(normalize_title(m.title).split())
                or _ends(m.title, title)
                or _begins(m.title, title)
            )
            and _year_fits(m, year)
        ]
        films = hits if len(hits) == 1 and len("".join(words)) >= 5 else []
    if not films and title_digits(title) != title:  # "toy story three" is "Toy Story 3"
        sequel = resolve(title_digits(span), catalogue)
        if sequel[1]:
            return sequel
    if not films and title_roman(title) != title_digits(title):  # "the godfather part 2" is "Part II"
        sequel = resolve(title_roman(title), catalogue)
        if sequel[1]:
            return sequel
    if not films:  # say what the user typed, year and all, rather than a shortened title
        return whole, []
    return title, sorted(films, key=lambda m: (-(m.votes or 0), m.id))[:3]


def _main_words(title: str) -> set[str]:
    """The distinctive words of a title before its subtitle ("Borat: Cultural Learnings…" -> {"borat"})."""
    # Typing the main title names the film; typing one word of it does not ("Frozen" is no "Frozen River").
    return set(normalize_title(re.split(r":| - |, ", title)[0]).split()) - STOPWORDS


def _ends(title: str, typed: str) -> bool:
    """The typed words are how the title ends, two distinctive words or more ("return of the king",
    "prisoner of azkaban"): people drop a franchise's name and say the part that tells the films apart."""
    said, own = ([w for w in _joined_s(text).split() if w not in STOPWORDS] for text in (typed, title))
    return len(said) >= 2 and len(own) > len(said) and own[-len(said) :] == said


def _begins(title: str, typed: str) -> bool:
    """The typed words are how a longer title begins, two distinctive words or more ("eternal sunshine",
    "dr strangelove"): people shorten a long title to its opening words."""
    said, own = ([w for w in _joined_s(text).split() if w not in STOPWORDS] for text in (typed, title))
    return len(said) >= 2 and len(own) > len(said) and own[: len(said)] == said


def _joined_s(text: str) -> str:
    """Normalized words with a possessive joined up ("dead man s chest" -> "dead mans chest"), as typed either way."""
    return re.sub(r" s\b", "s", normalize_title(text))


def several(span: str, catalogue: Catalogue) -> list[list[Movie]]:
    """Each film of "Jaws and Raiders of the Lost Ark" / "Shrek, Up", when every part is one, or each part of a
    series asked about whole ("the indiana jones movies"), earliest first."""
    whole = series_whole(span.strip().rstrip("?!.,"), catalogue)
    if whole:
        return [[part] for part in whole]
    span = re.sub(r"(?i)^\s*(?:both|either|each of) ", "", span)  # "who directed both alien and blade runner"
    parts = [p for p in re.split(r"\s*(?:,|\band\b|&)\s*", span) if p.strip()]
    found = [resolve(part, catalogue)[1] for part in parts] if len(parts) > 1 else []
    return found if found and all(found) else []


def _clean_title(title: str) -> str:
    """The title without a leading "the film"/"movie" the user put before it."""
    return re.sub(r"(?i)^(?:the (?:film|movie) |(?:film|movie) )", "", title).strip("\"'“”‘’ ")


def _year_fits(movie: Movie, year: int | None) -> bool:
    """A year the user gave rules out films from other years (remakes, sequels)."""
    return year is None or (movie.year is not None and abs(movie.year - year) <= 1)
