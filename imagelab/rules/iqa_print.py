"""A print size named in a quality question ("is it good enough for a 30x40 print?", "sharp enough for A3?"): the
photo's pixels set against that size, as dots per inch, so the size is answered and not only pointed to. Pure: no
Django.
"""

from __future__ import annotations

import re

SHARP_DPI = 300  # close up, a print this dense looks sharp
VIEWED_DPI = 150  # at arm's length or on a wall, this is still fine
# ISO paper sizes, in cm (short side, long side)
_PAPER = {"a5": (14.8, 21.0), "a4": (21.0, 29.7), "a3": (29.7, 42.0), "a2": (42.0, 59.4), "a1": (59.4, 84.1)}
# Print sizes sold in inches; any other pair without a unit is read as centimetres ("30x40")
_INCH_SIZES = {(4, 6), (5, 7), (8, 10), (8, 12), (11, 14), (12, 18), (16, 20), (20, 30), (24, 36)}
_PAIR = re.compile(
    r"\b(\d{1,3}(?:[.,]\d)?)\s*(?:cm|in|inch|inches|\"|”)?\s*[x×*by]{1,2}\s*(\d{1,3}(?:[.,]\d)?)\s*"
    r"(cm|centimet\w*|in\b|inch\w*|\"|”)?"
)
_PAPER_SAID = re.compile(r"\b(a[1-5])\b")
_PRINTING = re.compile(r"\bprint\w*|\bposter\b|\bcanvas\b|\bframe\b|\bwall\b")


def asked(question: str) -> tuple[float, float, str] | None:
    """(short side, long side, how the size was read) in inches of a print size the question names, or None."""
    t = question[:4000].lower()
    if not _PRINTING.search(t):
        return None
    paper = _PAPER_SAID.search(t)
    if paper:
        short, long = _PAPER[paper.group(1)]
        return short / 2.54, long / 2.54, paper.group(1).upper()
    m = _PAIR.search(t)
    if not m:
        return None
    a, b = sorted(float(x.replace(",", ".")) for x in m.group(1, 2))
    unit = m.group(3) or ""
    inches = unit.startswith(("in", '"', "”")) or (not unit and (int(a), int(b)) in _INCH_SIZES and a == int(a))
    if inches:
        return a, b, f'{a:g}×{b:g}"'
    return a / 2.54, b / 2.54, f"{a:g}×{b:g} cm"


def said(question: str, size: tuple[int, int]) -> str:
    """The answer to the size asked: the pixels per inch it would print at, and whether that is sharp."""
    wanted = asked(question)
    if wanted is None or not all(size):
        return ""
    short_in, long_in, name = wanted
    short_px, long_px = sorted(size)
    dpi = min(short_px / short_in, long_px / long_in)
    # The size's answer leads: "sharp enough for A4?" of a sharp 451-pixel photo is no, whatever its blur says.
    if dpi >= SHARP_DPI:
        lead, verdict = f"Yes for {name}:", f"sharp even up close (from {SHARP_DPI} dpi)"
    elif dpi >= VIEWED_DPI:
        lead = f"For {name}, at a distance:"
        verdict = f"fine at arm's length or on a wall, a little soft up close ({SHARP_DPI} dpi is sharp up close)"
    else:
        lead, verdict = f"No, not for {name}:", f"visibly soft, even from a step back (below {VIEWED_DPI} dpi)"
    text = f"{lead} its {size[0]} × {size[1]} pixels print at {dpi:.0f} dpi there, {verdict}."
    if dpi < SHARP_DPI:
        sides = sorted((round(short_in * SHARP_DPI), round(long_in * SHARP_DPI)), reverse=size[0] >= size[1])
        text += f" A print that size sharp up close needs about {sides[0]} × {sides[1]} pixels."
    return text
