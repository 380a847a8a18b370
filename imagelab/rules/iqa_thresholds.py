"""A number a quality question sets against a figure ("is the ssim above 0.9?", "is noise below 2?"): answered
yes or no against the measured figure, both cited. Pure: no Django.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# The figures a question can name, by the words it names them with (the first match wins, so "noise" in "signal
# to noise" is PSNR's): (pattern, figure, how it is written).
_FIGURES = (
    (r"psnr|(?:peak )?signal[- ]to[- ]noise|peak signal", "psnr", "PSNR {:.1f} dB"),
    (r"ssim|structural similarity", "ssim", "SSIM {:.3f}"),
    (r"delta[- ]?e|δe|Δe|de ?2000|colou?r difference", "delta_e", "ΔE {:.1f}"),
    (r"blur effect|blur\w*", "blur_effect", "blur effect {:.2f}"),
    (r"sharp\w*|laplacian|detail", "sharpness", "sharpness {:.0f}"),
    (r"nois\w*|sigma|σ|grain\w*", "noise_sigma", "noise σ {:.1f}"),
    (r"clipp\w*|blown|burnt|burned", "highlights_clipped", "clipped highlights {:.1f}%"),
    (r"colou?rful\w*|saturation", "colourfulness", "colourfulness {:.1f}"),
    (r"colou?r ?cast|cast|tint", "colour_cast", "colour cast {:.1f}"),
    (r"contrast|tonal range|dynamic range", "contrast_spread", "tonal range {:.0f}"),
    (r"block\w*|jpeg", "blockiness", "blockiness {:.2f}"),
    (r"bright\w*|luminance|lightness|exposure", "mean_luminance", "mean brightness {:.0f}"),
)
_ABOVE = r"above|over|more than|greater than|higher than|bigger than|larger than|exceed(?:s|ing)?|>"
_AT_LEAST = r"at least|no less than|>=|≥"
_BELOW = r"below|under|less than|lower than|smaller than|beneath|<"
_AT_MOST = r"at most|no more than|<=|≤"
# A number then a count ("more than 2 of them") or a change ("10% brighter", "by 2 stops") is no bound on a figure.
_NUMBER = r"(-?\d*\.?\d+)(?![\d.])\s*(%|db|percent)?(?!\s*%?\s*(?:of|stops?|times|x|ones?|[a-z]+er|more|less)\b)"
_SET = re.compile(rf"(?:^|\s|\b)({_AT_LEAST}|{_AT_MOST}|{_ABOVE}|{_BELOW})\s*{_NUMBER}")
_BETWEEN = re.compile(rf"\b(?:between|in the range(?: of)?)\s+{_NUMBER}\s*(?:and|to|-|–)\s*{_NUMBER}")
# said after the number: "is the ssim 0.9 or more?", "is psnr 30 db or higher"
_AFTER = re.compile(rf"\b{_NUMBER}\s+or\s+(more|higher|above|over|greater|less|lower|below|under|fewer)\b")

# A comparative set against a number ("are all of them sharper than 100?"): the figure it reads and which side.
_THAN = re.compile(
    rf"\b(sharper|crisper|softer|blurr?ier|noisier|grainier|cleaner|brighter|lighter|darker)\s+than\s+{_NUMBER}"
)
_THAN_SIDE = {
    **dict.fromkeys(("sharper", "crisper"), ("sharpness", "sharpness {:.0f}", ">")),
    **dict.fromkeys(("softer", "blurier", "blurrier"), ("sharpness", "sharpness {:.0f}", "<")),
    **dict.fromkeys(("noisier", "grainier"), ("noise_sigma", "noise σ {:.1f}", ">")),
    "cleaner": ("noise_sigma", "noise σ {:.1f}", "<"),
    **dict.fromkeys(("brighter", "lighter"), ("mean_luminance", "mean brightness {:.0f}", ">")),
    "darker": ("mean_luminance", "mean brightness {:.0f}", "<"),
}


class Threshold(NamedTuple):
    """A figure set against a number: `op` is ">", ">=", "<", "<=" or "within" (`value` to `upper`); `said` is the
    number as typed."""

    figure: str
    fmt: str
    op: str
    value: float
    said: str
    upper: float = 0.0


def asked(text: str) -> Threshold | None:
    """The figure and the number a question sets it against, or None ("is the ssim above 0.9?" -> ssim > 0.9)."""
    t = re.sub(r"(\d),(\d)", r"\1.\2", text.lower())  # a decimal comma: "above 0,9"
    m, after, span = _SET.search(t), _AFTER.search(t), _BETWEEN.search(t)
    than = _THAN.search(t)
    # "is 3 sharper than 4?" compares two variations: a whole number up to 5 after "than" names one
    if than and not m and not re.fullmatch(r"[1-5]", than.group(2)):
        figure, fmt, op = _THAN_SIDE[than.group(1)]
        unit = "%" if than.group(3) in ("%", "percent") else ""
        return Threshold(figure, fmt, op, float(than.group(2)), than.group(2) + unit)
    if span:  # "is the ssim between 0.8 and 0.9?"
        named = _named(t[: span.start()]) or _named(t[span.end() :])
        low, high = sorted((span.group(1), span.group(3)), key=float)
        return Threshold(*named, "within", float(low), f"{low}–{high}", float(high)) if named else None
    if m:
        op, number, unit, at = _op(m.group(1)), m.group(2), m.group(3), m.start()
    elif after:
        op, number, unit, at = _op_after(after.group(3)), after.group(1), after.group(2), after.start()
    else:
        return None
    named = _named(t[:at]) or _named(t[at:])  # the figure said before the number, else after it ("over 2 noise")
    if named is None:
        return None
    unit = "%" if unit in ("%", "percent") else ""
    return Threshold(*named, op, float(number), number + unit)


def _op(word: str) -> str:
    """The comparison a word before the number says ("at least" -> ">=")."""
    for pattern, op in ((_AT_LEAST, ">="), (_AT_MOST, "<="), (_ABOVE, ">"), (_BELOW, "<")):
        if re.fullmatch(pattern, word):
            return op
    raise ValueError(word)


def _op_after(word: str) -> str:
    """The comparison a word after the number says ("0.9 or more" -> ">=")."""
    return ">=" if word in ("more", "higher", "above", "over", "greater") else "<="


def _named(text: str) -> tuple[str, str] | None:
    """The figure named last in a stretch of the question (nearest the number after it), or None."""
    found = []
    for pattern, figure, fmt in _FIGURES:
        for m in re.finditer(pattern, text):
            found.append((m.start(), figure, fmt))
        # masked once matched, its length kept: the "noise" of "peak signal to noise" is PSNR's, not noise's
        text = re.sub(pattern, lambda m: " " * len(m.group(0)), text)
    return max(found)[1:] if found else None


def said(threshold: Threshold, figures: dict[str, float]) -> str:
    """The measured figure, the number it was set against and the yes or no ("SSIM 0.934 — above 0.9, so yes.")."""
    if threshold.figure not in figures:
        name = threshold.fmt.split(" {")[0]
        why = " (there is no original here to compare with)" if threshold.figure in _AGAINST_REFERENCE else ""
        return f"I have no {name} measured to set against {threshold.said}{why}."
    value, bound = figures[threshold.figure], threshold.value
    upper = threshold.upper if threshold.op == "within" else bound
    where = "above" if value > upper else "below" if value < bound else "within" if upper > bound else "exactly"
    shown = threshold.fmt.format(value)
    answer = "yes" if holds(threshold, figures) else "no"
    return f"{shown[0].upper()}{shown[1:]} — {where} {threshold.said}, so {answer}."


def holds(threshold: Threshold, figures: dict[str, float]) -> bool | None:
    """Whether the measured figure is on the asked side of the number (None: not measured)."""
    if threshold.figure not in figures:
        return None
    value, bound, upper = figures[threshold.figure], threshold.value, threshold.upper
    return {
        ">": value > bound,
        ">=": value >= bound,
        "<": value < bound,
        "<=": value <= bound,
        "within": bound <= value <= upper,
    }[threshold.op]


_AGAINST_REFERENCE = ("ssim", "psnr", "delta_e")


def answered(text: str, figures: dict[str, float], answer: str) -> str:
    """A quality answer led by the yes or no to a number in its question, when the question sets one."""
    threshold = asked(text)
    return f"{said(threshold, figures)} {answer}" if threshold else answer
