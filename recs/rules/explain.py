"""Intros and per-pick reasons for the rule-based planner: say only what is true."""

from __future__ import annotations

import re
from collections.abc import Callable

from recs.rules.constraints import Constraints
from recs.rules.people import people_index
from recs.rules.standing import decade_label, standing
from recs.rules.taste import liked_in
from recs.rules.vocab import GENRE_NOUNS, GENRE_PATTERNS, UNSUPPORTED_SAY
from recs.sources.catalogue import Catalogue
from recs.sources.movies import Movie

COUNT_WORDS = {1: "One", 2: "Two", 3: "Three"}
TYPE_PREFIX = {"Science Fiction": "sci-fi", "Kids Fiction": "family", "Super Hero": "superhero", "Fantasy": "fantasy"}


def genre_noun(tag: str | None, plural: bool = False) -> str:
    """How a catalogue genre reads in prose ("thriller", "sci-fi films")."""
    nouns = GENRE_NOUNS.get(tag or "", ("film", "films"))
    return nouns[1] if plural else nouns[0]


def genre_short(tag: str) -> str:
    """A genre as an adjective or after "no": "horror", "sci-fi", "comedy"."""
    return genre_noun(tag).removesuffix(" film")


def years_ruled_out(lo: int, hi: int) -> str:
    """Years ruled out as people say them: "nothing before 1980", "nothing from 1996 on", "nothing from 1990–1999"."""
    if lo <= 1870:  # the parser's open ends: "not the old ones", "nothing from the last 30 years"
        return f"nothing before {hi + 1}"
    return f"nothing from {lo} on" if hi >= 2100 else f"nothing from {lo}–{hi}"


def tag_of(word: str) -> str | None:
    """The catalogue tag a user's genre word stands for."""
    for pattern, tag in GENRE_PATTERNS:
        if re.fullmatch(pattern, word):
            return tag
    return None


def _era_phrase(era: str | None) -> tuple[str, str]:
    """(adjective, suffix): decades read as adjectives ("90s"), the rest as a trailing phrase."""
    if not era:
        return "", ""
    if re.fullmatch(r"(?:early |mid |late )?\d+s", era):
        return era, ""
    if era[0].isdigit():
        return "", f"from {era}"
    return "", era


def _wanted_phrase(cons: Constraints, likes: list[Movie], count: int | None) -> str:
    """ "Three tense 90s thrillers, none with Tom Cruise" (no count when count is None)."""
    mood_tags = {tag_of(w) for w in cons.moods}
    noun_tags = [t for t in dict.fromkeys(tag_of(w) for w in cons.genre_words) if t]
    noun_tags += [t for t in cons.genres if t not in noun_tags and t not in mood_tags]
    era_adj, era_suffix = _era_phrase(cons.era)
    adjectives = []
    if (cons.min_rating or cons.hidden_gem) and cons.quality_label:
        adjectives.append(cons.quality_label.replace("hidden gem", "hidden-gem"))
    runtime_adj = cons.runtime_label in ("short", "long")
    if runtime_adj:
        adjectives.append(cons.runtime_label)
    adjectives += cons.moods
    if cons.rating_label == "family-friendly" and "Family" not in noun_tags:
        adjectives.append("family-friendly")
    if era_adj:
        adjectives.append(era_adj)
    adjectives += [genre_short(t) for t in noun_tags[:-1]]
    noun = genre_noun(noun_tags[-1] if noun_tags else None, plural=(count or 3) > 1)
    head = " ".join(p for p in [COUNT_WORDS.get(count or 0, ""), *adjectives, noun] if p)
    extras = [
        *_people_phrases(cons),
        f"like {_series([m.title for m in likes])}" if likes else "",
        era_suffix,
        "" if runtime_adj else cons.runtime_label or "",
        cons.rating_label if cons.rating_label and cons.rating_label != "family-friendly" else "",
        cons.story_label or "",
    ]
    text = " ".join([head, *[e for e in extras if e]])
    return ", ".join([text, *_negatives(cons)])


