"""The taste profile in the rule planner: read the summary, say which likes a film fits, keep dislikes out.

The summary is what recs.services.memory.taste_profile_summary writes: "Likes: Horror, Clint Eastwood.
Dislikes: Comedy. Wants: more Korean cinema; at most 2 hours. Rated highly: Fargo (5★). Recently shown: …".
When a message asks for nothing in particular (a greeting, "what should I watch?") the likes lead the
picks; when it asks for something, that wins and the profile only breaks ties.
"""

from __future__ import annotations

import re

from recs.rules.constraints import Constraints
from recs.rules.parse import parse_constraints
from recs.rules.people import people_index
from recs.sources.catalogue import Catalogue
from recs.sources.movies import Movie

_LABELS = r"likes?|loves?|enjoys?|favou?rites?|dislikes?|hates?|avoids?|wants?|rated highly|recently shown"
_NEGATIVE = ("dis", "hate", "avoid")
# Fields that say the message asks for something; negations alone ("nothing with Tom Cruise") don't.
_ASKS = (
    "genres",
    "year_min",
    "year_max",
    "directors",
    "people",
    "mpaa_allowed",
    "max_runtime",
    "min_runtime",
    "min_rating",
    "hidden_gem",
    "like_ids",
)


def parse_profile(profile: str, catalogue: Catalogue) -> Constraints:
    """Taste summary as soft constraints: liked genres/people, dislikes as exclusions, wants, rated films."""
    sections = re.split(rf"(?i)\b({_LABELS})\s*:", profile or "")
    if len(sections) == 1:
        return parse_constraints(profile or "", catalogue)
    likes: list[str] = []
    dislikes: list[str] = []
    wants: list[str] = []
    rated: list[str] = []
    for label, body in zip(sections[1::2], sections[2::2], strict=False):
        label = label.lower()
        body = body.strip().rstrip(".…").strip()
        if label.startswith("recently"):
            continue  # not a taste: plan_picks only avoids repeating them (recently_shown)
        if label.startswith("rated"):
            rated += re.findall(r"([^,]+?)\s*\(\d★\)", body)
        elif label.startswith("want"):
            for item in (i.strip() for i in body.split(";") if i.strip()):
                if item.lower().startswith("less "):
                    dislikes.append(item[5:])
                elif item.lower().startswith("more "):
                    (rated if item.lower().startswith("more like ") else likes).append(item[5:].removeprefix("like "))
                else:
                    wants.append(item)
        else:
            target = dislikes if label.startswith(_NEGATIVE) else likes
            target += [part for part in re.split(r"[,;]| and ", body) if part.strip()]
    out = parse_constraints(", ".join(likes), catalogue)
    for item in dislikes:
        negative = parse_constraints("no " + item.strip(" ."), catalogue)
        out.exclude_genres += [g for g in negative.exclude_genres if g not in out.exclude_genres]
        out.exclude_directors += [d for d in negative.exclude_directors if d not in out.exclude_directors]
        out.exclude_people += [p for p in negative.exclude_people if p not in out.exclude_people]
    for wish in wants:  # "at most 2 hours": a standing runtime limit
        found = parse_constraints(wish, catalogue)
        if found.max_runtime or found.min_runtime:
            out.max_runtime, out.max_runtime_strict = found.max_runtime, found.max_runtime_strict
            out.min_runtime, out.min_runtime_strict = found.min_runtime, found.min_runtime_strict
            out.runtime_label = found.runtime_label
    for title in rated:
        films = catalogue.by_title(title.strip())
        if films:
            out.like_ids.append(max(films, key=lambda m: (m.votes or 0, m.id)).id)
    # a profile isn't a request: nothing to apologise for
    out.unknown_likes, out.unknown_films, out.unsupported = [], [], []
    return out


def recently_shown(profile: str, catalogue: Catalogue) -> set[str]:
    """Catalogue ids of the profile's "Recently shown: Se7en (1995), …" (picks shown in any chat)."""
    found = re.search(r"(?i)\brecently shown\s*:(.*)$", profile or "", re.S)
    if not found:
        return set()
    body = re.split(rf"(?i)\b(?:{_LABELS})\s*:", found.group(1))[0]
    ids = set()
    for title, year in re.findall(r"\s*(.+?)\s*\(((?:18|19|20)\d\d|None)\)\s*[,.]?", body):
        movie = catalogue.lookup(title.strip(" ,"), int(year) if year.isdigit() else None)
        if movie:
            ids.add(movie.id)
    return ids


def taste_leads(cons: Constraints) -> bool:
    """True when the message asks for nothing in particular, so the profile's likes choose the picks."""
    return not any(getattr(cons, name) for name in _ASKS)


def liked_in(movie: Movie, taste: Constraints, catalogue: Catalogue) -> list[str]:
    """The profile's likes this film fits, as catalogue tags and people's names (in the profile's order)."""
    tags = catalogue.tags(movie)
    fits = [g for g in taste.genres if g in tags]
    people = list(dict.fromkeys(taste.directors + taste.people))
    acting = set(people_index(catalogue).acting(movie, people))
    fits += [p for p in people if movie.director == p or p in acting]
    return fits


def disliked_ids(films: list[Movie], taste: Constraints, cons: Constraints, catalogue: Catalogue) -> set[str]:
    """Ids of the films with something the profile dislikes that this message didn't ask for."""
    genres = set(taste.exclude_genres) - set(cons.genres)
    ids = set(catalogue.ids_with_any_tag(genres))
    asked = set(cons.directors) | set(cons.people)
    directors = set(taste.exclude_directors) - asked
    people = [p for p in taste.exclude_people if p not in asked]
    if people:
        ids |= people_index(catalogue).ids_acting(people)
    if directors:
        ids.update(m.id for m in films if m.director in directors)
    return ids
