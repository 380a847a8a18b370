"""People a film request names: full names, surnames in a person-ish context ("by nolan", "films like
tarantino", "a kubrick type movie"), surnames listed or said first, misspellings and capitalised surnames."""

from __future__ import annotations

import re

from recs.rules.constraints import Constraints
from recs.rules.fuzzy import VOCAB, near_name
from recs.rules.people import PeopleIndex
from recs.rules.scan import Scanner
from recs.rules.vocab import FILLER, GENRE_PATTERNS, NEGATORS, OCCASIONS, STORY_SOURCES, SUBGENRES, UNSUPPORTED
from recs.sources.movies import normalize_title


def find_people(scan: Scanner, index: PeopleIndex, out: Constraints, raw: str) -> None:
    def add(norm: str, start: int) -> None:
        display, roles = index.full[norm]
        context = scan.before(start, 2)
        neg = scan.negated(start)
        says_director = "by" in context or "directed" in context
        says_actor = any(w in context for w in ("with", "starring", "featuring", "wiht", "wit", "w", "ft", "feat"))
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
    # From a word's start, all of it (`++`: a surname never gives letters back to the space after it): unanchored,
    # every letter of a 4,000-letter word was a start scanned to the word's end (~0.3 s of CPU a message)
    name = r"(\b(?:(?:de|del|van|von|da|di|le|la) )?[a-z]++)"
    # "some hitchcock", "any more tarantino": a quantity word before a surname asks for that person's films;
    # "nolan with christian bale": a known surname (typed exactly) before a "with" names the director
    # "any good spielberg from the 80s": a word of praise or period may come between
    quantity = r"(?:some|any|more)(?: good| great| decent| classic| early| old| late)?"
    ctx = rf"(?:by|starring|with|without|featuring|{quantity}|no) {name}|{name} (?:s |films?|movies?|flicks?)|{name} (?=with )"
    # "scorsese gangster movie", "a nolan space film": a known surname, a word or two, then a word for films
    ctx += rf"|{name} (?=(?:[a-z]+ ){{1,2}}(?:films?|movies?|flicks?)\b)"
    for match in list(re.finditer(ctx, scan.text)):
        group = next(g for g in (1, 2, 3, 4) if match.group(g))
        word, start = match.group(group), match.start(group)
        norm = index.surname.get(word) or (_loose_name(word, index, raw) if group < 3 else None)
        if norm and scan._free(start, start + len(word)):
            scan.claimed.append((start, start + len(word)))
            add(norm, start)
    _find_cued_surnames(scan, index, add)
    # "the Coen brothers": every catalogue director with that surname (Joel Coen, ...).
    for match in list(re.finditer(r"([a-z]+) (?:brothers|bros)\b|\b(?:by|from) the ([a-z]+?)s\b", scan.text)):
        surname = match.group(1) or match.group(2)
        found = [n for n, (_, roles) in index.full.items() if "director" in roles and n.endswith(" " + surname)]
        # "the coens": a plural surname, when it is a director's own (not an everyday word) or a family's
        known = match.group(1) or len(found) > 1 or surname in index.surname
        if found and known and scan._free(match.start(), match.end()):
            scan.claimed.append((match.start(), match.end()))
            target = out.exclude_directors if scan.negated(match.start()) else out.directors
            target += [index.full[n][0] for n in found]
    _find_listed_people(scan, index, add, raw)
    _find_near_people(scan, index, add, raw)
    known = {normalize_title(n) for n in out.directors + out.exclude_directors + out.people + out.exclude_people}
    for name in _named_unknown(raw, known):
        out.unknown_people.append(name)


_FULL_NAME = r"((?:[A-Z][\w'\-]+)(?:\s+[A-Z][\w'\-]+){1,2})"
# "with Will Ferrell", "without Michael Caine": a capitalised name after a word for who is in or behind a film
_ASKED_NAME = re.compile(rf"\b(?:with|without|starring|featuring|by|no)\s+{_FULL_NAME}")


