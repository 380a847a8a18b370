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
from imagelab.rules.wishes import nearest

_HUES = r"(?:blue|yellow|green|orange|magenta|red|purple|pink|cyan)"
_HEDGE = r"(?:a bit|a little|slightly|kinda|kind of|sort of|rather|quite|very|really|too|so|way|all)"
_HUE_STATE = rf"(?:look|looks|looking|seem|seems|is|are)(?: {_HEDGE})* {_HUES}"
# Distortion words and synonyms -> our distortion names (matched on the text with inflections folded, see _fold).
# Each match is masked before the next pattern looks, so "over exposed" never also reads as bare "exposed".
WORDS = [
    (
        r"blurr?y|blurred|blur|soft|out of focus|unfocused|not sharp|in focus|sharp|focus|fuzzy|smeared|smudgy|"
        r"smudged|crisp|crispy|shaky|camera shake|shake|jittery",
        "blur",
    ),
    (r"noisy|noise|grainy|grain|speckled|speckles|speckle|specks|speckly", "noise"),
    (
        r"over[- ]?exposed|overexposure|blown out|blown highlights|blown|too bright|burnt out|burned out|"
        r"clipped highlights|clipping|washed[- ]out highlights|burnt|burned|"
        # the exposure said to be high: "is the exposure too high?"
        r"(?:exposure|brightness)(?: (?:is|looks|seems|a bit|way|far|much|slightly))* too high|"
        # "the highlights are washed out" is blown highlights; washed out on its own is flat (below)
        r"(?:highlights|whites)(?: \w+){0,3} washed[- ]out",
        "overexposure",
    ),
    (
        r"under[- ]?exposed|underexposure|too dark|dark|dim|murky|crushed|crushed shadows|blocked up|"
        r"(?:exposure|brightness)(?: (?:is|looks|seems|a bit|way|far|much|slightly))* too low",
        "underexposure",
    ),
    (
        r"jpe?g|blocky|blocks|compression|compressed|artefacts|artifacts|pixelat\w*|pixelly|pixely|macroblocking",
        "jpeg",
    ),
    (r"washed out|low contrast|flat|dull|hazy|haze|foggy|muddy|lifeless|contrast", "low_contrast"),
    (
        r"colou?r cast|cast|tint|tinted|tinge|tinged|white balance|colou?r balance|"
        r"too (?:blue|yellow|green|orange|magenta|red|purple|pink|warm|cool)|"
        r"(?:blu|green|yellow|orang|magent|redd|purpl|pink)ish|"
        # a hue said to be how it looks is a cast: "faces look orange", "does the lake look a bit green"
        rf"{_HUE_STATE}|"
        r"colou?rs? (?:are |look |looks |seem |seems )?(?:a bit |slightly )?(?:off|wrong|weird|strange|unnatural)",
        "colour_cast",
    ),
    # Exposure in general: both ways, unless a word above already said which.
    (r"exposure|exposed|lighting", ("overexposure", "underexposure")),
]
_REFERENCE = (
    r"compar\w* (?:it |this |that )?(?:with|to|against)|than (?:the|its) (?:original|upload|first|source)|"
    r"(?:the|its) (?:original|upload|source)|before|unedited|changed?|differ\w*|similar|"
    # "did the edit make it noisier?" asks what the edit did: a comparison with its source
    r"(?:edit|editing|edits|changes) (?:make|made|makes|add|added|introduce\w*|cause\w*|leave|left)"
)
# Text is lower-cased, so "ΔE" arrives as "δe".
_METRICS = {
    "ssim|structural similarity": "SSIM",
    "psnr|peak signal[- ]to[- ]noise(?: ratio)?": "PSNR",
    "delta[- ]?e|[δΔ]e|de2000|ciede2000|colou?r difference": "DeltaE2000",
}
_QUALITY = (
    r"quality|good enough|look (?:ok|okay|good|fine|right)|how (?:good|bad) is|any (?:problems|issues|flaws)|"
    r"what'?s wrong|(?:problems|issues|flaws) with"
)
_COMPARE = r"how (?:much|different|close|similar|far)|differ|similar|changed|compar\w*|vs\.?|versus|against|than"
# A question: ends with "?" or opens like one (or asks for an assessment).
_ASKS = (
    # a "?" anywhere ("too dark? 🤔"), an inverted question after a greeting ("hiya quick one is the pic soft"),
    # "how good is" after a lead-in ("on a scale of 1 to 10 how good is this photo")
    r"\?|\b(?:is|are|does|do|did) (?:the|this|that|it|my|these|those|there)\b|\bhow \w+ (?:is|are|does|do|did)\b|"
    r"^(?:is|are|does|do|did|how|how'?s|why|was|were|has|have|what|whats|what's|which|any|tell me|check|"
    r"measure|rate|assess|evaluate|judge|review|analy[sz]e|score|compare|"
    r"(?:can|could|would) (?:you|u) (?:please )?(?:tell|check|measure|rate|assess|evaluate|judge|see|confirm|compare))\b"
)
# How-to and capability questions ask what to do, not what the photo is like ("how do I make it sharper?").
_HOW_TO = re.compile(
    r"\b(?:how|what) (?:do|can|could|should|would) (?:i|we|you|u) (?:do|make|fix|get|improve|use|reduce|remove|avoid|"
    r"prevent|edit|change|correct)\b|\bwhat (?:else )?can (?:you|u) do\b"
)
# A request to change the photo, however politely it opens ("could you make it less dark?").
_EDIT_VERBS = (
    r"make|fix|add|remove|reduce|increase|decrease|crop|rotate|straighten|sharpen|blur|brighten|darken|lighten|"
    r"boost|lower|raise|correct|adjust|denoise|enhance|clean|turn|give|apply|change|convert|warm|cool|desaturate|"
    r"saturate|tone|edit|try|recover|bring|lift|deepen|soften|clear|get rid"
)
_EDIT = re.compile(
    rf"^(?:(?:ok|okay|thanks|now|and|then|also|so|hey|hi)[,!.]?\s+)*"
    rf"(?:(?:can|could|would|will) you\s+|please\s+|pls\s+|i(?:'d| would) like you to\s+|i want you to\s+|let'?s\s+)*"
    rf"(?:please\s+)?(?:{_EDIT_VERBS})\b|\b(?:possible|able) to (?:{_EDIT_VERBS})\b"
    # a request after the question still asks for an edit: "the sky is blown out, can you recover it?"
    rf"|\b(?:can|could|would|will) (?:you|u)\s+(?:please\s+|pls\s+)?(?:{_EDIT_VERBS})\b"
    # an order opening a later clause: "it's too dark, brighten it", "its soft pls sharpen"
    rf"|(?:[,.;!?]|\b(?:so|pls|plz|please))\s+(?:(?:so|and|then|now|just|pls|please)\s+)*(?:{_EDIT_VERBS})\b"
)
# A statement of how the photo is asks to check it ("i think its blurry", "the whites are clipping"): a state
# verb right before a distortion word (masked to "|" by _scan), so "a vintage look with grain" is no statement.
_STATE = r"looks?|looking|seems?|appears?|is|are|was|were|its|it'?s|that'?s|have|has|got|came out|comes out"
_STATED = re.compile(rf"\b(?:{_STATE})(?:\s+(?:{_HEDGE}|much|too much|lots of|a lot of|some|such))*\s+\|")
# The viewer's own eyes or screen are never what the question is about ("or is it just my screen").
_VIEWER = re.compile(r"\b(?:or (?:is it |is that |it'?s |that'?s )?)?just (?:me|my \w+)\b")
# A bare subject opening a statement ("faces look orange"), when it is not a pronoun.
_SUBJECT = re.compile(r"^([a-z]+) (?:look|looks|seem|seems|is|are|appear|appears|have|has)\b")
# A statement with an order in it ("its blurry sharpen it") or praise ("dark and moody, love it") asks nothing.
_NOT_ASKING = re.compile(
    rf"\b(?:{_EDIT_VERBS}) (?:it|this|that|them|the|up)\b|\b(?:love|like|loving|perfect|great|gorgeous|awesome)\b"
)
_PRONOUNS = frozenset("it its this that everything something nothing all she he they we i you there which".split())
_DETERMINER = r"the|my|this|that|these|those|her|his|their|our|its|your"
# Words after a determiner that are the photo itself, a part of the question, or a variation: never the subject.
_NOT_OBJECTS = frozenset(
    "image photo photograph picture pic shot edit result version variation one number option column upload "
    "original source first second third fourth fifth last quality colours colors colour color exposure focus foto "
    "fotos img pics photos images pictures shots "
    "contrast lighting light noise tones tone shadows highlights whites blacks detail details sharpness overall "
    "whole rest thing it edges".split()
)
_STOP = frozenset(
    "look looks looking seem seems seemed appear appears is are was were in on at of a an too very quite so "
    "bit and or but than with to from as for enough there have has had got get gets show shows "
    "just really actually only me you i we they".split()
)


