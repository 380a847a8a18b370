"""Questions about a set of catalogue films rather than one: a person's ("how many Spielberg films do you
have", "what's Nolan's highest rated film"), a year's ("the highest rated film of 1994"), the whole
catalogue's ("the longest movie you have"), whether a person made or is in a film ("did Christopher Nolan
direct The Prestige?", "is Tom Hanks in Big?"), and which of a person's films it holds ("which Sofia Coppola
films are in your catalogue?").

Directors come from the catalogue, actors from the curated cast table (well-known films only, so an actor's
absence from a film is "I don't know", never "no"). A question is read as one only when its set is known.
"""

from __future__ import annotations

import re

from recs.rules.colour_asked import colour_answer
from recs.rules.compare import half_known_answer
from recs.rules.described_set import described_films, unrecorded_count
from recs.rules.explain import genre_short
from recs.rules.franchise_facts import UNTAGGED_STUDIOS, franchise_member_answer, franchise_order_answer
from recs.rules.fuzzy import near_name
from recs.rules.people import PeopleIndex, people_index
from recs.rules.series import series_name, series_parts
from recs.rules.titles import resolve
from recs.rules.vocab import GENRE_PATTERNS
from recs.sources.catalogue import Catalogue
from recs.sources.franchises import FRANCHISE_PATTERNS
from recs.sources.movies import Movie, normalize_title

