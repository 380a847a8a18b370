"""The shadows asked about by name ("are the shadows too dark?", "are the blacks crushed?"): underexposure's verdict is
read from the brightest tones, so the share crushed to pure black is said too, the figure the question is about.
Pure: no Django.
"""

from __future__ import annotations

import re

CRUSHED = 1.0  # % of pixels at pure black from which shadow detail is visibly lost (under it: a little)
_SHADOWS = re.compile(r"\b(?:shadows?|blacks|darks|dark (?:areas|parts|bits)|crush\w*|blocked up)\b")


def asks(question: str, verdicts: dict[str, str]) -> bool:
    """Whether an exposure question names the shadows ("are the shadows too dark?")."""
    return "underexposure" in verdicts and _SHADOWS.search(question[:4000].lower()) is not None


def said(question: str, verdicts: dict[str, str], figures: dict[str, float]) -> str:
    """Whether the shadows are crushed, by the share of pixels at pure black, when they are asked about, else ""."""
    if not asks(question, verdicts) or "shadows_clipped" not in figures:
        return ""
    crushed = figures["shadows_clipped"]
    if crushed < 0.05:
        return "In the shadows, no: nothing is crushed to pure black (0.0% of pixels), so their detail is all there."
    if crushed < CRUSHED:
        return f"In the shadows, a little: {crushed:.1f}% of pixels are crushed to pure black in some colour."
    return f"In the shadows, yes: {crushed:.1f}% of pixels are crushed to pure black in some colour, so detail is lost there."


def answered(question: str, verdicts: dict[str, str], figures: dict[str, float], text: str) -> str:
    """The answer with the shadows' own yes or no after it; the exposure verdict before it said as the overall one
    (a black sky can be crushed in a photo that is not underexposed)."""
    shadows = said(question, verdicts, figures)
    if not shadows:
        return text
    text = text.replace("so yes, it is underexposed", "so overall it is underexposed")
    return f"{text.replace('so no, it is not underexposed', 'so overall it is not underexposed')} {shadows}"


def shown(question: str, verdicts: dict[str, str], figures: dict[str, float]) -> dict[str, float]:
    """The crushed share for the figures table when the shadows are asked about, else {}."""
    return (
        {"shadows_clipped": figures["shadows_clipped"]}
        if asks(question, verdicts) and "shadows_clipped" in figures
        else {}
    )