def _fold(text: str) -> str:
    """Lower case, inflections folded onto the base word ("noisier" -> noisy, "sharpness" -> sharp), typos forgiven."""
    t = text.strip().lower().replace("’", "'")
    t = re.sub(r"\b([a-z]{3,}?)i(?:er|est|ness)\b", r"\1y", t)  # noisier, blurriness, grainiest
    t = re.sub(r"\b([a-z]{3,}?)([bdglmnpt])\2(?:er|est)\b", r"\1\2", t)  # flatter, dimmer
    t = re.sub(r"\b(sharp|soft|dark|bright|dull|flat|dim|harsh)(?:ness|er|est)\b", r"\1", t)
    return _LONG_WORD.sub(lambda m: nearest(m.group(0), _VOCABULARY, _KNOWN, (85, 85)), t)


# Quality words a misspelling is matched against ("overexposd", "noisey", "pixelatd"), with rapidfuzz. Only
# words of six letters or more are tried: shorter ones have too many real neighbours ("nose" and "noise").
_VOCABULARY = (
    "blurry blurred unfocused focused sharp crisp noisy grainy speckles speckled overexposed underexposed "
    "overexposure underexposure exposure exposed pixelated compressed compression artifacts artefacts blocky "
    "contrast washed tinted balance quality original upload"
).split()
# Real words close to one of those that mean something else: edits ("sharpen"), weather ("rainy"), ...
_KNOWN = frozenset(_VOCABULARY) | frozenset(
    "sharpen sharpened brighten darken soften lighten denoise rainy brainy shaper contract originally noises "
    "blocks flurry focusing".split()
)
_LONG_WORD = re.compile(r"\b[a-z]{6,}\b")
# Tonal regions say where, not what is wrong: "grainy in the dark areas" is about noise, not exposure.
_REGIONS = r"\b(?:dark|darker|bright|brighter|light|shadow|highlight)s? (?:areas?|parts?|bits|regions?|tones?|spots?)\b"