MIN_VOTES = 1000  # fewer votes than this and a rating says little (as in rank.py)
_FILMS = r"(?:films?|movies?|flicks?|ones?|pictures?|pics?)"
# "r" is chat-speak for "are" ("how many nolan movies r there", "… r in ur list")
_IN_CATALOGUE = (
    r"(?: (?:do|have|did) (?:you|u) (?:have|got|know)| (?:you|u) (?:have|got)| (?:you|u) ve got| (?:are|r) there"
    r"| (?:are|r) in (?:your|the|ur) (?:catalogue|list|database)"
    r"| have you got| in (?:your|the) (?:catalogue|list|database)"
    # "how many bond films are there in total", "… have been made", "… exist": the catalogue's count answers
    r"| (?:are|were|r) there(?: in (?:total|all)| altogether)?| (?:have been|were|got) made| (?:are|were) out"
    r"| (?:have|has) there been(?: in (?:total|all)| altogether)?"
    r"| exist| in (?:total|all)| altogether)"
)
_HAVE = _IN_CATALOGUE + "?"
COUNT = [
    re.compile(
        rf"^how many {_FILMS} (?:did|has|have) (?P<p>.+?) (?:directed|direct|made|make|done|do)(?: in total)?{_HAVE}$"
    ),
    # "how many movies has tom hanks been in": a person's roles (as the cast table knows them)
    re.compile(
        rf"^how many {_FILMS} (?:did|has|have) (?P<p>.+?) (?P<r>been in|starred in|star in|acted in|appeared in)$"
    ),
    re.compile(rf"^how many (?P<p>.+?) {_FILMS}{_HAVE}$"),
    re.compile(rf"^how many {_FILMS} (?P<p>(?:by|from|with|starring|directed by|released in|made in|in) .+?){_HAVE}$"),
    re.compile(rf"^how many {_FILMS}(?P<p>){_HAVE}$"),
    re.compile(rf"^(?:what(?: is|'s|s) )?(?:the )?(?:total )?number of (?P<p>.+?) {_FILMS}{_HAVE}$"),
    # "how many westerns r there": a genre's own plural said for the films
    re.compile(rf"^how many (?P<p>[a-z ]+?){_IN_CATALOGUE}$"),
    # "count the bond films", "can u count the batman movies for me", "count up all the pixar ones"
    re.compile(
        rf"^(?:(?:can|could|would|will) (?:you|u) )?(?:please |pls )?count(?: up)?(?: how many)? (?:all )?(?:of )?"
        rf"(?:the )?(?P<p>.+?) {_FILMS}(?: (?:for me|please|pls))?{_HAVE}$"
    ),
]
# Superlatives: (wording, attribute, highest wins, how the answer says it).
SUPERLATIVES: dict[str, tuple[str, bool, str]] = {
    **dict.fromkeys(
        ["highest rated", "best rated", "top rated", "best", "greatest", "highest scoring", "most acclaimed"],
        ("rating", True, "the highest rated on IMDB"),
    ),
    **dict.fromkeys(["worst", "lowest rated", "worst rated"], ("rating", False, "the lowest rated on IMDB")),
    **dict.fromkeys(["longest"], ("runtime", True, "the longest")),
    **dict.fromkeys(["shortest"], ("runtime", False, "the shortest")),
    **dict.fromkeys(["oldest", "earliest", "first"], ("year", False, "the earliest")),
    **dict.fromkeys(["newest", "latest", "most recent", "last"], ("year", True, "the most recent")),
    **dict.fromkeys(["most popular", "best known", "most famous"], ("votes", True, "the most voted on IMDB")),
}
_ASKS_TASTE = frozenset({"best", "greatest", "worst", "most acclaimed"})
_SUP = "|".join(sorted(map(re.escape, SUPERLATIVES), key=len, reverse=True))
_FILM = r"(?:film|movie|flick|one|picture|pic)"
_WHAT = r"^(?:what|which)(?: is|'s|s| was)? (?:the )?"
SUPERLATIVE = [
    # "what's Nolan's highest rated film", "which is the best Spielberg movie", "the longest film by Kubrick",
    # "which spielberg film is the longest", "what's the highest rated film of 1994", "the longest movie you have"
    re.compile(rf"{_WHAT}(?P<p>.+?)'s? (?P<s>{_SUP}) {_FILM}$"),
    re.compile(rf"{_WHAT}(?P<s>{_SUP}) (?P<p>.+?) {_FILM}$"),
    re.compile(rf"{_WHAT}(?P<s>{_SUP}) {_FILM} (?P<p>.+)$"),
    re.compile(rf"^which (?P<p>.+?) {_FILM} (?:is|was) (?:the )?(?P<s>{_SUP})$"),
]
# "what's the highest rated cartoon", "what is the top rated anime": a genre or franchise said alone
SUPERLATIVE_OF_A_KIND = re.compile(rf"{_WHAT}(?P<s>{_SUP}) (?P<p>[a-z0-9 ]+?)$")
# Which films of a person the catalogue holds: "which Sofia Coppola films are in your catalogue", "what films
# did Kubrick direct", "which movies with Tom Hanks do you have". Said as a question about the catalogue, never
# as a wish ("what Nolan films should I watch" asks for picks).
LIST = [
    re.compile(rf"^(?:which|what) (?P<p>.+?) {_FILMS}{_IN_CATALOGUE}$"),
    re.compile(
        rf"^(?:which|what) {_FILMS} (?:did|has|have) (?P<p>.+?) (?:directed|direct|made|make|starred in|star in|"
        r"been in|acted in|appeared in|done|do)(?: so far| in total)?$"
    ),
    re.compile(rf"^(?:which|what) {_FILMS} (?P<p>(?:by|from|with|starring|directed by) .+?){_IN_CATALOGUE}$"),
    # "list the nolan films you have", "list all the tom hanks movies"
    re.compile(
        rf"^(?:can (?:you|u) |please |pls )?list (?:all |every |each )?(?:of )?(?:the )?(?P<p>.+?) {_FILMS}{_HAVE}$"
    ),
]
LISTED_MAX = 20  # a longer list is cut, with how many more there are
# A count is of the catalogue, never of every film made: said with it.
HOLDS_ONLY = "That counts only the films my catalogue holds (up to 2010), so there may be more."
DID = [  # (role asked, pattern with a person and a title)
    ("director", re.compile(r"^(?:did|has) (?P<p>.+?) (?:direct|make|helm) (?P<t>.+)$")),
    ("director", re.compile(r"^(?:is|was) (?P<t>.+?) (?:directed |made )?by (?P<p>.+)$")),
    ("director", re.compile(rf"^(?:is|was) (?P<t>.+?) an? (?P<p>.+?) {_FILM}$")),
    ("actor", re.compile(r"^(?:did|does|has) (?P<p>.+?) (?:star|act|appear|play|feature) in (?P<t>.+)$")),
    ("actor", re.compile(r"^(?:is|was) (?P<p>.+?) in (?P<t>.+)$")),
    # "does the dark knight have tom hardy", "did heat feature al pacino"
    ("actor", re.compile(r"^(?:does|did) (?P<t>.+?) (?:have|star|feature|include) (?P<p>.+)$")),
]
# The whole catalogue named as the scope: "the longest film you have", "the best movie of all time".
_EVERYTHING = re.compile(
    r"^(?:(?:that |which )?(?:(?:you|u)(?: have|'ve got| ve got| know| got)|in (?:your|the|ur) (?:catalogue|list|database))"
    r"|ever(?: made)?|of all time|in the world)$"
)
_YEAR = re.compile(r"^(?:(?:of|from|in|released in|made in|out in) )?((?:19|20)\d\d)$")
_PERSON = re.compile(r"^(?:(?:by|from|with|starring|featuring|directed by) )?(?P<p>.+)$")


