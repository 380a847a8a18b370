"""Films a request rules out by name: "Spielberg, but not Jaws itself", "I've already seen Alien and Heat"."""

from __future__ import annotations

import re
from collections.abc import Callable

from recs.rules.constraints import Constraints
from recs.rules.like import title_prefix
from recs.rules.scan import Scanner
from recs.rules.series import series_films, series_parts
from recs.sources.catalogue import Catalogue

# After prepare(): "except", "other than", "but not", "skip" are all "not" by now.
TRIGGER = r"(?:not|no|minus|(?:already |just )?(?:seen|watched)|besides|apart from|aside from)"
_NOT_TITLES = frozenset({"a", "an", "the", "this", "that", "it", "one", "me", "them", "those", "these"})


def find_excluded_titles(
    scan: Scanner, catalogue: Catalogue, out: Constraints, parse: Callable[[str, Catalogue], Constraints]
) -> None:
    """Add every catalogue film named after a negator or "seen" to exclude_ids (and its title to exclude_titles)."""
    for match in list(re.finditer(rf"(?<![a-z0-9]){TRIGGER} ", scan.text)):
        offset = match.end()
        tokens = scan.text[offset:].split()[:16]  # commas are tokens: "seen inception , matrix and alien"
        while tokens:  # "seen Jaws and Alien": a list of titles joined by and/or
            clause = tokens[: tokens.index(",")] if "," in tokens else tokens
            found = title_prefix(clause, catalogue)
            if not found or not _only_a_title(clause, found[1], catalogue, parse):
                break
            end = offset + len(" ".join(tokens[: found[1]]))
            if not scan._free(offset, end) or _inside_title(scan.text, match.start(), end, catalogue):
                break
            scan.claimed.append((offset, end))
            # "not star wars": every part of a series said by its name, not only the first
            parts = series_parts(" ".join(tokens[: found[1]]), catalogue)
            films = parts or catalogue.by_title(found[0].title) or [found[0]]
            out.exclude_ids += [m.id for m in films]
            out.exclude_titles.append(series_films(parts) if parts else found[0].title)
            rest = tokens[found[1] :]
            joined = 2 if rest[:2] == [",", "and"] or rest[:2] == [",", "or"] else 1  # "alien, and heat"
            if not rest or rest[0] not in ("and", "or", "nor", ","):
                break
            offset = end + len(" ".join(rest[:joined])) + 2
            tokens = rest[joined:]


# "johnny depp but not the pirate ones", "no more batman films": a word of some titles, said for a group of films.
_WORD_ONES = re.compile(
    r"(?<![a-z0-9])(?:not|no) (?:the |any |more )?([a-z]{3,}) (?:ones|films|movies|flicks|series)\b"
)


def find_title_word_groups(
    scan: Scanner, catalogue: Catalogue, out: Constraints, parse: Callable[[str, Catalogue], Constraints]
) -> None:
    """Rule out every film whose title holds the word (or its plural/singular) said before "ones"/"films",
    when the word means nothing else to the parser ("not the scary ones" is a genre) and some title has it."""
    for match in list(_WORD_ONES.finditer(scan.text)):
        word = match.group(1)
        if not scan._free(match.start(), match.end()) or parse(word, catalogue).filterable():
            continue
        forms = {word, word + "s", word.removesuffix("s")}
        films = [m for m in catalogue.movies if forms & set(catalogue.norm_title[m.id].split())]
        if films:
            scan.claimed.append((match.start(), match.end()))
            out.exclude_ids += [m.id for m in films]
            out.exclude_titles.append(match.group().split(" ", 1)[1])  # the intro says "not the pirate ones"


def _only_a_title(tokens: list[str], used: int, catalogue: Catalogue, parse) -> bool:
    """The words name a film and nothing the parser reads ("no kids movies" is no "Kids", "not scary" no film)."""
    span = " ".join(tokens[:used])
    if span in _NOT_TITLES or len(span) < 3:
        return False
    # The next word too: "kids" alone could be the film, "kids movies" is a genre.
    return parse(span, catalogue).is_empty() and parse(" ".join(tokens[: used + 1]), catalogue).is_empty()


def _inside_title(text: str, start: int, end: int, catalogue: Catalogue) -> bool:
    """True when the negator belongs to a longer title ("No Man's Land", "The World Is Not Enough")."""
    before = re.findall(r"[a-z0-9]+", text[:start].split(",")[-1])[-4:]
    after = re.findall(r"[a-z0-9]+", text[end:].split(",")[0])[:4]
    said = text[start:end].split()
    return any(
        catalogue.by_title(" ".join([*before[len(before) - k :], *said, *after[:j]]))
        for k in range(len(before) + 1)
        for j in range(len(after) + 1)
    )
