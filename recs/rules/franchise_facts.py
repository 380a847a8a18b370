"""Questions about the films of a hand-tagged franchise or studio (recs/sources/franchises.py): whether a film
is one of them ("is up a pixar movie", "was Shrek made by Pixar?", "is the dark knight a marvel film").

Answered only from the hand tags, which hold every catalogue film of each name: "no" means the film isn't
among the catalogue's films of that name. Studios the catalogue doesn't tag (Disney, DreamWorks…) are "I don't
know". A question is read as one only when its whole wording fits and its title names a catalogue film, so
"up" in "is it up to me, a pixar film?" is no film.
"""

from __future__ import annotations

import re

from recs.rules.titles import resolve
from recs.sources.catalogue import Catalogue
from recs.sources.franchises import FRANCHISE_FILM_IDS, FRANCHISE_NOUNS, FRANCHISE_PATTERNS, franchise_tags
from recs.sources.movies import Movie

# Studios named in questions whose films the catalogue doesn't tag (they made live action too, or aren't tagged).
UNTAGGED_STUDIOS = (
    r"disney|walt disney|dreamworks(?: animation)?|warner(?: bros| brothers)?|universal|paramount|illumination|"
    r"blue sky|laika|aardman|sony(?: pictures)?|fox|20th century fox|lucasfilm|a24|miramax|new line"
)
_NAME = "|".join(f"(?:{pattern})" for pattern, _ in FRANCHISE_PATTERNS)
_KIND = r"(?: (?:films?|movies?|flicks?|ones?|productions?|pictures?|series|franchise|saga|cartoons?))?"
_ARTICLE = r"(?:(?:a|an|one of the|one of|part of the|part of|in the|from the|also a|really a|actually a) )?"
_MADE = r"(?:made|produced|done|animated|created|released|distributed|owned|from|by)"
_FORMS = [
    # "is up a pixar movie", "is goldfinger a bond film", "was the dark knight part of the batman series"
    re.compile(rf"^(?:is|was|isn't|isnt|wasn't|wasnt) (?P<t>.+?) {_ARTICLE}(?P<f>{_NAME}|{UNTAGGED_STUDIOS}){_KIND}$"),
    # "was shrek made by pixar", "is spirited away from studio ghibli", "is iron man by marvel"
    re.compile(
        rf"^(?:is|was|isn't|isnt|wasn't|wasnt) (?P<t>.+?) (?:{_MADE} )?(?:by |from )?(?:the )?"
        rf"(?P<f>{_NAME}|{UNTAGGED_STUDIOS})(?: studios?| animation| comics)?$"
    ),
    # "did pixar make up", "did dreamworks do shrek"
    re.compile(
        rf"^(?:did|does) (?:the )?(?P<f>{_NAME}|{UNTAGGED_STUDIOS})(?: studios?| animation| comics)? "
        r"(?:make|do|produce|create|animate|release|own) (?P<t>.+)$"
    ),
]
# Words a question puts where a title goes that name no film here ("is it a pixar movie" is about a film shown).
_NO_TITLE = frozenset({"it", "this", "that", "they", "there", "this one", "that one", "them", "these", "those"})


def _tag_named(said: str) -> str | None:
    """The franchise tag a name is ("bond films" -> "James Bond"), else None (an untagged studio)."""
    return next(
        (tag for pattern, tag in FRANCHISE_PATTERNS if re.fullmatch(rf"(?:{pattern})(?: films)?", f"{said} films")),
        None,
    )


def franchise_member_answer(question: str, catalogue: Catalogue) -> str | None:
    """Yes or no, from the hand tags, to whether a catalogue film is one of a franchise's or studio's; None
    when the question is not one."""
    unknown = None
    for form in _FORMS:
        found = form.match(question)
        if not found or found.group("t").strip() in _NO_TITLE:
            continue
        title, films = resolve(found.group("t"), catalogue)
        if films:
            name = re.sub(r"^(?:the )?", "", found.group("f").strip())
            tag = _tag_named(name)
            return _member(films[0], tag, catalogue) if tag else _untagged(films[0], name)
        if len(title.split()) <= 4 and not re.match(rf"(?:it|there|you|i|we|this|that)\b|.* {_MADE}$", title):
            unknown = unknown or title
    # "is frozen a pixar film": a film the catalogue lacks is said to be unknown, never guessed
    return (
        f"I don't know **{unknown.title()}**: it isn't in my catalogue ({len(catalogue.movies):,} films, up to 2010)."
        if unknown
        else None
    )


def _member(movie: Movie, tag: str, catalogue: Catalogue) -> str:
    """ "Yes: **Up** (2009) is one of the 11 Pixar films in my catalogue." or a "No" naming what it is."""
    plural = FRANCHISE_NOUNS[tag][1]
    count = sum(1 for film_id in FRANCHISE_FILM_IDS[tag] if catalogue.get(film_id))
    film = f"**{movie.title}** ({movie.year})"
    if tag in franchise_tags(movie.id):
        return f"Yes: {film} is one of the {count} {plural} in my catalogue."
    others = sorted(franchise_tags(movie.id) - {"Anime"})
    nouns = [FRANCHISE_NOUNS[t][0] for t in others]
    listed = f"; my catalogue lists it as {' and '.join(f'a {noun}' for noun in nouns)}" if others else ""
    return f"No: {film} isn't one of the {count} {plural} in my catalogue{listed}."


def _untagged(movie: Movie, name: str) -> str:
    """A studio the catalogue doesn't tag: it can't say, and says which it can."""
    return (
        f"I don't know: my catalogue doesn't record which studio made **{movie.title}** ({movie.year}), "
        f"so I can't say whether it's {name.title()}'s. It knows only which of its films are Pixar, Studio Ghibli, "
        "Marvel or DC films (tagged by hand)."
    )
