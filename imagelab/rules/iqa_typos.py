"""Misspelt fault words in a quality question read as the words meant ("grany" -> grainy, "bluryy" -> blurry).

A typo is one slip (a letter wrong, missing, doubled or two swapped: rapidfuzz's optimal string alignment
distance), two in a word of nine letters or more ("underexpsoed"). Real words one slip from a fault word ("granny",
"rainy", "train") are left as they are. A word of four letters has too many real neighbours ("blue" for blur, "dart"
for dark) for any slip: only two letters swapped in a short fault word ("dakr", "bulr") or one left out of a five-letter
one ("nosy", "shrp") is read, never a real word ("nose", "rain", "harp"). A few faults are spelt as they sound
("brite"). Pure: no Django.
"""

from __future__ import annotations

import re

from rapidfuzz import process
from rapidfuzz.distance import OSA

# The fault words a slip is read back to: each is a word `iqa_words.WORDS` (or `iqa_saturation`, or "improvement",
# `iqa_words.IMPROVEMENT`) reads.
FAULT_WORDS = (
    "blurry blurred fuzzy unfocused focus grainy grain noisy speckled pixelated pixelly pixely blocky "
    "overexposed underexposed exposed murky smeary smudged oversaturated saturated improvement "
    # the superlatives a ranking is read by ("wich one is the brighest")
    "brightest darkest sharpest noisiest blurriest"
).split()
# Every word of a 100,000-word English dictionary (Debian's wamerican), or its plural, within one slip of a fault
# word: what the asker meant is that word, not a fault ("is granny blurry?", "any dead pixels?"), so it is kept.
ORDINARY = frozenset(
    "flurry blurted burred slurred fizzy refocused locus hocus brainy grains granny rainy brain drain grail groin "
    "train noise specked speckle speckles block blocks overexpose overexposes underexpose underexposes expose "
    "exposes exposer mucky murks musky smear smears smudge smudges pixel pixels burry sweary saturate saturates "
    "unsaturated improvements improvident "
    # the figures' own names, a slip or two from a superlative: "is the brightness too high?" is no "brightest"
    "brightness darkness sharpness noisiness blurriness brighter darker sharper noisier blurrier brightens darkens "
    "sharpens".split()
)
# Faults read in four-letter slips: swapped letters of the four-letter ones, a letter left out of the five-letter ones.
SHORT_FAULTS = "dark blur soft flat dull hazy noisy noise sharp crisp grain blown murky foggy faded muddy".split()
# Four-letter slips of those that are words (wamerican, checked the same way) or names people write ("my gran").
# "nosy" is not among them: a photo is never asked to be nosy, and it is the commonest slip of "noisy".
SHORT_ORDINARY = frozenset("blow blur burr fade fogy gain grin harp murk nose oise rain gran cris mudd".split())
# Faults spelt as they sound: "is it to brite?"
SOUNDED = {"brite": "bright", "briter": "brighter", "britest": "brightest", "noize": "noise", "noizy": "noisy"}


def _short_slips() -> dict[str, str]:
    """Each four-letter slip of a short fault word -> the word ("dakr" -> "dark", "nosy" -> "noisy")."""
    slips: dict[str, str] = {}
    for fault in SHORT_FAULTS:
        if len(fault) == 4:
            swapped = (fault[:i] + fault[i + 1] + fault[i] + fault[i + 2 :] for i in range(3))
            slips |= {w: fault for w in swapped if w != fault and w not in slips}
        else:
            slips |= {w: fault for w in (fault[:i] + fault[i + 1 :] for i in range(5)) if w not in slips}
    return {w: fault for w, fault in slips.items() if w not in SHORT_ORDINARY}


SHORT_SLIPS = _short_slips()
_WORD = re.compile(r"\b[a-z]{4,}\b")
_LONG = 9  # from this length a word may have two slips


def nearest_fault(word: str) -> str | None:
    """The fault word `word` is a slip of ("bluryy" -> "blurry"), or None (a real word, or too far from any)."""
    if word in SOUNDED or len(word) == 4:
        return SOUNDED.get(word) or SHORT_SLIPS.get(word)
    if word in ORDINARY or word in FAULT_WORDS or len(word) < 5:
        return None
    slips = 2 if len(word) >= _LONG else 1
    match = process.extractOne(word, FAULT_WORDS, scorer=OSA.distance, score_cutoff=slips)
    return match[0] if match else None


def forgive(text: str) -> str:
    """Lower-case text with each misspelt fault word replaced by the word meant ("is it grany?" -> "is it grainy?")."""
    text = _WORD.sub(lambda m: nearest_fault(m.group(0)) or m.group(0), text)
    return _TO.sub(r"\1 too ", text)  # "is it to bright?": "to" typed for "too" before a fault ("to dakr" too)


# "to" for "too", only between a state and a fault said with it ("is it to dark", "looks a bit to soft"), or after
# the thing asked about ("is the photo to bright?", "are the shadows to dark"), never "going to" or "from dark to light"
_TO = re.compile(
    r"\b(is|are|it|its|it's|looks|look|seems|seem|bit|way|little|just|much|"
    r"(?:is|are|was|were|r|iz) (?:(?:the|this|that|my|your|her|his|their|number|no\.?|variation|version) ?)?"
    r"(?!(?:going|got|have|has|want|need|used|able|due|close|next|similar)\b)[a-z0-9#]+) to "
    r"(?=(?:bright|dark|dim|soft|blurry|noisy|grainy|flat|dull|warm|cool|cold|saturated|strong|intense|light)\b)"
)
