"""A colour cast asked about by its hue ("is there a blue cast?", "is it too green?", "too warm?"): the cast measured
has a direction (Lab a*, b*), so the answer says whether it leans the way asked, never "yes" to a blue cast in an
orange photo. Pure: no Django.
"""

from __future__ import annotations

import math
import re

# Lab hue angles (degrees of atan2(b*, a*)) of the hues people name: red +a*, yellow +b*, green −a*, blue −b*.
_ANGLES = {
    "red": 30,
    "orange": 60,
    "yellow": 90,
    "green": 150,
    "cyan": 210,
    "blue": 265,
    "purple": 300,
    "magenta": 330,
    "pink": 350,
    "warm": 65,
    "cool": 250,
}
_SAID = {"warm": "warm", "cool": "cool"}  # "it leans warm (a* …)": the axes say which hues
_NEAR = 50  # degrees either side of a named hue that still lean its way
# The hue asked after, and not a thing's colour ("the red dress"): followed by a cast word or nothing much.
_HUE = re.compile(
    r"\b(red|redd|orang|yellow|green|cyan|blu|purpl|magent|pink|warm|cool|cold)(?:e|a|ish|e?-ish|er)?\b"
    r"(?!\s+(?!cast|tint|tinge|tone|hue|shift|colou?r cast|in|on|at|to|or|and|maybe|overall|now|please|pls)[a-z]{3,})"
)
_STEMS = {"redd": "red", "orang": "orange", "blu": "blue", "purpl": "purple", "magent": "magenta", "cold": "cool"}


def asked(question: str) -> str | None:
    """The hue a colour-cast question asks after ("is there a blue cast?" -> "blue"), or None."""
    m = _HUE.search(question[:4000].lower())
    return _STEMS.get(m.group(1), m.group(1)) if m else None


def leaning(figures: dict[str, float]) -> str:
    """The hue the measured cast leans towards (the named hue nearest its angle, warm and cool aside)."""
    angle = math.degrees(math.atan2(figures["cast_b"], figures["cast_a"])) % 360
    hues = [h for h in _ANGLES if h not in ("warm", "cool")]
    return min(hues, key=lambda h: _apart(angle, _ANGLES[h]))


def said(hue: str, verdict: str, figures: dict[str, float]) -> str:
    """Whether the cast leans the hue asked, with its a*/b* ("But not blue: it leans orange (a* +8.1, b* +21.0)")."""
    angle = math.degrees(math.atan2(figures["cast_b"], figures["cast_a"])) % 360
    ab = f"a* {figures['cast_a']:+.1f}, b* {figures['cast_b']:+.1f}"
    name, lean = _SAID.get(hue, hue), leaning(figures)
    if verdict == "no":
        return f"So no {name} cast: the faint lean it has is {lean} ({ab})."
    if _apart(angle, _ANGLES[hue]) <= _NEAR:
        return f"{'Yes' if verdict == 'yes' else 'Slightly'}: it leans {name} ({ab})."
    return f"But not {name}: it leans {lean} ({ab}), so no {name} cast."


def answered(question: str, verdicts: dict[str, str], figures: dict[str, float], text: str) -> str:
    """The answer with the cast's direction said against the hue asked (the bare yes or no of "is it colour-cast?"
    dropped: a cast of another hue is no yes), or the answer as it was."""
    hue = asked(question) if "colour_cast" in verdicts and "cast_a" in figures else None
    if hue is None:
        return text
    text = text.replace("so yes, it is colour-cast", "so it is colour-cast")
    text = text.replace("so no, it is neutral in colour", "so it is neutral in colour")
    return f"{text} {said(hue, verdicts['colour_cast'], figures)}"


def _apart(a: float, b: float) -> float:
    """Degrees between two hue angles, the short way round."""
    d = abs(a - b) % 360
    return min(d, 360 - d)


def shown(question: str, figures: dict[str, float]) -> dict[str, float]:
    """The cast's axes for the figures table when a hue was asked after (the answer cites them), else {}."""
    if asked(question) is None or "cast_a" not in figures:
        return {}
    return {k: figures[k] for k in ("cast_a", "cast_b")}
