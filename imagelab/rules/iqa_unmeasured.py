"""Faults a quality question names that nothing here measures (a tilt, chromatic aberration, halos), said plainly.

Asked alone ("is it tilted?") they are the whole reply (`replies.chat_reply`); asked beside a measured fault ("is it
tilted and blurry?") the measured part is answered with its figures and each unmeasured part is said to be
unmeasured after it (`added`), so no part of a question goes unanswered. Each says what can be done instead: a tilt
can be straightened, in the edit planner's words. Two parts the figures do not settle are said likewise: how large
"ok to print?" prints (the size answer's), and a mark out of 10 (none is made up). Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.rules import iqa_print, iqa_saturation
from imagelab.rules.iqa_fold import fold
from imagelab.rules.iqa_words import PRINT_READY, UNMEASURED

TILT = "whether the horizon or lines are straight"
BLUR_CAUSE = "whether the blur comes from motion or from focus"
LENS = "whether the blur comes from the lens"
# What to ask instead, per unmeasured fault, in words the edit planner plans ("straighten it" tries five small
# angles; "straighten it by 2°" turns clockwise, "-2°" the other way).
NEXT = {
    TILT: 'If it looks tilted, ask "straighten it" and I\'ll make five variations at small angles (1° to 3°), or '
    'give the angle you see, e.g. "straighten it by 2°" (clockwise; "-2°" turns it the other way).',
    "vignetting": 'To check for it, ask "are the corners darker than the centre?" and I\'ll measure both.',
    "banding": "The JPEG figure above is blockiness, compression's 8×8 blocks, not banding: to see banding, look "
    "at a smooth gradient such as the sky at 100% for steps between flat bands of colour.",
    BLUR_CAUSE: "The blur figure says how soft it is, not why: motion smears along one direction and missed focus "
    "leaves another part sharp, which you can see at 100%.",
    # a soft lens is softest at the edges, which two parts compared can show
    LENS: 'A lens softens the corners first: ask "are the corners softer than the centre?" and I\'ll measure both.',
}
# "neon" alone is a thing as often as a colour ("is the neon sign blurry?"): beside a measured fault it asks nothing.
_NEON_THING = re.compile(r"\bneon\s+(?!colou?rs?\b|look\w*\b)[a-z]+")


def named(text: str) -> list[str]:
    """Every unmeasured fault a question names, in `UNMEASURED`'s order ("is it tilted and blurry?" -> the tilt).
    Oversaturation asked in words `iqa_saturation` measures is measured, so never here."""
    t = fold(text[:4000])
    found = [name for pattern, name in UNMEASURED if re.search(rf"\b(?:{pattern})", t)]
    if "oversaturation" in found and (iqa_saturation.asks(text) or _NEON_THING.search(t)):
        found.remove("oversaturation")
    return found


def said(names: list[str], *, beside_measured: bool) -> str:
    """The sentence saying the faults are not measured, with what to ask instead."""
    what = " or ".join(names)
    if beside_measured:
        lead = f"I can't measure {what} here, so that part of your question isn't answered by these figures."
    else:
        lead = f"I can't measure {what} here."
    hints = [NEXT[n] for n in names if n in NEXT]
    return " ".join([lead, *hints])


# Fit to print is sharpness and exposure, measured; how large it prints is its size, answered on its own.
_PRINT = re.compile(
    rf"\b(?:{PRINT_READY})|\b(?:big|large) enough (?:to print|for (?:a |an )?(?:print|poster|canvas|frame|a4|a3))\b"
)
PRINT_SIZE = 'How large it prints sharp depends on its pixels: ask "how big can I print it?" for its size at 300 dpi.'


# A mark asked for ("rate it out of 10", "on a scale of 1-10"): the figures are the measure, no mark is invented.
_MARK = re.compile(
    r"\bout of (?:5|10|100|five|ten|a hundred)\b|\bon a scale\b|\b(?:score|mark|grade) (?:from |of )?(?:1|one|0|zero) ?(?:-|to) ?(?:5|10)\b|"
    r"\b(?:1|one|0|zero) ?(?:-|to) ?(?:5|10|ten|five) scale\b|\b\d{1,3}/10\b"
)
NO_MARK = (
    "I don't make up a mark out of 10: the figures above, each set against where its fault starts, are the measure."
)


def added(result: dict, question: str, size: tuple[int, int] | None = None) -> dict:
    """A measured answer (`quality_turn`'s {text, notes, ...}) with each unmeasured part of its question said too;
    a print size named ("good enough for a 30x40 print?") is answered from the photo's pixels (`size`)."""
    names = named(question)
    said_too = [said(names, beside_measured=True)] if names else []
    printed = iqa_print.said(question, size) if size else ""
    if printed:  # "... for a 30x40 print?": the dpi that size prints at
        said_too.append(printed)
    elif _PRINT.search(question[:4000].lower()):  # "is it ok to print?": the size is the other half of it
        said_too.append(PRINT_SIZE)
    if _MARK.search(question[:4000].lower()):  # "rate the sharpness out of 10": no mark is made up
        said_too.append(NO_MARK)
    if not said_too:
        return result
    if printed:  # the size asked decides the answer: said first, the photo's own figures after it
        rest = [s for s in said_too if s != printed]
        text = " ".join([printed, f"The photo itself: {result['text']}", *rest])
        return result | {"text": text, "notes": [*result.get("notes", []), *said_too]}
    return result | {"text": " ".join([result["text"], *said_too]), "notes": [*result.get("notes", []), *said_too]}


def stored(quality: dict, question: str) -> dict:
    """The stored quality payload with the unmeasured parts of its question named (`unmeasured: [names]`), so the
    payload says what its figures leave unanswered as the text does ("is it tilted and blurry?" -> the tilt)."""
    names = named(question)
    return quality | {"unmeasured": names} if names else quality
