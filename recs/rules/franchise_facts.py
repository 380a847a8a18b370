"""Questions about the films of a hand-tagged franchise or studio (recs/sources/franchises.py): whether a film
is one of them ("is up a pixar movie", "was Shrek made by Pixar?", "is the dark knight a marvel film"), and
its films in release order ("x-men films in order", "the bond movies in release order"; a series read from the
catalogue's titles too: "the harry potter films in order"), said to be only the films the catalogue holds.

Answered only from the hand tags, which hold every catalogue film of each name: "no" means the film isn't
among the catalogue's films of that name. Studios the catalogue doesn't tag (Disney, DreamWorks…) are "I don't
know". A question is read as one only when its whole wording fits and its title names a catalogue film, so
"up" in "is it up to me, a pixar film?" is no film.
"""

from __future__ import annotations

import re

from recs.rules.series import series_asked, series_films, series_parts
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
# "is up a disney pixar movie": Disney named before Pixar says nothing more
_ARTICLE = (
    r"(?:(?:a|an|one of the|one of|part of the|part of|in the|from the|also a|really a|actually a) )?(?:disney )?"
)
_MADE = r"(?:made|produced|done|animated|created|released|distributed|owned|from|by)"
_ANY = rf"(?:a |an |the )?(?:{_NAME}|{UNTAGGED_STUDIOS})"
# "is cars pixar or dreamworks", "is watchmen dc or marvel", "was shrek a pixar or a dreamworks film"
_EITHER = re.compile(
    rf"^(?:is|was) (?P<t>.+?) (?:(?:made |produced |animated )?(?:by|from) )?(?P<f>{_ANY}(?: or {_ANY})+){_KIND}$"
)
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
    either = _EITHER.match(question)
    films = resolve(either.group("t"), catalogue)[1] if either else []
    if films:
        return _either(films[0], re.split(r" or ", either.group("f")), catalogue)
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
        if len(title.split()) <= 4 and not re.match(
            rf"(?:it|there|you|i|we|this|that)\b|.* (?:{_MADE}|or|and)$", title
        ):
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


def _either(movie: Movie, names: list[str], catalogue: Catalogue) -> str:
    """Which of the names offered a film is one of ("is watchmen dc or marvel"), from the hand tags."""
    names = [re.sub(r"^(?:a|an|the) ", "", name.strip()) for name in names]
    tags = [tag for tag in (_tag_named(name) for name in names) if tag]
    held = [tag for tag in tags if tag in franchise_tags(movie.id)]
    if held:  # "is watchmen dc or marvel": the one it is, no yes or no
        return _member(movie, held[0], catalogue).removeprefix("Yes: ")
    untagged = [name for name in names if not _tag_named(name)]
    listed = " or ".join(f"the {FRANCHISE_NOUNS[tag][1]}" for tag in tags)
    if untagged and tags:  # "was shrek pixar or dreamworks": not Pixar's; DreamWorks isn't on record
        return (
            f"**{movie.title}** ({movie.year}) isn't one of {listed} in my catalogue; whether it's "
            f"{untagged[0].title()}'s I don't know: my catalogue doesn't record studios."
        )
    if untagged:
        return _untagged(movie, untagged[0])
    return f"Neither: **{movie.title}** ({movie.year}) isn't one of {listed} in my catalogue."


def _untagged(movie: Movie, name: str) -> str:
    """A studio the catalogue doesn't tag: it can't say, and says which it can."""
    return (
        f"I don't know: my catalogue doesn't record which studio made **{movie.title}** ({movie.year}), "
        f"so I can't say whether it's {name.title()}'s. It knows only which of its films are Pixar, Studio Ghibli, "
        "Marvel or DC films (tagged by hand)."
    )


# "x-men films in order", "the bond movies in release order", "what order do the harry potter films go in"
_ORDER = re.compile(
    r"\b(?:in (?:the )?(?:right |correct |proper |release |chronological |viewing |watching |date )?order"
    r"|(?:what|which) order|(?:release|chronological|viewing|watching) order|chronologically|in sequence"
    r"|order (?:of release|they came out|they were released|to watch them)"
    # "what's the right order for the bond films", "order of the batman films?", "x men movies order" (never
    # "the order of the phoenix": a word for films follows, or ends the ask)
    r"|(?:right|correct|proper|best|watch(?:ing)?|viewing) order|order (?:of|for) the (?:[a-z0-9]+ ){1,3}(?:films|movies)"
    r"|(?:films|movies) order$)\b"
)


def franchise_order_answer(question: str, catalogue: Catalogue) -> str | None:
    """Every catalogue film of a franchise (hand-tagged) or a series (read from its titles), in release order,
    said to be only what the catalogue holds; None when the question asks for no order of a named set."""
    if not _ORDER.search(question):
        return None
    tag = _franchise_in(question)
    if tag:
        films = [m for m in catalogue.movies if tag in franchise_tags(m.id)]
        said = f"the {FRANCHISE_NOUNS[tag][1]}"
    else:
        films = list(series_asked(question, catalogue) or _series_said(question, catalogue))
        said = series_films(tuple(films)) if films else ""  # "the Star Wars films", "The Lord of the Rings films"
    if not films:
        return None
    films.sort(key=lambda m: (m.year or 9999, m.title))
    years = [m.year for m in films]
    tie = (
        " (films of the same year in title order: it records years, not dates)" if len(set(years)) < len(years) else ""
    )
    lines = "\n".join(f"{n}. **{m.title}** ({m.year})" for n, m in enumerate(films, start=1))
    return (
        f"{said[0].upper()}{said[1:]} in my catalogue, all {len(films)} of them, in release order{tie}:\n\n{lines}"
        "\n\nThat's only what my catalogue holds (films up to 2010), so the list may be incomplete."
    )


def _franchise_in(question: str) -> str | None:
    """The first hand-tagged franchise a question names ("the bond movies" -> "James Bond"), else None."""
    hits = [
        (m.start(), tag)
        for pattern, tag in FRANCHISE_PATTERNS
        for m in re.finditer(rf"(?<![a-z0-9])(?:{pattern})(?![a-z0-9])", question)
    ]
    return min(hits)[1] if hits else None


def _series_said(question: str, catalogue: Catalogue) -> tuple:
    """The parts of a series named without a word for films ("what order do i watch the lord of the rings
    in"): the longest run of words that is a series' name, else ()."""
    words = re.findall(r"[a-z0-9']+", question)
    spans = sorted(
        ((i, j) for i in range(len(words)) for j in range(i + 2, min(len(words), i + 7) + 1)), key=lambda s: s[0] - s[1]
    )
    return next((parts for i, j in spans if (parts := series_parts(" ".join(words[i:j]), catalogue))), ())
