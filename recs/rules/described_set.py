"""A set of catalogue films described the way a request describes them, for counts and superlatives: "how many
horror movies from the 80s", "how many 90s comedies do you have", "number of 70s thrillers", "how many
spielberg films from the 80s", "the highest rated 80s horror film".

Only a description the catalogue can check in full is read as a set: genres, years, directors and actors. A
description with anything else in it (a mood it can't filter on, a runtime, a film it is like) is left to the
planner, which asks for picks.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from recs.rules.constraints import Constraints
from recs.rules.explain import genre_short
from recs.rules.people import people_index
from recs.rules.runtime import fits
from recs.rules.vocab import DECADE_WORDS, UNSUPPORTED_SAY
from recs.sources.catalogue import Catalogue
from recs.sources.movies import Movie

# What a description may hold and still be counted: the rest of Constraints must be empty.
_CHECKABLE = frozenset(
    {"genres", "genre_words", "moods", "mood_notes", "year_min", "year_max", "era", "directors", "people"}
    | {"mpaa_allowed", "mpaa_excluded", "mpaa_hard", "rating_label"}
    | {"max_runtime", "max_runtime_strict", "min_runtime", "min_runtime_strict", "runtime_label"}
)
# Words that make a count question a request ("how many horror films from the 80s would you recommend").
_ASKS_PICKS = re.compile(r"\b(?:recommend\w*|suggest\w*|should|would|could|watch|give|show|pick)\b")
# A description is a few words: a longer span is no set asked about (and parsing 4,000 characters costs ~0.5 s)
_LONGEST = 100


def described_films(span: str, catalogue: Catalogue, *, need_era: bool = True) -> tuple[list[Movie], str] | None:
    """(films, how they are said) for a description of genres, years and people; None when it is not one.

    need_era: a description without years is read only when it names more than one genre ("horror comedies");
    a genre or a person alone is the catalogue_facts scopes' to read."""
    if not span.strip() or len(span) > _LONGEST or _ASKS_PICKS.search(span):
        return None
    from recs.rules.parse import parse_constraints  # parse imports much of the rules package

    cons = parse_constraints(span, catalogue)
    rest = {name: value for name, value in cons.model_dump().items() if name not in _CHECKABLE and value}
    dated = cons.year_min is not None or cons.year_max is not None
    dated = dated or bool(cons.mpaa_allowed or cons.mpaa_excluded or cons.max_runtime or cons.min_runtime)
    if rest or not (dated or len(cons.genres) > 1 or not need_era and (cons.genres or cons.directors)):
        return None
    if _unread(span, cons, catalogue, parse_constraints):  # "films did tarantino make in the 90s": no Tarantino read
        return None
    if re.search(r"\b(?:with|starring|featuring)\b", span):  # "films with tom hanks": his roles, not his own films
        cons.directors = [name for name in cons.directors if name not in cons.people]
    return [m for m in catalogue.movies if _fits(m, cons, catalogue)], _said(cons)


def unrecorded_count(span: str, catalogue: Catalogue) -> str | None:
    """ "how many christmas movies do you have", "how many korean films": a count of what the catalogue doesn't
    record, said as unknown; None when the description holds nothing unrecorded (or more than it can read)."""
    if not span.strip() or len(span) > _LONGEST or _ASKS_PICKS.search(span):
        return None
    from recs.rules.parse import parse_constraints

    cons = parse_constraints(span, catalogue)
    rest = {name for name, value in cons.model_dump().items() if name not in _CHECKABLE and value}
    if not cons.unsupported or rest != {"unsupported"}:
        return None
    said = ", ".join(f"“{word}”" for word, _ in cons.unsupported)
    kinds = " or ".join(dict.fromkeys(w for _, kind in cons.unsupported for w in UNSUPPORTED_SAY.get(kind, [kind])))
    return f"I don't know how many: my catalogue doesn't record {kinds}, so it can't count films by {said}."


# Words a description may hold without saying what the films are
_FILLER = frozenset(
    "films film movies movie flicks flick ones one pictures pics from the in of a an and or to between before after "
    "since until released made came out are r there is were was do does you u have got ve your ur catalogue list "
    "database total all altogether by with starring featuring directed s exist been any rated than hours hour hrs "
    "minutes mins long longer shorter under over less more at least most g pg nc".split()
)


def _unread(span: str, cons: Constraints, catalogue: Catalogue, parse) -> list[str]:
    """The words of a description that none of its readings explain: a name not known, a wish not read."""
    read = {w for said in [*cons.genre_words, *cons.moods, *(n[0] for n in cons.mood_notes)] for w in _words(said)}
    names = {w for name in [*cons.directors, *cons.people] for w in _words(name)}
    unread = []
    for word in _words(span):
        if word in _FILLER or word in read or re.fullmatch(r"(?:\d\d)?\d0s|\d+|early|mid|late", word):
            continue
        if word in DECADE_WORDS or any(SequenceMatcher(None, word, name).ratio() >= 0.75 for name in names):
            continue
        if parse(f"{word} films", catalogue).model_copy(update={"unsupported": []}).is_empty():  # "war films"
            unread.append(word)
    return unread


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _fits(movie: Movie, cons: Constraints, catalogue: Catalogue) -> bool:
    """Every genre, the years, and each named person as its director or in its cast."""
    if not set(cons.genres) <= catalogue.tags(movie):
        return False
    if not (cons.year_min or 0) <= (movie.year or 0) <= (cons.year_max or 9999):
        return False
    if movie.year is None and (cons.year_min or cons.year_max):
        return False
    if cons.mpaa_allowed and movie.mpaa not in cons.mpaa_allowed or movie.mpaa in cons.mpaa_excluded:
        return False
    limits = {"low": cons.min_runtime, "high": cons.max_runtime}
    strict = {"low_strict": cons.min_runtime_strict, "high_strict": cons.max_runtime_strict}
    if (cons.max_runtime or cons.min_runtime) and not fits(movie.runtime, **limits, **strict):
        return False
    index = people_index(catalogue)
    for name in {*cons.directors, *cons.people}:
        directed, acted = name in cons.directors and movie.director == name, name in cons.people
        if not (directed or acted and index.acting(movie, [name])):
            return False
    return True


def _said(cons: Constraints) -> str:
    """ "listed as horror from the 80s", "directed by **Steven Spielberg** from the 80s"."""
    parts = []
    if cons.genres:
        parts.append("listed as " + " and ".join(genre_short(g) for g in cons.genres))
    for name in dict.fromkeys([*cons.directors, *cons.people]):
        both, acting = name in cons.people and name in cons.directors, name in cons.people
        parts.append(
            f"directed by or with **{name}**" if both else f"with **{name}**" if acting else f"directed by **{name}**"
        )
    if cons.era:
        decade = re.fullmatch(r"(?:(?:early|mid|late) )?\d+s", cons.era)
        worded = re.match(r"(?:from|before|after|released|up to|older|recent)\b", cons.era)
        parts.append(f"from the {cons.era}" if decade else cons.era if worded else f"from {cons.era}")
    parts += [label for label in (cons.rating_label, cons.runtime_label) if label]
    if cons.max_runtime or cons.min_runtime:
        parts.append("(of those whose runtime it lists)")
    return " ".join(parts)
