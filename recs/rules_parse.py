"""Parse a free-text film request into hard/soft Constraints, offline and deterministic."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, Field

from recs import rules_runtime as runtime
from recs.catalogue import Catalogue, core_title
from recs.movies import Movie, normalize_title
from recs.rules_like import find_like
from recs.rules_vocab import (
    DECADE_WORDS,
    FILLER,
    GENRE_PATTERNS,
    MOOD_WORDS,
    NEGATION_REWRITES,
    NEGATORS,
    UNSUPPORTED,
)

CAST_PATH = Path(__file__).parent / "data" / "cast.json"
FAMILY_RATINGS = ["G", "PG"]


class Constraints(BaseModel):
    """What a request asks for; the ranker decides what is hard and what may be relaxed."""

    genres: list[str] = Field(default_factory=list)  # any-of catalogue tags
    moods: list[str] = Field(default_factory=list)  # adjectives as typed ("tense")
    genre_words: list[str] = Field(default_factory=list)  # nouns as typed ("thriller")
    exclude_genres: list[str] = Field(default_factory=list)
    year_min: int | None = None
    year_max: int | None = None
    era: str | None = None  # how to say the year range ("90s", "after 2005")
    exclude_years: list[tuple[int, int]] = Field(default_factory=list)
    directors: list[str] = Field(default_factory=list)
    exclude_directors: list[str] = Field(default_factory=list)
    people: list[str] = Field(default_factory=list)  # actors from cast.json
    exclude_people: list[str] = Field(default_factory=list)
    unknown_people: list[str] = Field(default_factory=list)  # named, but not checkable offline
    unknown_likes: list[str] = Field(default_factory=list)  # "like Heat" when Heat isn't in the catalogue
    mpaa_allowed: list[str] = Field(default_factory=list)
    mpaa_excluded: list[str] = Field(default_factory=list)
    rating_label: str | None = None
    max_runtime: int | None = None
    max_runtime_strict: bool = False  # "under 90 minutes" excludes 90; "at most 90 minutes" keeps it
    min_runtime: int | None = None
    min_runtime_strict: bool = False
    runtime_label: str | None = None
    min_rating: float | None = None
    hidden_gem: bool = False
    quality_label: str | None = None
    like_ids: list[str] = Field(default_factory=list)
    # (word as typed, kind): asked for, but the catalogue has no data for it ("bollywood": country).
    unsupported: list[tuple[str, str]] = Field(default_factory=list)

    def is_empty(self) -> bool:
        """True when nothing at all was understood."""
        return not any(value for value in self.model_dump().values())

    def filterable(self) -> bool:
        """True when something the catalogue can filter on was understood."""
        skip = ("unknown_people", "unknown_likes", "unsupported")
        return any(value for name, value in self.model_dump().items() if name not in skip)

    def describe(self) -> str:
        """A compact one-line summary for logs."""
        parts = [f"{k}={v}" for k, v in self.model_dump().items() if v not in (None, [], False)]
        return "; ".join(parts) or "no constraints"


@lru_cache(maxsize=2)
def load_cast(path: Path = CAST_PATH) -> dict[str, list[tuple[str, int]]]:
    """Actor -> [(title, year)] from the curated cast table."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {name: [(f["title"], int(f["year"])) for f in films] for name, films in data["actors"].items()}


_PARTICLES = frozenset({"de", "del", "van", "von", "da", "di", "le", "la"})
# Surnames that are everyday words: only the full name counts ("a story film" is no Tim Story).
_COMMON_SURNAMES = frozenset({
    "story", "rock", "green", "grey", "white", "west", "wise", "lord", "hood", "grant", "judge",
    "fell", "lean", "duke", "guest", "glen", "brown", "wolf", "hall", "bill", "bird", "wedge",
    "dey", "ivory", "reed", "stone", "young", "king", "wood", "park", "lee", "hill", "field",
    "ford", "jones", "davis", "kelly", "burns", "owens", "ellis", "adams", "hogan", "payne",
    "miner", "gallo", "lin", "roth", "smith", "black", "long", "short", "little", "best", "good",
    "rich", "sharp", "hunter", "marshall", "fox", "gray", "price", "page", "frank", "bell", "zombie",
})


