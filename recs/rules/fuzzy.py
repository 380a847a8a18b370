"""Typo tolerance with rapidfuzz: request words a letter or two from a word the parser knows, names a
letter or two from a director or actor the catalogue knows ("thriler from the ninties", "stanly kubrik")."""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from recs.rules.people import people_index

# The words the parser reads (genres, moods, decades, durations, audiences). A typed word of five or more
# letters that is not one of them is corrected to the one within one edit (two for long words); OSA counts
# a swapped pair of letters ("comdey") as one edit.
VOCAB = tuple(
    """
thriller thrillers horror horrors comedy comedies documentary documentaries western westerns musical musicals
romance romantic fantasy adventure adventures animated animation cartoon cartoons drama dramas dramatic action
superhero scary spooky creepy funny hilarious suspense suspenseful gripping family friendly classic classics
twenties thirties forties fifties sixties seventies eighties nineties noughties minutes hours hundred
movie movies films something anything nothing recent released directed starring featuring tearjerker halloween
children daughter grandkids christmas violence violent romcom romcoms slasher slashers biopic historical
batman superman spiderman marvel wolverine
""".split()
)
# Real words one edit from a vocabulary word: never "corrected" ("eastern" is no western).
KEEP = frozenset(
    """
eastern teens bunny dreams dance fiction drams music magic comic cartoonish horrible terror
scare scars spoke funky ninth minute filmed mover starting nineteen docus
director directors recently decent friends
""".split()
)


@lru_cache(maxsize=8192)
def fix_word(word: str) -> str:
    """The vocabulary word a typo stands for, else the word unchanged."""
    if len(word) < 5 or word in KEEP or word in _VOCAB_SET:
        return word
    found = process.extractOne(word, VOCAB, scorer=OSA.distance, score_cutoff=1 if len(word) <= 6 else 2)
    return found[0] if found else word


_VOCAB_SET = frozenset(VOCAB)


def fix_words(text: str) -> str:
    """The text with every misspelt vocabulary word corrected (lower-case text in, same spacing out)."""
    return re.sub(r"[a-z]+", lambda m: fix_word(m.group()), text)


_TITLE_WORDS = 10  # the longest run of words tried as a title


def fix_words_outside_titles(text: str, catalogue) -> str:
    """fix_words, but the words of a catalogue title the text names (two words or more) or of a person's full
    name stay as typed: "the silence of the lambs" keeps its "silence", which alone would be a typo of
    "violence", and "christian bale" his "christian" (no "christmas")."""
    words = list(re.finditer(r"[a-z0-9]+", text))
    fixed = [fix_word(m.group()) if m.group().isalpha() else m.group() for m in words]
    if all(f == m.group() for f, m in zip(fixed, words, strict=True)):
        return text  # nothing to correct: no title to look for
    keep: set[int] = set()
    for i in range(len(words)):
        for n in range(min(_TITLE_WORDS, len(words) - i), 1, -1):
            span = text[words[i].start() : words[i + n - 1].end()]
            if "," not in span and catalogue.by_title(span):
                keep.update(range(i, i + n))
                break
    for name in people_index(catalogue).full_re.finditer(text):
        keep.update(i for i, m in enumerate(words) if name.start() <= m.start() < name.end())
    pieces, last = [], 0
    for i, m in enumerate(words):
        pieces += [text[last : m.start()], m.group() if i in keep else fixed[i]]
        last = m.end()
    return "".join(pieces) + text[last:]


def near_name(words: str, names: list[str], cutoff: float = 86.0) -> str | None:
    """The known name (normalized) a typed run of words is a near spelling of, else None."""
    found = process.extractOne(words, names, scorer=fuzz.ratio, score_cutoff=cutoff)
    return found[0] if found else None
