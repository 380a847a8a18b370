"""Whether colours are oversaturated ("is the grass on 3 oversaturated?", "are the reds in #2 too strong?"): measured
by saturation clipping and Hasler–Süsstrunk colourfulness, or for a hue named by its own pixels.

Saturation clipping is the share of strong colours (channels at least 64 apart) with a channel pinned at 0 or 255:
detail there is flattened onto the gamut's edge. On scikit-image's colour photos it is 0.0–0.4 % as shot, 1–25 %
with saturation ×1.4 and 1–73 % at ×2 (colourfulness 37–100 as shot, 72–165 at ×2). Oversaturation is not one of
the plan's distortions, so the question is read from its text, as a ranking by colourfulness is. Pure: no Django.
"""

from __future__ import annotations

import re

import numpy as np

from imagelab.core import quality
from imagelab.rules import iqa_typos

SATURATION_CLIPPED = (5.0, 2.0)  # % of pixels: oversaturated from the first, not below the second
COLOURFULNESS = (110.0, 85.0)  # Hasler–Süsstrunk: "extremely colourful" from 109; "highly" from 82
STRONG = 64  # a strong colour: its channels at least this far apart
MEANINGS = {
    "saturation_clipped": "% of strong colours with a channel pinned at 0 or 255; oversaturated from 5",
    "colourfulness": quality.MEANINGS["colourfulness"],
    "hue_share": "% of the picture in the hue asked about",
    "hue_saturation": "mean saturation of the hue's pixels, 0 grey to 100 pure colour",
}
_COLOUR_WORD = r"(?:colou?rs?|hues?|tones?|reds?|greens?|blues?|yellows?|oranges?|purples?|pinks?|magentas?|cyans?)"
_TOO = r"(?:too|very|overly|super|really|way too|a bit too|bit too|so)"
_ASKED = re.compile(
    r"\bover[- ]?saturat\w*|\b(?:too|overly|very) saturated\b|\bsaturation (?:is )?(?:too high|clipp\w*|blown)\b|"
    r"\btoo much saturation\b|\b(?:garish|neon|radioactive)\b|\bhow (?:over)?saturated\b|"
    # vivid and vibrant say colour whatever they are said of: "is the sky on number 1 too vivid?"
    rf"\b{_TOO} (?:vivid|vibrant|saturated)\b|"
    # a colour said too strong: "are the reds too strong?", "the colours on 4 look way too intense"
    # (not a cast: "is the orange cast too strong?" is the cast's)
    rf"\b{_COLOUR_WORD}\b(?:(?!\b(?:cast|tint|tinge|balance|shift)\b).){{0,40}}\b{_TOO} "
    r"(?:strong|intense|vivid|vibrant|loud|punchy|saturated|much|popping|hot)\b"
)
# Hue centres in degrees (HSV) and how far either side still counts as that hue.
_HUES = {
    "red": (0, 20),
    "orange": (30, 12),
    "yellow": (55, 15),
    "green": (120, 45),
    "cyan": (180, 20),
    "blue": (225, 30),
    "purple": (275, 20),
    "magenta": (300, 15),
    "pink": (330, 20),
}
_HUE = re.compile(r"\b(?:the )?(red|orange|yellow|green|cyan|blue|purple|magenta|pink)s\b")


def asks(text: str) -> bool:
    """Whether a question asks if colours are oversaturated ("are the reds in #2 too strong?")."""
    return bool(_ASKED.search(iqa_typos.forgive(text.lower())))  # "oversatured", "to saturated"


def hue(text: str) -> str | None:
    """The hue a question asks about, said as a plural ("the reds" -> "red"), or None."""
    m = _HUE.search(text.lower())
    return m.group(1) if m else None


def measure(image) -> dict[str, float]:
    """Saturation clipping and colourfulness of a PIL image or array (at `quality.COLOUR_SIDE`)."""
    arr = quality.reduced(image, quality.COLOUR_SIDE)
    return {"saturation_clipped": _clipped(arr, np.ones(arr.shape[:2], bool)), "colourfulness": _colourful(arr)}