def _scope(span: str, catalogue: Catalogue, genres: bool = False) -> tuple[list[Movie], str] | None:
    """(films, how they are said) for the set a question names: a person's, a year's, a genre's or all of them."""
    span = span.strip()
    if not span or _EVERYTHING.match(span):
        return (list(catalogue.movies), "") if span or genres else None
    year = _YEAR.match(span)
    if year:
        return [m for m in catalogue.movies if m.year == int(year.group(1))], f"from {year.group(1)}"
    if genres:
        named = GENRE_PATTERNS + FRANCHISE_PATTERNS  # "how many bond films", "the highest rated batman film"
        said = normalize_title(span)  # "bond" names the spy only before a word for films: "how many bond films"
        tag = next(
            (t for p, t in named if re.fullmatch(p, said) or re.fullmatch(rf"(?:{p}) films", f"{said} films")), None
        )
        if tag:
            return [m for m in catalogue.movies if tag in catalogue.tags(m)], f"listed as {genre_short(tag)}"
    index = people_index(catalogue)
    person = find_person(_PERSON.match(span).group("p"), index)
    acting = bool(re.match(r"(?:with|starring|featuring) ", span))  # "films with Clint Eastwood": his roles
    return _films_of(person, index, catalogue, acting) if person else None


def _scope_or_series(span: str, catalogue: Catalogue) -> tuple[list[Movie], str] | None:
    """The set a question names, or a series read from the titles ("the first harry potter film", "the longest
    lord of the rings")."""
    scope = _scope(span, catalogue, genres=True)
    parts = () if scope else series_parts(span, catalogue)
    return scope or ((list(parts), _series_said(parts)) if parts else None)


def _series_said(parts: tuple[Movie, ...]) -> str:
    """ "in the Harry Potter series", "in The Lord of the Rings series" (one "the")."""
    name = series_name(parts)
    return f"in {name} series" if name.lower().startswith("the ") else f"in the {name} series"


def find_person(span: str, index: PeopleIndex) -> str | None:
    """The known person (normalized name) a span names: full name, surname, nickname or a near spelling."""
    norm = normalize_title(re.sub(r"'s?$", "", span.strip()))
    if norm in index.full:
        return norm
    if norm in index.surname:
        return index.surname[norm]
    words = norm.split()
    if len(words) == 2 and index.nickname(*words):
        return index.nickname(*words)
    if len(norm) >= 5:
        near = near_name(norm, list(index.full)) or near_name(norm, index.surnames)
        return index.surname.get(near, near) if near else None
    return None


def _films_of(norm: str, index: PeopleIndex, catalogue: Catalogue, acting: bool = False) -> tuple[list[Movie], str]:
    """(films, "directed by X" / "with X") for a person: a director's own films first (unless their roles
    were asked for), else their roles."""
    display, roles = index.full[norm]
    if "director" in roles and not (acting and "actor" in roles):
        return [m for m in catalogue.movies if m.director == display], f"directed by **{display}**"
    ids = index.ids_acting([display])
    return [m for m in catalogue.movies if m.id in ids], f"with **{display}** (from my list of well-known roles)"


