"""Why a pick was shown: "why did you pick that one?", "why the second one?", "why Groundhog Day?", "why these?".

Answered with the reason each pick carried on its card (the picks shown last, `MovieContext.last_picks`). A pick
named by its place or title gets its own reason; "it" / "that one" under several picks, or "these", gets each.
Pure: the caller passes the picks.
"""

from __future__ import annotations

import re

from recs.rules.shown import titles_for_places
from recs.sources.movies import normalize_title

_WHY = re.compile(
    r"^(?:(?:and|so|ok|okay|hmm+|but|wait)\W+)?(?:why|how come|what made you|what makes)\b"
    r"(?: did| would| do)?(?: you)?(?: (?:pick|picked|choose|chose|chosen|recommend|recommended|suggest|suggested"
    r"|go with|went with|include|included|show|showed|think of))?\s*(?P<what>.*?)[?.!\s]*$",
    re.I,
)
# what the question points at when it names no pick: the one shown, or each of them
_ALL = re.compile(
    r"^(?:that|this|it|them|these|those|that one|this one|these ones|those ones|these films|those films"
    r"|these movies|those movies|these picks|those picks|the picks|all of them|all three|)"
    r"(?: (?:one|film|movie|pick|for me|a good pick|a good choice))?$",
    re.I,
)


def _line(pick: dict) -> str:
    year = f" ({pick['year']})" if pick.get("year") else ""
    reason = (pick.get("reason") or "").strip()
    return f"**{pick['title']}**{year}: {reason}" if reason else f"**{pick['title']}**{year}: it fit what you asked."


def why_picked(text: str, last_picks: list[dict]) -> str | None:
    """The reasons behind the picks a "why" question points at, or None when it asks no such thing."""
    if not last_picks:
        return None
    asked = _WHY.match(" ".join((text or "").split()))
    if not asked:
        return None
    what = titles_for_places(asked["what"], last_picks).strip()
    if _ALL.match(what):
        picks = last_picks
    else:
        said = normalize_title(re.sub(r"\b(?:a good (?:pick|choice)|for me)\b", "", what))
        picks = [p for p in last_picks if said and normalize_title(p["title"]) in said]
        if not picks:
            return None  # "why is the sky blue", "why did Heat flop": not about the picks
    if len(picks) == 1:
        return f"I picked {_line(picks[0])}"
    return "Why each of the picks just shown:\n\n" + "\n".join(f"- {_line(p)}" for p in picks)
