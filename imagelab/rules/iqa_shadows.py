"""The shadows asked about by name ("are the shadows too dark?", "are the blacks crushed?"): underexposure's verdict is
read from the brightest tones, so the share crushed to pure black is said too, the figure the question is about.
Pure: no Django.
"""

from __future__ import annotations

import re

_SHADOWS = re.compile(r"\b(?:shadows?|blacks|darks|dark (?:areas|parts|bits)|crush\w*|blocked up)\b")


def asks(question: str, verdicts: dict[str, str]) -> bool:
    """Whether an exposure question names the shadows ("are the shadows too dark?")."""
    return "underexposure" in verdicts and _SHADOWS.search(question[:4000].lower()) is not None


def said(question: str, verdicts: dict[str, str], figures: dict[str, float]) -> str:
    """How much of the picture is crushed to pure black, when the shadows are asked about, else ""."""
    if not asks(question, verdicts) or "shadows_clipped" not in figures:
        return ""
    crushed = figures["shadows_clipped"]
    if crushed < 0.05:
        return "In the shadows, nothing is crushed to pure black (0.0% of pixels), so their detail is all there."
    lost = "a little shadow detail is lost there" if crushed < 1 else "shadow detail is lost there"
    return f"In the shadows, {crushed:.1f}% of pixels are crushed to pure black in some colour: {lost}."


def shown(question: str, verdicts: dict[str, str], figures: dict[str, float]) -> dict[str, float]:
    """The crushed share for the figures table when the shadows are asked about, else {}."""
    return (
        {"shadows_clipped": figures["shadows_clipped"]}
        if asks(question, verdicts) and "shadows_clipped" in figures
        else {}
    )
