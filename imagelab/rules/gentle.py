"""Gentle looks asked by effect rather than by tone: a calmer photo ("less busy", "too much going on"), a glow, and
noise smoothed ("too much grain", "less noise").

Each is read from the words (`read`) and is a family of five slots (`family`), each a different way to the same
effect with the ops there are. A calmer photo has less colour and softer contrast (no op lowers only local
contrast, so a slight blur stands in for it in one slot) and in some a gentle vignette pulls the eye in; nothing
is cropped unless asked. There is no bloom op: a glow is lifted light, softer contrast and a pale or warm lift,
with a slight blur standing in for the bloom in four of the five (one keeps its detail). There is no noise
reduction either: noise asked away is smoothed by a slight blur at five strengths, each plan clean (no tint, grain,
vignette or firmer contrast, which would show the noise more), some with less colour for colour noise or a
lowered black point for the shadows' noise; the strategy says so first (`SMOOTHED`). Pure: no Django.
"""

import re

from imagelab.rules.looks import ASKED, Slot

# A photo said to be too busy, or asked calmer: "make it less busy", "calmer, less cluttered", "too much going on".
_BUSY = r"(?:busy|cluttered|chaotic|hectic|crowded|messy|overwhelming|distracting|loud|noisy[- ]looking)"
_MOOD = r"(?:calm|serene|tranquil|peaceful|restful|quiet|zen|relaxing|relaxed|soothing|chill(?:ed)?|mellow)"
_NOT_A_THING = r"(?!\s+(?:sea|water|lake|river|day|morning|evening|night|street|beach|place|town|village))"
CALM = re.compile(
    rf"\b(?:less|not so|not as|too|so|very|really|way too|a bit|bit|kinda|kind of|overly|super|quite|pretty)\s+"
    rf"(?:visually\s+)?{_BUSY}\b|"
    rf"\b(?:it'?s|its|it is|is|are|looks?|looking|feels?|seems?)\s+(?:a little\s+|a bit\s+|kinda\s+)?{_BUSY}\b|"
    r"\bvisually\s+(?:noisy|busy|cluttered|loud|messy|chaotic)\b|\beas(?:y|ier) on the eyes?\b|"
    r"\b(?:too much|so much|a lot|lots|loads)\s+(?:is\s+)?(?:going on|happening|to look at|stuff)\b|"
    # the mood asked of the photo ("calmer", "make it feel peaceful", "a serene look"), not a thing described by it
    # ("the calm sea", "a quiet street")
    r"\b(?:calm(?:er|ing)|quiet(?:er|en))\b|\bcalm\s+(?:it|this|things|everything|the \w+)\s+down\b|"
    rf"\b(?:more|feel(?:s|ing)?|look(?:s|ing)?|make it|keep it|something|nice and|a bit|and|very|so)\s+(?:more\s+)?"
    rf"{_MOOD}\b{_NOT_A_THING}|^\W*{_MOOD}\b{_NOT_A_THING}|"
    # a calm word before a named look: "a serene black and white seascape", "a calm vintage edit"
    rf"\ban?\s+{_MOOD}\s+(?=(?:black|b&w|bw|mono\w*|sepia|vintage|retro|film|cinematic|matte|pastel|muted|soft)\b)|"
    rf"\b{_MOOD}(?:ness)?(?:\s*,\s*|\s+and\s+|\s+)(?:[\w&/'-]+\s+){{0,3}}?(?:look|feel|vibes?|mood|tones?|colou?rs?|edit|version|grade|palette)\b|"
    r"\b(?:de-?|un)clutter\w*|\b(?:less|reduce|cut|fewer|tone down|calm down)\s+(?:the\s+|all the\s+)?"
    r"(?:clutter|chaos|distractions?|busyness|visual noise)\b|"
    r"\bsimplif(?:y|ied|ying)\s+(?:it|this|the (?:photo|picture|image|look|scene))\b|\bminimalist(?:ic)?\b|"
    r"\bminimal\s+(?:look|style|edit|feel|vibes?|aesthetic)\b|"
    # a calm word listed with another before a look noun: "a calm, minimal look", "a peaceful and soft feel"
    rf"\ban?\s+{_MOOD}\s*(?:,|\band\b)\s*[\w-]+\s+(?:look|feel|vibes?|edit|mood|style|aesthetic)\b|"
    r"\bmore minimal\b|\bless (?:going on|hectic|intense)\b"
)


# A glow asked for: "add some glow", "dreamy glow", "soft glowy look", "a bloom effect", "orton", "radiant".
# ("glow up" is slang for any improvement; flowers "in bloom" are a subject)
GLOW = re.compile(
    r"\bglow(?:y|ing|s)?\b(?![- ]?up\b)|(?<!\bin )(?<!\bfull )\bbloom(?:y|ing)?\b|\borton\b|\bhalation\b|"
    r"\b(?:radiant|luminous|lumin(?:ous|escent))\b(?!\s+(?:skin|face|smile))"
)
# Words right before it that turn it down: "no glow", "less bloom", "too much glow", "tone down the glow"
_NOT = re.compile(
    r"\b(?:no|not|without|less|reduce|remove|lose|drop|kill|ditch|too much|tone down|dial (?:back|down)|"
    r"get rid of|(?:don'?t|do not|never) (?:add|want|put|use))\W+(?:(?:the|that|this|any|some|a)\W+)?$"
)


def _asked(pattern: re.Pattern, text: str) -> int:
    """+1 asked for, -1 turned down ("less glow"), 0 not named."""
    m = pattern.search(text)
    if m is None:
        return 0
    return -1 if _NOT.search(text[: m.start()]) else 1


def read(text: str) -> dict:
    """{calm: 1 or 0, glow: -1, 0 or +1} for lower-cased text."""
    return {"calm": int(CALM.search(text) is not None), "glow": _asked(GLOW, text)}


