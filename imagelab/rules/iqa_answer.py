"""The templated answer to a quality question: each verdict with the figure that decided it, and the comparison.

Written offline from the measured figures (`imagelab.core.quality`); a model writes its own. Pure: no Django.
"""

from __future__ import annotations

from imagelab.core import quality
from imagelab.core.iqa import IQAPlan

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


def sentence(
    distortion: str, verdict: str, figures: dict[str, float], *, polar: bool = True, good: bool = False
) -> str:
    """One clause: the figure, then the verdict ("blur effect 0.72 (blurry from 0.50), so yes: soft").

    `polar` (a yes/no question) says yes or no; "how noisy is it?" is answered without them. `good`: asked by its
    good word ("is it sharp?"), so a soft photo's answer is no.
    """
    figure, fmt, yes, no, unsure = _SAY[distortion]
    if distortion == "blur" and quality.flat(figures):  # a blank frame: nothing to be sharp or soft
        return (
            f"The picture is one flat tone (tonal range {figures['contrast_spread']:.0f} of 255), with no edges to be "
            "sharp or soft, so its blur cannot be judged"
        )
    said = fmt.format(v=figures[figure], m=figures["mean_luminance"])
    if distortion == "underexposure" and figures[figure] >= quality.THRESHOLDS[distortion][figure][1]:
        said = said.replace(" only reach", " reach")  # "only" says dark: never of a bright end like 248
    answers = ("no", "yes") if good else ("yes", "no")
    if polar:
        word = {
            "yes": f"so {answers[0]}, it is {yes}",
            "no": f"so {answers[1]}, it is {no}",
            "unsure": f"so it is {unsure}",
        }[verdict]
    else:
        word = f"so it is {dict(yes=yes, no=no, unsure=unsure)[verdict]}"
    return f"{said[0].upper()}{said[1:]} — {word}"


def answer(
    plan: IQAPlan,
    figures: dict[str, float],
    verdicts: dict[str, str],
    notes: list[str],
    *,
    against: str = "",
    before: dict[str, float] | None = None,
    polar: bool = True,
    good: frozenset[str] = frozenset(),
) -> str:
    """The templated answer: what was measured, each verdict with its deciding figure, and the comparison.

    `before` is the reference's own figures: each verdict's figure is then compared with it ("softer than the
    original"). A comparison asked without a fault named leads with the comparison. `good`: the faults asked after
    by their good word ("is it sharp?"), whose yes and no are the other way round.
    """
    parts = [sentence(d, v, figures, polar=polar, good=d in good) + "." for d, v in verdicts.items()]
    if plan.distortion_source == "Inferred":
        found = [d for d, v in verdicts.items() if v == "yes"]
        parts.append(
            "Problems found: " + ", ".join(d.replace("_", " ") for d in found) + "."
            if found
            else "I found no quality problems in the figures."
        )
    against = against or "the original"
    change = (
        f"Against {against}: SSIM {figures['ssim']:.3f}, PSNR {figures['psnr']:.1f} dB, "
        f"mean colour difference ΔE {figures['delta_e']:.1f} — " + _change_words(figures) + "."
        if "ssim" in figures
        else ""
    )
    if plan.distortion_source == "Inferred" and change:
        # a comparison asked for itself: the comparison first, then only what was found (the table has the rest);
        # a metric named ("what's the SSIM?") wants that figure, not every other one beside it
        named = plan.required_tool in ("SSIM", "PSNR", "DeltaE2000") and not plan.plan.tool_selection
        ordered = [change, "" if named else _compared(verdicts, figures, before or {}, "it"), parts[-1]]
    elif plan.distortion_source == "Inferred":
        ordered = [_compared(verdicts, figures, before or {}, against), *parts]
    elif compared := _compared(verdicts, figures, before or {}, against):
        # "is number 2 noisier than the original?" asks the comparison: it leads, and each verdict follows without the
        # yes or no that would answer "is it noisy?" instead
        ordered = [compared, *(sentence(d, v, figures, polar=False) + "." for d, v in verdicts.items()), change]
    else:
        ordered = [*parts, change]
    ordered = [p for p in ordered if p]
    return " ".join(list(notes) + ordered)