def _scan(text: str) -> tuple[list[str], str]:
    """(distortion names in the text, the text with every matched phrase masked out)."""
    found: list[str] = []
    text = re.sub(_REGIONS, " | ", text)
    for pattern, names in WORDS:
        general = not isinstance(names, str)
        if general and set(names) & set(found):
            continue
        for name in names if general else (names,):
            if re.search(rf"\b(?:{pattern})\b", text) and name not in found:
                found.append(name)
        text = re.sub(rf"\b(?:{pattern})\b", " | ", text)
    return found, text


def _strip_metrics(text: str) -> str:
    """The text with metric names masked: "peak signal to noise" names a metric, not noise."""
    for metric in _METRICS:
        text = re.sub(rf"\b(?:{metric})", " | ", text)
    return text


def _names(text: str) -> list[str]:
    return _scan(_strip_metrics(_fold(text)))[0]


def _objects(text: str) -> list[str]:
    """The thing a question is about ("is the bride's dress blown out?" -> dress): the head noun of the first
    determiner phrase that is not the photo, a variation or a quality word."""
    _found, masked = _scan(_strip_metrics(_fold(text)))
    masked = _VIEWER.sub(" | ", masked)
    for m in re.finditer(rf"\b(?:{_DETERMINER})\s+((?:[a-z]+(?:'s|s')\s+)?[a-z]+(?:\s[a-z]+)?)", masked):
        words = re.sub(r"^[a-z]+(?:'s|s')\s+", "", m.group(1)).split()  # "the bride's dress": the dress
        phrase = []
        for word in words:
            if word in _STOP:
                break
            phrase.append(word)
        if phrase and phrase[-1] not in _NOT_OBJECTS and phrase[0] not in _NOT_OBJECTS:
            return [phrase[-1]]
    bare = _SUBJECT.match(_fold(text))
    if bare and bare.group(1) not in _PRONOUNS | _NOT_OBJECTS | _STOP:
        return [bare.group(1)]
    return []


