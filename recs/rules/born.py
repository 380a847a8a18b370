"""Eras said against a birth year: "made before I was born (1985)", "before i was born 1985", "a drama from
before i was born, i was born in 1990", "anything since my son was born in 2003", "older than me, born '88".

The year is the one said with "born" (after the phrase, or anywhere the message says who was born when);
"before" is up to the year before it, "after"/"since" from it on, "the year"/"when" that year alone. Without a
year the phrase dates nothing (the catalogue can't know a birthday), and its words are kept from other readings.
"""

from __future__ import annotations

import re

from recs.rules.constraints import Constraints
from recs.rules.scan import Scanner

_WHO = r"(?P<who>i|we|he|she|they|(?:my|our) [a-z]+(?: [a-z]+)?)"
# "before i was born", "since my little brother was born", "the year we were born", "older than me"
_RELATION = (
    rf"(?P<rel>before|after|since|until|till|from when|around when|when|the year|the same year|year) {_WHO}"
    r" (?:was|were|got) born"
    r"|(?P<than>older|earlier|newer|younger) than (?:me|us|i am|we are)"
)
# The year said with "born": "born in 1990", "born 85", "born , 1985" (from "born (1985)"), "born back in '88"
_BORN_YEAR = re.compile(
    r"(?<![a-z0-9])born(?: ,)?(?: (?:in|back in|around|circa|on))?(?: the year)?(?: ,)? "
    r"(?P<y>(?:19|20)\d\d|\d\d)(?![a-z0-9])"
)
# A year said right after the phrase: "before i was born 1985", "before i was born , 1985"
_YEAR_AFTER = re.compile(
    r"(?: ,)?(?: (?:in|so|which was|that s|thats|i e|ie))?(?: ,)? (?P<y>(?:19|20)\d\d)(?![a-z0-9])"
)


def find_born(scan: Scanner, out: Constraints) -> None:
    """Set the years from a phrase said against a birth year (before the eras read the year as a film's)."""
    born = None  # the year said with "born" anywhere, looked for once
    for match in scan.find(_RELATION):
        born = born or _BORN_YEAR.search(scan.text)
        said = born or _YEAR_AFTER.match(scan.text, match.end())
        if not said:
            continue  # "before i was born": no year to count from
        year = int(said.group("y"))
        year += (1900 if year >= 30 else 2000) if year < 100 else 0
        start, end = said.span("y")
        scan.claimed.append((start, end))  # the birth year is no film's year
        _era(scan, out, match.group("rel") or match.group("than"), year, match.group("who") or "i", match.start())


def _era(scan: Scanner, out: Constraints, relation: str, year: int, who: str, start: int) -> None:
    """The years before, after or of a birth year; negated ("nothing from before i was born"), the others."""
    if relation in ("before", "until", "till", "older", "earlier"):
        lo, hi, label = None, year - 1, f"before {year}"
    elif relation in ("after", "since", "newer", "younger"):
        lo, hi, label = year, None, f"{year} or later"
    else:
        lo, hi, label = year, year, f"from {year}"
    if scan.negated(start):
        out.exclude_years.append((lo or 1870, hi or 2100))
        return
    out.year_min, out.year_max = lo, hi
    out.era = f"{label} (the year {_WHOSE.get(who) or re.sub(r'^(?:my|our) ', 'your ', who) + ' was'} born)"


_WHOSE = {"i": "you were", "we": "you were", "he": "he was", "she": "she was", "they": "they were"}
