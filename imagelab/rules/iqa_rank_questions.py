"""A yes or no asked of the variations being ranked: "is 3 sharper than 4?" (the first named against the second),
"is the ssim above 0.9 for all five?" (each variation against the number). Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.rules import iqa_thresholds
from imagelab.rules.iqa_variations import variation_numbers

# A question that wants a yes or no opens with its verb ("is 3 sharper than 4?", "so are all of them ...").
_POLAR = re.compile(
    r"^\W*(?:(?:so|and|but|ok|okay|hey|hmm+|quick one)\W+)*(?:is|are|was|were|does|do|did|has|have|iz|r)\b"
)
# A comparative, by its figure, whether a higher figure makes it true, and the least difference that is seen.
_COMPARATIVES = (
    # a letter or two dropped or doubled as typed fast: "sharpr", "blurryer", "grainer", "noiser"
    (r"sharpe?r|crisper|clearer|more in focus", "blur_effect", False, 0.02, "sharper"),
    (r"softer|blurr?(?:i|y)?er|fuzzier|less sharp", "blur_effect", True, 0.02, "softer"),
    (r"noisi?er|graini?er", "noise_sigma", True, 0.3, "noisier"),
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


# A comparison with each variation's source: "are any of them blurrier than the original?"
_SOURCE = re.compile(
    r"\bth[ae]n (?:the |my |its |their |th )?(?:original|orig|origianl|orignal|og|source|upload|before)\b"
)


def answered(question: str, per: dict[int, dict[str, float]], text: str, before: dict | None = None) -> str:
    """A ranking's answer led by the yes or no its question asks, when it asks one (`before`: each source's
    figures, for "than the original")."""
    lead = _against_number(question, per) or _against_source(question, per, before or {}) or _pair(question, per)
    return f"{lead} {text}" if lead else text


def against_source(question: str) -> bool:
    """Whether a question sets the variations against their source ("are all five sharper than the original?", "did
    the edit add noise?")."""
    t = question.lower()
    return bool(_SOURCE.search(t) or _did(t) or (_MADE.search(t) and _comparative(t)))


# What the edit made of it, asked by a comparative: "did the edit make it softer?", "has it made things darker?"
_MADE = re.compile(r"\b(?:make|made|makes|leave|left|turn|turned|render\w*) (?:it|them|things|everything|the photo)\b")


# What an edit did to a fault, asked of it: "did the edit add noise?" (its figure up), "did it remove the grain?"
_ADDS = re.compile(r"\b(?:add|adds|added|introduc\w*|caus\w*|creat\w*|brought in|bring in|increas\w*)\b")
_REMOVES = re.compile(r"\b(?:remov\w*|reduc\w*|fix\w*|clean\w* up|get rid|got rid|lower\w*|eliminat\w*)\b")
_FAULT_FIGURES = (
    (r"nois\w*|grain\w*|speckl\w*", "noise_sigma", 0.3, "noise"),
    (r"blur\w*|softness", "blur_effect", 0.02, "blur"),
    (r"blocks?|blocking|blockiness|artefacts?|artifacts?|compression|banding", "blockiness", 0.03, "blocking"),
    (r"(?:colou?r )?cast|tint", "colour_cast", 1.5, "cast"),
)


def _did(t: str) -> tuple | None:
    """A row of `_COMPARATIVES` for "did the edit add noise?" (one fault, added or removed), or None."""
    faults = [row for row in _FAULT_FIGURES if re.search(rf"\b(?:{row[0]})\b", t)]
    adds, removes = _ADDS.search(t), _REMOVES.search(t)
    if len(faults) != 1 or bool(adds) == bool(removes):
        return None
    _pattern, figure, same, name = faults[0]
    return "", figure, bool(adds), same, f"{'more' if adds else 'less'} {name}"


def _comparative(t: str):
    """The first comparative a question says, as its row of `_COMPARATIVES`, or None."""
    return next((row for row in _COMPARATIVES if re.search(rf"\b(?:{row[0]})\b", t)), None)


def _against_source(question: str, per: dict[int, dict[str, float]], before: dict[int, dict[str, float]]) -> str:
    """Yes or no for each variation against its own source ("are any of them blurrier than the original?")."""
    t = question.lower()
    row = _comparative(t) or _did(t)
    if not (row and against_source(t)) or not all(n in before and row[1] in before[n] for n in per):
        return ""
    _pattern, figure, higher, same, word = row
    label, fmt = _FIGURE_NAMES[figure]
    each = ", ".join(f"#{n} {fmt.format(per[n][figure])} vs {fmt.format(before[n][figure])}" for n in sorted(per))
    if not _POLAR.search(t):  # "how much noise did the edit add?": each against its source, no yes or no
        return f"{label[0].upper()}{label[1:]}, each against its source: {each}." if _did(t) else ""
    said = {n: (per[n][figure] - before[n][figure]) * (1 if higher else -1) >= same for n in sorted(per)}
    yes, no = [n for n, h in said.items() if h], [n for n, h in said.items() if not h]
    return f"{_summary(yes, no)} ({label}, each against its source: {each}.)"


# How a figure compared with the source is named and written.
_FIGURE_NAMES = {
    "blur_effect": ("blur effect, higher is softer", "{:.2f}"),
    "noise_sigma": ("noise σ", "{:.1f}"),
    "colour_cast": ("colour cast", "{:.1f}"),
    "mean_luminance": ("mean brightness", "{:.0f}"),
    "cast_b": ("yellow–blue b*", "{:.1f}"),
    "blockiness": ("blockiness", "{:.2f}"),
    "contrast_spread": ("tonal range", "{:.0f}"),
    "colourfulness": ("colourfulness", "{:.1f}"),
}


def _pair(question: str, per: dict[int, dict[str, float]]) -> str:
    """Yes or no for the first variation named against the second ("is 3 sharper than 4?"), or ""."""
    t = re.sub(r"\bthen\b", "than", question.lower())  # "is 3 sharper then 4": typed for "than"
    named = [n for n in variation_numbers(question) if n in per]
    row = _comparative(t)
    # "is 3 sharper than 4?" sets one against the other; "is it sharper in 2 or 4?" asks which
    if len(named) != 2 or not _POLAR.search(t) or " than " not in t or not row:
        return ""
    _pattern, figure, higher, same, word = row
    if not all(figure in per[n] for n in named):
        return ""
    first, second = named
    diff = per[first][figure] - per[second][figure]
    if abs(diff) < same:
        return f"No, not noticeably: variation {first} is about as {_base(word)} as variation {second}."
    yes = (diff > 0) == higher
    said = word if yes else f"not {word}"
    return f"{'Yes' if yes else 'No'}: variation {first} is {said} than variation {second}."


def _base(word: str) -> str:
    """The plain adjective of a comparative ("sharper" -> sharp) for "about as sharp as"."""
    for comparative, base in (("noisier", "noisy"), ("blockier", "blocky"), ("more ", ""), ("less ", "")):
        if word.startswith(comparative):
            return base + word[len(comparative) :]
    return re.sub(r"(?:er)$", "", word)


def _against_number(question: str, per: dict[int, dict[str, float]]) -> str:
    """Each variation's figure against a number ("is the ssim above 0.9 for all five?"), variation's with its yes or no."""
    threshold = iqa_thresholds.asked(question)
    if threshold is None:
        return ""
    said = {n: iqa_thresholds.holds(threshold, per[n]) for n in sorted(per)}
    if None in said.values():  # the figure isn't measured (no original): the template says so once
        return iqa_thresholds.said(threshold, per[min(per)])
    yes, no = [n for n, h in said.items() if h], [n for n, h in said.items() if not h]
    each = " ".join(f"#{n}: {iqa_thresholds.said(threshold, per[n])}" for n in sorted(per))
    return f"{_summary(yes, no)} {each}"


def _summary(yes: list[int], no: list[int]) -> str:
    """The yes or no over the variations ("Yes, all 5.", "Yes for #1 and #3; no for #2.")."""
    if not no:
        return f"Yes, all {len(yes)}."
    if not yes:
        return f"No, none of the {len(no)}."
    return f"Yes for {_listed(yes)}; no for {_listed(no)}."


def _listed(numbers: list[int]) -> str:
    """Variation numbers as said ("2, 3 and 5")."""
    names = [f"#{n}" for n in numbers]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def answered_against_source(question: str, figures: dict, before: dict, text: str, faults=()) -> str:
    """One image's answer led by the yes or no to "is #2 sharper than the original?" (`before`: the source's;
    `faults`: the plan's, which "is the noise worse than the original?" is said of)."""
    t = question.lower()
    row = _comparative(t) or _worse_or_better(t, faults) or _did(t)
    if not (row and against_source(t) and _POLAR.search(t)) or row[1] not in figures or row[1] not in before:
        return text
    _pattern, figure, higher, same, _word = row
    diff = (figures[figure] - before[figure]) * (1 if higher else -1)
    lead = "Yes." if diff >= same else "No, about the same." if abs(diff) < same else "No."
    return f"{lead} {text}"


# A fault's figure and the least difference seen, when "worse" or "better" is said of it: a higher figure is worse.
_WORSE = {
    "blur": ("blur_effect", 0.02),
    "noise": ("noise_sigma", 0.3),
    "jpeg": ("blockiness", 0.03),
    "colour_cast": ("colour_cast", 1.5),
}


def _worse_or_better(t: str, faults) -> tuple | None:
    """A row of `_COMPARATIVES` for "is the noise worse than the original?" (one fault asked), or None."""
    said = re.search(r"\b(worse|better)\b", t)
    named = [f for f in faults if f in _WORSE]
    if not said or len(named) != 1:
        return None
    figure, same = _WORSE[named[0]]
    return "", figure, said.group(1) == "worse", same, said.group(1)