# An edit makes five variations, so "the last one" is the fifth.
_ORDINALS = {
    **dict.fromkeys(("first", "1st", "one"), 1),
    **dict.fromkeys(("second", "2nd", "two"), 2),
    **dict.fromkeys(("third", "3rd", "three"), 3),
    **dict.fromkeys(("fourth", "4th", "four"), 4),
    **dict.fromkeys(("fifth", "5th", "five", "last", "final"), 5),
}
_NUMBERED = re.compile(
    r"(?:\b(?:number|no\.?|num|variation|version|option|column|result|image|pic|picture)\s*|#)\s*([1-9])\b"
    r"|\b(first|second|third|fourth|fifth|last|final|1st|2nd|3rd|4th|5th)\s+"
    r"(?:one|variation|version|option|column|result)"
    # numbers in words only after a variation word: "version three" (never "one of them")
    r"|\b(?:number|no\.?|variation|version|option|column|result)\s+(one|two|three|four|five)\b"
)


def variation_number(text: str) -> int | None:
    """The variation a message names, counted from 1 ("is number 3 too dark?" -> 3), or None."""
    m = _NUMBERED.search(text.lower())
    if not m:
        return None
    return int(m.group(1)) if m.group(1) else _ORDINALS[m.group(2) or m.group(3)]


def _is_statement(text: str, masked: str) -> bool:
    """Whether the text states a distortion of the photo, without ordering an edit or praising it."""
    stated = _STATED.search(masked) or re.search(rf"\b{_HUE_STATE}\b", text)
    return bool(stated) and not _NOT_ASKING.search(text)


def is_quality_question(text: str) -> bool:
    """Whether a message asks about quality (a named distortion, a metric, a comparison, or "quality")."""
    t = _fold(text)
    if _EDIT.search(t) or _HOW_TO.search(t):
        return False
    names, masked = _scan(_strip_metrics(t))
    if not (re.search(_ASKS, t) or (names and _is_statement(t, masked))):
        return False
    named = names or re.search(_QUALITY, t) or any(re.search(rf"\b({p})\b", t) for p in _METRICS)
    return bool(named or (re.search(_COMPARE, t) and re.search(_REFERENCE, t)))


def read_question(text: str, *, has_reference: bool) -> dict:
    """The IQA plan (raw, as a model would give it) of a quality question.

    Full-Reference when the question compares: with no reference to compare with, the assessment says so and
    falls back to No-Reference (`has_reference` only sets the seed's defaults, as for a model's plan).
    """
    t = _fold(text)
    names = _names(t)
    objects = _objects(t)
    metric = next((label for p, label in _METRICS.items() if re.search(rf"\b({p})", t)), None)
    compare = bool(re.search(_REFERENCE, t)) or metric in ("SSIM", "PSNR", "DeltaE2000")
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
