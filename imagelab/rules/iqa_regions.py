"""A part of the picture named by its position ("the top left corner", "the left half", "the centre").

Position words are never the subject of a quality question; a named part is measured as a crop box of the
image (fractions of its width and height). Pure: no Django.
"""

from __future__ import annotations

import re

# Words that say where in the picture, not what ("background" and "foreground" are things in it: not here).
POSITIONS = frozenset(
    "top bottom left right upper lower corner corners edge edges centre center middle side sides half "
    "border borders rim periphery perimeter margins outskirts outer".split()
)
_CENTRE = ("centre", "center", "middle")
_REGION = re.compile(
    r"\bthe (?:(top|upper|bottom|lower)[- ]?)?(?:(left|right)[- ]?)?(?:hand )?"
    r"(corners?|edges?|half|side|part|area|region|bit|centre|center|middle)?\b"
)
# A side said with a preposition is a part even without a noun: "the person on the left", "the sky at the top"
# (never "the left one", a variation; nor "on the left of the histogram", a tone).
_SIDE = re.compile(r"\b(?:on|at|to|in|along) the (top|bottom|left|right)\b(?! (?:one|of (?:the |my |its )?histogram))")
_SPANS = {None: (0.0, 1.0), "top": (0.0, 0.5), "bottom": (0.5, 1.0), "left": (0.0, 0.5), "right": (0.5, 1.0)}


def region(text: str) -> tuple[str, tuple[float, float, float, float]] | None:
    """(what to call it, (left, top, right, bottom) as fractions) of the first part of the picture named."""
    text = text.lower()
    if "histogram" in text:  # a histogram's ends are tones, not places (iqa_fold._histogram_ends)
        return None
    for m in _REGION.finditer(text):
        vertical = {"upper": "top", "lower": "bottom"}.get(m.group(1), m.group(1))
        horizontal, kind = m.group(2), m.group(3)
        if not (vertical or (horizontal and kind) or kind in _CENTRE):
            continue
        x0, x1 = _SPANS[horizontal] if horizontal or kind not in _CENTRE else (0.25, 0.75)
        y0, y1 = _SPANS[vertical] if vertical or kind not in _CENTRE else (0.25, 0.75)
        if vertical and horizontal:
            label = f"{vertical}-{horizontal} quarter"
        elif vertical or horizontal:
            label = f"{vertical or horizontal} {'centre' if kind in _CENTRE else 'half'}"
        else:
            label = "centre"
        return label, (x0, y0, x1, y1)
    rim = _RIM.search(text)
    if rim:  # "are the edges of #5 soft?": the frame around the centre (several boxes, their figures weighed by area)
        return ("four corners", CORNERS) if (rim.group(1) or "").startswith("corner") else ("outer border", FRAME)
    side = _SIDE.search(text)
    if side:
        x0, x1 = _SPANS[side.group(1)] if side.group(1) in ("left", "right") else (0.0, 1.0)
        y0, y1 = _SPANS[side.group(1)] if side.group(1) in ("top", "bottom") else (0.0, 1.0)
        return f"{side.group(1)} half", (x0, y0, x1, y1)
    return None


# The picture's rim as a part: a band a quarter of each side deep (four strips: top, bottom, and the middle band's left
# and right quarters) or its four corner quarters of a quarter. Several boxes, each a (left, top, right, bottom).
FRAME = ((0, 0, 1, 0.25), (0, 0.75, 1, 1), (0, 0.25, 0.25, 0.75), (0.75, 0.25, 1, 0.75))
CORNERS = ((0, 0, 0.25, 0.25), (0.75, 0, 1, 0.25), (0, 0.75, 0.25, 1), (0.75, 0.75, 1, 1))
# Said of the picture (or a variation, or alone), never of a thing in it: "the edges of the building" are the
# building's, "the edges of #5" and "around the border" the picture's.
_RIM = re.compile(
    r"\b(?:the|its|their) (?:(?:outer|outside|frame) )?(corners|edges?|borders?|rim|periphery|perimeter|margins|"
    r"outskirts|sides)\b(?! of (?:the|a|an|my|her|his|their|this|that) (?!(?:photo|picture|pic|image|shot|frame|"
    r"variation|version|one|edit|result|original|upload|first|second|third|fourth|fifth|last|final|\d\w*)\b))|"
    r"\b(?:the|its) (?:outer|outside) (?:parts?|areas?|bits?|regions?)\b"
)


def several(box) -> bool:
    """Whether a region's box is several boxes (`FRAME`, `CORNERS`), measured each and weighed by area."""
    return bool(box) and isinstance(box[0], tuple)


