"""Whether an edit made the photo better, no fault named ("is it better than the original?", "is 2 an improvement?",
"did the edit improve it?"): the measured changes against the source, and a plain verdict of which got better or
worse. Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.core.iqa import IQAPlan
from imagelab.rules import iqa_typos
from imagelab.rules.iqa_words import EDITED, GROWN, IMPROVEMENT

_ASKED = re.compile(
    rf"{IMPROVEMENT}|{GROWN}|{EDITED}|\bimprov\w*|\b(?:better|worse) than\b|"
    r"\b(?:make|made|makes|making) (?:it|this|that|things|the \w+) (?:any |much |a lot |a bit )?(?:better|worse)\b"
)
# Asked the bad way round ("did my edit wreck it?", "is it worse?"): yes means it got worse.
_WORSE = re.compile(
    r"\bworse\b(?! or better)|\bdowngrade\b|\bstep (?:down|back)|\bworsen\w*|\bwreck\w*|\bruin\w*|\bdamag\w*|\bdegrad\w*|"
    r"\bspoil\w*|\bharm\w*|\bbutcher\w*|\bdestroy\w*|\bmess\w* (?:it |this |that )?up\b"
)
_EITHER = re.compile(r"\bbetter or worse\b|\bworse or better\b")

# Per property: (its figure, how it is written, the least change that counts, whether a higher figure is better
# (None: neither, only said), the words when the figure is higher / lower).
_ROWS = (
    ("sharpness", "blur_effect", "blur effect {:.2f}", 0.02, False, "softer", "sharper"),
    ("noise", "noise_sigma", "noise σ {:.1f}", 0.3, False, "noisier", "cleaner"),
    ("exposure", "clipped", "{:.1f}% burnt or crushed in some channel", 0.5, False, "more clipped", "less clipped"),
    ("contrast", "contrast_spread", "tonal range {:.0f}", 5, True, "more contrasted", "flatter"),
    ("colourfulness", "colourfulness", "colourfulness {:.1f}", 3, None, "more colourful", "less colourful"),
    ("JPEG blocking", "blockiness", "blockiness {:.2f}", 0.03, False, "blockier", "less blocky"),
    ("colour cast", "colour_cast", "colour cast {:.1f}", 1.5, False, "more tinted", "more neutral"),
    (
        "colour clipping",
        "saturation_clipped",
        "saturation clipping {:.1f}%",
        1.0,
        False,
        "more oversaturated",
        "less oversaturated",
    ),
)
_ALWAYS = ("sharpness", "noise", "exposure", "contrast", "colourfulness")  # said even unchanged; the rest if changed
# The rest count only where they could be seen: from the figure below which their fault is a sure no (`quality.
# THRESHOLDS`); blockiness 1.00 against 1.04 is no JPEG blocking either way.
_SEEN_FROM = {"blockiness": 1.12, "colour_cast": 8.0, "saturation_clipped": 2.0}


def asks(question: str, plan: IQAPlan) -> bool:
    """Whether a question asks if an edit improved the photo with no fault or metric named ("is 2 an improvement?")."""
    asked = _ASKED.search(iqa_typos.forgive(question.lower()))  # "is 2 an imporvement?"
    return plan.distortion_source == "Inferred" and not plan.required_tool and bool(asked)


def _value(figures: dict[str, float], figure: str) -> float:
    if figure == "clipped":  # exposure gone wrong either way: pixels burnt to white plus those crushed to black
        return figures["highlights_clipped"] + figures["shadows_clipped"]
    return figures[figure]


def changes(figures: dict[str, float], before: dict[str, float]) -> list[tuple[str, str, str]]:
    """[(property, "better" | "worse" | "same" | "changed", how it is said with both figures)], source first."""
    out = []
    for name, figure, fmt, same, higher_better, higher, lower in _ROWS:
        if figure not in figures and figure != "clipped":  # saturation clipping is measured only when given
            continue
        now, was = _value(figures, figure), _value(before, figure)
        said_was = f"{was:.1f}%" if figure == "clipped" else fmt.format(was).split(" ")[-1]
        cited = f"{fmt.format(now)} against {said_was}"
        if abs(now - was) < same or max(now, was) < _SEEN_FROM.get(figure, -1.0):
            if name in _ALWAYS:
                out.append((name, "same", f"{name} ({cited.removeprefix(name + ' ')})"))  # its name said once
            continue
        word = higher if now > was else lower
        better = "changed" if higher_better is None else "better" if (now > was) == higher_better else "worse"
        out.append((name, better, f"{word} ({cited})"))
    return out


def answer(figures: dict[str, float], before: dict[str, float], against: str, question: str) -> str:
    """The measured changes against the source ("sharper (blur effect 0.31 against 0.45), ..."), what stayed the
    same, and the verdict."""
    found = changes(figures, before)
    changed = [said for _n, v, said in found if v != "same"]
    same = [said for _n, v, said in found if v == "same"]
    listed = (f"Next to {against}, it is {_listed(changed)}." if changed else "") + (
        f" About the same as {against}: {', '.join(same)}." if same else ""
    )
    better = [n for n, v, _s in found if v == "better"]
    worse = [n for n, v, _s in found if v == "worse"]
    overall = (
        f" Overall against it: SSIM {figures['ssim']:.3f}, mean colour difference ΔE {figures['delta_e']:.1f}."
        if "ssim" in figures
        else ""
    )
    return f"{listed.strip()} {_verdict(better, worse, question)}{overall}"


def _verdict(better: list[str], worse: list[str], question: str) -> str:
    """The plain verdict: yes, no or mixed, naming what got better and what worse, the question's way round."""
    t = question.lower()
    asked_worse = bool(_WORSE.search(t)) and not _EITHER.search(t)
    if better and worse:
        return f"Mixed: by the figures it is better on {_listed(better)} but worse on {_listed(worse)}."
    if better:
        lead = "No" if asked_worse else "Yes"
        return f"{lead}: by the figures it is an improvement — better on {_listed(better)}, worse on nothing."
    if worse:
        lead = "Yes" if asked_worse else "No"
        return f"{lead}: by the figures it is worse on {_listed(worse)}, better on nothing."
    return "By the figures it is about the same: nothing measured got clearly better or worse."


def _listed(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
