"""Relaxing a request that too few films fit: which checks switch off, in what order, and how the intro says so."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from recs.sources.catalogue import GENRE_FAMILY, Catalogue
from recs.sources.movies import Movie


@dataclass(frozen=True)
class Step:
    """One relaxation step: its name (said in the intro) and what it switches off."""

    note: str
    drop: frozenset[str]
    needs: str = ""  # a check the step only makes sense beside ("like_near": black comedies to keep to)


@dataclass(frozen=True)
class Among:
    """A check that is membership of an index's id set: relax intersects the set instead of calling it per film."""

    ids: frozenset[str]

    def __call__(self, movie: Movie) -> bool:
        return movie.id in self.ids


# Relaxation order: data gaps first, then the least defining parts of a request.
STEPS = [
    Step("included films whose runtime my catalogue doesn't list", frozenset({"runtime"})),
    Step("lowered the rating bar", frozenset({"quality", "gem"})),
    Step("dropped the runtime limit", frozenset({"runtime", "runtime_known"})),
    Step("matched any of the genres rather than all", frozenset({"genre_all"})),
    Step("matched any of the genres rather than all", frozenset({"genre_all", "genre_near"})),
    Step("matched the director or the actor rather than both", frozenset({"people_all"})),
    Step("widened the years by five either way", frozenset({"era"})),
    Step("dropped the years", frozenset({"era", "era_wide"})),
    # "Coen brothers, ideally a black comedy": a named person defines a request more than a sub-genre does,
    # so a black comedy widens to comedy (its family in the catalogue) before the person is dropped.
    Step("widened the genre to the broader one it belongs to", frozenset({"genre_all", "genre_near", "genre_any"})),
    Step("dropped the people filter", frozenset({"people", "people_all"})),
    Step("dropped the rating", frozenset({"mpaa"})),
    Step("dropped the story's source", frozenset({"source"})),
    # A softened film ("like Alien but less scary") keeps its kind longer than it avoids horror.
    Step("let horror back in", frozenset({"avoid"})),
    # "like Se7en but funnier": no comedy is also a thriller, so black comedies come before any comedy.
    Step(
        "kept to black comedies, the nearest to the genres of the film you named",
        frozenset({"like_genre"}),
        "like_near",
    ),
    Step("looked beyond the genres of the film you named", frozenset({"like_genre", "like_near"})),
    Step("dropped the genre", frozenset({"genre_all", "genre_near", "genre_any", "genre_wide"})),
    # "black and white noir": the catalogue has no thriller before 1960, and the look is what was asked for
    Step("dropped the black-and-white or silent era", frozenset({"look"})),
]
# A comedy asked with a dark genre that no film is both of ("a horror comedy") is nearest to a black comedy:
# once all the genres cannot be had, its comedy half is met by black comedies before any comedy.
DARK_GENRES = frozenset({"Horror", "Thriller/Suspense"})


def genre_checks(genres: list[str], catalogue: Catalogue) -> dict[str, Callable[[Movie], bool]]:
    """The genre checks: all of the asked genres, any of them, and any of them or their broader families."""
    checks: dict[str, Callable[[Movie], bool]] = {}
    if len(genres) > 1:
        checks["genre_all"] = Among(catalogue.ids_with_all_tags(genres))
    if len(genres) > 1 and "Comedy" in genres and DARK_GENRES & set(genres):
        checks["genre_near"] = Among(
            catalogue.ids_with_any_tag([g for g in genres if g != "Comedy"] + ["Black Comedy"])
        )
    if genres:
        checks["genre_any"] = Among(catalogue.ids_with_any_tag(genres))
    wider = {family for genre in genres for family in GENRE_FAMILY.get(genre, ())} - set(genres)
    if wider:
        checks["genre_wide"] = Among(catalogue.ids_with_any_tag([*genres, *wider]))
    return checks


def relax(
    base: list[Movie], checks: dict[str, Callable[[Movie], bool]], want: int = 3
) -> tuple[list[Movie], list[str], int]:
    """Films passing the checks; if fewer than want, switch checks off in STEPS order, then
    switch back on any that turn out unnecessary. Returns (pool, notes, strict count)."""

    passing: dict[str, set[str]] = {}  # each check runs once per film, however many steps are tried
    base_ids = {m.id for m in base}

    def pool_without(dropped: set[str]) -> list[Movie]:
        active = [name for name in checks if name not in dropped]
        for name in active:
            if name not in passing:
                check = checks[name]
                among = isinstance(check, Among)
                passing[name] = base_ids & check.ids if among else {m.id for m in base if check(m)}
        if not active:
            return list(base)
        keep = set.intersection(*(passing[name] for name in active))
        return [m for m in base if m.id in keep]

    pool = pool_without(set())
    strict = len(pool)
    applied: list[Step] = []
    dropped: set[str] = set()
    for step in STEPS:
        if len(pool) >= want:
            break
        if not (step.drop & checks.keys()) - dropped or (step.needs and step.needs not in checks):
            continue  # switches off nothing this request asked for
        if "genre_any" in step.drop and "genre_wide" not in step.drop and "genre_wide" not in checks:
            continue  # widening a genre with no broader family would just drop it
        applied.append(step)
        dropped |= step.drop
        pool = pool_without(dropped)
    for step in reversed(applied[:-1]):  # undo steps the final one made unnecessary
        # what only this step switched off, among the steps still in force ("dropped the runtime limit",
        # once undone, no longer keeps its softer twin "included films whose runtime … doesn't list")
        in_force = [s.drop for s in applied if s is not step and s.drop <= dropped]
        trial = dropped - (step.drop - set().union(*in_force))
        if trial != dropped and len(candidate := pool_without(trial)) >= want:
            dropped, pool = trial, candidate
    notes = [s.note for s in applied if s.drop <= dropped]
    return pool, notes, strict


def say_relaxed(notes: list[str]) -> str:
    """ "dropped the runtime limit and widened the years" (a later step supersedes its softer twin)."""
    superseded = {
        "dropped the runtime limit": "included films whose runtime my catalogue doesn't list",
        "dropped the years": "widened the years by five either way",
        "dropped the genre": "widened the genre to the broader one it belongs to",
    }
    kept = [n for n in dict.fromkeys(notes) if n not in {superseded[k] for k in notes if k in superseded}]
    return " and ".join(kept)
