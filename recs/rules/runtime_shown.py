"""A bare "shorter"/"longer" said after picks were shown ("shorter ones?", "any shorter?", "something longer"):
shorter than the shortest of them, longer than the longest, as the catalogue lists their runtimes.

The picks shown are only {title, year}; their runtimes are looked up. When none of them lists a runtime, the
word keeps its general reading ("short": at most 100 minutes; "long": at least 140).
"""

from __future__ import annotations

import re

from recs.rules.constraints import Constraints
from recs.rules.runtime import say_minutes
from recs.sources.catalogue import Catalogue

# "shorter", "a bit longer", never "shorter than 90 minutes" (an explicit limit) nor "no longer" (a negation)
_BARE = re.compile(r"(?<![a-z0-9])(?P<w>shorter|longer)(?![a-z0-9])(?! than)")
_NEGATED = re.compile(r"(?:\bno|\bnot|\bnothing|n t|\bnone)(?: (?:any|even|much|too|way|a bit))? $")
_VAGUE = ("short", "long", "not too long")  # the general readings of the words, which the shown runtimes replace


def runtime_against_shown(text: str, cons: Constraints, last_picks: list[dict], catalogue: Catalogue) -> bool:
    """Set the runtime limit from a bare "shorter"/"longer" against the picks shown last; True when it did."""
    if not last_picks or cons.like_ids:  # "like Titanic but shorter": a short film, not one under 194 minutes
        return False
    found = _BARE.search(text)
    if not found or cons.runtime_label not in _VAGUE:
        return False
    shown = [catalogue.lookup(p["title"], p.get("year")) for p in last_picks if p.get("title")]
    runtimes = [m.runtime for m in shown if m and m.runtime]
    if not runtimes:
        return False
    if _NEGATED.search(text[: found.start()]):  # "nothing longer": as long as the longest of them at most
        return _no_further(found.group("w"), cons, runtimes)
    if found.group("w") == "shorter":
        cons.max_runtime, cons.max_runtime_strict = min(runtimes), True
        cons.runtime_label = f"under {say_minutes(min(runtimes))} (shorter than the picks just shown)"
        if cons.min_runtime is not None and cons.min_runtime >= min(runtimes):
            cons.min_runtime = None
    else:
        cons.min_runtime, cons.min_runtime_strict = max(runtimes), True
        cons.runtime_label = f"over {say_minutes(max(runtimes))} (longer than the picks just shown)"
        if cons.max_runtime is not None and cons.max_runtime <= max(runtimes):
            cons.max_runtime = None
    return True


def _no_further(word: str, cons: Constraints, runtimes: list[int]) -> bool:
    """ "nothing longer": at most the longest shown; "none shorter": at least the shortest shown."""
    if word == "longer":
        cons.max_runtime, cons.max_runtime_strict, cons.min_runtime = max(runtimes), False, None
        cons.runtime_label = f"at most {say_minutes(max(runtimes))} (no longer than the picks just shown)"
    else:
        cons.min_runtime, cons.min_runtime_strict, cons.max_runtime = min(runtimes), False, None
        cons.runtime_label = f"at least {say_minutes(min(runtimes))} (no shorter than the picks just shown)"
    return True
