"""Data the catalogue loader does not trust blindly: English titles for films listed under their original
title (a small alias table, recs/data/title_aliases.json), and films whose rating or date cannot be right."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

from recs.sources.movies import Movie, normalize_title

ALIASES_PATH = Path(__file__).parent.parent / "data" / "title_aliases.json"
COPIED = "IMDB rating and votes copy"  # in the reason for a copied pair; the loader blanks those figures
_SEQUEL = re.compile(r"^(?P<base>.+?)(?: part)? (?P<n>[2-9]|ii|iii|iv|v)$")


def load_aliases(path: Path = ALIASES_PATH) -> dict[tuple[str, int], str]:
    """(normalized original title, year) -> English title."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {(normalize_title(a["title"]), int(a["year"])): a["english"] for a in data["aliases"]}


def english_titles(movies: list[Movie]) -> tuple[list[Movie], dict[str, str]]:
    """Films shown under their English title (ids unchanged), and id -> original title, kept searchable."""
    aliases = load_aliases()
    shown, originals = [], {}
    for movie in movies:
        english = aliases.get((normalize_title(movie.title), movie.year or 0))
        if english:
            originals[movie.id] = movie.title
            movie = movie.model_copy(update={"title": english})
        shown.append(movie)
    return shown, originals


def suspects(movies: list[Movie]) -> dict[str, str]:
    """id -> why its rating or date is not trusted.

    A rating and vote count shared exactly by two films is a copy (sequels and remakes carry the original's
    row upstream): the earliest film keeps it, the later ones are distrusted. A numbered sequel dated before
    the film it follows has an impossible date.
    """
    found: dict[str, str] = {}
    pairs: dict[tuple[float, int], list[Movie]] = defaultdict(list)
    for movie in movies:
        if movie.rating is not None and movie.votes:
            pairs[(movie.rating, movie.votes)].append(movie)
    for same in pairs.values():
        first, *copies = sorted(same, key=lambda m: (m.year or 0, m.id))
        for movie in copies:
            found[movie.id] = f"its {COPIED} those of {first.title} ({first.year})"
    years: dict[str, list[int]] = defaultdict(list)
    for movie in movies:
        years[normalize_title(movie.title)].append(movie.year or 0)
    for movie in movies:
        match = _SEQUEL.match(normalize_title(movie.title))
        base = years.get(match.group("base")) if match else None
        # Dated up to ten years before its first film: impossible. Further apart, "Rambo" (2008) is a reboot.
        if base and movie.year and 0 < min(base) - movie.year <= 10:
            found.setdefault(movie.id, f"it is dated before the film it follows ({match.group('base')})")
    return found
