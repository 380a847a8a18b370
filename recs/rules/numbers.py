"""Years and decades spelt out in words ("nineteen eighty", "two thousand and five", "the nineteen nineties")
rewritten as digits, so the year parser reads them like "1980", "2005", "1990s"."""

from __future__ import annotations

import re

_UNITS = "one two three four five six seven eight nine".split()
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_DECADES = "tens twenties thirties forties fifties sixties seventies eighties nineties".split()
_VALUE = (
    {w: i + 1 for i, w in enumerate(_UNITS)}
    | {w: i + 10 for i, w in enumerate(_TEENS)}
    | {w: (i + 2) * 10 for i, w in enumerate(_TENS)}
)
_UNIT = "|".join(_UNITS)
# 1..99 in words: "five", "nineteen", "eighty", "eighty five", "eighty-five" (hyphens are spaces by now).
_UP_TO_99 = rf"(?:(?:{'|'.join(_TENS)})(?: (?:{_UNIT}))?|{'|'.join(_TEENS)}|{_UNIT})"
# "nineteen eighties" is a decade; "nineteen eighty (five)" and "nineteen oh five" are years.
_CENTURY_DECADE = re.compile(rf"\bnineteen ({'|'.join(_DECADES)})\b")
_CENTURY_YEAR = re.compile(rf"\bnineteen (?:(oh|o) ({_UNIT})|({_UP_TO_99}))\b")
# "two thousand", "two thousand and five", "two thousand ten", "twenty ten".
# "the two thousands", "the twenty tens": the decades of this century said in words.
_MILLENNIUM_DECADE = re.compile(r"\b(?:two thousands|twenty (tens|teens))\b")
_MILLENNIUM = re.compile(rf"\btwo thousand(?: (?:and )?({_UP_TO_99}))?\b|\btwenty (ten)\b")


# A count said in digits or words ("20", "twenty", "fifteen"), for phrases other than years.
COUNT = rf"\d{{1,2}}|{_UP_TO_99}"


def count_value(said: str) -> int:
    """ "20" -> 20, "twenty five" -> 25."""
    return int(said) if said.isdigit() else _number(said)


def _number(words: str) -> int:
    """ "eighty five" -> 85."""
    return sum(_VALUE[w] for w in words.split())


def spelled_years(text: str) -> str:
    """Lower-case text with spelt-out years and decades as digits ("before nineteen eighty" -> "before 1980")."""
    text = _CENTURY_DECADE.sub(lambda m: f"19{_DECADES.index(m.group(1)) + 1}0s", text)
    text = _CENTURY_YEAR.sub(
        lambda m: f"190{_VALUE[m.group(2)]}" if m.group(1) else f"19{_number(m.group(3)):02d}",
        text,
    )
    text = _MILLENNIUM_DECADE.sub(lambda m: "2010s" if m.group(1) else "2000s", text)
    return _MILLENNIUM.sub(lambda m: f"20{_number(m.group(1) or m.group(2) or ''):02d}", text)


_TITLE_NUMBER = re.compile(r"\b(" + "|".join(_UNITS + ["ten"]) + r")\b", re.I)


def title_digits(title: str) -> str:
    """A typed title with its number words as digits ("toy story three" -> "toy story 3"), for sequels."""
    return _TITLE_NUMBER.sub(lambda m: str(_VALUE[m.group(1).lower()]), title)


_ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]
# A sequel's number said as a digit where the catalogue spells it in roman numerals ("the godfather part 2"
# is "The Godfather: Part II"): after "part", or closing the title.
_SEQUEL_DIGIT = re.compile(r"(?:(?<=\bpart )|(?<=\bchapter ))([1-9]|10)\b|\b([2-9]|10)\s*$", re.I)


def title_roman(title: str) -> str:
    """A typed title with a sequel's digit as a roman numeral ("godfather part 2" -> "godfather part ii")."""
    return _SEQUEL_DIGIT.sub(lambda m: _ROMAN[int(m.group(1) or m.group(2)) - 1], title_digits(title))
