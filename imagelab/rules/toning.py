"""Shadows toned a colour: "make the shadows bluer", "teal shadows", "add some blue to the shadows", a split tone
("cool shadows, warm highlights", "split toning", "teal and orange"), or a cast in the shadows put right ("the
shadows look green").

No op here tones one range of tones alone. A blend towards a dark colour (`tint`) adds the same small amount of
colour to every pixel, which shows most where there is least light: the shadows take the colour, the highlights
hardly change. So a toned shadow is that dark blend in every plan, each at its own strength (`SHADES`). Highlights
cannot be toned apart from the rest: a colour asked of them is the picture's white balance (the temperature or
green-magenta axis), kept gentle when the shadows are toned against it so the shadows still show their colour.
Pure: no Django.
"""

import re

# The colours a range can be toned, as said: (name, pattern).
_COLOURS = [
    ("teal", r"teal|cyan(?:ish)?|turquoise|aqua|petrol"),
    ("blue", r"blu(?:e|er|ish|ey)|cool(?:er)?|cold(?:er)?|icy|steel(?:[- ]blue)?|navy"),
    ("warm", r"warm(?:er)?|orange|golden|gold|amber|yellow(?:er|ish)?|red(?:der|dish)?|brown|copper|sepia"),
    ("green", r"green(?:er|ish)?"),
    ("magenta", r"magenta|pink(?:er|ish)?|purpl(?:e|er|ish)|violet"),
]
COLOUR = "|".join(p for _n, p in _COLOURS)
OPPOSITE = {"teal": "warm", "blue": "warm", "warm": "blue", "green": "magenta", "magenta": "green"}
# (the colour the picture is blended towards, what it does in words): a strong colour of middling lightness, so the
# blend adds much colour for little lift of the blacks or dimming of the whites (a dark navy dimmed them 30 levels)
SHADE = {
    "teal": ("#00969B", "teal-toned shadows"),
    "blue": ("#2050C8", "blue-toned shadows"),
    "warm": ("#C86414", "warm, amber-toned shadows"),
    "green": ("#30A040", "green-toned shadows"),
    "magenta": ("#B030B0", "magenta-toned shadows"),
}
# Each plan's strength of the blend (slot order): enough to show in the shadows, faint in the highlights.
SHADES = (0.05, 0.06, 0.07, 0.055, 0.08)
MOST = 0.11  # the strongest blend, against a white balance that pulls the other way
# A temperature step moves the mids' colour about TEMP_PULL levels a unit of strength and the shadows' less: a blend
# against it at SPLIT of that pull keeps the shadows their colour while the mids keep the white balance's.
TEMP_PULL, SPLIT = 53.0, 0.8
ALONG = 0.3  # the degree of the faint white balance the toned shadows' own way (a tone said "a little" is 0.5)
# The white balance a colour asked of the highlights moves: {axis: direction}.
_BALANCE = {
    "teal": {"temp": -1},
    "blue": {"temp": -1},
    "warm": {"temp": 1},
    "green": {"magenta": -1},
    "magenta": {"magenta": 1},
}

