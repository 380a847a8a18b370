"""Two parts of the picture set against each other ("is the left half noisier than the right?"): both measured.

`iqa_regions.compared` reads the two parts; `assess` measures each and answers the comparison with both figures,
yes or no when the question asks whether one is more of something than the other. Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.core import quality
from imagelab.core.iqa import IQAPlan
from imagelab.rules import iqa_answer, iqa_regions
from imagelab.rules.iqa_words import WHICH

# What a comparison asks about, by the word said (first said wins): (the property compared, whether it asks for
# the higher figure). Exposure is said before "bright" so "underexposed" is darker, not brighter.
_ASKED = (
    (r"underexpos\w*|dark\w*|dim\w*", "overexposure", False),
    (r"overexpos\w*|bright\w*|light(?:er|est)?\b|blown|blow\w* out|clipp\w*|burn\w* out", "overexposure", True),
    (r"nois\w*|grain\w*", "noise", True),
    (r"clean\w*", "noise", False),
    (r"sharp\w*|crisp\w*|in focus|focused|detailed", "blur", False),
    (r"soft\w*|blur\w*|fuzz\w*|out of focus", "blur", True),
    (r"flat\w*|mudd\w*|washed", "low_contrast", False),
    (r"contrast\w*|punch\w*", "low_contrast", True),
    (r"block\w*|compress\w*|pixelat\w*", "jpeg", True),
    (r"warm\w*", "warmth", True),
    (r"cool\w*|cold\w*", "warmth", False),
    (r"colou?rful\w*|saturat\w*|vivid\w*", "colourfulness", True),
)
# Compared when nothing is asked about ("compare the left and right halves"): focus, noise and brightness.
_GENERAL = ("blur", "noise", "overexposure")


def asked(text: str, plan: IQAPlan) -> list[tuple[str, bool | None]]:
    """What a comparison of two parts compares: [(property, whether the first is asked to be higher)]; the plan's
    distortions (direction unasked, None) when no comparative is said, else focus, noise and brightness."""
    t = text.lower()
    found = [(m.start(), key, high) for pattern, key, high in _ASKED if (m := re.search(rf"\b(?:{pattern})", t))]
    if found:
        at, key, high = min(found)
        return [(key, high != bool(re.search(r"\b(?:less|fewer)\s+$", t[:at])))]  # "less noisy" asks the lower
    return [(d, None) for d in plan.distortion_names() or _GENERAL if d != "underexposure"]


def measure(image, box, figures=quality.measure) -> dict[str, float]:
    """The figures of one part of a PIL image (`box`: fractions of its sides; several boxes, `iqa_regions.several`;
    None: the frame around the centre), taken by `figures` (an image's figures)."""
    if box is not None and not iqa_regions.several(box):
        return figures(_cut(image, box))
    # the frame is four strips (top, bottom, and the middle band's left and right quarters), not one rectangle, and
    # the corners four boxes: each is measured and its figures weighed by its area
    strips = iqa_regions.FRAME if box is None else box
    measured = [(figures(_cut(image, s)), (s[2] - s[0]) * (s[3] - s[1])) for s in strips]
    total = sum(area for _f, area in measured)
    return {k: sum(f[k] * area for f, area in measured) / total for k in measured[0][0]}


def _cut(image, box):
    """The crop of a PIL image at `box` (fractions of its sides), at least one pixel of a tiny picture."""
    x0, y0, x1, y1 = box
    w, h = image.size
    left, top = min(int(w * x0), w - 1), min(int(h * y0), h - 1)
    return image.crop((left, top, max(left + 1, int(w * x1)), max(top + 1, int(h * y1))))


def said(parts, figures: list[dict[str, float]], asks, *, mode: str = "polar") -> str:
    """The comparison of two measured parts, each figure cited, the question's comparative answered.

    `mode`: "polar" answers yes or no to the comparative asked, "equal" to whether the two are alike ("are the left
    and right equally sharp?"), "differ" to whether they differ, "which" names the one that is ("which half is
    sharper?").
    """
    (first, _b1), (second, _b2) = parts
    out = []
    for key, high in asks:
        figure, fmt, same, higher, lower, alike = iqa_answer.change_row(key)
        a, b = figures[0][figure], figures[1][figure]
        name, shown = fmt.rsplit(" ", 1)[0], [fmt.format(v).rsplit(" ", 1)[-1] for v in (a, b)]
        cited = f"{name[0].upper()}{name[1:]}: the {first} {shown[0]}, the {second} {shown[1]}"
        word = alike if abs(a - b) < same else higher if a > b else lower
        verdict = f"the {first} {_be(first)} {word} {'as' if word == alike else 'than'} the {second}"
        if mode in ("equal", "differ"):
            verdict = f"{'yes' if (word == alike) == (mode == 'equal') else 'no'}, {verdict}"
        elif mode == "polar" and high is not None:
            verdict = f"{'yes' if word == (higher if high else lower) else 'no'}, {verdict}"
        elif high is not None and word != alike and (a > b) != high:  # "which is brighter?": the one that is, first
            verdict = f"the {second} {_be(second)} {higher if high else lower} than the {first}"
        fault = "underexposure" if key == "overexposure" and high is False else key  # "darker": too dark?
        out.append(f"{cited} — so {verdict}.{_thresholds(fault, parts, figures)}")
    return " ".join(out)


def _mode(text: str, polar: bool) -> str:
    """How a comparison of two parts is answered (`said`'s mode), from the question's words."""
    t = text.lower()
    if re.search(r"\b(?:equally|the same|as \w+ as|evenly|similar(?:ly)?)\b", t):
        return "equal"
    if re.search(r"\bdiffer\w*", t):
        return "differ"
    return "which" if re.match(rf"\W*{WHICH}\b", t) or not polar else "polar"


def _thresholds(key: str, parts, figures: list[dict[str, float]]) -> str:
    """Which of the two parts a fault's threshold calls faulty (" By the thresholds neither is noisy."), or ""."""
    if key not in quality.DISTORTIONS:
        return ""
    faulty = [p[0] for p, f in zip(parts, figures, strict=True) if quality.verdicts(f, [key])[key] == "yes"]
    word = iqa_answer.fault_word(key)
    if not faulty:
        return f" By the thresholds neither is {word}."
    return (
        f" By the thresholds both are {word}."
        if len(faulty) == 2
        else f" By the thresholds only the {faulty[0]} {_be(faulty[0])} {word}."
    )


def _measured(parts, of: str) -> str:
    """What was measured for each part: a part of the picture as named, a subject as the centre (it cannot be
    located offline), the edges and a background as the frame around the centre."""
    labels = [label for label, _box in parts]
    if not set(labels) & _STAND_INS:
        said = f"I measured the {labels[0]} and the {labels[1]} of {of}, the parts you named."
    else:
        said = f"I can't locate the {' or the '.join(labels)} in {of} here, so I measured stand-ins for them."
    for label, box in parts:
        if box is None:  # the frame has no box: say what it is
            said += f" The {label} {_be(label)} the picture's outer quarter, around its centre."
        elif label in _STAND_INS:
            said += f" The {label} is the centre of the picture, where a subject usually is."
    return said


def _be(label: str) -> str:
    """The verb a part takes ("the edges are", "the centre is")."""
    return "are" if label.endswith("s") else "is"


_STAND_INS = frozenset("subject foreground face person model background".split())


def assess(plan: IQAPlan, image, parts, text: str, *, polar: bool = True, of: str = "the picture") -> dict:
    """{text, notes, quality} for a question comparing two parts of the picture: each measured, both cited (`of`
    says whose parts: "variation 3")."""
    figures = [measure(image, box) for _label, box in parts]
    notes = [_measured(parts, of)]
    asks = asked(text, plan)
    answer = said(parts, figures, asks, mode=_mode(text, polar))
    names = [k for k, _high in asks if k in quality.DISTORTIONS]
    verdicts = quality.verdicts(figures[0], names or list(_GENERAL))
    return {
        "text": " ".join([*notes, answer]),
        "notes": notes + [answer],  # a model writing the answer is given the comparison too
        "quality": {
            "plan": plan.as_seed(),
            "figures": iqa_answer.figures_to_show(plan, figures[0], verdicts),
            "verdicts": verdicts,
            "measured": f"the {parts[0][0]} against the {parts[1][0]}",
            "parts": {label: f for (label, _box), f in zip(parts, figures, strict=True)},
        },
    }