def measure_hue(image, name: str) -> dict[str, float]:
    """The share of the picture in a hue, its pixels' mean saturation and their saturation clipping."""
    arr = quality.reduced(image, quality.COLOUR_SIDE)
    a = arr.astype(np.int16)
    mx, mn = a.max(-1), a.min(-1)
    sat = np.where(mx > 0, (mx - mn) / np.maximum(mx, 1), 0.0)
    centre, width = _HUES[name]
    distance = np.abs((_hue_degrees(a, mx, mn) - centre + 180) % 360 - 180)
    mask = (distance <= width) & (sat >= 0.25) & (mx >= 40)  # a colour, not a grey or a near-black
    share = 100.0 * float(mask.mean())
    return {
        "hue_share": round(share, 2),
        "hue_saturation": round(100.0 * float(sat[mask].mean()), 1) if mask.any() else 0.0,
        "saturation_clipped": _clipped(arr, mask) if mask.any() else 0.0,
        "colourfulness": _colourful(arr),
    }


def _colourful(arr: np.ndarray) -> float:
    return round(quality.colourfulness(arr), 2)


def _clipped(arr: np.ndarray, mask: np.ndarray) -> float:
    """% of the masked pixels that are strong colours with a channel at 0 or 255."""
    a = arr.astype(np.int16)
    strong = (a.max(-1) - a.min(-1)) >= STRONG
    pinned = ((a == 0) | (a == 255)).any(-1) & strong
    return round(100.0 * float(pinned[mask].mean()), 2) if mask.any() else 0.0


def _hue_degrees(a: np.ndarray, mx: np.ndarray, mn: np.ndarray) -> np.ndarray:
    """HSV hue in degrees (0 red, 120 green, 240 blue) of an int16 RGB array."""
    r, g, b = a[..., 0], a[..., 1], a[..., 2]
    span = np.maximum(mx - mn, 1).astype(float)
    h = np.where(mx == r, ((g - b) / span) % 6, np.where(mx == g, (b - r) / span + 2, (r - g) / span + 4))
    return 60.0 * h


def verdict(figures: dict[str, float]) -> str:
    """ "yes", "no" or "unsure" that the measured colours are oversaturated (any "yes" figure decides yes)."""
    clipped, colourful = figures["saturation_clipped"], figures["colourfulness"]
    if clipped >= SATURATION_CLIPPED[0] or ("hue_share" not in figures and colourful >= COLOURFULNESS[0]):
        return "yes"
    if clipped < SATURATION_CLIPPED[1] and ("hue_share" in figures or colourful < COLOURFULNESS[1]):
        return "no"
    return "unsure"


def answer(figures: dict[str, float], *, polar: bool = True, hue_name: str | None = None) -> str:
    """The verdict with the figures that decide it ("Saturation clipping 7.4% (oversaturated from 5%) …")."""
    found = verdict(figures)
    said = {"yes": "oversaturated", "no": "not oversaturated", "unsure": "strongly saturated, close to too much"}[found]
    lead = {"yes": "so yes, ", "no": "so no, ", "unsure": "so "}[found] if polar else "so "
    clipped = figures["saturation_clipped"]
    if hue_name:
        if figures["hue_share"] < 1.0:
            return f"There is hardly any {hue_name} in the picture ({figures['hue_share']:.1f}% of it) to judge."
        subject = f"the {hue_name}s are"
        cited = (
            f"The {hue_name}s are {figures['hue_share']:.0f}% of the picture, mean saturation "
            f"{figures['hue_saturation']:.0f}%, {clipped:.1f}% of them clipped at 0 or 255 (oversaturated from 5%)"
        )
    else:
        subject = "it is"
        cited = (
            f"Saturation clipping {clipped:.1f}% (strong colours pinned at 0 or 255; oversaturated from 5%), "
            f"colourfulness {figures['colourfulness']:.0f} (very colourful from 82, extreme from 110)"
        )
    return f"{cited} — {lead}{subject} {said}."