def catalogue_answer(question: str, catalogue: Catalogue) -> str | None:
    """The reply to a question about a set of films (a person's, a year's, the catalogue's); None otherwise."""
    # "highest-rated" is "highest rated"; a hyphen inside a title still resolves (titles are normalized)
    low = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", " ".join(question.lower().split()))
    # "is up a pixar movie": from the hand tags; "x-men films in order": every one, by year
    said = franchise_member_answer(low, catalogue) or franchise_order_answer(low, catalogue)
    said = said or half_known_answer(low, catalogue)  # "is inception longer than interstellar"
    said = said or colour_answer(low, catalogue)  # "is schindlers list in black and white"
    if said:
        return said
    for form in COUNT:
        found = form.match(low)
        roles = "with " if found and "r" in form.groupindex and found.group("r") else ""
        scope = found and _scope(roles + found.group("p"), catalogue, genres=True)
        if scope:
            return _count(*scope)
        parts = found and series_parts(found.group("p"), catalogue)  # "how many harry potter movies do u have"
        if parts:
            return _listed(list(parts), _series_said(parts)) + f" {HOLDS_ONLY}"
        if found and re.fullmatch(UNTAGGED_STUDIOS, found.group("p")):  # "how many disney movies"
            return (
                f"I don't know how many {found.group('p').title()} films there are: my catalogue doesn't record "
                "studios (it tags only Pixar's, Studio Ghibli's, Marvel's and DC's films, by hand)."
            )
    said = _described_answer(low, catalogue)  # "how many horror movies from the 80s", "the top rated 80s horror film"
    if said:
        return said
    for form in SUPERLATIVE:
        found = form.match(low)
        scope = found and _scope_or_series(found.group("p"), catalogue)  # "the highest rated horror film"
        # "the best film of 1994" asks for a recommendation; a person's best film, or the highest rated, is a fact
        if scope and found.group("s") in _ASKS_TASTE and not scope[1].startswith(("directed by", "with")):
            continue
        if scope:
            return _superlative(*scope, found.group("s"), catalogue)
    found = SUPERLATIVE_OF_A_KIND.match(low)
    scope = found and found.group("s") not in _ASKS_TASTE and _scope_or_series(found.group("p"), catalogue)
    if scope and scope[1].startswith(("listed as", "in ")):  # a person said alone ("the best rated nolan") is none
        return _superlative(*scope, found.group("s"), catalogue)
    for form in LIST:
        found = form.match(low)
        acted = found and re.search(r"\b(?:starred|star|been|acted|appeared) in$", low)  # "…has Tom Hanks been in"
        scope = found and _scope(("with " if acted else "") + found.group("p"), catalogue)
        # a person's films; "what films from 1994 do you have" is left to ask for picks, as before
        if scope and scope[1].startswith(("directed by", "with")):
            return _listed(*scope)
    index = people_index(catalogue)
    for role, form in DID:
        found = form.match(low)
        person = found and find_person(found.group("p"), index)
        films = resolve(found.group("t"), catalogue)[1] if person else []
        if films:
            return _did(role, person, films[0], index, catalogue)
    return None


# A count or a superlative of films described by genre, years and people ("how many 90s comedies do you have",
# "number of 70s thrillers", "the highest rated horror film from the 80s"): the ones the scopes above don't read
_COUNT_DESCRIBED = re.compile(rf"^(?:how many|(?:what(?: is|'s|s) )?(?:the )?(?:total )?number of) (?P<p>.+?){_HAVE}$")
_SUPERLATIVE_DESCRIBED = re.compile(rf"{_WHAT}(?P<s>{_SUP}) (?P<p>.+)$")
# "how many films did tarantino make in the 90s", "how many movies has tom hanks been in since 2000"
_COUNT_MADE_WHEN = re.compile(
    rf"^how many {_FILMS} (?:did|has|have) (?P<who>[\w .'-]{{1,40}}?) (?:(?P<made>directed|direct|made|make|done|do)"
    rf"|been in|starred in|star in|acted in|appeared in) (?P<when>.+?){_HAVE}$"
)


def _described_answer(low: str, catalogue: Catalogue) -> str | None:
    """The count or superlative of a described set of films; None when the question is no such thing."""
    found = _COUNT_MADE_WHEN.match(low)
    if found:  # said as a description: "films by tarantino in the 90s"
        span = f"films {'by' if found.group('made') else 'with'} {found.group('who')} {found.group('when')}"
        described = described_films(span, catalogue)
        return _count(*described) if described else None
    found = _COUNT_DESCRIBED.match(low)
    described = found and described_films(found.group("p"), catalogue)
    if described:
        return _count(*described)
    unknown = found and unrecorded_count(found.group("p"), catalogue)  # "how many christmas movies"
    if unknown:
        return unknown
    found = _SUPERLATIVE_DESCRIBED.match(low)  # "the best 80s horror film" asks for a pick: not read here
    described = found and found.group("s") not in _ASKS_TASTE and described_films(found.group("p"), catalogue)
    return _superlative(*described, found.group("s"), catalogue) if described else None


