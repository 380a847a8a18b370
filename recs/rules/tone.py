"""A lighter tone asked for: "less dark", "lighter", "not as bleak", "nothing too depressing", "more upbeat".

The catalogue records genres, not tone, so a lighter film is read as a comedy, as "feel good" is, and the
intro says so ("less dark → comedy"). A film named after it ("not as bleak as Requiem for a Dream") is the
one the picks should be like.
"""

from __future__ import annotations

import re

from recs.rules.constraints import Constraints
from recs.rules.like import title_prefix
from recs.rules.scan import Scanner
from recs.sources.catalogue import Catalogue

TONE_TAG = "Comedy"
# Heavy moods; "sad" and "serious" ask for a drama when said alone, so only "less sad" is about tone.
_HEAVY = r"dark(?! comed)|bleak|depressing|grim|gloomy|heavy|harrowing|upsetting|dreary|downbeat|miserable|intense|disturbing"
_LESS = r"(?:a (?:bit|little|touch) |bit |slightly |much |way )?(?:less|not as|not so|not quite as)"
_NOT = r"(?:not|nothing|no)(?: anything| something| films?| movies?)?(?: too| so| that| overly| as| very)?"
LIGHTER = (
    rf"{_LESS} (?:{_HEAVY}|sad|serious|depressed|dark and \w+)|{_NOT} (?:{_HEAVY})"
    r"|(?:a (?:bit|little|touch) |bit |slightly |much )?(?:lighter|cheerier|happier|more (?:upbeat|cheerful|light ?hearted))"
    r"(?: in tone| tone)?|upbeat|cheerful"
)
_LIGHTER = re.compile(rf"(?<![a-z0-9])(?:{LIGHTER})(?![a-z0-9])")
# "not as bleak as X", "lighter than X": X is the film to be like, with a lighter tone.
_THAN = re.compile(r"^ (?:as|than) (?:the (?:film |movie ))?")


def find_lighter(scan: Scanner, catalogue: Catalogue, out: Constraints) -> None:
    """Read a wish for a lighter tone as the comedy genre, said in the intro; a film after it is a like."""
    for match in list(_LIGHTER.finditer(scan.text)):
        if not scan._free(match.start(), match.end()):
            continue
        scan.claimed.append((match.start(), match.end()))
        out.genres.append(TONE_TAG)
        if not any(tag == TONE_TAG for _, tag in out.mood_notes):  # "lighter, not as dark": said once
            out.mood_notes.append((" ".join(match.group().split()), TONE_TAG))
        than = _THAN.match(scan.text[match.end() :])
        if not than:
            continue
        start = match.end() + than.end()
        tokens = scan.text[start:].split(",")[0].split()[:12]
        found = title_prefix(tokens, catalogue)
        end = start + len(" ".join(tokens[: found[1]])) if found else start
        if found and scan._free(start, end) and found[0].id not in out.like_ids:
            scan.claimed.append((start, end))
            out.like_ids.append(found[0].id)