class PeopleIndex:
    """Directors (from the catalogue) and actors (from cast.json) by full name and surname."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.cast = load_cast()
        self.cast_keys: dict[str, set[tuple[str, int | None]]] = {
            name: {(core_title(normalize_title(t)), y) for t, y in films} for name, films in self.cast.items()
        }
        self.full: dict[str, tuple[str, set[str]]] = {}  # norm name -> (display, roles)
        surnames: dict[str, set[str]] = {}
        for name, role in [(d, "director") for d in catalogue.directors] + [(a, "actor") for a in self.cast]:
            norm = normalize_title(name)
            display, roles = self.full.setdefault(norm, (name, set()))
            roles.add(role)
            words = norm.split()
            if len(words) > 1:
                cut = -2 if len(words) > 2 and words[-2] in _PARTICLES else -1
                surnames.setdefault(" ".join(words[cut:]), set()).add(norm)
        self.surname = {
            s: next(iter(n)) for s, n in surnames.items()
            if len(n) == 1 and len(s) >= 3 and s not in _COMMON_SURNAMES
        }
        names = sorted(self.full, key=len, reverse=True)
        self.full_re = re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b")

    def acting(self, movie: Movie, names: Iterable[str]) -> list[str]:
        """Those of `names` who act in the film (by cast.json), in the order given."""
        key = (core_title(normalize_title(movie.title)), movie.year)
        return [name for name in names if key in self.cast_keys.get(name, ())]


@lru_cache(maxsize=4)
def people_index(catalogue: Catalogue) -> PeopleIndex:
    """The (cached) people index of this catalogue."""
    return PeopleIndex(catalogue)


def prepare(text: str) -> str:
    """Fold accents/case/punctuation like normalize_title, but keep commas as clause breaks."""
    text = unicodedata.normalize("NFKD", text or "")
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = text.replace("&", " and ").replace("'", " ").replace("’", " ")
    text = re.sub(r"[,;.!?:()]+", " , ", text)
    text = re.sub(r"[^a-z0-9, ]+", " ", text)
    text = " " + " ".join(text.split()) + " "
    for pattern, replacement in NEGATION_REWRITES:
        text = re.sub(pattern, replacement, text)
    return text


class _Scanner:
    """Finds phrases once each and tells whether a negator governs them."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.claimed: list[tuple[int, int]] = []

    def _free(self, start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in self.claimed)

    def find(self, pattern: str) -> list[re.Match]:
        found = []
        for match in re.finditer(r"(?<![a-z0-9])(?:" + pattern + r")(?![a-z0-9])", self.text):
            if self._free(match.start(), match.end()):
                self.claimed.append((match.start(), match.end()))
                found.append(match)
        return found

    def negated(self, start: int) -> bool:
        tokens = list(re.finditer(r"[a-z0-9]+|,", self.text[:start]))
        for steps, token in enumerate(reversed(tokens)):
            word = token.group()
            if steps > 6 or word == ",":
                return False
            if word in NEGATORS:
                return True
            inside_claim = not self._free(token.start(), token.end())
            if word not in FILLER and not inside_claim:
                return False
        return False

    def before(self, start: int, count: int = 2) -> list[str]:
        return re.findall(r"[a-z0-9]+", self.text[:start])[-count:]


def _find_people(scan: _Scanner, index: PeopleIndex, out: Constraints, raw: str) -> None:
    def add(norm: str, start: int) -> None:
        display, roles = index.full[norm]
        context = scan.before(start, 2)
        neg = scan.negated(start)
        says_director = "by" in context or "directed" in context
        says_actor = any(w in context for w in ("with", "starring", "featuring"))
        # A person in both tables (Clint Eastwood) counts as both unless the wording says which.
        as_director = "director" in roles and (not says_actor or "actor" not in roles)
        as_actor = "actor" in roles and (not says_director or "director" not in roles)
        if as_director:
            (out.exclude_directors if neg else out.directors).append(display)
        if as_actor:
            (out.exclude_people if neg else out.people).append(display)

    for match in list(index.full_re.finditer(scan.text)):
        if scan._free(match.start(), match.end()):
            scan.claimed.append((match.start(), match.end()))
            add(match.group(), match.start())
    # Surname alone only in a person-ish context ("by Nolan", "a Spielberg film", "Nolan s").
    name = r"((?:(?:de|del|van|von|da|di|le|la) )?[a-z]+)"
    ctx = rf"(?:by|starring|with|featuring) {name}|{name} (?:s |films?|movies?|flicks?)"
    for match in list(re.finditer(ctx, scan.text)):
        group = 1 if match.group(1) else 2
        word, start = match.group(group), match.start(group)
        norm = index.surname.get(word)
        if norm and scan._free(start, start + len(word)):
            scan.claimed.append((start, start + len(word)))
            add(norm, start)
    # "the Coen brothers": every catalogue director with that surname (Joel Coen, ...).
    for match in list(re.finditer(r"([a-z]+) (?:brothers|bros)\b", scan.text)):
        found = [n for n, (_, roles) in index.full.items() if "director" in roles and n.endswith(" " + match.group(1))]
        if found and scan._free(match.start(), match.end()):
            scan.claimed.append((match.start(), match.end()))
            target = out.exclude_directors if scan.negated(match.start()) else out.directors
            target += [index.full[n][0] for n in found]
    known = {normalize_title(n) for n in out.directors + out.exclude_directors + out.people + out.exclude_people}
    for match in re.finditer(r"\b(?:with|starring|featuring|by)\s+((?:[A-Z][\w'\-]+)(?:\s+[A-Z][\w'\-]+){1,2})", raw):
        norm = normalize_title(match.group(1))
        if norm not in known and not any(k.rsplit(" ", 1)[-1] in norm.split() for k in known if k):
            out.unknown_people.append(match.group(1))