def _count(films: list[Movie], said: str) -> str:
    """ "My catalogue has 23 films directed by Steven Spielberg; the best rated: …"."""
    if not films:
        return f"I don't know of any: my catalogue has no films {said}."
    best = sorted(films, key=lambda m: ((m.votes or 0) < MIN_VOTES, -(m.rating or 0), m.id))[:3]
    listed = ", ".join(f"{m.title} ({m.year})" for m in best)
    plural = "s" if len(films) > 1 else ""
    return (
        f"My catalogue has **{len(films):,}** film{plural}{' ' + said if said else ''}; the best rated: {listed}. "
        f"{HOLDS_ONLY}"
    )


def _listed(films: list[Movie], said: str) -> str:
    """ "My catalogue has 3 films directed by Sofia Coppola: The Virgin Suicides (2000), …", oldest first."""
    if not films:
        return f"I don't know of any: my catalogue has no films {said}."
    ordered = sorted(films, key=lambda m: (m.year or 0, m.title))
    listed = ", ".join(f"{m.title} ({m.year})" for m in ordered[:LISTED_MAX])
    more = f", and {len(films) - LISTED_MAX} more" if len(films) > LISTED_MAX else ""
    plural = "s" if len(films) > 1 else ""
    return f"My catalogue has **{len(films):,}** film{plural} {said}: {listed}{more}."


def _superlative(films: list[Movie], who: str, word: str, catalogue: Catalogue) -> str:
    """ "Of the 7 films directed by Christopher Nolan in my catalogue, the highest rated on IMDB is …"."""
    attribute, highest, said = SUPERLATIVES[word]
    # A copied rating or an impossible date proves nothing; runtimes aren't in doubt.
    known = [
        m
        for m in films
        if getattr(m, attribute) is not None and (attribute == "runtime" or m.id not in catalogue.suspect)
    ]
    who = f" {who}" if who else ""
    if not known:
        return f"I don't know: my catalogue lists no {attribute} for films{who}."
    if attribute == "rating":  # a 9.5 from forty votes is no "best film": well-voted ones first
        known = [m for m in known if (m.votes or 0) >= MIN_VOTES] or known
    pick = (max if highest else min)(known, key=lambda m: (getattr(m, attribute), m.votes or 0))
    value = {"rating": f"IMDB {pick.rating}/10", "runtime": f"{pick.runtime} minutes", "year": str(pick.year)}
    detail = value.get(attribute, f"{pick.votes:,} IMDB votes")
    if len(known) == 1:
        return f"Only one film{who} in my catalogue lists that: **{pick.title}** ({pick.year}), {detail}."
    listed = f" that list {_LISTS[attribute]}" if len(known) < len(films) else ""
    return (
        f"Of the {len(known):,} films{who} in my catalogue{listed}, {said} is **{pick.title}** ({pick.year}): {detail}."
    )


_LISTS = {"rating": "a well-voted rating", "runtime": "a runtime", "year": "a year", "votes": "votes"}


def _did(role: str, norm: str, movie: Movie, index: PeopleIndex, catalogue: Catalogue) -> str:
    """Yes or no from the catalogue's director; for actors only "yes" or "I don't know" (the cast list is partial)."""
    display, roles = index.full[norm]
    name = f"**{movie.title}** ({movie.year})"
    if role == "actor" or "director" not in roles:
        if index.acting(movie, [display]):
            return f"Yes: {name} stars **{display}**."
        if movie.director == display:
            return f"{display} directed {name}; my cast list doesn't have them acting in it."
        return f"I don't know: my list of well-known actors' films doesn't have {display} in {name}."
    if not movie.director:
        return f"I don't know: my catalogue doesn't list a director for {name}."
    if movie.director == display:
        return f"Yes: {name} was directed by **{display}**."
    return f"No: {name} was directed by **{movie.director}**, not {display}."
