"""Runtime limits in a request: "under 90 minutes" (strict), "at most 2 hours" (inclusive), "not too long".

Every phrase found becomes a candidate limit; explicit numbers beat vague words, and among several
limits of one kind the strictest wins ("not too long, under 90 minutes" means under 90). Hours with minutes
("an hour and 45", "1h45", "2 hours 15 mins") are read as minutes first, and "90 min-ish", "2 hours or so" as
"around" them (spoken_runtimes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from recs.rules.vocab import NUMBER_WORDS

_NUM = r"\d+(?:\.\d+)?|one|two|three|four|seventy|eighty|ninety|a hundred|hundred|an?|half an?"
_UNIT = r"hours?|hrs?|h|minutes?|mins?|m"
# Prefix words: (kind, strict). "not than" is "no more than" after the negation rewrite.
_PREFIX = {
    "under": ("max", True),
    "less than": ("max", True),
    "shorter than": ("max", True),
    "below": ("max", True),
    "no longer than": ("max", False),
    "not than": ("max", False),
    "at most": ("max", False),
    "max": ("max", False),
    "maximum": ("max", False),
    "within": ("max", False),
    "up to": ("max", False),
    "over": ("min", True),
    "more than": ("min", True),
    "longer than": ("min", True),
    "above": ("min", True),
    "at least": ("min", False),
    "minimum": ("min", False),
}
_SUFFIX = {"less": "max", "under": "max", "shorter": "max", "more": "min", "longer": "min", "over": "min"}
# The half said after the unit ("2 hours and a half") or before it ("2 and a half hours").
EXPLICIT = (
    rf"(?P<neg>not )?(?P<pre>{'|'.join(sorted(_PREFIX, key=len, reverse=True))}) "
    rf"(?P<num>{_NUM})(?P<hb> and a half)? ?(?P<unit>{_UNIT})(?P<half> and a half)?"
    rf"|(?P<num2>{_NUM})(?P<hb2> and a half)? ?(?P<unit2>{_UNIT})(?P<half2> and a half)? (?:or (?P<post>{'|'.join(_SUFFIX)})|(?P<tops>max|tops|maximum|at most|at the most))"
)
# "roughly ninety minutes", "around 100 minutes", "about two hours": a window of 15 minutes either way.
APPROX = rf"(?:roughly|around|about|approximately|circa|give or take) (?P<num>{_NUM})(?P<hb> and a half)? ?(?P<unit>{_UNIT})(?P<half> and a half)?"
APPROX_SLACK = 15
# "not as long", "that aren't 3 hours long": not an overlong film, whatever the hyperbole says
VAGUE_SHORT = (
    r"not too long|not (?:very |too )?lengthy|(?:not|isn ?t|aren ?t) (?:as |so |that |(?:[1-4]|two|three|four) hours? )?long"
    r"|short|shorter|quick|brief"
)
# "a long day", "a long week" say how the user's day went, not how long the film should be.
VAGUE_LONG = r"long(?! (?:day|week|night|shift|year|time|weekend|commute))|longer|epic|epics|lengthy"


_HOURS = r"(?P<h>[1-4]|an?|one|two|three|four)"
_MINUTE_WORDS = {"a quarter": 15, "three quarters": 45, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40}
_MINUTE_WORDS |= {"forty five": 45, "fifty": 50, "ten": 10, "five": 5}
_MINUTE_WORD = "|".join(sorted(_MINUTE_WORDS, key=len, reverse=True))
# "an hour and 45", "1 hour 45 minutes", "two hours and a quarter"; "2 hours and 3 films", "2 hours and 5 stars"
# are no runtime (without a unit, a number of minutes is 10 to 59 and no count of something after it).
_HOURS_MINUTES = re.compile(
    rf"(?<![a-z0-9]){_HOURS} ?(?:hours?|hrs?|h) ?(?:(?:and|n) )?"
    rf"(?:(?P<m>[1-5]?\d|{_MINUTE_WORD}) ?(?:minutes?|mins?|m)(?![a-z0-9])"
    rf"|(?P<bare>[1-5]\d|{_MINUTE_WORD})(?![a-z0-9])(?= ,|$| (?!films?|movies?|picks?|options?|suggestions?|"
    rf"stars?|ratings?|votes?|people|of |years?|yo )))"
)
_HALF_N = re.compile(r"(?<![a-z0-9])(an? hour|hours?|hrs?) n (?=a half(?![a-z]))")  # "an hour n a half"
# "90 min-ish", "90ish minutes", "2 hours or so", "2hrs give or take".
_ISH = re.compile(
    rf"(?<![a-z0-9])(?P<num>\d+(?:\.\d+)?|{_NUM}) ?ish ?(?P<unit>{_UNIT})(?![a-z0-9])"
    rf"|(?<![a-z0-9])(?P<num2>\d+(?:\.\d+)?|{_NUM}) ?(?P<unit2>{_UNIT}) ?(?:ish|or so|give or take)(?![a-z0-9])"
)


# "between 90 and 120 minutes", "90 to 120 mins", "1 to 2 hours": both ends of a runtime said once
_RANGE = re.compile(
    r"(?<![a-z0-9])(?:between )?(?P<lo>\d{1,3}(?:\.\d)?) (?:and|to|or) (?P<hi>\d{1,3}(?:\.\d)?) ?"
    r"(?P<unit>hours?|hrs?|minutes?|mins?)(?![a-z0-9])"
)
# "a 3 hour movie", "a 90 minute film": a film's length said as its size, read as around it
_SIZED = re.compile(
    r"(?<![a-z0-9])(?P<a>an?|some) (?P<num>\d{1,3}(?:\.\d)?) ?(?P<unit>hours?|hrs?|minutes?|mins?)"
    r"(?= (?:long )?(?:films?|movies?|flicks?|epics?|comed(?:y|ies)|dramas?|thrillers?)\b)"
)


def spoken_runtimes(text: str) -> str:
    """Prepared text with hours-and-minutes as minutes ("under an hour and 45" -> "under 105 minutes") and
    "-ish" runtimes as "around" ones ("90 min ish" -> "around 90 min"), for the patterns above."""

    def as_minutes(match: re.Match) -> str:
        hours = NUMBER_WORDS.get(match.group("h")) or int(match.group("h"))
        said = match.group("m") or match.group("bare")
        minutes = _MINUTE_WORDS[said] if said in _MINUTE_WORDS else int(said)
        return f"{hours * 60 + minutes} minutes" if minutes < 60 else match.group()

    text = _HOURS_MINUTES.sub(as_minutes, _HALF_N.sub(r"\1 and ", text))
    text = _RANGE.sub(r"at least \g<lo> \g<unit> at most \g<hi> \g<unit>", text)  # "between 90 and 120 minutes"
    text = _SIZED.sub(r"\g<a> around \g<num> \g<unit>", text)  # "a 3 hour movie"
    return _ISH.sub(lambda m: f"around {m.group('num') or m.group('num2')} {m.group('unit') or m.group('unit2')}", text)


@dataclass(frozen=True)
class Limit:
    """One runtime limit: max or min minutes, strict (<, >) or inclusive, explicit or a vague word."""

    kind: str
    minutes: int
    strict: bool
    explicit: bool
    label: str = ""


def explicit_limit(match: re.Match, negated: bool) -> Limit:
    """The limit an explicit phrase states; a negation flips it ("not over 2 hours" = at most 2 hours)."""
    if match.group("pre"):
        kind, strict = _PREFIX[match.group("pre")]
        minutes = minutes_of(match.group("num"), match.group("unit"), match.group("half") or match.group("hb"))
    else:
        kind, strict = ("max" if match.group("tops") else _SUFFIX[match.group("post")]), False
        minutes = minutes_of(match.group("num2"), match.group("unit2"), match.group("half2") or match.group("hb2"))
    if negated or match.group("neg"):
        kind, strict = ("min" if kind == "max" else "max"), not strict
    return Limit(kind, minutes, strict, explicit=True)


def approx_limits(match: re.Match) -> list[Limit]:
    """ "roughly ninety minutes": at least 75 and at most 105, both inclusive and explicit."""
    minutes = minutes_of(match.group("num"), match.group("unit"), match.group("half") or match.group("hb"))
    label = f"around {say_minutes(minutes)}"
    return [
        Limit("min", minutes - APPROX_SLACK, False, explicit=True, label=label),
        Limit("max", minutes + APPROX_SLACK, False, explicit=True, label=label),
    ]


def vague_limit(word: str, negated: bool) -> Limit:
    """ "short" = at most 100 minutes, "not too long" = at most 120, "long"/"epic" = at least 140."""
    if re.match(r"not|isn|aren", word) or (negated and re.fullmatch(VAGUE_LONG, word)):
        return Limit("max", 120, False, explicit=False, label="not too long")
    if re.fullmatch(VAGUE_SHORT, word):
        return Limit("max", 100, False, explicit=False, label="short")
    return Limit("min", 140, False, explicit=False, label="long")


def strictest(limits: list[Limit], kind: str) -> Limit | None:
    """The limit of this kind that wins: explicit before vague, then the tightest bound."""
    mine = [limit for limit in limits if limit.kind == kind]
    if any(limit.explicit for limit in mine):
        mine = [limit for limit in mine if limit.explicit]
    if not mine:
        return None
    if kind == "max":  # a lower maximum is tighter; at the same number "under" beats "at most"
        return min(mine, key=lambda limit: (limit.minutes, not limit.strict))
    return max(mine, key=lambda limit: (limit.minutes, limit.strict))


def say_limit(limit: Limit) -> str:
    """How a limit reads in an intro: "under 90 minutes", "at most 2 hours", "short"."""
    if limit.label:
        return limit.label
    if limit.kind == "max":
        return f"{'under' if limit.strict else 'at most'} {say_minutes(limit.minutes)}"
    return f"{'over' if limit.strict else 'at least'} {say_minutes(limit.minutes)}"


def minutes_of(value: str, unit: str, half: str | None) -> int:
    """ "two" "hours" " and a half" -> 150."""
    if value.startswith("half"):
        amount = 0.5
    else:
        amount = float(NUMBER_WORDS[value]) if value in NUMBER_WORDS else float(value)
    minutes = amount * 60 if unit.startswith("h") else amount
    return int(minutes + (30 if half else 0))


def say_minutes(minutes: int) -> str:
    """120 -> "2 hours", 90 -> "90 minutes"."""
    if minutes % 60 == 0:
        hours = minutes // 60
        return f"{hours} hour{'s' if hours > 1 else ''}"
    return f"{minutes} minutes"


def fits(runtime: int | None, *, low: int | None, high: int | None, low_strict: bool, high_strict: bool) -> bool:
    """Whether a runtime is within the limits; an unknown runtime fits nothing."""
    if runtime is None:
        return False
    if low is not None and (runtime <= low if low_strict else runtime < low):
        return False
    if high is not None and (runtime >= high if high_strict else runtime > high):
        return False
    return True