_SHADOWS = r"(?:shadows?|darks|dark (?:areas|parts|bits|tones)|lowlights|low ?lights|shadow (?:areas|tones))"
_HIGHLIGHTS = r"(?:highlights?|lights|brights|bright (?:areas|parts|bits|tones)|highlight (?:areas|tones))"
_PART = rf"(?:{_SHADOWS}|{_HIGHLIGHTS})"
_HEDGE = r"(?:(?:a (?:bit|little|touch|tad)|slightly|subtly|more|much|way|even|a lot|somewhat|kinda|kind of)\s+)*"
_DET = r"(?:(?:the|my|its|those|these|all the)\s+)?"
# A colour before the range: "teal shadows", "bluish-toned shadows", "warmer highlights"
_BEFORE = re.compile(rf"\b({COLOUR})(?:[- ](?:toned|tinted|ish))?\s+({_PART})\b")
# The range made a colour: "make the shadows bluer", "tint the shadows blue", "push the shadows towards teal"
_MADE = re.compile(
    rf"\b(?:make|turn|push|pull|tint|shift|tone|grade|colou?r|get|give|have|want|need|bring)\s+{_DET}({_PART})\s+"
    rf"(?:to\s+be\s+|to\s+look\s+|look\s+)?{_HEDGE}(?:(?:towards?|to|into|in)\s+)?(?:an?\s+|the\s+|some\s+)?{_HEDGE}({COLOUR})\b"
)
# A colour put into the range: "add some blue to the shadows", "a touch of teal in the shadows"
_ADDED = re.compile(
    rf"\b(?:add(?:ing)?|put(?:ting)?|throw|push|bring|want|with|some|bit of|touch of|hint of)\s+(?:in\s+)?"
    rf"(?:(?:some|a|an|more|a bit of|a touch of|a hint of|a little)\s+)*({COLOUR})\s+(?:(?:tones?|tint|tinge|colou?r|hue)\s+)?"
    rf"(?:in|into|to|on|for)\s+{_DET}({_PART})\b"
)
# The range said, then its colour, as the clause's whole ask: "shadows bluer, highlights warmer", "shadows should
# be cooler", "keep the shadows cool" (said of what the picture is, "the shadows look blue", it is a complaint below)
_SAID = re.compile(
    rf"(?:^|[,;.:!?&+/]|\b(?:and|but|with|while|then|plus)\b)\s*{_DET}({_PART})\s+"
    rf"(?:(?:should|must|need to|needs to|to|can)\s+(?:be|look|go|stay|get|remain)\s+|(?:stay|remain)\s+|in\s+)?"
    rf"{_HEDGE}({COLOUR})\b(?!\s+(?:cast|tint|tinge))"
)
_HOLDS = re.compile(rf"\bkeep(?:ing)?\s+{_DET}({_PART})\s+{_HEDGE}({COLOUR})\b")
# A cast in the range, complained of: "the shadows look green", "there's a blue cast in the shadows", "less blue in
# the shadows", "get rid of the magenta in the darks", "the shadows are too cool"
_COMPLAINED = re.compile(
    rf"\b{_DET}({_PART})\s+(?:look|looks|are|is|seem|seems|have gone|went|came out|turned|got|feel)\s+"
    rf"(?:(?:a bit|a little|kinda|kind of|too|way too|so|very|really|quite|rather|slightly|all|weirdly|pretty)\s+)*({COLOUR})\b"
)
_CAST_IN = re.compile(
    rf"\b({COLOUR})(?:ish)?\s+(?:cast|tint|tinge|colou?r)\s+(?:in|on)\s+{_DET}({_PART})\b|"
    rf"\b(?:less|no|remove|reduce|kill|get rid of|take out|lose|fix|correct|neutrali[sz]e)\s+(?:the\s+|some\s+|that\s+)?"
    rf"({COLOUR})\s+(?:(?:cast|tint|tinge|colou?r)\s+)?(?:in|from|on|out of)\s+{_DET}({_PART})\b|"
    # "the blues in the shadows are too strong"
    rf"\b({COLOUR})s?\s+in\s+{_DET}({_PART})\s+(?:is|are|looks?|seems?)\s+(?:(?:way|much|a bit|kinda)\s+)?too\s+"
    r"(?:strong|much|heavy|intense|obvious|saturated)\b"
)
_NOT = re.compile(r"\b(?:no|not|don'?t|do not|never|without|nor)\b(?:\s+\w+){0,3}\s*$")
# The classic split tone asked by name, and the blockbuster grade: cool or teal shadows under warm highlights.
_SPLIT = re.compile(r"\bsplit[- ]?ton(?:e|ed|es|ing)\b")
_TEAL_ORANGE = re.compile(
    r"\b(?:teal|cyan|turquoise)\s*(?:and|&|/|\+|-|n)\s*orange\b|\borange\s*(?:and|&|/|\+|-|n)\s*(?:teal|cyan)\b"
)


