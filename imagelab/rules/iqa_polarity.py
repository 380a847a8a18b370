"""Which faults a yes/no question asks after by their good word ("is it sharp?", "is it clean?"): its yes is the
fault's no. Pure: no Django.
"""

from __future__ import annotations

import re

# Per fault, the words asking for its absence, and the words naming it (a question naming both, "is it soft or
# sharp?", keeps the fault's sense).
_GOOD = {
    "blur": (r"sharp|crisp|in focus|focused|tack sharp", r"blur\w*|soft|fuzzy|out of focus|unfocused|mushy"),
    "noise": (r"clean|noise[- ]free|grain[- ]free", r"nois\w*|grain\w*|speckl\w*"),
}
# A negated or compared good word ("isn't it sharp?", "sharper than") is no plain ask of it.
_NOT_PLAIN = re.compile(r"\bnot\b|n't\b|\bthan\b")


def asked_good(question: str) -> frozenset[str]:
    """The faults a question asks after by their good word ("is the dress sharp?" -> {"blur"})."""
    t = question.lower()
    if _NOT_PLAIN.search(t):
        return frozenset()
    return frozenset(
        fault
        for fault, (good, bad) in _GOOD.items()
        if re.search(rf"\b(?:{good})\b", t) and not re.search(rf"\b(?:{bad})\b", t)
    )


def either_or(question: str) -> bool:
    """Whether a question offers a fault and its good word to choose from ("is it sharp or soft?"): no yes or no."""
    t = question.lower()
    return " or " in t and any(
        re.search(rf"\b(?:{good})\b", t) and re.search(rf"\b(?:{bad})\b", t) for good, bad in _GOOD.values()
    )
