"""A quality question folded to the words it is read by (`fold`): lower case, typos forgiven, inflections folded
onto the base word ("noisier" -> noisy), fixes in a question of advice said as their faults, shades and histogram
ends said as what they are. Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.rules import iqa_typos
from imagelab.rules.iqa_words import ADVICE, FIXES, WORDS
from imagelab.rules.wishes import nearest


def fold(text: str) -> str:
    """Lower case, inflections folded onto the base word ("noisier" -> noisy, "sharpness" -> sharp), typos forgiven."""
    t = text.strip().lower().replace("’", "'")
    t = re.sub(r"\b(?:teh|hte|th)\b", "the", t)  # the commonest typos of "the", so the subject after it is read
    t = iqa_typos.forgive(t)  # a fault word one slip off ("grany", "bluryy"), real words left alone
    t = _described(_inflections(_SUPERLATIVE_ONE.sub(r"the most \1 ", _advice(t))))
    t = _SHADE.sub("", t)  # "the dark red dress": a shade of its colour, not a dark photo
    t = _DARK_THING.sub(r"\1 ", t)  # "is the dark dress sharp?": which dress, not how exposed
    # clipped shadows are crushed, not blown: "are the blacks clipping?", "clipped shadows"
    t = re.sub(r"\b((?:shadows?|blacks|darks)\b(?: [a-z]+){0,3}? )clipp(?:ed|ing)\b", r"\1crushed", t)
    t = re.sub(r"\bclipped (shadows|blacks)\b", r"crushed \1", t)
    t = _histogram_ends(t)
    # a typo corrected to an inflected word ("sharpnes" -> sharpness) is folded like one typed right
    return _inflections(_LONG_WORD.sub(lambda m: nearest(m.group(0), _VOCABULARY, _KNOWN, (85, 85)), t))


# A variation named by how it looks: "is the dark one noisy?", "is the brighter version blown out?"
_LOOKS = (
    r"(?:dark|bright|light|dim|soft|sharp|crisp|flat|dull|faded|hazy|grainy|noisy|blurry|moody|warm|cool|punchy|"
    r"contrasty|colou?rful|vivid|saturated)"
)
_ONE = r"(?=(?:one|ones|version|variation|variant|option|edit)\b)"
_DESCRIBED = re.compile(rf"\b(the|that|this) {_LOOKS}(?:er)? {_ONE}")
# ... but "the darkest one" is found by its look: said "the most dark one", so folded it is never "the dark one"
_SUPERLATIVE_ONE = re.compile(
    rf"\bthe ((?:dark|bright|light|dim|soft|sharp|crisp|flat|dull|warm|cool)est|"
    rf"(?:grain|nois|blurr|mood|punch|contrast|haz)iest) {_ONE}"
)


def _described(t: str) -> str:
    """A variation named by its look said as "the one" when the question asks about something else ("is the dark
    one noisy?" asks about noise), kept when its look is what is asked ("which is the darkest one?")."""
    rest = _DESCRIBED.sub(r"\1 ", t)
    if rest != t and any(re.search(rf"\b(?:{pattern})\b", rest) for pattern, _names in WORDS):
        return rest
    return t


# "dark" or "light" naming a shade ("dark red", "dark-haired", "dark wood"): the thing's colour, not its exposure.
_SHADE = re.compile(
    r"\b(?:dark|deep|light|pale)[- ](?=(?:red|blue|green|brown|grey|gray|purple|pink|orange|yellow|navy|teal|"
    r"olive|maroon|burgundy|haired|skinned|wood|wooden|chocolate)\b)"
)

# "dark" between a determiner and its noun describes the thing; a variation ("the darker one") or a tonal region
# ("the dark areas") keeps it.
_DARK_THING = re.compile(
    r"\b(the|my|her|his|their|our|your|this|that|a) dark (?!(?:one|ones|variation|version|option|areas?|parts?|bits|"
    r"regions?|tones?|spots?|side|end|and|or|is|looks?|enough|too|in|at|of)\b)(?=[a-z])"
)


def _inflections(t: str) -> str:
    """Comparatives, superlatives and -ness folded onto the base word ("noisier" -> noisy, "flatter" -> flat)."""
    t = re.sub(r"\b([a-z]{3,}?)i(?:er|est|ness)\b", r"\1y", t)  # noisier, blurriness, grainiest
    t = re.sub(r"\b([a-z]{3,}?)([bdglmnpt])\2(?:er|est)\b", r"\1\2", t)  # flatter, dimmer
    # "brightness" stays whole: a figure and a general word for exposure ("is the brightness ok?"), not "bright"
    return re.sub(r"\b(sharp|soft|dark|bright|dull|flat|dim|harsh)(?:ness|er|est)\b(?<!\bbrightness)", r"\1", t)


def _advice(t: str) -> str:
    """In a question whether an edit would help ("should I brighten it?"), each fix said as the fault it fixes."""
    if not ADVICE.search(t):
        return t
    for pattern, fault in FIXES:
        t = re.sub(rf"\b(?:{pattern})\b", fault, t)
    return t


# A histogram's ends are tones, not places: its right end is the highlights, its left the shadows.
_HISTOGRAM_END = re.compile(
    r"\s*\b(?:on |at |to |against |towards? )?(?:the )?(right|left)(?:[- ]hand)?(?: (?:side|edge|end))?"
    r"(?: of (?:the |my |its )?histogram)?\b"
)
_PILED = r"\bclipp(?:ed|ing)\b|\bcut off\b|\btouch(?:es|ing)?\b|\bpiled up\b|\bhitting\b|\bslammed\b"


def _histogram_ends(t: str) -> str:
    """A histogram's right (left) end read as clipped highlights (crushed shadows), stated even without a verb."""
    if "histogram" not in t or not re.search(r"\b(?:right|left)\b", t):
        return t
    t = _HISTOGRAM_END.sub(lambda m: " at the high end" if m.group(1) == "right" else " at the low end", t)
    # "at the high end" names no fault itself, so the pile-up there is said as clipping (or crushing at the low end)
    t = re.sub(_PILED, "crushed" if "low end" in t and "high end" not in t else "clipped", t)
    return re.sub(r"\bhistogram(?:'s| is)? (clipp|crush)", r"histogram is \1", t)


# Quality words a misspelling is matched against ("overexposd", "noisey", "pixelatd"), with rapidfuzz. Only
# words of six letters or more are tried: shorter ones have too many real neighbours ("nose" and "noise").
_VOCABULARY = (
    "blurry blurred unfocused focused sharp crisp noisy grainy speckles speckled overexposed underexposed "
    "overexposure underexposure exposure exposed pixelated compressed compression artifacts artefacts blocky "
    "contrast washed tinted balance quality original upload sharpness blurriness noisiness graininess grainier"
).split()
# Real words close to one of those that mean something else: edits ("sharpen"), weather ("rainy"), ...
_KNOWN = frozenset(_VOCABULARY) | frozenset(
    "sharpen sharpened brighten darken soften lighten denoise rainy brainy shaper contract originally noises "
    "blocks flurry focusing".split()
)
_LONG_WORD = re.compile(r"\b[a-z]{6,}\b")
