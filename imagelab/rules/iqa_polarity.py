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


# Too much contrast asked about ("is it too contrasty?"): the opposite of the low contrast that is measured.
_TOO_CONTRASTY = re.compile(
    r"\b(?:too|overly|way too|a bit too|very) (?:contrast\w*|punchy|punched|harsh)\b|\btoo much contrast\b|"
    r"\bcontrast (?:is |looks |seems )?(?:a bit |way |far )?too (?:high|strong|much|harsh)\b|\bover[- ]?(?:contrast\w*|punchy|harsh)"
)


def too_contrasty(question: str) -> bool:
    """Whether a question asks if the contrast is too high ("is it too contrasty?"), not whether it is flat."""
    return _TOO_CONTRASTY.search(question[:4000].lower()) is not None


def contrast_said(verdict: str, figures: dict[str, float]) -> str:
    """What the measured contrast says to "is it too contrasty?": flat is the opposite; else the clipped ends."""
    if verdict == "yes":
        return "That is the opposite of too contrasty: if anything it could take more contrast."
    ends = (
        f"{figures.get('highlights_clipped', 0.0):.1f}% of it is burnt to white and "
        f"{figures.get('shadows_clipped', 0.0):.1f}% crushed to black"
    )
    return f"Too much contrast has no threshold here, but where it costs detail it shows at the ends: {ends}."


# Whether it is fine, no fault named ("is it ok to print?", "is it good quality?", "does it look overprocessed?"): a yes
# or no to each fault found would read as the answer to that ("yes, it is underexposed"), so the faults are said plainly.
_FINE = re.compile(
    r"\b(?:ok|okay|fine|good|alright|acceptable|decent|ready|usable|printable|print[- ]ready|"
    r"over[- ]?(?:processed|edited|cooked|done))\b"
)


def asks_if_fine(question: str) -> bool:
    """Whether a question asks if the photo is fine as a whole ("is it ok to print?"), not about one fault."""
    return _FINE.search(question[:4000].lower()) is not None
