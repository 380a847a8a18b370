"""The offline reading of a quality question into an IQA plan, and the templated answer from measured figures.

`read_question` returns the same JSON a model's `assess_quality` call would, so it goes through
`iqa.complete` like any planner output. `answer` writes the verdict and the figures that decided it.
Objects cannot be located offline: a named subject is measured as the centre of the picture, said plainly.

Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.core import quality
from imagelab.core.iqa import IQAPlan

# Distortion words and synonyms -> our distortion names.
WORDS = [
    (r"blurr?y|blurred|blur|soft|out of focus|unfocused|not sharp|in focus|sharp|focus|fuzzy", "blur"),
    (r"noisy|noise|grainy|grain|speckled", "noise"),
    (r"over[- ]?exposed|overexposure|blown out|blown|too bright|washed[- ]out highlights|burnt out", "overexposure"),
    (r"under[- ]?exposed|underexposure|too dark|dark|dim|murky", "underexposure"),
    (r"jpe?g|blocky|blocks|compression|compressed|artefacts|artifacts|pixelated", "jpeg"),
    (r"washed out|low contrast|flat|dull|hazy|haze|foggy|muddy", "low_contrast"),
    (r"colou?r cast|cast|tint|tinted|too (blue|yellow|green|orange|magenta)", "colour_cast"),
]
_REFERENCE = r"compared? (with|to)|than the (original|upload|first)|the original|before|the upload|unedited|changed"
_METRICS = {"ssim": "SSIM", "psnr": "PSNR", "delta ?e|Δe|de2000|colou?r difference": "DeltaE2000"}
_QUALITY = r"quality|good enough|look ok|look okay|how (good|bad) is|any (problems|issues)|what'?s wrong"
# Nouns a question may be about ("is the car blurry?"): the subject, measured as the centre offline.
_OBJECT = re.compile(
    r"\b(?:is|are|was|were|does|do)\s+(?:the|my|this|that|her|his|their|our)\s+([a-z]+(?:\s[a-z]+)?)\s+"
    r"(?:look\s+|looks\s+|seem\s+|a bit\s+|too\s+|very\s+|in\s+|out\s+)*"
)
_NOT_OBJECTS = frozenset(
    "image photo picture pic shot edit result it one version variation too very quite so a bit quality colours "
    "colors colour color exposure focus contrast lighting light noise good bad ok okay fine".split()
)


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
_NUMBERED = re.compile(
    r"(?:\b(?:number|no\.?|num|variation|version|option|column|result|image|pic|picture)\s*|#)\s*([1-9])\b"
    r"|\b(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+(?:one|variation|version|option|column|result)"
)


def variation_number(text: str) -> int | None:
    """The variation a message names, counted from 1 ("is number 3 too dark?" -> 3), or None."""
    m = _NUMBERED.search(text.lower())
    if not m:
        return None
    return int(m.group(1)) if m.group(1) else _ORDINALS.get(m.group(2), 5)


def _names(text: str) -> list[str]:
    found: list[str] = []
    for pattern, name in WORDS:
        if re.search(rf"\b({pattern})\b", text) and name not in found:
            found.append(name)
    return found


def _objects(text: str) -> list[str]:
    m = _OBJECT.search(text)
    if not m:
        return []
    words = [w for w in m.group(1).split() if w not in _NOT_OBJECTS and not _names(w)]
    return [words[0]] if words else []


def is_quality_question(text: str) -> bool:
    """Whether a message asks about quality (a named distortion, a metric, a comparison, or "quality")."""
    t = text.strip().lower()
    if re.match(r"^(make|can you make|please|add|remove|crop|rotate|sharpen|blur|brighten|darken)\b", t):
        return False
    asks = bool(re.search(r"\?\s*$|^(is|are|does|do|how|was|were|did|can you tell|tell me|check|measure)\b", t))
    named = _names(t) or re.search(_QUALITY, t) or any(re.search(rf"\b({p})\b", t) for p in _METRICS)
    named = named or (re.search(r"how (much|different)|differ", t) and re.search(_REFERENCE, t))
    return bool(asks and named)


def read_question(text: str, *, has_reference: bool) -> dict:
    """The IQA plan (raw, as a model would give it) of a quality question."""
    t = text.strip().lower()
    names = _names(t)
    objects = _objects(t)
    metric = next((label for p, label in _METRICS.items() if re.search(rf"\b({p})", t)), None)
    compare = bool(re.search(_REFERENCE, t)) or metric is not None
    scope = objects or "Global"
    return {
        "query_type": "IQA",
        "query_scope": scope,
        "distortion_source": "Explicit" if names else "Inferred",
        "distortions": [{"scope": objects[0] if objects else "Global", "names": names}] if names else None,
        "reference_mode": "Full-Reference" if compare else "No-Reference",
        "required_tool": metric,
        "plan": {
            "distortion_detection": not names,
            "distortion_analysis": True,
            "tool_selection": metric is None,
            "tool_execution": True,
        },
    }


# Per distortion: (the figure its sentence cites, how the figure is written, the words for yes / no / unsure).
_SAY = {
    "blur": ("blur_effect", "blur effect {v:.2f} (blurry from 0.50)", "soft", "sharp", "borderline soft"),
    "noise": ("noise_sigma", "noise σ {v:.1f} (noisy from 4)", "noisy", "clean", "slightly noisy"),
    "overexposure": (
        "highlights_clipped",
        "{v:.1f}% burnt-out highlights, mean brightness {m:.0f}",
        "overexposed",
        "not overexposed",
        "bright, close to overexposed",
    ),
    "underexposure": (
        "bright_end",
        "its brightest 1% only reach {v:.0f} of 255, mean {m:.0f}",
        "underexposed",
        "not underexposed",
        "a little dark",
    ),
    "jpeg": (
        "blockiness",
        "blockiness {v:.2f} (blocky from 1.25)",
        "visibly JPEG-blocky",
        "free of JPEG blocks",
        "slightly blocky",
    ),
    "low_contrast": (
        "contrast_spread",
        "tonal range {v:.0f} of 255 (flat below 70)",
        "flat, low in contrast",
        "well contrasted",
        "somewhat flat",
    ),
    "colour_cast": (
        "colour_cast",
        "colour cast {v:.1f} (a cast from 12)",
        "colour-cast",
        "neutral in colour",
        "slightly tinted",
    ),
}


def sentence(distortion: str, verdict: str, figures: dict[str, float]) -> str:
    """One clause: the figure, then the verdict ("blur effect 0.72 (blurry from 0.50), so yes: soft")."""
    figure, fmt, yes, no, unsure = _SAY[distortion]
    said = fmt.format(v=figures[figure], m=figures["mean_luminance"])
    word = {"yes": f"so yes, it is {yes}", "no": f"so no, it is {no}", "unsure": f"so it is {unsure}"}[verdict]
    return f"{said[0].upper()}{said[1:]} — {word}"


def answer(
    plan: IQAPlan, figures: dict[str, float], verdicts: dict[str, str], notes: list[str], *, against: str = ""
) -> str:
    """The templated answer: what was measured, each verdict with its deciding figure, and the comparison."""
    parts = list(notes)
    for distortion, verdict in verdicts.items():
        parts.append(sentence(distortion, verdict, figures) + ".")
    if plan.distortion_source == "Inferred":
        found = [d for d, v in verdicts.items() if v == "yes"]
        parts.append(
            "Problems found: " + ", ".join(d.replace("_", " ") for d in found) + "."
            if found
            else "I found no quality problems in the figures."
        )
    if "ssim" in figures:
        parts.append(
            f"Against {against or 'the original'}: SSIM {figures['ssim']:.3f}, PSNR {figures['psnr']:.1f} dB, "
            f"mean colour difference ΔE {figures['delta_e']:.1f} — " + _change_words(figures) + "."
        )
    return " ".join(parts)


def _change_words(figures: dict[str, float]) -> str:
    if figures["ssim"] >= 0.98 and figures["delta_e"] < 1:
        return "practically unchanged"
    if figures["ssim"] >= 0.9 and figures["delta_e"] < 5:
        return "a mild change"
    return "a clearly visible change"


def figures_to_show(plan: IQAPlan, figures: dict[str, float], verdicts: dict[str, str]) -> dict[str, float]:
    """The figures an answer shows: those that decided its verdicts, the sharpness, and any comparison."""
    keep = {"sharpness", "psnr", "ssim", "delta_e"}
    for d in verdicts:
        keep |= set(quality.THRESHOLDS[d])
    return {k: v for k, v in figures.items() if k in keep}
