"""Which faults a yes/no question asks after by their good word ("is it sharp?", "is it clean?"): its yes is the
fault's no. Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.core import quality
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_answer

# Per fault, the words asking for its absence, and the words naming it (a question naming both, "is it soft or
# sharp?", keeps the fault's sense).
_EXPOSED_WELL = (
    r"(?:well|properly|correctly|nicely|perfectly)[- ]exposed|exposed (?:right|well|properly|correctly)|"
    r"(?:good|correct|proper|right) exposure"
)
_EXPOSED_BADLY = r"over[- ]?exposed|under[- ]?exposed|too (?:dark|bright)|dark|bright|blown|crushed|dim"
_GOOD = {
    "blur": (
        r"sharp|crisp|crispy|in focus|focused|tack sharp|scharf|n[ií]tid[oa]|(?:est|bien|assez) nett?e?",
        r"blur\w*|soft|fuzzy|out of focus|unfocused|mushy|unscharf",
    ),
    "noise": (r"clean|noise[- ]free|grain[- ]free", r"nois\w*|grain\w*|speckl\w*"),
    "overexposure": (_EXPOSED_WELL, _EXPOSED_BADLY),
    "underexposure": (_EXPOSED_WELL, _EXPOSED_BADLY),
}
# A negated or compared good word ("isn't it sharp?", "sharper than") is no plain ask of it.
_NOT_PLAIN = re.compile(r"\bnot\b|n't\b|\bthan\b")
# The parts of a compound question, each with its own polarity: "is it sharp and not too dark?"
_PARTS = re.compile(r",\s*|;\s*|\s+(?:and|but|while|plus)\s+")
# A later part asking a fault to be absent ("... and not too dark?"): its "no" is the answer's yes. Never a question
# opening "is it not ...", nor "isn't it ...", which lean towards the fault.
_ABSENT = re.compile(r"^(?:(?:is|it|it's|its|and|also|but|still)\s+)*not\s+((?:too|overly|very|a bit|at all)\s+)*(.+)")


def asked_good(question: str) -> frozenset[str]:
    """The faults a question asks after by their good word ("is the dress sharp?" -> {"blur"}), part by part: "is it
    sharp and not too dark?" asks both by their good side."""
    found: set[str] = set()
    for i, part in enumerate(_PARTS.split(question[:4000].lower())):
        if i and (absent := _ABSENT.match(part.strip())):  # a later part: "... and not too dark?"
            found |= set(rules_iqa.distortions_named(absent.group(2)))
            continue
        if _NOT_PLAIN.search(part):
            continue
        found |= {
            fault
            for fault, (good, bad) in _GOOD.items()
            if re.search(rf"\b(?:{good})\b", part) and not re.search(rf"\b(?:{bad})\b", part)
        }
    return frozenset(found)


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


# Why it looks a way ("why does it look muddy?"): the fault's figure, and when that is not it, what is.
_WHY = re.compile(r"^(?:(?:hey|hi|ok|okay|so|and|yo|hmm+|honestly)\W+)*(?:why|how come)\b")


def asks_why(question: str) -> bool:
    """Whether a quality question asks why the photo looks as it does: answered without yes or no."""
    return _WHY.search(question[:4000].strip().lower()) is not None


def why_said(question: str, verdicts: dict[str, str], figures: dict[str, float]) -> str:
    """To "why does it look muddy?" when its fault's figure does not show it: the faults the other figures find, or
    that none does, so the answer never stops at "it is well contrasted"."""
    if not asks_why(question) or not verdicts or any(v != "no" for v in verdicts.values()):
        return ""
    others = [d for d, v in quality.verdicts(figures).items() if v == "yes" and d not in verdicts]
    if not others:
        return "No other figure finds a fault either, so it is likely the light or the scene rather than the capture."
    found = "; ".join(iqa_answer.sentence(d, "yes", figures, polar=False) for d in others)
    asked = " or ".join(iqa_answer.fault_word(d) for d in verdicts)
    return f"By the figures it is not {asked}; what they do find: {found[0].lower()}{found[1:]}."
