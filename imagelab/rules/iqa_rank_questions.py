"""A yes or no asked of the variations being ranked: "is 3 sharper than 4?" (the first named against the second),
"is the ssim above 0.9 for all five?" (each variation against the number). Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.rules import iqa_thresholds
from imagelab.rules.iqa_variations import variation_numbers

# A question that wants a yes or no opens with its verb ("is 3 sharper than 4?", "so are all of them ...").
_POLAR = re.compile(r"^\W*(?:(?:so|and|but|ok|okay|hey|hmm+|quick one)\W+)*(?:is|are|was|were|does|do|did|iz|r)\b")
# A comparative, by its figure, whether a higher figure makes it true, and the least difference that is seen.
_COMPARATIVES = (
    (r"sharper|crisper|clearer|more in focus", "blur_effect", False, 0.02, "sharper"),
    (r"softer|blurr?ier|fuzzier|less sharp", "blur_effect", True, 0.02, "softer"),
    (r"noisier|grainier", "noise_sigma", True, 0.3, "noisier"),
    (r"cleaner|less noisy|less grainy", "noise_sigma", False, 0.3, "cleaner"),
    (r"brighter|lighter", "mean_luminance", True, 3, "brighter"),
    (r"darker|dimmer", "mean_luminance", False, 3, "darker"),
    (r"warmer", "cast_b", True, 1.5, "warmer"),
    (r"cooler|colder", "cast_b", False, 1.5, "cooler"),
    (r"blockier", "blockiness", True, 0.03, "blockier"),
    (r"flatter", "contrast_spread", False, 5, "flatter"),
    (r"punchier|more contrast(?:y|ed)?", "contrast_spread", True, 5, "more contrasted"),
    (r"more colou?rful|more saturated|more vibrant", "colourfulness", True, 3, "more colourful"),
    (r"less colou?rful|less saturated|duller", "colourfulness", False, 3, "less colourful"),
)


def answered(question: str, per: dict[int, dict[str, float]], text: str) -> str:
    """A ranking's answer led by the yes or no its question asks, when it asks one."""
    lead = _against_number(question, per) or _pair(question, per)
    return f"{lead} {text}" if lead else text


def _pair(question: str, per: dict[int, dict[str, float]]) -> str:
    """ "Is 3 sharper than 4?": yes or no for the first variation named against the second, or ""."""
    t = question.lower()
    named = [n for n in variation_numbers(question) if n in per]
    if len(named) != 2 or not _POLAR.search(t):
        return ""
    for pattern, figure, higher, same, word in _COMPARATIVES:
        if re.search(rf"\b(?:{pattern})\b", t) and all(figure in per[n] for n in named):
            first, second = named
            diff = per[first][figure] - per[second][figure]
            if abs(diff) < same:
                return f"No, not noticeably: variation {first} is about as {_base(word)} as variation {second}."
            yes = (diff > 0) == higher
            said = word if yes else f"not {word}"
            return f"{'Yes' if yes else 'No'}: variation {first} is {said} than variation {second}."
    return ""


def _base(word: str) -> str:
    """The plain adjective of a comparative ("sharper" -> sharp) for "about as sharp as"."""
    for comparative, base in (("noisier", "noisy"), ("blockier", "blocky"), ("more ", ""), ("less ", "")):
        if word.startswith(comparative):
            return base + word[len(comparative) :]
    return re.sub(r"(?:er)$", "", word)


def _against_number(question: str, per: dict[int, dict[str, float]]) -> str:
    """ "Is the ssim above 0.9 for all five?": each variation's figure against the number, with its yes or no."""
    threshold = iqa_thresholds.asked(question)
    if threshold is None:
        return ""
    said = {n: iqa_thresholds.holds(threshold, per[n]) for n in sorted(per)}
    if None in said.values():  # the figure isn't measured (no original): the template says so once
        return iqa_thresholds.said(threshold, per[min(per)])
    yes, no = [n for n, h in said.items() if h], [n for n, h in said.items() if not h]
    summary = (
        f"Yes, all {len(per)}."
        if not no
        else f"No, none of the {len(per)}."
        if not yes
        else f"Yes for {_listed(yes)}; no for {_listed(no)}."
    )
    each = " ".join(f"#{n}: {iqa_thresholds.said(threshold, per[n])}" for n in sorted(per))
    return f"{summary} {each}"


def _listed(numbers: list[int]) -> str:
    """Variation numbers as said ("2, 3 and 5")."""
    names = [f"#{n}" for n in numbers]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"