# Per distortion, how it is compared with the reference: (figure, how it is named and written, how close is the
# same, the words when this image's figure is higher / lower / about the same).
_CHANGE = {
    "blur": ("blur_effect", "blur effect {:.2f}", 0.02, "softer", "sharper", "about as sharp"),
    "noise": ("noise_sigma", "noise σ {:.1f}", 0.3, "noisier", "cleaner", "about as noisy"),
    "overexposure": ("mean_luminance", "mean brightness {:.0f}", 3, "brighter", "darker", "about as bright"),
    "underexposure": ("mean_luminance", "mean brightness {:.0f}", 3, "brighter", "darker", "about as bright"),
    "jpeg": ("blockiness", "blockiness {:.2f}", 0.03, "blockier", "less blocky", "about as blocky"),
    "low_contrast": ("contrast_spread", "tonal range {:.0f}", 5, "more contrasted", "flatter", "about as contrasted"),
    "colour_cast": ("colour_cast", "colour cast {:.1f}", 1.5, "more tinted", "more neutral", "about as tinted"),
}
# Figures a ranking can order by that no fault's verdict reads ("which one is warmest?", "the most colourful?"):
# warmth is the cast's yellow (+) / blue (−) axis, Lab b*; tint its magenta (+) / green (−) axis, Lab a*;
# colourfulness is Hasler–Süsstrunk's.
_ORDERS = {
    "warmth": ("cast_b", "yellow–blue b* {:.1f}", 1.5, "warmer", "cooler", "about as warm"),
    "tint": ("cast_a", "green–magenta a* {:.1f}", 1.5, "more magenta", "greener", "about as green"),
    "colourfulness": (
        "colourfulness",
        "colourfulness {:.1f}",
        3,
        "more colourful",
        "less colourful",
        "about as colourful",
    ),
}


def _compared(verdicts: dict, figures: dict[str, float], before: dict[str, float], against: str) -> str:
    """Each verdict's figure said against the reference's ("Next to the original, this is softer (…)"), or ""."""
    said, seen = [], set()
    for distortion in verdicts:
        figure, fmt, same, higher, lower, alike = _CHANGE[distortion]
        if figure in seen or figure not in before or figure not in figures:
            continue
        seen.add(figure)
        now, was = figures[figure], before[figure]
        word = alike if abs(now - was) < same else higher if now > was else lower
        said.append(f"{word} ({fmt.format(now)} against {fmt.format(was).rsplit(' ', 1)[-1]})")
    if not said:
        return ""
    listed = ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0]
    return f"Next to {against}, this is {listed}."


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


# Per distortion, what the lowest and the highest figure of _CHANGE's make a variation.
_RANKED = {
    "blur": ("the sharpest", "the softest"),
    "noise": ("the cleanest", "the noisiest"),
    "overexposure": ("the darkest", "the brightest"),
    "underexposure": ("the darkest", "the brightest"),
    "jpeg": ("the least blocky", "the blockiest"),
    "low_contrast": ("the flattest", "the most contrasted"),
    "colour_cast": ("the most neutral", "the most tinted"),
    "warmth": ("the coolest", "the warmest"),
    "tint": ("the greenest", "the most magenta"),
    "colourfulness": ("the least colourful", "the most colourful"),
}
# The fault whose thresholds a ranking by another figure is still checked against (warmth: the colour cast).
_FAULT_OF = {"warmth": "colour_cast", "tint": "colour_cast"}
# A comparison's figures: (how it is written, whether higher is closer to the source).
_CLOSENESS = {"ssim": ("SSIM {:.3f}", True), "psnr": ("PSNR {:.1f} dB", True), "delta_e": ("ΔE {:.1f}", False)}


def ranking(plan: IQAPlan, per: dict[int, dict[str, float]], by: list[str] | tuple = ()) -> tuple[str, int]:
    """(the answer to "which one is sharpest?" from each variation's figures, the variation it points to).

    `by` is what the question ranks by (`iqa.ranked_by`): "warmth", "tint" and "colourfulness" order by figures no
    fault names, an axis of the cast (b*, a*) in place of its distance ("warmest" is not "most tinted").
    """
    names = _orders(plan.distortion_names(), by)
    if not names and all("ssim" in f for f in per.values()):
        return _closest(plan, per)
    if not names:
        return _fewest_problems(per)
    said, best, seen = [], None, set()
    for distortion in names:
        figure = (_CHANGE.get(distortion) or _ORDERS[distortion])[0]
        if figure in seen:
            continue
        seen.add(figure)
        order = sorted(per, key=lambda n: per[n][figure])
        said.append(_ordered(distortion, per, order))
        best = best or (order[-1] if distortion in _HIGH_FIRST or distortion == "low_contrast" else order[0])
        if distortion in quality.DISTORTIONS or distortion in _FAULT_OF:
            said.append(_over_threshold(_FAULT_OF.get(distortion, distortion), per))
    return " ".join(said), best


# Asked the way its figure grows ("which one is brightest?", "warmest", "most colourful"): the high end said first.
_HIGH_FIRST = ("overexposure", "warmth", "colourfulness")


