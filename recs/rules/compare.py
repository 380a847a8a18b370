"""Questions that compare two films: "which is longer, Titanic or The Dark Knight", "which came out first,
Alien or Blade Runner?", "is Jaws rated higher than Alien", "Heat vs Ronin, which is better".

Read as a comparison only when both sides name catalogue films, so "longer or shorter, up to you" stays a request.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from recs.rules.series import opener_of
from recs.rules.titles import resolve
from recs.sources.catalogue import Catalogue
from recs.sources.movies import Movie


@dataclass(frozen=True)
class Aspect:
    """What is compared: the film attribute, whether more of it wins, and how the winner is said."""

    attribute: str  # "runtime", "year" or "rating"
    more_wins: bool
    said: str  # "is longer", "came out first"


# "which is scarier", "is Alien more frightening than Jaws": feelings the catalogue has no figure for.
FEELS = (
    "scarier more scary the scariest more frightening creepier funnier more funny the funniest sadder more sad "
    "the saddest more depressing darker more violent gorier more gory bloodier more romantic more exciting "
    "more intense more disturbing more emotional"
)
_FEEL_WORDS = re.findall(r"(?:the |more )?\w+", FEELS)
# (wording, aspect); the wordings become one alternation, longest first.
ASPECTS: dict[str, Aspect] = {
    **dict.fromkeys(["longer", "the longest", "runs longer", "the longer one"], Aspect("runtime", True, "is longer")),
    **dict.fromkeys(["shorter", "the shortest", "quicker", "the shorter one"], Aspect("runtime", False, "is shorter")),
    **dict.fromkeys(
        ["older", "the oldest", "earlier", "came out first", "came first", "was first", "released first", "first"],
        Aspect("year", False, "came out first"),
    ),
    **dict.fromkeys(
        ["newer", "the newest", "more recent", "later", "came out later", "came out last", "released later"],
        Aspect("year", True, "came out later"),
    ),
    **dict.fromkeys(
        [
            "better",
            "the better one",
            "the better film",
            "the better movie",
            "best",
            "better rated",
            "rated higher",
            "higher rated",
            "rated better",
            "more highly rated",
            "better reviewed",
            "the best",
        ],
        Aspect("rating", True, "is rated higher on IMDB"),
    ),
    **dict.fromkeys(
        ["worse", "rated lower", "lower rated", "worse rated", "the worst"], Aspect("rating", False, "is rated lower")
    ),
    # "godfather 2 vs the first one": no aspect named, so everything recorded, side by side
    "": Aspect("all", True, ""),
    # How a film feels: the catalogue has no figure for it, so the answer says so and gives what it does record.
    **{word: Aspect("feel", True, word) for word in _FEEL_WORDS},
}
_ASPECT = "|".join(sorted(map(re.escape, filter(None, ASPECTS)), key=len, reverse=True))
_WHICH = r"(?:which|what|who)(?: one| film| movie| of them| of the two)?(?: is| was|'s|s)?"
_OR = r"(?:,? or|,? vs\.?|,? versus)"
FORMS = [
    # "which is longer, Titanic or The Dark Knight"
    re.compile(rf"^{_WHICH} (?P<a>{_ASPECT})(?: film| movie| one)?[,:]? (?P<x>.+?){_OR} (?P<y>.+)$"),
    # "which is longer for a kids' movie night, Shrek or Shrek 2": words about the occasion before the comma
    re.compile(
        rf"^{_WHICH} (?P<a>{_ASPECT})(?: film| movie| one)? (?:for|to|if|with|on|tonight)\b[^,]{{0,40}}, "
        rf"(?P<x>.+?){_OR} (?P<y>.+)$"
    ),
    # "Titanic or The Dark Knight, which is longer"
    re.compile(rf"^(?P<x>.+?){_OR} (?P<y>.+?)[,:]? {_WHICH} (?P<a>{_ASPECT})(?: (?:for|to|if|with|on|tonight)\b.*)?$"),
    # "alien vs aliens", "godfather 2 versus the first one": no aspect said (the empty group names it)
    re.compile(r"^(?:compare )?(?P<x>.+?),? (?:vs\.?|versus) (?P<y>.+?)(?P<a>)$"),
    # "is Titanic longer than The Dark Knight", "was Alien rated higher than Aliens"
    re.compile(rf"^(?:is|was|does|did) (?P<x>.+?) (?P<a>{_ASPECT}) than (?P<y>.+)$"),
]
# The other side said as the series' opener: "godfather 2 vs the first one", "is aliens better than the original"
_OPENER = re.compile(r"(?:the |its )?(?:first|original|1st)(?: one| film| movie| part)?|part (?:one|1)")
# "did Alien come out before Blade Runner": before/after said of release dates.
_BEFORE = re.compile(r"^(?:did|was|is) (?P<x>.+?) (?:come out|came out|released|made) (?P<w>before|after) (?P<y>.+)$")
_UNITS = {"runtime": " minutes", "year": "", "rating": "/10"}


def compare_question(question: str, catalogue: Catalogue) -> tuple[Aspect, Movie, Movie, bool] | None:
    """(aspect, first film, second film, asked yes/no) when the question compares two catalogue films."""
    low = " ".join(question.lower().split())
    found = _BEFORE.match(low)
    if found:
        after = found.group("w") == "after"
        aspect = Aspect("year", after, "came out later" if after else "came out first")
        return _films(found.group("x"), found.group("y"), aspect, catalogue, yes_no=True)
    for number, form in enumerate(FORMS):
        found = form.match(low)
        if found and not found.group("a") and resolve(low, catalogue)[1]:
            continue  # "monsters vs aliens", "alien vs predator": a title, not two films
        if found:
            aspect = ASPECTS[found.group("a")]
            films = _films(found.group("x"), found.group("y"), aspect, catalogue, yes_no=number == len(FORMS) - 1)
            if films:
                return films
    return None


def _films(first: str, second: str, aspect: Aspect, catalogue: Catalogue, yes_no: bool):
    """Both sides resolved to their best-known film, or None when either names no film."""
    one, two = resolve(first, catalogue)[1], resolve(second, catalogue)[1]
    opener = one and _OPENER.fullmatch(second.strip(" ?!.")) and opener_of(one[0], catalogue)
    two = [opener] if opener else two
    return (aspect, one[0], two[0], yes_no) if one and two else None


def _value(movie: Movie, attribute: str, catalogue: Catalogue) -> float | None:
    """The compared value; a rating the catalogue doesn't trust counts as missing."""
    if attribute == "rating":
        return None if movie.id in catalogue.suspect else movie.rating
    return getattr(movie, attribute)