def _find_ratings_runtime_quality(scan: _Scanner, out: Constraints) -> None:
    if scan.find(r"family friendly|family (?:films?|movies?|night)|kid friendly|kids friendly|all ages|"
                 r"for (?:the |my |young |little )?(?:kids|children|family|toddlers)|with (?:my |the )?kids|"
                 r"for (?:my |a )?\d+ year old"):
        out.mpaa_allowed, out.rating_label = list(FAMILY_RATINGS), "family-friendly"
    for m in scan.find(r"(?:rated )?(?:pg 13|nc 17|pg|g|r)(?: rated)?"):
        phrase = m.group().strip()
        if phrase in ("g", "r") and not (scan.negated(m.start()) or "rated" in scan.before(m.start(), 1)):
            continue  # a bare letter is only a rating next to "rated" or a negator
        rating = {"pg 13": "PG-13", "nc 17": "NC-17", "pg": "PG", "g": "G", "r": "R"}[
            re.sub(r"rated|\s+$|^\s+", "", phrase).strip()]
        if scan.negated(m.start()):
            out.mpaa_excluded += [rating] + (["NC-17"] if rating == "R" else [])
            out.rating_label = "not rated " + " or ".join(r for r in dict.fromkeys(out.mpaa_excluded) if r != "NC-17")
        else:
            out.mpaa_allowed, out.rating_label = [rating], f"rated {rating}"
    _find_runtime(scan, out)
    for m in scan.find(r"hidden gems?|underrated|under the radar|lesser known|little known|obscure|"
                       r"underseen|under seen|overlooked"):
        out.hidden_gem, out.quality_label = True, m.group().strip()
    for m in scan.find(r"highly rated|high rated|well rated|top rated|best|acclaimed|critically acclaimed|"
                       r"masterpieces?|classics?|great|excellent|must see|top notch|award winning|good reviews"):
        out.min_rating = 7.5
        word = m.group().strip()
        out.quality_label = out.quality_label or ("classic" if word.startswith("classic") else "highly rated")


_BRIDGE = frozenset({"anything", "something", "films", "movies", "too", "very", "so", "overly"})


def _find_runtime(scan: _Scanner, out: Constraints) -> None:
    def negated(start: int) -> bool:  # only a negator right before it ("nothing over 2 hours")
        words = scan.before(start, 2)
        return bool(words) and (words[-1] in NEGATORS or (len(words) == 2 and words[0] in NEGATORS
                                                          and words[1] in _BRIDGE))

    limits = [runtime.explicit_limit(m, negated(m.start())) for m in scan.find(runtime.EXPLICIT)]
    limits += [runtime.vague_limit(m.group(), negated(m.start())) for m in scan.find(runtime.VAGUE_SHORT)]
    limits += [runtime.vague_limit(m.group(), negated(m.start())) for m in scan.find(runtime.VAGUE_LONG)]
    high, low = runtime.strictest(limits, "max"), runtime.strictest(limits, "min")
    if high and low and not low.explicit and high.explicit and low.minutes >= high.minutes:
        low = None  # "an epic under 2 hours": the number the user typed wins over a vague word
    if high and low and not high.explicit and low.explicit and high.minutes <= low.minutes:
        high = None
    if high:
        out.max_runtime, out.max_runtime_strict = high.minutes, high.strict
    if low:
        out.min_runtime, out.min_runtime_strict = low.minutes, low.strict
    labels = [runtime.say_limit(limit) for limit in (low, high) if limit]
    out.runtime_label = " and ".join(labels) or None


