"""Which variations a quality question names ("is number 3 too dark?", "is the 2nd or the 4th noisier?") and
whether it ranks them ("which one is sharpest?"). Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.rules.iqa_rank_words import COMPARING, PAIR, RANKS

# An edit makes five variations, so "the last one" is the fifth.
_ORDINALS = {
    **dict.fromkeys(("first", "1st", "one"), 1),
    **dict.fromkeys(("second", "2nd", "two"), 2),
    **dict.fromkeys(("third", "3rd", "three"), 3),
    **dict.fromkeys(("fourth", "4th", "four"), 4),
    **dict.fromkeys(("fifth", "5th", "five", "last", "final"), 5),
}
_NUMBERED = re.compile(
    # "numbr", "nr. 3", "nummer 3", "numero 3": the number typed short or as other languages say it
    r"(?:\b(?:number|numbr|nmbr|nummer|numero|número|nr\.?|no\.?|num|"
    r"variation|variant|var|version|option|column|result|image|pic|picture|alt)"
    r"\s*|#|\bv|\bcompare\s+|"
    # a bare number set against the source: "the delta e between 2 and the original"
    r"\bbetween\s+(?=[1-5]\s+and\s+(?:the\s+|its\s+|my\s+)?(?:original|source|og|upload|input|unedited)\b))\s*([1-9])\b"
    r"|\b(first|second|third|fourth|fifth|last|final|1st|2nd|3rd|4th|5th)\s+"
    r"(?:one|variation|variant|version|option|column|result)"
    # numbers in words only after a variation word: "version three" (never "one of them")
    r"|\b(?:number|no\.?|variation|variant|version|option|column|result)\s+(one|two|three|four|five)\b"
    # an ordinal standing alone for the variation: "is the fifth grainy?", "how does the third look"
    r"|\bthe\s+(first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)(?=\s*(?:$|[?,.!]|(?:is|looks?|seems?|has|have|"
    r"got|compared?|vs\.?|versus|against|or|and|than|to|from|with|too|a bit|appears?|any|grainy|noisy|blurry|soft|"
    r"sharp|dark|bright|washed|"
    # or a comparative: "is the 1st or the 3rd noisier?"
    r"(?!number)[a-z]{2,}er|"
    r"overexposed|underexposed)\b))"
)

# A bare number names a variation only where nothing else could be meant: after a thing in the picture ("the grass
# on 3", "the border of 4") or opening the question ("is 2 an improvement?"); never a count, a unit or a mark
# ("out of 5", "a scale of 1 to 10", "is 2 stops too much?").
_BARE = re.compile(
    r"(?:\bthe [a-z]+(?: (?!out\b)[a-z]+)? (?:on|in|of|for|from)|\b(?:improvement|upgrade|change|difference)s? (?:in|on|with)|"
    # ending the question ("is the saturation too high on 5?") or before its verb ("colours on 3 look off")
    r"\b(?:on|in)(?= [1-5]\W*$)|\b(?:think|reckon|guess|feel|say)(?= [1-5] (?:is|was|looks?|seems?)\b)|\b[a-z]{3,} (?:on|in)(?= [1-5] (?:looks?|seems?|is|are|appears?|got)\b)|^(?:is|are|was|were|does|did|has|how'?s|how is|how does)) "
    r"([1-5])\b(?!\s*(?:[-/x%]|(?:stops?|px|pixels?|points?|stars?|out|of|to|and|or|times|places?|spots?)\b))"
    # a count of things ("the shot of 3 people", "from 2 years ago"): a plural noun after it, never a verb
    r"(?!\s+(?:people|men|women|children|kids|feet|(?!(?:looks|seems|appears|gets|has|is|was|does|less|its|this|as|always|perhaps)\b)[a-z]+s)\b)"
)


def ranks(text: str) -> bool:
    """Whether a question asks which variation is best or worst at something ("which one is sharpest?", "is the
    2nd or the 4th noisier?")."""
    return len(variation_numbers(text)) > 1 or (bool(RANKS.search(text.lower())) and variation_number(text) is None)


def variation_numbers(text: str) -> list[int]:
    """Every variation a message names, in order and once each ("is #2 sharper than #4" -> [2, 4])."""
    t = text.lower()
    found = [_number(m) for m in _NUMBERED.finditer(t)] or [int(m.group(1)) for m in _BARE.finditer(t)]
    if len(found) < 2 and COMPARING.search(t):  # bare numbers name variations only when two are compared
        found += [int(n) for m in PAIR.finditer(t) for n in m.groups()]
    return list(dict.fromkeys(found))


def variation_number(text: str) -> int | None:
    """The variation a message names, counted from 1 ("is number 3 too dark?" -> 3), or None."""
    m = _NUMBERED.search(text.lower())
    bare = _BARE.search(text.strip().lower()) if m is None else None
    return _number(m) if m else int(bare.group(1)) if bare else None


def _number(m: re.Match) -> int:
    return int(m.group(1)) if m.group(1) else _ORDINALS[m.group(2) or m.group(3) or m.group(4)]