# Two opposite parts set against each other: "the left half ... than the right", "top vs bottom", "the centre or the
# edges". The edges are the frame around the centre: no box (`iqa_parts` measures its four strips).
_PAIRS = ({"left", "right"}, {"top", "bottom"}, {"centre", "edges"})
_PARTS = {"upper": "top", "lower": "bottom", "center": "centre", "middle": "centre", "centre": "centre"}
_PLACE = re.compile(
    r"\b(top|upper|bottom|lower|left|right|centre|center|middle|edges?|corners|borders?|sides|outside|outer)\b"
    r"(?! (?:one|of (?:the |my |its )?histogram))"  # "the left one" is a variation
)
# Said of two parts, these compare them; "and" alone does not ("is the sky at the top and the grass at the bottom
# sharp?" asks of each).
_VERSUS = re.compile(
    r"\b(?:than|vs\.?|versus|or|against|compar\w*|between|equally|the same|as \w+ as|evenly|similar\w*|differ\w*|"
    # one said in place of the other: "is it focused on the background instead of the person?"
    r"instead of|in place of|and not)\b"
)
_BOXES = {
    "left": (0.0, 0.0, 0.5, 1.0),
    "right": (0.5, 0.0, 1.0, 1.0),
    "top": (0.0, 0.0, 1.0, 0.5),
    "bottom": (0.0, 0.5, 1.0, 1.0),
    "centre": (0.25, 0.25, 0.75, 0.75),
    "edges": None,
}


def compared(text: str) -> tuple[tuple[str, tuple | None], tuple[str, tuple | None]] | None:
    """The two opposite parts a question sets against each other, as said first and second (each (label, box);
    the edges' box is None), or None ("is the left half noisier than the right?" -> left half, right half)."""
    text = text.lower()
    subject, background = _SUBJECT.search(text), _BACKGROUND.search(text)
    if background and not subject and _VERSUS.search(text):  # "is the background blurrier than the cat?"
        subject = _THING.search(text)
    # "is the subject sharp and the background blurry?" asks of both: each measured, side by side
    if "histogram" in text or not (_VERSUS.search(text) or (subject and background and " and " in text)):
        return None
    if subject and background:  # "is the subject sharper than the background?": the centre against the frame
        pair = [(subject.start(), (subject.group(1), _BOXES["centre"])), (background.start(), ("background", None))]
        return tuple(part for _at, part in sorted(pair))
    quarters = list(dict.fromkeys(_QUARTER.findall(text)))
    if len(quarters) > 1:  # "the top left vs the bottom right": two quarters, not two halves
        return tuple(_quarter(*q) for q in quarters[:2])
    said = [_PARTS.get(m.group(1), m.group(1)) for m in _PLACE.finditer(text)]
    # the corners, the border, the sides, the outside: the frame around the centre
    said = list(dict.fromkeys(p if p in _BOXES else "edges" for p in said))
    pair = next((p for p in _PAIRS if set(said) >= p), None)
    if pair is None:
        return None
    first, second = sorted(pair, key=said.index)
    return (_label(first), _BOXES[first]), (_label(second), _BOXES[second])


# A subject set against its background: neither can be located offline, so the centre and the frame stand in.
_SUBJECT = re.compile(r"\b(subject|foreground|face|person|model)\b")
_BACKGROUND = re.compile(r"\b(?:background|backdrop|surroundings|bokeh)\b")
# Any thing named beside the background and set against it is the subject: "the cat", "my dog", "the bride".
_THING = re.compile(
    r"\b(?:the|my|her|his|their|our) (?!(?:photo|picture|pic|image|shot|original|upload|source|edit|one|rest|whole|"
    r"frame|background|backdrop|surroundings|bokeh|same|other|left|right|top|bottom|centre|center|middle|edges?|"
    r"corners|sides|first|second|third|fourth|fifth|last|variation|version|number)\b)([a-z]{3,})\b"
)
_QUARTER = re.compile(r"\b(top|upper|bottom|lower)[- ]?(left|right)\b")


def _quarter(vertical: str, horizontal: str) -> tuple[str, tuple]:
    """A corner quarter ("top-left quarter", its box)."""
    vertical = {"upper": "top", "lower": "bottom"}.get(vertical, vertical)
    x0, x1 = _SPANS[horizontal]
    y0, y1 = _SPANS[vertical]
    return f"{vertical}-{horizontal} quarter", (x0, y0, x1, y1)


def _label(part: str) -> str:
    return part if part in ("centre", "edges") else f"{part} half"
