"""The offline reading of a quality question into an IQA plan (the templated answer is `iqa_answer`'s).

`read_question` returns the same JSON a model's `assess_quality` call would, so it goes through
`iqa.complete` like any planner output; the words it reads by are in `iqa_words` (a ranking's in `iqa_rank_words`). `answer` (from `iqa_answer`)
writes the verdict and the figures that decided it; `ranked_by` reads what a ranking orders by (`ranks` and
`variation_numbers`, from `iqa_variations`, whether it ranks and which variations it names).
Objects cannot be located offline: a named subject is measured as the centre of the picture, said plainly.

Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.rules import iqa_regions, iqa_saturation
from imagelab.rules.iqa_answer import answer, figures_to_show, sentence  # noqa: F401 (the answer, said from here)
from imagelab.rules.iqa_fold import fold as _fold
from imagelab.rules.iqa_rank_words import (
    ORDERED,
    RANK_NAMES,
    RANK_ORDER,
    RANK_WHICH,
    RANKED,
    RANKED_WORDS,
    SUPERLATIVE,
)
from imagelab.rules.iqa_variations import ranks, variation_number, variation_numbers  # noqa: F401 (said from here)
from imagelab.rules.iqa_words import (
    ASKS,
    COMPARE,
    EDIT,
    HOW_TO,
    HUE_STATE,
    HUES,
    MEASURE_ASK,
    METRICS,
    NOT_ASKING,
    QUALITY,
    REFERENCE,
    SCENE_WORDS,
    STATED,
    STATED_OFF,
    SUBJECT,
    UNMEASURED,
    VIEWER,
    WORDS,
)
from imagelab.rules.wishes import nearest

_PRONOUNS = frozenset(
    "it its this that everything something nothing all she he they we i you there which why how what when where who".split()
)
_DETERMINER = r"the|my|this|that|these|those|her|his|their|our|its|your"
# Words after a determiner that are the photo itself, a part of the question, or a variation: never the subject.
_NOT_OBJECTS = (
    frozenset(
        "image photo photograph picture pic shot edit result version variation one number option column upload "
        "variations versions options results "
        "original source first second third fourth fifth last quality colours colors colour color exposure focus foto "
        "fotos img pics photos images pictures shots "
        "contrast lighting light noise tones tone shadows highlights shadow highlight whites blacks detail details "
        "sharpness overall saturation "
        "whole rest thing it edges raw og input file files gradient gradients gradation texture area areas part parts "
        "region five four three two both "
        "filter grade effect edits editing film iso histogram end ends least most best worst same "
        # a judgement after "is that": "is that bad?", "is this normal?"
        "bad good ok okay fine normal noticeable obvious visible acceptable fixable serious terrible awful "
        # a stage of the edit, not a thing in it: "the before and after", "did the upscale make it noisier?"
        "style look vibe aesthetic intention intentional choice "
        "before after upscale upscaled upscaling resize resized retouch retouched export exported crop cropped "
        "sharpening denoising denoise processing changes frame".split()
    )
    | iqa_regions.POSITIONS
)  # where in the picture, never what (iqa_regions measures a named part)
# What a part of a thing has, not a thing: "the sky gradient" and "the skin tones" are about the sky and the skin.
_PROPERTIES = frozenset(
    "gradient gradients gradation tones tone colour color colours colors texture exposure detail details focus "
    "highlights shadows edges area areas part parts region".split()
)
# Someone in the story doing something ("my aunt printed it", "my wife said"): a teller, not the subject.
_TELLING = frozenset(
    "said says say told thinks thought reckons printed sent took shot asked mentioned noticed complained "
    "wants wanted saw liked loves".split()
)
_STOP = frozenset(
    "look looks looking looked seem seems seemed appear appears is are was were in on at of a an too very quite so "
    "bit and or but than with to from as for enough there have has had got get gets show shows r iz over under "
    "just really actually only me you i we they make made makes did does turn turned came come comes went "
    # a negated or modal verb ends the phrase: "the sky isn't blown out" (the apostrophe already split it off)
    "isn aren wasn weren doesn don didn hasn haven couldn wouldn shouldn won isnt arent wasnt werent doesnt dont "
    "didnt cant can could would should might must will which who whom whose instead rather".split()
)


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
    for metric in METRICS:
        text = re.sub(rf"\b(?:{metric})", " | ", text)
    return text


def _names(text: str) -> list[str]:
    return _scan(_strip_metrics(_fold(text)))[0]


def distortions_named(text: str) -> list[str]:
    """The distortions a message names, whatever it asks ("how do I make it less grainy?" -> noise)."""
    return _names(text)


def _objects(text: str) -> list[str]:
    """The thing a question is about ("is the bride's dress blown out?" -> dress): the head noun of the first
    determiner phrase that is not the photo, a variation or a quality word."""
    _found, masked = _scan(_strip_metrics(_fold(text)))
    masked = VIEWER.sub(" | ", masked)
    for pattern, name in UNMEASURED:  # "is the horizon straight and is it sharp?": a tilt, never the blur's subject
        masked = masked if name == "oversaturation" else re.sub(rf"\b(?:{pattern})", " | ", masked)  # "neon sign"
    masked = _VARIATION_OWNER.sub(" the", masked)  # "the 2nd one's sky", "#3's face": the variation's sky
    if ranks(text):  # "which one is the brightest?" (folded "the bright") asks for a variation, not a thing
        masked = re.sub(RANKED_WORDS, " | ", masked)
    for m in re.finditer(rf"\b(?:{_DETERMINER})\s+((?:[a-z]+(?:'s|s')\s+)?[a-z]+(?:\s[a-z]+)?)", masked):
        words = re.sub(r"^[a-z]+(?:'s|s')\s+", "", m.group(1)).split()  # "the bride's dress": the dress
        if (len(words) > 1 and words[1] in _TELLING) or _TOOK.search(masked, 0, m.start()):
            continue
        phrase = _noun_phrase(words)
        if phrase and phrase[-1] in _HUE_WORDS:  # "the orange cast" names its hue, not a thing ("the orange car" does)
            thing = re.match(r"\s+([a-z]+)", masked[m.end() :])  # ... unless a thing follows: "the bright red car"
            if len(phrase) == 2 and thing and thing.group(1) not in _STOP | _NOT_OBJECTS | _PARTICIPLES:
                return [_scene_word(thing.group(1))]
            continue
        if phrase and phrase[-1] not in _NOT_OBJECTS and phrase[0] not in _NOT_OBJECTS and not _superlative(phrase[0]):
            return [_scene_word(phrase[-1])]
    bare = SUBJECT.match(_fold(text))
    if bare and bare.group(1) not in _PRONOUNS | _NOT_OBJECTS | _STOP:
        return [_scene_word(bare.group(1))]
    return []


_HUE_WORDS = frozenset(h + s for h in HUES.strip("(?:)").split("|") for s in ("", "s"))  # "the reds" are a hue
_VARIATION_OWNER = re.compile(r"(?:\bthe\s+\w+\s+one|\b(?:number|nr|no|variation|version|option)\s*\d|#\d|\b[1-5])'s\b")


def _superlative(word: str) -> bool:
    """Whether a word ranks ("the closest", "the cleanest one"): which variation, never a thing in the picture."""
    return bool(re.fullmatch(r"[a-z]{2,}est", word)) and word not in _EST_NOUNS


_EST_NOUNS = frozenset("forest interest chest guest vest nest west quest contest harvest crest priest protest".split())


def _scene_word(word: str) -> str:
    """A misspelt part of a scene taken as the word meant ("the backround" -> background), a plural kept as said."""
    if len(word) < 6 or word in _SCENE_FORMS:
        return word
    return nearest(word, SCENE_WORDS, _SCENE_FORMS, (90, 90))


_SCENE_FORMS = (
    frozenset(SCENE_WORDS) | {w + "s" for w in SCENE_WORDS} | {w[:-1] for w in SCENE_WORDS if w.endswith("s")}
)


# "this" right after taking or sending it is the photo itself: "I shot this handheld", "since I sent that".
_TOOK = re.compile(r"\b(?:shot|took|taken|made|edited|sent|uploaded|posted|printed|snapped|captured) $")


def _noun_phrase(words: list[str]) -> list[str]:
    """The words of a determiner phrase up to a stop word, a property noun giving way to its owner."""
    phrase = []
    for word in words:
        # "the photo printed", "her face lit": a verb, not a compound
        if word in _STOP or (phrase and ((word.endswith("ed") and word != "red") or word in _PARTICIPLES)):
            break
        phrase.append(word)
    if len(phrase) == 2 and phrase[1] in _PROPERTIES:
        return phrase[:1]
    return phrase


# After a noun these say something of it, never a compound: participles without -ed ("is her face lit ok?"),
# judgements ("is the colour of her dress accurate?") and adverbs ("is the sky still blue?", "blow the sky out").
_PARTICIPLES = frozenset(
    "lit taken done gone seen caught accurate natural realistic wrong off weird strange still really now also "
    "out".split()  # "did it blow the sky out?"
)


def _is_statement(text: str, masked: str) -> bool:
    """Whether the text states a distortion of the photo, without ordering an edit or praising it."""
    stated = STATED.search(masked) or STATED_OFF.search(text) or re.search(rf"\b{HUE_STATE}\b", text)
    return bool(stated) and not NOT_ASKING.search(text)


def is_quality_question(text: str) -> bool:
    """Whether a message asks about quality (a named distortion, a metric, a comparison, or "quality")."""
    t = _fold(text)
    measure = MEASURE_ASK.search(t)  # "give me the psnr" reads like an order but asks for a figure
    if not measure and (EDIT.search(t) or HOW_TO.search(t)):
        return False
    names, masked = _scan(_strip_metrics(t))
    metric = any(re.search(rf"\b({p})\b", t) for p in METRICS)  # a metric named asks for it: "ssim pls"
    asks = re.search(ASKS, t) or re.search(ORDERED, text.lower())  # "sharpest to softest please" (folded: "sharp")
    if not (measure or metric or asks or (names and _is_statement(t, masked))):
        return False
    named = names or measure or metric or re.search(QUALITY, t) or ranked_by(text) or parts_compared_by(text)
    named = named or iqa_saturation.asks(text)  # "are the reds too strong?": oversaturation, no plan's distortion
    return bool(named or (re.search(COMPARE, t) and re.search(REFERENCE, t)))


def ranked_by(text: str) -> list[str]:
    """What a question ranking the variations orders them by (`RANKED`: "which one is warmest?" -> ["warmth"];
    "which one looks best?" -> ["problems"]), or [] when it ranks by nothing `RANKED` reads."""
    if not ranks(text) or not (RANK_WHICH.search(text.strip().lower()) or len(variation_numbers(text)) > 1):
        return []
    t = _strip_metrics(_fold(text))
    if RANK_ORDER.search(t):
        return []
    found = _scan(t)[0]  # read unmasked: "is greener" is a cast to _scan, the tint axis to a ranking
    keys: list[str] = []
    for pattern, _name, key in RANKED:
        if re.search(rf"\b(?:{pattern})\b", t) and key not in keys:
            keys.append(key)
        t = re.sub(rf"\b(?:{pattern})\b", " | ", t)
    named = [k for k in keys if k != "problems"]  # "best" says which way, not what, when a property is named
    return named or ([] if found else keys)


def parts_compared_by(text: str) -> list[str]:
    """What a question comparing two parts of the picture compares them by, read as a ranking is (`RANKED`: "is the
    top brighter than the bottom?" -> ["overexposure"]), or [] when it compares no two parts."""
    if iqa_regions.compared(text) is None:
        return []
    t = _strip_metrics(_fold(text))
    if RANK_ORDER.search(t):  # "which half should I make brighter?" asks what to change
        return []
    return [key for pattern, _name, key in RANKED if re.search(rf"\b(?:{pattern})\b", t)]


# A question of how much, not whether: "how noisy is it?", "what's the noise like?", "rate the sharpness".
_HOW = re.compile(
    r"^(?:(?:hey|hi|ok|okay|so|and|yo|hmm+)\W+)*(?:how\b|how'?s\b|what'?s\b|whats\b|what (?:is|are)\b|wat'?s?\b|"
    r"rate\b|score\b|measure\b|tell me how\b|check (?:the|how)\b)"
)


def asks_how(text: str) -> bool:
    """Whether a quality question asks how much rather than whether ("how noisy is it?"): answered without yes/no."""
    return bool(_HOW.search(text.strip().lower()))


def unmeasured(text: str) -> str | None:
    """The fault a question asks about that nothing here measures ("any chromatic aberration?"), or None."""
    t = _fold(text)
    if EDIT.search(t) or HOW_TO.search(t) or not re.search(ASKS, t) or _names(t):
        return None
    found = next((name for pattern, name in UNMEASURED if re.search(rf"\b(?:{pattern})", t)), None)
    return found or _unmeasured_rank(text)


def _unmeasured_rank(text: str) -> str | None:
    """A ranking by what no figure measures ("which one is the most dramatic?"), said as asked, or None."""
    t = text.strip().lower()
    if not RANK_WHICH.search(t) or RANK_ORDER.search(t) or is_quality_question(text) or not ranks(text):
        return None
    m = re.search(rf"\b{SUPERLATIVE}\b", t)
    return f"which variation is the {m.group(0)}" if m else None


def read_question(text: str, *, has_reference: bool) -> dict:
    """The IQA plan (raw, as a model would give it) of a quality question.

    Full-Reference when the question compares: with no reference to compare with, the assessment says so and
    falls back to No-Reference (`has_reference` only sets the seed's defaults, as for a model's plan).
    """
    t = _fold(text)
    names = _names(t)
    # a ranking names the distortion whose figure ranks it: "which one is brightest?" -> overexposure (mean brightness)
    by = ranked_by(text) or parts_compared_by(text)  # "is the top brighter than the bottom?" likewise
    names += [n for n in dict.fromkeys(RANK_NAMES[k] for k in by) if n and n not in names]
    objects = _objects(t)
    metric = next((label for p, label in METRICS.items() if re.search(rf"\b({p})", t)), None)
    compare = bool(re.search(REFERENCE, t)) or metric in ("SSIM", "PSNR", "DeltaE2000")
    if compare and metric is None and re.search(r"\bcolou?r(?:s|ing)?\b", t):
        metric = "DeltaE2000"  # colours compared with the source: their difference is ΔE ("how do the colours compare")
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