def _name(word: str) -> str:
    """The colour a word names (`_COLOURS`)."""
    return next(name for name, p in _COLOURS if re.fullmatch(p, word))


def _is_shadow(part: str) -> bool:
    return re.fullmatch(_SHADOWS, part) is not None


def read(text: str) -> tuple[str, dict]:
    """(the text with its toning phrases taken out, {"shade": the shadows' colour or None, "highlight": the
    highlights' colour or None}) for lower-cased text. A phrase turned down ("don't make the shadows blue") asks none."""
    found: dict = {"shade": None, "highlight": None}
    spans = []

    def take(m: re.Match, part: str, word: str, flip: bool = False) -> None:
        spans.append(m.span())
        if _NOT.search(text[max(0, m.start() - 40) : m.start()]) and not flip:
            return
        colour = _name(word)
        colour = OPPOSITE[colour] if flip else colour
        found["shade" if _is_shadow(part) else "highlight"] = colour

    if _TEAL_ORANGE.search(text):  # (read as the cinematic grade it is: its family stays)
        found.update(shade="teal", highlight="warm")
    text = _TEAL_ORANGE.sub(" cinematic ", text)
    for m in _CAST_IN.finditer(text):
        word, part = next((m.group(k), m.group(k + 1)) for k in (1, 3, 5) if m.group(k))
        take(m, part, word, flip=True)
    for m in _COMPLAINED.finditer(text):
        if not re.search(r"\b(?:make|makes|making|want|let|have|get)\b(?:\s+\w+){0,2}\s*$", text[: m.start()]):
            take(m, m.group(1), m.group(2), flip=True)
    for pattern in (_MADE, _ADDED):
        for m in pattern.finditer(text):
            part, word = (m.group(1), m.group(2)) if pattern is _MADE else (m.group(2), m.group(1))
            take(m, part, word)
    for m in _BEFORE.finditer(text):
        take(m, m.group(2), m.group(1))
    for pattern in (_SAID, _HOLDS):
        for m in pattern.finditer(text):
            if not any(a <= m.start(1) < b for a, b in spans):
                take(m, m.group(1), m.group(2))
    if _SPLIT.search(text):  # "split toning" alone is the classic: cool shadows under warm highlights
        if found["shade"] is None and found["highlight"] is None:
            found.update(shade="teal", highlight="warm")
        elif found["shade"] is None:
            found["shade"] = OPPOSITE[found["highlight"]]
        elif found["highlight"] is None:
            found["highlight"] = OPPOSITE[found["shade"]]
        spans += [m.span() for m in _SPLIT.finditer(text)]
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + " " + text[end:]
    return text, found


def balance(found: dict) -> dict:
    """The white balance a colour asked of the highlights moves ({axis: direction}; empty when none was asked)."""
    return dict(_BALANCE[found["highlight"]]) if found.get("highlight") else {}


def shade(finish: dict, colour: str, i: int, lean, against: float = 0.0) -> None:
    """The shadows toned `colour` in a look's finish at slot `i`'s strength; a tint or lift of the slot's own that
    pulls the other way goes (`lean`: how far a colour pulls the asked colour's way, < 0 against it). `against`: the
    look's temperature strength pulling the other way (a split tone's warm highlights), which a stronger blend meets."""
    for key in ("tint", "lift"):
        if key in finish and any(lean(c) < -20 for c in finish[key][:2]):
            finish.pop(key)
    color, words = SHADE[colour]
    strength = SHADES[i % len(SHADES)]
    if against:  # a split: as strong as the white balance's pull, so the shadows turn while the mids keep it
        strength = min(MOST, SPLIT * TEMP_PULL * against / max(lean(color), 1.0))
    finish["shade"] = (color, color, round(strength, 3), words, words)


def against(colour: str, temp: float) -> float:
    """How far a look's temperature (`temp`, + warm) pulls against shadows toned `colour` (0 when it does not)."""
    way = _BALANCE[colour].get("temp", 0)
    return abs(temp) if way and temp * way < 0 else 0.0
