"""Misspelt fault words in a quality question read as the words meant ("grany" -> grainy, "bluryy" -> blurry).

A typo is one slip (a letter wrong, missing, doubled or two swapped: rapidfuzz's optimal string alignment
distance), two in a word of nine letters or more ("underexpsoed"). Only words of five letters or more are tried:
shorter ones have too many real neighbours ("nose", "dim"). Real words one slip from a fault word ("granny",
"rainy", "train") are left as they are. Pure: no Django.
"""

from __future__ import annotations

import re

from rapidfuzz import process
from rapidfuzz.distance import OSA

# The fault words a slip is read back to: each is a word `iqa_words.WORDS` (or `iqa_saturation`, or "improvement",
# `iqa_words.IMPROVEMENT`) reads.
FAULT_WORDS = (
    "blurry blurred fuzzy unfocused focus grainy grain noisy speckled pixelated pixelly pixely blocky "
    "overexposed underexposed exposed murky smeary smudged oversaturated saturated improvement"
).split()
# Every word of a 100,000-word English dictionary (Debian's wamerican), or its plural, within one slip of a fault
# word: what the asker meant is that word, not a fault ("is granny blurry?", "any dead pixels?"), so it is kept.
ORDINARY = frozenset(
    "flurry blurted burred slurred fizzy refocused locus hocus brainy grains granny rainy brain drain grail groin "
    "train noise specked speckle speckles block blocks overexpose overexposes underexpose underexposes expose "
    "exposes exposer mucky murks musky smear smears smudge smudges pixel pixels burry sweary saturate saturates "
    "unsaturated improvements improvident".split()
)
_WORD = re.compile(r"\b[a-z]{5,}\b")
_LONG = 9  # from this length a word may have two slips


def nearest_fault(word: str) -> str | None:
    """The fault word `word` is a slip of ("bluryy" -> "blurry"), or None (a real word, or too far from any)."""
    if word in ORDINARY or word in FAULT_WORDS or len(word) < 5:
        return None
    slips = 2 if len(word) >= _LONG else 1
    match = process.extractOne(word, FAULT_WORDS, scorer=OSA.distance, score_cutoff=slips)
    return match[0] if match else None


def forgive(text: str) -> str:
    """Lower-case text with each misspelt fault word replaced by the word meant ("is it grany?" -> "is it grainy?")."""
    text = _TO.sub(r"\1 too ", text)  # "is it to bright?": "to" typed for "too" before a fault
    return _WORD.sub(lambda m: nearest_fault(m.group(0)) or m.group(0), text)


# "to" for "too", only between a state and a fault said with it ("is it to dark", "looks a bit to soft")
_TO = re.compile(
    r"\b(is|are|it|its|it's|looks|look|seems|seem|bit|way|little|just|much) to "
    r"(?=(?:bright|dark|dim|soft|blurry|noisy|grainy|flat|dull|warm|cool|cold|saturated|strong|intense|light)\b)"
)
