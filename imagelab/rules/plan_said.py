"""What a variation did, step by step, in words: "what did you change in number 3?", "what did you do to it?",
"how did you make number 2?". The plan is the chosen (or named) variation's own (`selectors.chosen_plan`); each
step is said with its figure, in the order it ran. Pure: no Django.
"""

from __future__ import annotations

import re

# "what did you change in number 3", "what did you do to it", "how did you make number 2", "what's different
# in the third one", "what was done to number 4", "which steps are in number 5"
_ASKS = re.compile(
    r"\b(?:explain|tell me|say|show me) (?:what|how) you (?:did|changed|done|made)\b|\bwhat did you (?:do|change)\b"
    r"|\bhow did you (?:make|do|get)\b|\bwhat(?:'s| is) different (?:in|about|with)\b|\bwhat was (?:done|changed)\b"
    r"|\bwhich (?:steps|edits|changes|operations)\b|\bwhat (?:steps|edits|changes|operations)\b",
    re.I,
)
_TURN = {True: "clockwise", False: "counter-clockwise"}


def asks_what_was_done(text: str) -> bool:
    """Whether the message asks what a variation's steps were."""
    return bool(_ASKS.search(" ".join((text or "").replace("’", "'").split())))


def _times(v: float, up: str, down: str) -> str:
    return f"{up} (×{v:.2f})" if v >= 1 else f"{down} (×{v:.2f})"


def _step(op: str, p: dict) -> str | None:
    """One step in words, with its figure; None for the resize to the working size that opens every plan."""
    said = {
        "brightness": lambda: _times(float(p["value"]), "brighter", "darker"),
        "contrast": lambda: _times(float(p["value"]), "firmer contrast", "softer contrast"),
        "curve": lambda: _times(float(p["value"]), "firmer contrast with soft shoulders", "softer contrast, a curve"),
        "saturation": lambda: _times(float(p["value"]), "more colour", "less colour"),
        "hue": lambda: f"hues turned {float(p['degrees']):+g}°",
        "filter": lambda: {"grayscale": "black and white", "sepia": "sepia"}.get(p.get("type"), str(p.get("type"))),
        "tint": lambda: f"a {p['color']} tint at {float(p['strength']) * 100:.0f} %",
        "temperature": lambda: f"{'warmer' if p.get('warm') else 'cooler'} white balance ({float(p['strength']):.2f})",
        "levels": lambda: (
            f"levels: black point {p['black']}, white point {p['white']}, midtones ×{float(p['gamma']):.2f}"
        ),
        "vignette": lambda: f"darker corners (vignette {float(p['strength']):.2f})",
        "crop": lambda: f"cropped to {p['width']} × {p['height']} px from ({p['x']}, {p['y']})",
        "rotate": lambda: f"rotated {abs(float(p['degrees'])):g}° {_TURN[float(p['degrees']) > 0]}",
        "flip": lambda: "mirrored left to right" if p.get("direction") == "horizontal" else "flipped upside down",
        "blur": lambda: f"blurred (σ {float(p['sigma']):g})",
        "sharpen": lambda: f"sharpened (amount {float(p.get('amount', 1)):.2f}, radius {float(p.get('radius', 1)):g})",
        "grain": lambda: f"film grain ({float(p['amount']):.2f})",
        "aiEdit": lambda: f"an AI edit: “{p.get('prompt', '')}”",
    }.get(op)
    return said() if said else f"{op} {p}"


def plan_said(chosen: dict, number: int | None = None) -> str:
    """The chosen variation's steps in words, in the order they ran."""
    steps = [s for s in chosen.get("operations", []) if isinstance(s, dict) and "op" in s]
    if steps and steps[0]["op"] == "resize" and steps[0].get("params", {}).get("fit") == "contain":
        steps = steps[1:]  # every plan opens with the photo fitted to the working size: no change to see
    label = chosen.get("label") or "This variation"
    which = f"**{label}**" + (f" (number {number})" if number else "")
    if not steps:
        return f"{which} left the photo as it was: no step changed it."
    lines = [f"{i}. {_step(s['op'], s.get('params') or {})}" for i, s in enumerate(steps, 1)]
    where = (
        "" if chosen.get("applied") else " It is not the current image: press **Use this** under it to go on from it."
    )
    return f"{which} ran these steps, in order:\n\n" + "\n".join(lines) + ("\n\n" + where.strip() if where else "")