def _people_phrases(cons: Constraints) -> list[str]:
    """ "by Ridley Scott", "with Tom Hanks"; a name read both as a director and an actor is said once
    ("with or by Clint Eastwood"), as the picks may be either."""
    both = [p for p in cons.people if p in cons.directors]
    groups = [
        ("by", [d for d in cons.directors if d not in both]),
        ("with", [p for p in cons.people if p not in both]),
        ("with or by", both),
    ]
    return [f"{word} {' or '.join(names)}" for word, names in groups if names]


def _negatives(cons: Constraints) -> list[str]:
    """ "none with Tom Cruise", "no horror": what the request rules out."""
    negatives = [f"not {t}" for t in cons.exclude_titles]
    negatives += [f"none with {p}" for p in cons.exclude_people]
    negatives += [f"nothing by {d}" for d in cons.exclude_directors]
    negatives += [f"no {genre_short(g)}" for g in cons.exclude_genres]
    negatives += [f"ideally no {genre_short(g)}" for g in cons.avoid_genres]
    negatives += [years_ruled_out(lo, hi) for lo, hi in cons.exclude_years]
    return negatives


def _taste_bits(taste: Constraints, cons: Constraints) -> str:
    """ "western, Clint Eastwood; no comedy or horror": the profile's likes and dislikes, short (a
    dislike the message rules out itself is said once, after the parentheses)."""
    liked = [genre_short(g) for g in taste.genres] + list(dict.fromkeys(taste.directors + taste.people))
    disliked = [genre_short(g) for g in taste.exclude_genres if g not in cons.exclude_genres]
    disliked += [
        p
        for p in dict.fromkeys(taste.exclude_directors + taste.exclude_people)
        if p not in cons.exclude_directors + cons.exclude_people
    ]
    return (", ".join(liked) + (f"; no {_series(disliked, 'or')}" if disliked else "")).strip("; ")


GENERIC_WORDS = frozenset(
    """
a an the me us some something anything any good nice film films movie movies recommend recommendation
recommendations suggest suggestion please pick picks watch watching tonight what should i we can could you
give show find one another more like that this else different surprise to for my our night evening
weekend want would love ok okay hey hi so just now again other hmm hmmm hm um umm uh er erm well whatever
idk dunno maybe choose decide up""".split()
)


def is_generic(text: str) -> bool:
    """True when a request says nothing beyond "recommend something"."""
    return set(re.findall(r"[a-z]+", (text or "").lower())) <= GENERIC_WORDS


UNMATCHED = "I couldn't match that to anything my catalogue can filter on, so here are "


def intro_for(
    cons: Constraints,
    taste: Constraints,
    likes: list[Movie],
    count: int,
    relaxed: str,
    strict_count: int,
    generic: bool = True,
    taste_leads: bool = False,
) -> str:
    """One or two sentences naming the understood constraints and anything relaxed."""
    understood = cons.filterable()
    bits = _taste_bits(taste, cons) if taste_leads or not understood else ""
    if bits:  # the message asked for nothing in particular: the profile chose
        intro = ", ".join([f"{COUNT_WORDS[count]} picks for your taste ({bits})", *_negatives(cons)]) + ":"
    elif not understood:
        intro = f"{COUNT_WORDS[count]} well-rated crowd-pleasers from different genres:"
        if not generic:
            intro = UNMATCHED + intro[0].lower() + intro[1:]
    elif relaxed:
        wanted = _wanted_phrase(cons, likes, None)
        if strict_count:
            fits = f"Only {strict_count} film{'s fit' if strict_count > 1 else ' fits'} everything you asked"
        else:
            fits = "Nothing in my catalogue fits everything you asked"
        intro = f"{fits}, so I {relaxed}. Closest matches for {wanted}:"
    else:
        intro = _wanted_phrase(cons, likes, count) + ":"
    if cons.mood_notes:  # "Three dramas (good cry → drama):"
        said = ", ".join(f"{word} → {genre_short(tag)}" for word, tag in cons.mood_notes)
        intro = f"{intro.removesuffix(':')} ({said}):"
    if cons.unknown_likes:
        intro = _unknown_likes_said(cons.unknown_likes, intro)
    if cons.unknown_people:
        names = " or ".join(cons.unknown_people)
        intro += f" (I couldn't check cast for {names} offline, so that part isn't applied.)"
    if cons.unsupported:
        intro = _unsupported_said(cons.unsupported, intro)
    if cons.unknown_films:  # said first: the film asked about isn't there
        known = "it isn't" if len(cons.unknown_films) == 1 else "they aren't"
        intro = intro.removeprefix(UNMATCHED)
        intro = (
            f"I don't know {' or '.join(cons.unknown_films)}: {known} in my catalogue. {intro[0].upper()}{intro[1:]}"
        )
    return intro[:600]


