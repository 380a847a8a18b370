"""A softer tone asked for: "less dark", "lighter", "not as bleak", "nothing too depressing", "less scary".

The catalogue records genres, not tone. Said alone, a lighter tone is read as a comedy, as "feel good" is, and
the intro says so ("less dark → comedy"); "less scary" rules out horror. Said of a named film ("like Se7en but
less dark", "not as bleak as Requiem for a Dream", "Alien but less scary"), the film's kind stays: the picks
share its genres, and only the named quality is softened, read from what the catalogue does record: a rating
below R and no horror are preferred, and a lighter tone ranks the comedies among them first.
"""

from __future__ import annotations

import re

from recs.rules.constraints import Constraints
from recs.rules.like import title_prefix
from recs.rules.scan import Scanner
from recs.rules.vocab import FEEL_GOOD
from recs.sources.catalogue import Catalogue

TONE_TAG = "Comedy"
DARK_COMEDY = "Black Comedy"
SCARY_TAG = "Horror"
SOFTER_RATINGS = ["G", "PG", "PG-13"]
# Heavy moods; "sad" and "serious" ask for a drama when said alone, so only "less sad" is about tone.
_HEAVY = r"dark(?! comed)|bleak|depressing|grim|gloomy|heavy|harrowing|upsetting|dreary|downbeat|miserable|intense|disturbing"
_SCARY = r"scary|scarier|frightening|creepy|spooky|terrifying|horrifying|freaky|nightmarish"
_LESS = r"(?:a (?:bit|little|touch) |bit |slightly |much |way )?(?:less|not as|not so|not quite as)"
_NOT = r"(?:not|nothing|no)(?: anything| something| films?| movies?)?(?: too| so| that| overly| as| very)?"
LIGHTER = (
    rf"{_LESS} (?:{_HEAVY}|sad|serious|depressed|dark and \w+)|{_NOT} (?:{_HEAVY})"
    r"|(?:a (?:bit|little|touch) |bit |slightly |much )?(?:lighter|cheerier|happier|more (?:upbeat|cheerful|light ?hearted))"
    r"(?: in tone| tone)?|upbeat|cheerful"
)
# "a horror movie that isn't too scary": said of horror, a milder horror film (soften_for_likes)
LESS_SCARY = rf"{_LESS} (?:{_SCARY})|(?:not|nothing) too (?:{_SCARY})|(?:a (?:bit|little|touch) |bit |slightly )?(?:milder|tamer)"
_SOFTER = re.compile(rf"(?<![a-z0-9])(?:(?P<scary>{LESS_SCARY})|{LIGHTER})(?![a-z0-9])")
# "not as bleak as X", "lighter than X": X is the film to be like, with a lighter tone.
_THAN = re.compile(r"^ (?:as|than) (?:the (?:film |movie ))?")


def find_lighter(scan: Scanner, catalogue: Catalogue, out: Constraints) -> None:
    """Read a wish for a lighter tone as the comedy genre (said in the intro) and "less scary" as no horror;
    a film after it is a like. soften_for_likes turns both into a softer film of the same kind when a film
    is named anywhere in the request."""
    for match in list(_SOFTER.finditer(scan.text)):
        if not scan._free(match.start(), match.end()):
            continue
        scan.claimed.append((match.start(), match.end()))
        said = " ".join(match.group().split())
        out.softer.append(said)
        if match.group("scary"):
            out.exclude_genres.append(SCARY_TAG)
        else:
            out.genres.append(TONE_TAG)
            if not any(tag == TONE_TAG for _, tag in out.mood_notes):  # "lighter, not as dark": said once
                out.mood_notes.append((said, TONE_TAG))
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


def soften_for_likes(out: Constraints, horror_asked: bool) -> None:
    """A softer tone said of a named film keeps the film's kind: no comedy or "no horror" in its place, but
    a rating below R and no horror preferred (both relaxable), and comedies first for a lighter tone.
    A "less scary horror film" likewise keeps horror and prefers a milder rating."""
    if not out.softer or not (out.like_ids or horror_asked):
        return
    lighter = [s for s in out.softer if not re.fullmatch(LESS_SCARY, s)]
    for _ in lighter:  # one occurrence each: a "funny" said as well still asks for comedy
        out.genres.remove(TONE_TAG)
    for _ in range(len(out.softer) - len(lighter)):  # likewise a "no horror" said as well
        out.exclude_genres.remove(SCARY_TAG)
    out.mood_notes = [note for note in out.mood_notes if note[0] not in lighter or note[1] != TONE_TAG]
    out.lighter_first = bool(lighter)
    if not horror_asked:
        out.avoid_genres.append(SCARY_TAG)
    if not (out.mpaa_allowed or out.mpaa_excluded):
        out.mpaa_allowed = list(SOFTER_RATINGS)
        words = " and ".join(f"“{s}”" for s in dict.fromkeys(out.softer))
        out.rating_label = f"rated below R (my catalogue records no tone, so {words} is read from the rating)"


def keep_feel_good(out: Constraints) -> None:
    """A feel-good wish ranks black comedies last ("cheer me up" is no Snatch), unless one is asked for."""
    said = [note[0] for note in out.mood_notes] + out.moods
    # "something light": FEEL_GOOD reads "light" only after "something", so the word alone is checked in that place
    if any(re.search(rf"(?:{FEEL_GOOD})$", f"something {word}") for word in said) and DARK_COMEDY not in out.genres:
        out.unwelcome.append(DARK_COMEDY)  # a ranking, not a filter: the intro needn't say it
    # "lighthearted fantasy adventure": a light film is no horror film, even once only one of its genres is kept
    if set(said) & {"lighthearted", "light hearted"} and SCARY_TAG not in out.genres:
        out.unwelcome += [tag for tag in (DARK_COMEDY, SCARY_TAG) if tag not in out.unwelcome + out.genres]


def spare_young_children(out: Constraints, horror_asked: bool, liked_horror: bool) -> None:
    """Young children (G or PG only) get no horror unless it is asked for: ranked last, and avoided (the intro
    says "ideally no horror") when the film named is a horror film ("like Jaws but for kids" is no Jaws 2)."""
    young = out.mpaa_hard and out.mpaa_allowed and set(out.mpaa_allowed) <= {"G", "PG"}
    if not young or horror_asked or SCARY_TAG in out.avoid_genres:
        return
    (out.avoid_genres if liked_horror else out.unwelcome).append(SCARY_TAG)
