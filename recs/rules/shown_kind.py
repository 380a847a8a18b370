"""A studio or franchise ruled out right after picks of its kind: "any without marvel?", "anything not from
marvel" or "no dc please" after superhero picks, "anything not pixar?" after cartoons.

Said alone, "no marvel" is tired of superhero films (recs.rules.franchise_words). Said after picks that are
mostly of that name's kind, it keeps the kind the chat was on and rules out only the name: superhero films
that aren't Marvel's, animated films that aren't Pixar's, and none of the picks just shown. Fatigue said as
such ("not another marvel film", "sick of marvel", "enough dc") still rules out the kind.
"""

from __future__ import annotations

import re
from collections import Counter

from recs.rules.constraints import Constraints
from recs.rules.franchise_words import KIND_OF, SUPERHERO_TAG
from recs.rules.vocab import GENRE_NOUNS
from recs.sources.catalogue import Catalogue
from recs.sources.franchises import FRANCHISE_FILM_IDS

_TIRED = re.compile(
    r"\b(?:not|no) (?:another|more)\b|\b(?:sick|tired|fed up|bored|done) (?:of|with)\b|\benough\b|\bover (?:it|them)\b",
    re.I,
)


def keep_shown_kind(text: str, cons: Constraints, last_picks: list[dict], catalogue: Catalogue) -> None:
    """After picks mostly of one kind, a name of that kind ruled out with nothing else asked keeps the kind
    (genres) and rules out only the name and the picks shown."""
    shown = [m for m in (catalogue.lookup(p["title"], p.get("year")) for p in last_picks) if m]
    if not shown or cons.genres or cons.like_ids or cons.directors or cons.people or _TIRED.search(text or ""):
        return
    excluded = set(cons.exclude_genres)
    ruled = [tag for tag in KIND_OF if tag in excluded]  # "no pixar", "not the x-men ones"
    # "no marvel": settle_franchises ruled out the superhero kind and the studio's films by id
    ruled += [
        s for s in ("Marvel", "DC") if SUPERHERO_TAG in excluded and FRANCHISE_FILM_IDS[s] <= set(cons.exclude_ids)
    ]
    kept = [tag for tag in ruled if sum(KIND_OF[tag] in catalogue.tags(m) for m in shown) * 2 > len(shown)]
    if kept:  # "any without marvel or dc?": superhero films that are neither
        kind = KIND_OF[kept[0]]
        cons.genres = [kind]
        cons.exclude_genres = [g for g in cons.exclude_genres if g != kind] + [t for t in kept if KIND_OF[t] == kind]
        cons.exclude_ids += [m.id for m in shown if m.id not in cons.exclude_ids]


_FAMILY = {"G", "PG"}


def away_from_shown_kind(cons: Constraints, last_picks: list[dict], catalogue: Catalogue) -> list[str]:
    """ "different genre this time", "none of these, something different": the genres most of the picks shown
    share ruled out, and their audience kept (family picks stay G or PG: the children asked for are still there,
    unless a rating is said). The ids of the picks shown, never shown again."""
    shown = [m for m in (catalogue.lookup(p["title"], p.get("year")) for p in last_picks) if m]
    counts = Counter(g for m in shown for g in catalogue.tags(m) & set(GENRE_NOUNS))
    cons.exclude_genres += [g for g, n in counts.items() if n > len(shown) / 2 or len(shown) == 1]
    if shown and not (cons.mpaa_allowed or cons.mpaa_excluded) and all(m.mpaa in _FAMILY for m in shown):
        cons.mpaa_allowed, cons.rating_label = sorted(_FAMILY), "family-friendly"
    return [m.id for m in shown]