def _unsupported_said(unsupported: list[tuple[str, str]], intro: str) -> str:
    """ "My catalogue doesn't record country or language, so “bollywood” isn't taken into account. …" """
    kinds = {kind for _, kind in unsupported}
    missing = [say for kind, says in UNSUPPORTED_SAY.items() if kind in kinds for say in says]
    recorded = f"doesn't record {_series(missing, 'or')}" if missing else ""
    if "medium" in kinds:
        head = "My catalogue has only films" + (f" and {recorded}" if recorded else ", no TV series")
    else:
        head = f"My catalogue {recorded}"
    words = list(dict.fromkeys(f"“{word}”" for word, _ in unsupported))
    verb = "isn't" if len(words) == 1 else "aren't"
    intro = intro.removeprefix(UNMATCHED)
    return f"{head}, so {_series(words)} {verb} taken into account. {intro[0].upper()}{intro[1:]}"


def _series(items: list[str], conj: str = "and") -> str:
    """ "A", "A and B", "A, B and C"."""
    return f" {conj} ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + f" {conj} " + items[-1]


def nothing_shown_said(intro: str) -> str:
    """ "More like that" before any film was shown: say so, then the picks made without references."""
    return _lead_into("I haven't shown you any films in this chat yet", intro)


def _unknown_likes_said(titles: list[str], intro: str) -> str:
    """Name the "like …" titles the catalogue doesn't have; the picks then follow the rest of the request."""
    return _lead_into(f"I don't know {' or '.join(f'“{t}”' for t in titles)} from my catalogue", intro)


def _lead_into(lead: str, intro: str) -> str:
    # "…, so here are three westerns:" when the intro counts its picks, else two sentences.
    intro = intro.removeprefix(UNMATCHED)
    if intro.split(" ", 1)[0].lower() in ("one", "two", "three"):
        return f"{lead}, so here are {intro[0].lower()}{intro[1:]}"
    return f"{lead}. {intro}"


