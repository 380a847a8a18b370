"""A darker tone than a named film: "like toy story but darker", "something like Shrek but edgier", "Finding
Nemo but more grown up", "like Up but less kiddy"; and a named cartoon's grown-up version ("like Up but for
adults", ratings from recs.rules.audience) is animated films first.

The catalogue records no tone. As with a softer one (recs.rules.tone), the film's kind stays (the picks share
its genres, by the same likeness) and the tone is read from what the catalogue does record: films rated above
the named one, PG-13 at least, are preferred (relaxable; the intro says the tone is read from the rating), and
family films and comedies rank last. A named animated film keeps its kind too: animated films are asked for
(relaxable, and said), as "an animated film for adults" asks for them.

Said after picks with nothing named ("something darker", "anything darker than that?"), the picks shown are the
films to be darker than, the same way. Said with neither, a darker mood alone is read as a thriller, and said
so in the intro ("darker → thriller"), as "sad" is read as a drama; beside a genre ("a darker drama") it only
ranks family films last.
"""

from __future__ import annotations

from recs.rules.audience import ADULTS_LABEL
from recs.rules.constraints import Constraints
from recs.rules.scan import Scanner
from recs.sources.animation import ANIMATION_TAG
from recs.sources.catalogue import Catalogue

_STRICTER = ["G", "PG", "PG-13", "R", "NC-17"]
_SOME = r"(?:a (?:bit|little|lot|touch) |bit |slightly |much |way |a lot )?"
DARKER = (
    rf"{_SOME}(?:darker|grittier|edgier|bleaker|grimmer|more (?:dark|grim|gritty|edgy|mature|serious|sinister|"
    r"twisted|grown ?up|adult))(?: in tone| tone)?"
    rf"|{_SOME}(?:less|not as|not so) (?:kiddy|kiddie|childish|cute|family friendly|light ?hearted|wholesome|"
    r"innocent|for kids)"
)
# A darker mood with no film to be darker than: the dark words alone ("more mature", "less kiddy" are audiences).
BARE_DARK = (
    rf"{_SOME}(?:darker|grittier|edgier|bleaker|grimmer|more (?:dark|grim|gritty|edgy|sinister|twisted))"
    r"(?: in tone| tone)?|(?<=something )dark|(?<=anything )dark|dark (?:and (?:gritty|twisted|moody|disturbing)|"
    r"films?|movies?|ones?|stuff|flicks?)|gritty|bleak"
)
LIGHT_FILMS = ["Family", "Comedy"]  # ranked last for a darker tone (a ranking, not a filter)
DARK_TAG = "Thriller/Suspense"  # a darker mood said alone


def find_darker(scan: Scanner, catalogue: Catalogue, out: Constraints) -> None:
    """A darker tone said beside a named film: ratings above its own (PG-13 at least) preferred, said in the
    intro as read from the rating; family films and comedies ranked last. Said alone, it is only noted here
    (settle_darker reads it once the genres are known)."""
    liked = [m for m in (catalogue.get(i) for i in out.like_ids) if m]
    found = scan.find(DARKER if liked else BARE_DARK)
    out.darker += [" ".join(m.group().split()) for m in found]
    if found and liked:
        darker_than(out, liked)


def darker_than(out: Constraints, liked: list) -> None:
    """Prefer ratings above the films' own (PG-13 at least), said in the intro; rank family films and comedies
    last (unless asked for)."""
    rated = [_STRICTER.index(m.mpaa) for m in liked if m.mpaa in _STRICTER]
    lowest = max(_STRICTER.index("PG-13"), max(rated, default=0) + 1 if max(rated, default=0) < 3 else 3)
    out.unwelcome += [tag for tag in LIGHT_FILMS if tag not in out.genres and tag not in out.unwelcome]
    if out.mpaa_allowed or out.mpaa_excluded:  # a rating said outright ("for adults", "nothing R") decides
        return
    out.mpaa_allowed = _STRICTER[lowest:]
    words = " and ".join(f"“{said}”" for said in out.darker)
    out.rating_label = (
        f"rated {' or '.join(out.mpaa_allowed[:-1])} (my catalogue records no tone, so {words} is read from the rating)"
    )


def settle_darker(out: Constraints) -> None:
    """Once the genres are read, a darker mood said with no film: a thriller (said in the intro) when no genre is
    named, else the genre's family films and comedies last."""
    if not out.darker or out.like_ids:
        return
    if out.genres:
        out.unwelcome += [tag for tag in LIGHT_FILMS if tag not in out.genres and tag not in out.unwelcome]
    else:
        out.genres.append(DARK_TAG)
        out.mood_notes.append((out.darker[0], DARK_TAG))


def undo_dark_mood(out: Constraints) -> None:
    """A darker mood said after picks is darker than those picks: no thriller in their place."""
    for note in [n for n in out.mood_notes if n[1] == DARK_TAG and n[0] in out.darker]:
        out.mood_notes.remove(note)
        out.genres.remove(DARK_TAG)


# Kinds the catalogue tags beside a film's genre, kept when most of the picks shown are of one
_KINDS_KEPT = (ANIMATION_TAG, "Super Hero")


def darker_than_shown(out: Constraints, shown: list, catalogue: Catalogue) -> None:
    """ "something darker" after picks: darker than the picks shown, read as darker than a named film is; animated
    or superhero picks stay of their kind (its darker version), unless the request names a genre. So do they for
    "same but for adults", as "like Up but for adults" asks for animated films."""
    if not (out.darker or out.rating_label == ADULTS_LABEL) or not shown:
        return
    if out.darker:
        darker_than(out, shown)
    for kind in _KINDS_KEPT:
        if not out.genre_words and sum(kind in catalogue.tags(m) for m in shown) * 2 > len(shown):
            out.genres = [kind]
            return


def keep_cartoon(catalogue: Catalogue, out: Constraints) -> None:
    """Once the genres are read: a named cartoon's darker or grown-up version ("like Up but for adults") asks
    for animated films, unless the request names a genre itself ("a thriller like toy story but darker")."""
    liked = [m for m in (catalogue.get(i) for i in out.like_ids) if m]
    toned = out.darker or out.rating_label == ADULTS_LABEL
    if toned and liked and not out.genres and any(ANIMATION_TAG in catalogue.tags(m) for m in liked):
        out.genres.append(ANIMATION_TAG)