def _find_years(scan: _Scanner, out: Constraints) -> None:
    def set_range(lo: int | None, hi: int | None, label: str, start: int) -> None:
        if scan.negated(start):
            out.exclude_years.append((lo or 1870, hi or 2100))
        else:
            out.year_min, out.year_max, out.era = lo, hi, label

    for m in scan.find(r"(?:between|from) ((?:19|20)\d\d) (?:and|to|through|until) ((?:19|20)\d\d)|((?:19|20)\d\d) (?:to|through|until)? ?((?:19|20)\d\d)"):
        lo, hi = sorted(int(y) for y in (m.group(1) or m.group(3), m.group(2) or m.group(4)))
        set_range(lo, hi, f"{lo}–{hi}", m.start())
    for m in scan.find(r"(?:(early|mid|late) )?(?:(19|20)(\d)0|(\d)0) ?s|(?:(early|mid|late) )?(?:the )?(" + "|".join(DECADE_WORDS) + ")"):
        part = m.group(1) or m.group(5)
        if m.group(6):
            base = DECADE_WORDS[m.group(6)]
        elif m.group(2):
            base = int(m.group(2) + m.group(3) + "0")
        else:
            digit = int(m.group(4))
            base = 2000 + digit * 10 if digit <= 1 else 1900 + digit * 10
        lo, hi = {"early": (0, 3), "mid": (3, 6), "late": (6, 9)}.get(part, (0, 9))
        label = f"{part + ' ' if part else ''}{str(base)[2:]}s" if base < 2000 else f"{part + ' ' if part else ''}{base}s"
        set_range(base + lo, base + hi, label, m.start())
    for m in scan.find(r"(after|since|from|starting|post|newer than) ((?:19|20)\d\d)|((?:19|20)\d\d) (?:or later|and later|onwards?|or newer|and up)"):
        year = int(m.group(2) or m.group(3))
        lo = year + 1 if m.group(1) in ("after", "newer than", "post") else year
        set_range(lo, None, f"after {year}" if lo > year else f"{year} or later", m.start())
    for m in scan.find(r"(before|until|pre|older than|up to) ((?:19|20)\d\d)|((?:19|20)\d\d) (?:or earlier|and earlier|or older)"):
        year = int(m.group(2) or m.group(3))
        hi = year - 1 if m.group(1) in ("before", "pre", "older than") else year
        set_range(None, hi, f"before {hi + 1}", m.start())
    for m in scan.find(r"(?:in|from|released in|a|of) ((?:19|20)\d\d)"):
        year = int(m.group(1))
        set_range(year, year, f"from {year}", m.start())
    for m in scan.find(r"recent|new (?:films?|movies?|releases?)|newer|modern|latest"):
        set_range(2005, None, "recent (2005+)", m.start())
    for m in scan.find(r"old|older|oldies|vintage|golden age"):
        if scan.before(m.start(), 1) in (["year"], ["years"]):
            continue  # "my 8 year old" is a child, not an era
        set_range(None, 1979, "older (pre-1980)", m.start())


_BASE_FORMS = {"funnier": "funny", "scarier": "scary"}


def _find_genres(scan: _Scanner, out: Constraints) -> None:
    hits = [(m.start(), m, tag) for pattern, tag in GENRE_PATTERNS for m in scan.find(pattern)]
    for _, m, tag in sorted(hits, key=lambda h: h[0]):  # keep the user's word order
        word = _BASE_FORMS.get(m.group().strip(), m.group().strip())
        if scan.negated(m.start()):
            out.exclude_genres.append(tag)
            continue
        out.genres.append(tag)
        (out.moods if word in MOOD_WORDS else out.genre_words).append(word)


def _find_unsupported(scan: _Scanner, out: Constraints, raw: str) -> None:
    """Words asking for what the catalogue doesn't record (country, TV series, plot topics), as typed."""
    hits = [(m.start(), m.group(), kind) for pattern, kind in UNSUPPORTED for m in scan.find(pattern)]
    for _, found, kind in sorted(hits):
        typed = re.search(r"(?<!\w)" + r"[\W_]*".join(map(re.escape, found.split())) + r"(?!\w)", raw, re.I)
        out.unsupported.append((typed.group() if typed else found, kind))


def parse_constraints(text: str, catalogue: Catalogue) -> Constraints:
    """Understand genres, eras, people, ratings, runtime, quality, similarity and negations."""
    out = Constraints()
    scan = _Scanner(prepare(text))
    find_like(scan, catalogue, out, raw=text or "", parse=parse_constraints)
    _find_people(scan, people_index(catalogue), out, text or "")
    _find_ratings_runtime_quality(scan, out)
    _find_years(scan, out)
    _find_genres(scan, out)
    _find_unsupported(scan, out, text or "")
    for name in ("genres", "exclude_genres", "directors", "exclude_directors", "people", "exclude_people",
                 "unknown_people", "unknown_likes", "mpaa_excluded", "moods", "genre_words", "like_ids",
                 "unsupported"):
        setattr(out, name, list(dict.fromkeys(getattr(out, name))))  # de-dupe, keep order
    return out