def reason_for(
    movie: Movie,
    cons: Constraints,
    taste: Constraints,
    likes: list[Movie],
    checks: dict[str, Callable[[Movie], bool]],
    catalogue: Catalogue,
) -> str:
    """One sentence on why the film fits: the asked-for things it meets, what it shares with the films
    it should be like, the profile's likes. The card already shows its year, genres, runtime, IMDB
    rating and director, so those are said only as part of a reason ("same director")."""
    passes = {name: check(movie) for name, check in checks.items()}
    tags = catalogue.tags(movie)
    asked = [w for w in cons.moods if tag_of(w) in tags]
    if cons.rating_label == "family-friendly":
        asked.append("family-friendly")
    elif (cons.mpaa_allowed and movie.mpaa in cons.mpaa_allowed) or (cons.mpaa_excluded and movie.mpaa):
        # the card shows its own rating: the label without its bracketed list ("fine for a young viewer")
        asked.append(cons.rating_label.split(" (")[0] if cons.rating_label else f"rated {movie.mpaa}")
    if passes.get("era") and cons.era:
        asked.append(f"from the {cons.era}" if re.fullmatch(r"(?:early |mid |late )?\d+s", cons.era) else cons.era)
    starring = movie.director in cons.people and movie.director in people_index(catalogue).acting(movie, cons.people)
    by = f"by and with {movie.director}" if starring else f"by {movie.director}"
    asked += [by for _ in cons.directors[:1] if movie.director in cons.directors]
    asked += _people_labels(movie, cons, catalogue)
    if passes.get("runtime") and cons.runtime_label:
        asked.append(cons.runtime_label)
    if passes.get("quality") and cons.quality_label:
        asked.append(cons.quality_label)
    if passes.get("gem"):
        asked.append(f"{cons.quality_label or 'hidden gem'} ({movie.votes:,} IMDB votes)")
    if cons.story_label and catalogue.story_source.get(movie.id) in cons.story_sources:
        asked.append(cons.story_label)  # "based on a video game": the catalogue's record, said as asked
    asked += [f"no {genre_short(g)}" for g in cons.exclude_genres + (cons.avoid_genres if passes.get("avoid") else [])]
    asked += [years_ruled_out(lo, hi) for lo, hi in cons.exclude_years]
    groups = [", ".join(asked)]
    # Several references ("more like those"): the one this film is most like, not a label for each.
    closest = max(likes, key=lambda like: len(_shared(movie, like, catalogue)), default=None)
    for like in likes if len(likes) < 3 else [closest]:
        shared = _shared(movie, like, catalogue)
        if shared:
            groups.append(f"like {like.title}: {', '.join(shared)}")
    liked = [_liked_word(g) for g in liked_in(movie, taste, catalogue)]
    if liked:
        groups.append(f"you like {' and '.join(liked)}")
    votes = f" ({movie.votes:,} IMDB votes)" if movie.votes else ""
    place = None if passes.get("gem") or movie.id in catalogue.suspect else standing(movie, catalogue, cons.genres)
    if place:  # something true about this film, not the vote count alone
        groups.append(place + votes)
    elif movie.id in catalogue.suspect:
        groups.append(f"not ranked by rating: {catalogue.suspect[movie.id]}")
    elif not any(groups):
        tag = next((t for t in movie.genres if t in GENRE_NOUNS), None)
        era = f"{decade_label(movie.year)} " if movie.year else ""
        groups.append(f"a {era}{genre_noun(tag)}{votes}" if tag or era else "the closest match I have")
    text = "; ".join(g for g in groups if g)
    return f"{text[0].upper()}{text[1:]}."[:400]


# "you like horror", "you like westerns": a genre as the object of "like".
_LIKED_PLURAL = frozenset(
    {
        "Western",
        "Thriller/Suspense",
        "Musical",
        "Documentary",
        "Romantic Comedy",
        "Black Comedy",
        "Adventure",
        "Super Hero",
        "Family",
        "True Story",
        "Historical",
        "Music",
    }
)


def _liked_word(like: str) -> str:
    """A liked tag or person as said in a reason: "horror", "westerns", "Clint Eastwood"."""
    if like not in GENRE_NOUNS:
        return like  # a person's name
    return genre_noun(like, plural=True) if like in _LIKED_PLURAL else genre_short(like)


def _people_labels(movie: Movie, cons: Constraints, catalogue: Catalogue) -> list[str]:
    acting = people_index(catalogue).acting(movie, cons.people)
    if movie.director in acting and movie.director in cons.directors:  # "by Clint Eastwood" is said already
        acting = [p for p in acting if p != movie.director]
    labels = [f"with {p}" for p in acting]
    labels += [f"no {p}" for p in cons.exclude_people]
    labels += [f"not by {d}" for d in cons.exclude_directors]
    return labels


def _shared(movie: Movie, like: Movie, catalogue: Catalogue) -> list[str]:
    shared = []
    both = catalogue.tags(movie) & catalogue.tags(like)
    common = sorted(both - {"Historical"})
    if common:
        shared.append("also " + " and ".join(genre_short(t) for t in common[:2]))
    elif "Historical" in both:  # too broad to name beside a genre, but it is what links two period dramas
        shared.append(f"also a {genre_noun('Historical')}")
    if movie.director and movie.director == like.director:
        shared.append(f"also by {movie.director}")
    if movie.year and like.year and decade_label(movie.year) == decade_label(like.year):
        shared.append(f"also from the {decade_label(movie.year)}")
    elif movie.year and like.year and abs(movie.year - like.year) <= 5:
        shared.append(f"made within {abs(movie.year - like.year)} years of it")
    return shared
