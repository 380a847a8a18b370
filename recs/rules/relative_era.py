"""Eras said relative to a film: "older than Inception", "newer than Jaws", "released before Alien", and a bare
"older"/"more recent" beside a film the request is like ("like Inception but older" is older than Inception,
not the catalogue's pre-1980 films); and relative to today: "from the last 20 years", "in the past decade"."""

from __future__ import annotations

import re
from datetime import date

from recs.rules.constraints import Constraints
from recs.rules.like import title_prefix
from recs.rules.numbers import COUNT, count_value
from recs.rules.scan import Scanner
from recs.rules.vocab import DECADE_WORDS
from recs.sources.catalogue import Catalogue

_OLDER = ("older", "earlier", "before")
# "older than Inception", "more recent than the film Jaws", "released after Alien", "that came out before Heat".
_THAN = re.compile(
    r"(?<![a-z0-9])(?:(?P<c>older|earlier|newer|more recent|more modern|later) than"
    r"|(?:released|made|came out|come out|coming out|from) (?P<w>before|after))"
    r" (?:the (?:film |movie ))?"
)
# A bare comparative, read against the liked films only ("like Alien but older", "in that vein but more recent").
_BARE = re.compile(r"(?<![a-z0-9])(?P<c>older|newer|more recent|more modern)(?![a-z0-9])(?! than)")
# "for older kids", "my 8 year old": a viewer's age, not a film's.
_VIEWERS = re.compile(r" (?:kids|children|teens|teenagers|viewers|audiences?|crowd|folks|people|ones in)\b")
_YEAR = re.compile(r"(?:19|20)\d\d")


def find_than_film(scan: Scanner, catalogue: Catalogue, out: Constraints) -> None:
    """Set the year range from a film named after "older than"/"released before" (before titles are read as likes)."""
    for match in list(_THAN.finditer(scan.text)):
        tokens = scan.text[match.end() :].split(",")[0].split()[:12]
        found = title_prefix(tokens, catalogue) if tokens and not _YEAR.fullmatch(tokens[0]) else None
        end = match.end() + len(" ".join(tokens[: found[1]])) if found else match.end()
        if not found or not found[0].year or not scan._free(match.start(), end):
            continue  # "older than 2005" is a year, read by the parser's own era rules
        scan.claimed.append((match.start(), end))
        _bound(scan, out, match.group("c") or match.group("w"), [found[0].year], found[0].title, match.start())


# "nothing older than the 90s", "newer than the eighties": a decade as the bound, its first or last year.
_THAN_DECADE = re.compile(
    r"(?<![a-z0-9])(?P<c>older|earlier|newer|more recent|more modern|later) than (?:the )?"
    r"(?:(?P<cent>19|20)?(?P<d>\d)0 ?s|(?P<w>" + "|".join(DECADE_WORDS) + r"))(?![a-z0-9])"
)


def find_than_decade(scan: Scanner, out: Constraints) -> None:
    """Set the year range from a decade named after "older than"/"newer than" (before the decade is read alone)."""
    for match in list(_THAN_DECADE.finditer(scan.text)):
        if not scan._free(match.start(), match.end()):
            continue
        scan.claimed.append((match.start(), match.end()))
        digit = int(match.group("d") or 0)
        if match.group("w"):
            base = DECADE_WORDS[match.group("w")]
        elif match.group("cent"):
            base = int(match.group("cent")) * 100 + 10 * digit
        else:  # "the 90s", "the 00s"
            base = (2000 if digit <= 1 else 1900) + 10 * digit
        year = base if match.group("c") in _OLDER else base + 9
        decade = f"the {str(base)[2:]}s" if base < 2000 else f"the {base}s"
        _bound(scan, out, match.group("c"), [year], decade, match.start())


def find_bare_comparative(scan: Scanner, catalogue: Catalogue, out: Constraints) -> None:
    """Set the year range from a bare "older"/"more recent" said beside the films the request is like."""
    liked = [m for m in (catalogue.get(i) for i in out.like_ids) if m and m.year]
    for match in list(_BARE.finditer(scan.text)) if liked else []:
        words_before = scan.before(match.start(), 1)
        if words_before in (["year"], ["years"]) or _VIEWERS.match(scan.text[match.end() :]):
            continue
        if scan._free(match.start(), match.end()):
            scan.claimed.append((match.start(), match.end()))
            names = " and ".join(m.title for m in liked[:2])
            _bound(scan, out, match.group("c"), [m.year for m in liked], names, match.start())


def _bound(scan: Scanner, out: Constraints, word: str, years: list[int], names: str, start: int) -> None:
    """Films released before the earliest named film or after the latest; negated, the named year is kept."""
    older = word in _OLDER
    if scan.negated(start):  # "nothing older than Jaws": Jaws's own year and later
        lo, hi = (min(years), None) if older else (None, max(years))
        out.year_min, out.year_max = lo, hi
        out.era = f"from {lo} on (no older than {names})" if older else f"up to {hi} (no newer than {names})"
        return
    lo, hi = (None, min(years) - 1) if older else (max(years) + 1, None)
    out.year_min, out.year_max = lo, hi
    out.era = (
        f"released before {hi + 1} (older than {names})" if older else f"released after {lo - 1} (newer than {names})"
    )


# "from the last 20 years or so", "in the past decade", "over the last few years": counted back from today. Only
# plural years or decades: "last year" is as often when a film was seen as when it came out.
_LAST = (
    rf"(?:(?:from|in|over|within|during|of) )?(?:the )?(?:last|past) (?:(?P<n>{COUNT}|few|couple(?: of)?) )?"
    r"(?P<unit>years|decades?)"
)


def find_last_years(scan: Scanner, out: Constraints, today: date | None = None) -> None:
    """Set the years from a span counted back from today ("the last 20 years": 20 years before this one on)."""
    for match in scan.find(_LAST):
        said = match.group("n") or ""
        count = 5 if said == "few" else 2 if said.startswith("couple") else count_value(said) if said else 1
        years = count * (10 if match.group("unit").startswith("decade") else 1)
        if years < 2 and match.group("unit") == "years":
            continue
        since = (today or date.today()).year - years
        if scan.negated(match.start()):
            out.exclude_years.append((since, 2100))
            continue
        out.year_min, out.year_max = since, None
        span = re.sub(r"^(?:(?:from|in|over|within|during|of) )?(?:the )?", "", match.group().strip())
        out.era = f"from the {span} ({since} on)"


# A bare comparative said after picks were shown ("something newer", "an older classic"): relative to them.
_SHOWN_BARE = re.compile(r"(?<![a-z0-9])(?P<c>older|newer|more recent|more modern|earlier)(?![a-z0-9])(?! than)")
_VAGUE_ERAS = ("recent (2005+)", "older (pre-1980)")


def relative_to_shown(text: str, out: Constraints, last_picks: list[dict]) -> bool:
    """Set the years from a bare "older"/"newer" against the picks shown last; True when it did."""
    years = [p["year"] for p in last_picks if isinstance(p.get("year"), int)]
    if not years or out.like_ids or (out.era not in _VAGUE_ERAS and (out.year_min or out.year_max)):
        return False  # a year typed or a film named decides; "recent films" with nothing shown stays 2005+
    scan = Scanner(text)
    for match in _SHOWN_BARE.finditer(text):
        if scan.before(match.start(), 1) in (["year"], ["years"]) or _VIEWERS.match(text[match.end() :]):
            continue
        _bound(scan, out, match.group("c"), years, "the picks just shown", match.start())
        return True
    return False
