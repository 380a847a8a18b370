"""A superlative asked of the picks just shown: "which of those is shortest?", "which one is the newest",
"what's the highest rated of them?". Answered from the catalogue's figures for each pick shown; a pick the
catalogue has no figure for is named as such, never guessed. A feeling ("which is scariest") has no figure:
the caller answers that as before.
"""

from __future__ import annotations

import re

from recs.rules.compare import Aspect
from recs.sources.catalogue import Catalogue
from recs.sources.movies import Movie

# (wording, aspect, how the winner is said); longest wording first in the alternation.
_SUPERLATIVES: dict[str, tuple[Aspect, str]] = {
    **dict.fromkeys(["shortest", "quickest"], (Aspect("runtime", False, "is shorter"), "the shortest")),
    **dict.fromkeys(["longest"], (Aspect("runtime", True, "is longer"), "the longest")),
    **dict.fromkeys(["newest", "most recent", "latest"], (Aspect("year", True, "came out later"), "the newest")),
    **dict.fromkeys(["oldest", "earliest"], (Aspect("year", False, "came out first"), "the oldest")),
    **dict.fromkeys(
        ["best", "best rated", "highest rated", "top rated", "most highly rated", "best reviewed"],
        (Aspect("rating", True, "is rated higher"), "the highest rated"),
    ),
    **dict.fromkeys(
        ["worst", "worst rated", "lowest rated"], (Aspect("rating", False, "is rated lower"), "the lowest rated")
    ),
}
_WORD = "|".join(sorted(map(re.escape, _SUPERLATIVES), key=len, reverse=True))
# "which of those is shortest?", "which one is the newest", "what's the best rated of them", "which is longest"
_ASKED = re.compile(
    r"^(?:(?:and|so|ok|okay|hmm+|wait)\W+)?(?:which|what)(?:'s|s)?"
    r"(?: (?:one|film|movie|pick)s?)?(?: of (?:those|these|them|the (?:three|two|picks|films|movies)))?"
    rf"(?: is| was|'s| are| runs)?(?: the)? (?P<w>{_WORD})(?: (?:one|film|movie|pick))?"
    r"(?: of (?:those|these|them|the (?:three|two|picks|films|movies)))?[?.!\s]*$"
)


def _figure(movie: Movie, attribute: str, catalogue: Catalogue) -> float | None:
    """The figure compared; a rating the catalogue doesn't trust counts as missing."""
    if attribute == "rating":
        return None if movie.id in catalogue.suspect else movie.rating
    return getattr(movie, attribute)


def _said(value: float, attribute: str) -> str:
    if attribute == "runtime":
        hours, minutes = divmod(int(value), 60)
        return f"{hours}h {minutes:02d}m" if hours else f"{minutes} minutes"
    return str(int(value)) if attribute == "year" else f"{value:.1f}/10 on IMDB"


def _names(films: list[Movie]) -> str:
    """ "**A** (1999)", "**A** (1999) and **B** (2001)", "**A** (1999), **B** (2001) and **C** (2010)"."""
    said = [f"**{m.title}** ({m.year})" for m in films]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def shown_superlative(text: str, last_picks: list[dict], catalogue: Catalogue) -> str | None:
    """The answer to a superlative asked of the picks just shown, or None when the text asks none."""
    asked = _ASKED.match(" ".join((text or "").lower().split()))
    if not asked or len(last_picks) < 2:
        return None
    aspect, winner_said = _SUPERLATIVES[asked["w"]]
    shown = [(p, catalogue.lookup(p["title"], p.get("year"))) for p in last_picks if p.get("title")]
    known = [(m, v) for _, m in shown if m and (v := _figure(m, aspect.attribute, catalogue)) is not None]
    unknown = [p["title"] for p, m in shown if not m or _figure(m, aspect.attribute, catalogue) is None]
    if not known:
        return (
            f"My catalogue has no {aspect.attribute} for the picks just shown, so I can't say which is {winner_said}."
        )
    known.sort(key=lambda mv: mv[1], reverse=aspect.more_wins)
    best = known[0][1]
    tied = [m for m, v in known if v == best]
    verb = {"runtime": "run", "year": "came out in", "rating": "are rated"}[aspect.attribute]
    if len(tied) == len(known) > 1:  # "which is newest" of three 2010 films: none is
        each = "both" if len(tied) == 2 else "all"
        lines = [f"They tie: {_names(tied)} {each} {verb} {_said(best, aspect.attribute)}."]
    else:
        lead = f"Of the picks just shown, {_names(tied)} {'are' if len(tied) > 1 else 'is'} {winner_said}"
        lines = [f"{lead} ({_said(best, aspect.attribute)})."]
    verb = {"runtime": "runs", "year": "came out in", "rating": "is rated"}[aspect.attribute]
    others = [f"{m.title} {verb} {_said(v, aspect.attribute)}" for m, v in known[len(tied) :]]
    if others:
        lines.append("; ".join(others) + ".")
    if unknown:
        lines.append(f"My catalogue has no {aspect.attribute} for {' or '.join(unknown)}.")
    return " ".join(lines)