def _slot(name: str, idea: str, free: dict, blur: float | None = None, **finish) -> Slot:
    """A slot whose asked strengths are the usual ones (`blur`: how far an asked softening goes in this slot)."""
    return Slot(name, idea, free, {**ASKED, **({"sharp": blur} if blur else {})}, finish)


_NEUTRAL_LIFT = ("#2A2A2A", "#2A2A2A", 0.08, "gently lifted blacks", "gently lifted blacks")
_AIRY = ("#F0E6DA", "#DDE6F0", 0.06, "a pale, airy lift", "a pale, airy lift")
_HAZE = ("#F0E6DA", "#DDE6F0", 0.10, "a pale haze over the shadows", "a pale haze over the shadows")
_GOLD = ("#F2B35B", "#8FB3DA", 0.06, "a golden glow", "a cool glow")
_SHEEN = ("#FFE9C7", "#E3ECF7", 0.05, "a warm, pale sheen", "a cool, pale sheen")
# fmt: off
# Five calmer looks: less colour and softer contrast each, their own way; two pull the eye in with a gentle vignette.
CALMER = [
    _slot("Calm Muted", "Calmer, quieter colour", {"sat": -0.28, "contrast": -0.08}),
    _slot("Calm Soft", "Calmer and softer", {"sat": -0.15, "contrast": -0.18, "bright": 0.03}),
    _slot("Calm Vignette", "Calmer, the eye drawn in", {"sat": -0.2, "contrast": -0.1}, vignette=0.22),
    _slot("Calm Matte", "Calm and matte", {"sat": -0.18, "contrast": -0.12}, lift=_NEUTRAL_LIFT),
    _slot("Calm Smooth", "Calmer, fine detail smoothed", {"sat": -0.22, "contrast": -0.1}, soften=0.35,
          vignette=0.15),
]
# Five glows: brighter, softer contrast and a lift each; a slight blur stands in for the bloom in all but the last.
GLOWING = [
    _slot("Soft Bloom", "Soft bloom", {"contrast": -0.12, "bright": 0.08}, lift=_AIRY, soften=0.5),
    _slot("Warm Glow", "Warm glow", {"temp": 0.25, "contrast": -0.08, "bright": 0.06}, tint=_GOLD, soften=0.4),
    _slot("Orton Glow", "Orton-style glow", {"sat": 0.12, "contrast": -0.05, "bright": 0.08}, soften=0.7),
    _slot("Hazy Glow", "Hazy glow", {"sat": -0.06, "contrast": -0.2, "bright": 0.05}, lift=_HAZE, soften=0.3),
    _slot("Radiant", "Radiant, detail kept", {"temp": 0.12, "contrast": -0.06, "bright": 0.12}, lift=_SHEEN),
]
# Five smoothings of noise: the slight blur (sigma 1.5 x `blur`) at five strengths, nothing that shows noise more.
SMOOTHING = [
    _slot("Light Smoothing", "Lightly smoothed", {"sat": -0.04}, 0.4),
    _slot("Smoothed, Calmer Colour", "Smoothed, colour noise calmed", {"sat": -0.18, "contrast": -0.04}, 0.6),
    _slot("Strong Smoothing", "Strongly smoothed", {"sat": -0.08, "contrast": -0.06}, 0.8),
    # (its black point stretches the range: a little softer contrast keeps the whole no firmer)
    _slot("Smoothed, Deeper Shadows", "Smoothed, shadow noise sunk", {"sat": -0.06, "contrast": -0.03}, 0.5,
          clip=(6, 255)),
    _slot("Smoothed, Soft", "Smoothed and soft", {"sat": -0.06, "contrast": -0.1, "bright": 0.03}, 0.7),
]
# fmt: on
# Said first in every strategy, since no step here removes noise: what the plans do instead.
SMOOTHED = "No noise reduction here: a slight blur smooths the noise, and softens detail with it."


def said(intent: dict) -> str:
    """What every strategy opens with when noise was asked away ("" otherwise): no step here removes it."""
    if not intent["denoise"]:
        return ""
    return SMOOTHED + " " if intent["sharp"] < 0 else "No noise reduction here. "


_CALM_STEP = 0.5  # how far a calm mood softens a named look (`intent.GENTLE`: a tone said "a little")


def temper(intent: dict) -> None:
    """A calm mood asked of a named look ("calm black and white", "a peaceful vintage feel") keeps the look and calms
    it: softer contrast, a little less colour (in colour) and no sharpening, wherever nothing else is said of them."""
    if intent["calm"] <= 0 or not any(intent[k] for k in ("bw", "sepia", "vintage", "cinematic")):
        return
    for axis in ("contrast",) if intent["bw"] or intent["sepia"] else ("contrast", "sat"):
        if not intent[axis] and axis not in intent["hold"]:
            intent[axis] = -1
            intent["degree"].setdefault(axis, _CALM_STEP)
    if intent["sharp"] <= 0 and intent["contrast"] < 0 and not intent["soft"]:
        intent["soft"] = 1  # its sharpened slot turns soft, as in a soft look


def family(intent: dict) -> tuple[str, list[Slot]] | None:
    """The gentle family the instruction asks by its effect, or None (a named look keeps its own family)."""
    if any(intent[k] for k in ("bw", "sepia", "vintage", "cinematic")):
        return None
    if intent["glow"] > 0:
        return "glow", GLOWING
    # noise named is the more particular ask: "the grain is distracting" is noise, not a busy photo
    if intent["denoise"] and intent["sharp"] <= 0:  # ("clean it up" after a noise complaint is this, not Clean)
        return "smooth", SMOOTHING
    if intent["calm"] > 0:
        return "calm", CALMER
    return None