def compare_answer(question: str, catalogue: Catalogue) -> str | None:
    """The reply to a comparison of two films, from the catalogue's own numbers; None when it isn't one."""
    asked = compare_question(question, catalogue)
    if not asked:
        return None
    aspect, first, second, yes_no = asked
    if aspect.attribute == "feel":
        return _unmeasured(aspect, first, second, catalogue)
    if aspect.attribute == "all":
        return "Side by side, from my catalogue:\n" + "\n".join(f"- {_recorded(m, catalogue)}" for m in (first, second))
    named = [f"**{m.title}** ({m.year})" for m in (first, second)]
    values = [_value(m, aspect.attribute, catalogue) for m in (first, second)]
    missing = [name for name, value in zip(named, values, strict=True) if value is None]
    if missing:
        what = {"runtime": "a runtime", "year": "a release year", "rating": "a trusted IMDB rating"}[aspect.attribute]
        return f"I don't know: my catalogue doesn't list {what} for {' or '.join(missing)}."
    shown = [f"{v:g}{_UNITS[aspect.attribute]}" for v in values]
    if values[0] == values[1]:
        return f"Neither: {named[0]} and {named[1]} are level ({shown[0]} each)."
    winner = 0 if (values[0] > values[1]) == aspect.more_wins else 1
    loser = 1 - winner
    said = f"{named[winner]} {aspect.said}: {shown[winner]}, against {shown[loser]} for {named[loser]}."
    if yes_no:  # "is Titanic longer than The Dark Knight?": the first film is the one asked about
        return ("Yes: " if winner == 0 else "No: ") + said
    return said


def _unmeasured(aspect: Aspect, first: Movie, second: Movie, catalogue: Catalogue) -> str:
    """ "Which is scarier": no figure for it in the catalogue, so I don't know, and the facts it does hold."""
    lines = [f"- {_recorded(movie, catalogue)}" for movie in (first, second)]
    return (
        f"I don't know which is {aspect.said}: my catalogue has no measure of that, only each film's genres, ratings "
        "and runtime. Here is what it records:\n" + "\n".join(lines)
    )


def _recorded(movie: Movie, catalogue: Catalogue) -> str:
    """ "**Alien** (1979): Horror, Science Fiction · rated R · IMDB 8.5/10 · Rotten Tomatoes 97%"."""
    facts = [", ".join(sorted(catalogue.tags(movie), key=lambda g: g not in movie.genres)) or "no genre listed"]
    facts += [f"rated {movie.mpaa}"] if movie.mpaa and movie.mpaa not in ("Not Rated", "Open") else []
    facts += [f"IMDB {movie.rating:.1f}/10"] if movie.rating is not None else []
    rotten = catalogue.rotten.get(movie.id)
    facts += [f"Rotten Tomatoes {rotten}%"] if rotten is not None else []
    return f"**{movie.title}** ({movie.year}): " + " · ".join(facts)


# Words that stand for no title: "is anything better than Inception", "is it longer than Titanic"
_NO_TITLE = re.compile(
    r"(?:any|some|every|no)(?:thing|one|body)(?: else)?|it|this|that|this one|that one|those|these"
    # "is the godfather 2 better than the first one", "… than the original", "… than its sequel": the other film
    # of a series, not an unknown title
    r"|(?:the |its |his |her |their )?(?:first|second|third|last|other|original|previous|next|new|old|sequel|prequel|"
    r"remake|book|novel|one before|one after)(?: one| film| movie| part| version)?"
)


def half_known_answer(question: str, catalogue: Catalogue) -> str | None:
    """ "is Inception longer than Interstellar": one side is no catalogue film, so the comparison is not made;
    the known film's figure is given. None unless exactly one side names a film."""
    found = FORMS[-1].match(" ".join(question.lower().split()))
    if not found or ASPECTS[found.group("a")].attribute == "feel":
        return None
    sides = [found.group("x").strip(" ?!."), found.group("y").strip(" ?!.")]
    films = [resolve(side, catalogue)[1] for side in sides]
    if bool(films[0]) == bool(films[1]) or any(_NO_TITLE.fullmatch(side) for side in sides):
        return None
    movie, unknown = (films[0] or films[1])[0], sides[1] if films[0] else sides[0]
    attribute = ASPECTS[found.group("a")].attribute
    value = _value(movie, attribute, catalogue)
    what = {"runtime": "a runtime", "year": "a release year", "rating": "an IMDB rating"}[attribute]
    known = (
        f"**{movie.title}** ({movie.year}) has {what} of {value:g}{_UNITS[attribute]}"
        if value is not None
        else f"my catalogue doesn't list {what} for **{movie.title}** ({movie.year}) either"
    )
    return (
        f"I don't know “{unknown}” from my catalogue ({len(catalogue.movies):,} films, up to 2010), so I can't "
        f"compare them; {known}."
    )