# Typed in lower case, a name is told from other words by a common first name ("without hugh grant").
_FIRST_NAMES = frozenset(
    """adam alan alec amy andrew angela anna anne ben bill bob brad brendan brian bruce cate charlie chris colin
    dan daniel danny david diane drew ed eddie emma emily ethan gary gene george grace greg harrison helen hugh
    ian jack jake james jamie jane jason jeff jennifer jessica jim joe john johnny jon jonah josh julia julie kate
    kevin kirsten kristen laura liam lucy mark matt matthew meg michael michelle mike natalie nick nicole paul
    peter philip rachel ralph richard robert ryan sally sam sarah sean seth steve steven susan tim tom tommy
    tony vince viola will william woody""".split()
)
# "with tom hanks and meg ryan": the second of two names listed is asked for as much as the first
_ASKED_LOWER = re.compile(r"\b(?:with|without|starring|featuring|no|and|or) ([a-z]+) ([a-z][a-z'-]+)\b")


def _named_unknown(raw: str, known: set[str]) -> list[str]:
    """Full names asked for (or ruled out) that no table knows, capitalised or after a common first name, and
    names listed beside a known person ("Tom Hanks and Meg Ryan"): said as not checked, not silently dropped."""
    found = [m.group(1) for m in _ASKED_NAME.finditer(raw)]
    found += [
        f"{first.title()} {last.title()}"
        for first, last in _ASKED_LOWER.findall(raw)
        if first in _FIRST_NAMES and last not in _SKIP_NAMES and last not in _VOCAB_WORDS
    ]
    for match in re.finditer(rf"{_FULL_NAME}\s+(?:and|&|or)\s+{_FULL_NAME}", raw):
        pair = [normalize_title(match.group(i)) for i in (1, 2)]
        found += [match.group(2 - i) for i in (0, 1) if pair[i] in known and pair[1 - i] not in known]
    return [
        name
        for name in dict.fromkeys(found)
        if (norm := normalize_title(name)) not in known
        and not any(k.rsplit(" ", 1)[-1] in norm.split() or k.startswith(norm + " ") for k in known if k)
        and not near_name(norm, sorted(known))  # "jim carey" is the Jim Carrey already read
    ]


_SKIP_NAMES = frozenset(VOCAB) | FILLER | NEGATORS
# Every word the parser reads as something else ("space films" is no Kevin Spacey).
_VOCAB_WORDS = _SKIP_NAMES | {
    w
    for pattern, *_ in GENRE_PATTERNS + OCCASIONS + SUBGENRES + UNSUPPORTED + STORY_SOURCES
    for w in re.findall(r"[a-z]+", pattern)
}


def _loose_name(word: str, index: PeopleIndex, raw: str) -> str | None:
    """A person named loosely in a person-ish context: a misspelt surname ("by scorcese") or a first name."""
    if word in _VOCAB_WORDS:
        return None
    # A first name alone ("films with Keanu"), unless a surname follows it ("with Keanu Smith" is someone else).
    if word in index.first_name and not re.search(rf"(?i:\b{word})\s+[A-Z]", raw):
        return index.first_name[word]
    near = near_name(word, index.surnames) if len(word) >= 6 else None
    return index.surname[near] if near else None


# "kubrik or scorcese", "nolan and fincher": two surnames side by side name people without a "by".
_LISTED = re.compile(r"(?<![a-z])([a-z]+)(?: ,)? (?:or|and|,|vs|versus|maybe) ([a-z]+)(?![a-z])")


def _find_listed_people(scan: Scanner, index: PeopleIndex, add, raw: str) -> None:
    """Surnames (misspelt or lower-case) said as a list, or alone before the first comma ("spielberg, no jaws")."""
    spans = [((m.start(1), m.group(1)), (m.start(2), m.group(2))) for m in _LISTED.finditer(scan.text)]
    lead = re.match(r" ?([a-z]+) (?:,|$|but\b|not\b|no\b|minus\b|please\b|pls\b|only\b|again\b)", scan.text)
    spans += [((lead.start(1), lead.group(1)),)] if lead else []
    for span in spans:
        names = [index.surname.get(word) or _loose_name(word, index, raw) for _, word in span]
        if not all(names) or not all(scan._free(start, start + len(word)) for start, word in span):
            continue
        for (start, word), norm in zip(span, names, strict=True):
            scan.claimed.append((start, start + len(word)))
            add(norm, start)