def _ordered(distortion: str, per: dict[int, dict[str, float]], order: list[int]) -> str:
    """One ranking sentence: the ends by one figure ("Variation 2 is the sharpest and …"), each variation's value."""
    figure, fmt, same, higher, lower, alike = _CHANGE.get(distortion) or _ORDERS[distortion]
    shown = {n: fmt.format(per[n][figure]).rsplit(" ", 1)[-1] for n in per}  # as written in the answer
    values = "; ".join(f"#{n} {shown[n]}" for n in sorted(per))
    name = fmt.rsplit(" ", 1)[0]
    if per[order[-1]][figure] - per[order[0]][figure] < same:
        return f"The variations are {alike} as each other ({name}: {values})."
    if len(order) == 2:  # two compared: the comparative ("Variation 4 is darker than variation 2")
        first, second, word = (order[1], order[0], higher) if distortion in _HIGH_FIRST else (*order, lower)
        return f"Variation {first} is {word} than variation {second} ({name}: {values})."
    # variations tied as written are named together ("Variations 2 and 3 are the cleanest")
    ends = [
        (_variations([n for n in order if shown[n] == shown[order[0]]]), _RANKED[distortion][0]),
        (_variations([n for n in order if shown[n] == shown[order[-1]]]), _RANKED[distortion][1]),
    ]
    (first, said_first), (second, said_second) = ends[::-1] if distortion in _HIGH_FIRST else ends
    verb = "are" if first.startswith("Variations") else "is"
    return f"{first} {verb} {said_first} and {second.lower()} {said_second} ({name}: {values})."


def ordered_by(by, figures: dict[str, float]) -> dict[str, float]:
    """The figures a ranking ordered by that no fault's verdict shows ("warmest": cast_b), of one variation."""
    keys = {_ORDERS[k][0] for k in by if k in _ORDERS}
    return {k: v for k, v in figures.items() if k in keys}


def _orders(names: list[str], by) -> list[str]:
    """What a ranking orders by: the plan's faults, an axis of the cast in place of its distance, colourfulness."""
    axes = [k for k in by if k in _FAULT_OF]
    if axes and "colour_cast" not in by:  # "warmest" is not "most tinted"
        names = [axes[0] if n == "colour_cast" else n for n in names]
    return list(dict.fromkeys([*names, *(k for k in by if k in _ORDERS)]))


def _variations(numbers: list[int]) -> str:
    """ "Variation 3" or "Variations 2 and 3", in order."""
    ordered = sorted(numbers)
    if len(ordered) == 1:
        return f"Variation {ordered[0]}"
    return "Variations " + ", ".join(map(str, ordered[:-1])) + f" and {ordered[-1]}"


def _over_threshold(distortion: str, per: dict[int, dict[str, float]]) -> str:
    """Which variations the distortion's thresholds call faulty ("By the thresholds #5 is soft.")."""
    faulty = [n for n in sorted(per) if quality.verdicts(per[n], [distortion])[distortion] == "yes"]
    yes = _SAY[distortion][2]
    if not faulty:
        return f"By the thresholds none is {yes}."
    listed = ", ".join(f"#{n}" for n in faulty[:-1]) + f" and #{faulty[-1]}" if len(faulty) > 1 else f"#{faulty[0]}"
    return f"By the thresholds {listed} {'are' if len(faulty) > 1 else 'is'} {yes}."


def _closest(plan: IQAPlan, per: dict[int, dict[str, float]]) -> tuple[str, int]:
    key = {"DeltaE2000": "delta_e", "PSNR": "psnr"}.get(plan.required_tool or "", "ssim")
    fmt, higher_closer = _CLOSENESS[key]
    order = sorted(per, key=lambda n: per[n][key], reverse=higher_closer)
    values = "; ".join(f"#{n} {fmt.format(per[n][key]).split(' ')[1]}" for n in sorted(per))
    name = fmt.split(" ")[0]
    text = (
        f"Variation {order[0]} is the closest to its source and variation {order[-1]} the furthest from it "
        f"({name}: {values})."
    )
    return text, order[0]


def _fewest_problems(per: dict[int, dict[str, float]]) -> tuple[str, int]:
    found = {
        n: [d for d, v in quality.verdicts(f, list(quality.DISTORTIONS)).items() if v == "yes"] for n, f in per.items()
    }
    best = min(per, key=lambda n: (len(found[n]), per[n]["blur_effect"]))
    listed = "; ".join(f"#{n} {', '.join(d.replace('_', ' ') for d in found[n]) or 'none'}" for n in sorted(per))
    text = (
        f"Problems found by variation: {listed}. Variation {best} looks best by the figures "
        f"(blur effect {per[best]['blur_effect']:.2f})."
    )
    return text, best


def change_row(key: str) -> tuple:
    """How a property is compared (`_CHANGE`'s or `_ORDERS`' row: figure, format, same, higher, lower, alike)."""
    return _CHANGE.get(key) or _ORDERS[key]


def fault_word(distortion: str) -> str:
    """What a distortion's verdict calls a faulty image ("noisy", "soft")."""
    return _SAY[distortion][2]
