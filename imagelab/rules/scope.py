"""Edits aimed at one thing in the picture ("brighten the cat's face", "make the dress whiter").

No local op can pick a thing out, so such an edit changes the whole photo; the plans and the answer say so
plainly rather than let the person believe only that thing changed. Pure: no Django.
"""

import re

_DET = r"(?:the|his|her|their|my|its|our|your|that|this|those|these)"
_THING = rf"{_DET}\s+((?:[a-z]+(?:'s|s')\s+)?[a-z]+)\b"
_VERBS = (
    r"brighten|darken|lighten|sharpen|soften|warm(?:\s+up)?|cool(?:\s+down)?|saturate|desaturate|whiten|enhance|"
    r"boost|deepen|dim|recolou?r|punch\s+up|brighten\s+up|light\s+up"
)
# "make the dress whiter", "make her eyes pop", "make the grass look greener": a thing, then how it should be.
_AIMED = re.compile(
    rf"\b(?:{_VERBS})\s+{_THING}|\bmake\s+{_THING}\s+(?:look\s+)?(?:(?:a bit|a little|more|less|much|way|so)\s+)*"
    r"(?:[a-z]+er\b|pop\b|stand out\b|vivid\b|vibrant\b|dramatic\b|moody\b|intense\b|white\b|black\b)|"
    # "make the sky more blue", "make her skin a bit less red"
    rf"\bmake\s+{_THING}\s+(?:look\s+)?(?:(?:a bit|a little|much|way|even|so)\s+)*(?:more|less)\s+[a-z]+"
)
# What a phrase names that is the whole picture or a tone the ops do reach (shadows, corners, colours).
_WHOLE = frozenset(
    "photo photos image images picture pictures pic pics shot shots photograph whole thing overall edit look vibe "
    "mood feel colours colors colour color tones tone contrast saturation brightness exposure warmth highlights "
    "shadows blacks whites midtones darks lights corners edges horizon framing composition crop grain noise "
    "vignette details detail sharpness lighting light rest frame everything one ones version variation result "
    "reds greens blues yellows oranges purples pinks hues it "
    # a fault of the whole picture's colour named as a thing: "boost the faded (colours)"
    "faded washed dull muted pale flat".split()
)


def aimed_at(text: str) -> list[str]:
    """The things an edit is aimed at ("the cat's face"), as said; empty when it is about the whole picture."""
    found = []
    for m in _AIMED.finditer(text):
        phrase = m.group(1) or m.group(2) or m.group(3)
        if phrase.split()[-1] not in _WHOLE and phrase not in found:
            found.append(phrase)
    return found


def whole_photo(things: list[str]) -> str:
    """The plain sentence that the edit changes the whole photo, not just the things named."""
    named = " or ".join(f"the {t}" for t in things)
    return (
        f"Offline edits apply to the whole photo: {named} can't be picked out on its own here, "
        "so the whole picture changes."
    )