def _find_near_people(scan: Scanner, index: PeopleIndex, add, raw: str) -> None:
    """Misspelt full names ("stanly kubrik", "Brad Pit") and a capitalised surname said alone ("Kubrick, …")."""
    words = [(m.start(), m.group()) for m in re.finditer(r"[a-z]+", scan.text)]
    names = list(index.full)
    for (start, first), (_, second) in zip(words, words[1:], strict=False):
        end = start + len(first) + 1 + len(second)
        if {first, second} & _SKIP_NAMES or scan.text[start:end] != f"{first} {second}" or not scan._free(start, end):
            continue
        norm = index.nickname(first, second) or near_name(f"{first} {second}", names)  # "leo dicaprio"
        if norm:
            scan.claimed.append((start, end))
            add(norm, start)
    capitalised = {w.lower() for w in re.findall(r"\b[A-Z][a-z]{3,}\b", raw)}
    for start, word in words:
        norm = index.surname.get(word)
        if norm and word in capitalised and word not in _SKIP_NAMES and scan._free(start, start + len(word)):
            scan.claimed.append((start, start + len(word)))
            add(norm, start)


# Words around a surname that say a person is meant as surely as "by": "films like tarantino", "i love kubrick",
# "what about fincher", "the best of hitchcock", "a tarantino type movie", "scorsese vibes", "nolan-esque".
_CUE_BEFORE = r"(?:like|love[sd]?|loving|adore[sd]?|similar to|mood for|fan of|into|from|of|what about|how about|than)"
_CUE_AFTER = r"(?:esque|style|type|kind|vibes?|ish|inspired|feel|energy|fans?|stuff|works?)"
# "the de niro one", "the nolan film": a film pointed at by who is in it or made it
# "gimme a hitchcock", "i want another kubrick": a director's surname asked for as one of their films, ending
# the clause ("a film about a carpenter" asks for no John Carpenter film)
_CUED = re.compile(
    rf"\b{_CUE_BEFORE} ([a-z]+)\b|\b([a-z]+) {_CUE_AFTER}\b|\bthe ([a-z]+(?: [a-z]+)?) (?:one|film|movie)\b"
    r"|\b(?:gimme|give me|want|watch|fancy|need|recommend|suggest|show me|pick|find me|try|see|got|have) "
    r"(?:a|an|another|one more) ([a-z]+)(?= ?(?:,|$)| (?:please|pls|plz|tonight|then|maybe|or|and)\b)"
)


def _find_cued_surnames(scan: Scanner, index: PeopleIndex, add) -> None:
    """Known surnames (typed exactly, in any case) beside a word that says a person is meant."""
    for match in list(_CUED.finditer(scan.text)):
        group = next(g for g in (1, 2, 3, 4) if match.group(g))
        word, start = match.group(group), match.start(group)
        norm = _surname(word, index)
        if group == 4 and norm and "director" not in index.full[norm][1]:
            continue  # "a ford" said alone is no Harrison Ford film
        if norm and word not in _VOCAB_WORDS and scan._free(start, start + len(word)):
            scan.claimed.append((start, start + len(word)))
            add(norm, start)


def _surname(word: str, index: PeopleIndex) -> str | None:
    """The person a surname names, typed exactly or as a possessive without its apostrophe ("spielbergs stuff")."""
    if word in index.surname:
        return index.surname[word]
    stem = word[:-1] if word.endswith("s") and len(word) > 5 else ""
    return index.surname.get(stem) if stem not in _VOCAB_WORDS else None
