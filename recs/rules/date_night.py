"""A date night read for what the couple rules out as well as what it is: romance, unless a genre is named or
romance itself is ruled out ("date night but she hates romcoms", "nothing soppy"); then well-loved films two
people can share, ideally no horror (a genre named, as "something scary", still decides)."""

from __future__ import annotations

import re

from recs.rules.constraints import Constraints
from recs.rules.scan import Scanner
from recs.rules.vocab import DATE

# What a couple says they can't stand in a romance: the whole of it, not one film.
_SOPPY = r"soppy|sappy|cheesy|mushy|slushy|syrupy|corny|lovey dovey|chick flicks?"
_ROMANCE = {"Romance", "Romantic Comedy"}
# Moods that make a romance of their kind ("date night, something funny" is a romcom); any other ("something
# scary so she grabs my arm") is what the evening is for, and the romance goes.
_PAIRS_WITH_ROMANCE = {"Comedy", "Drama", "Musical", "Fantasy", "Family"}


def settle_date_night(scan: Scanner, out: Constraints) -> None:
    """A date night whose romance is ruled out, or whose mood is another genre's, drops the romance."""
    notes = [n for n in out.mood_notes if n[1] == "Romance" and re.fullmatch(DATE, n[0])]
    # Read, not claimed: the dislike readers still see "no soppy romance"
    found = re.finditer(rf"(?<![a-z])(?:{_SOPPY})(?![a-z])", scan.text) if notes else ()
    soppy = [m for m in found if scan.negated(m.start())]
    others = set(out.genres) - {"Romance"}
    if not notes or not (soppy or _ROMANCE & set(out.exclude_genres) or others - _PAIRS_WITH_ROMANCE):
        return
    if out.genres.count("Romance") > len(notes):  # "something romantic but not cheesy": a romance all the same
        return
    for note in notes:
        out.mood_notes.remove(note)
        out.genres.remove("Romance")
    if soppy:  # in this catalogue every romance is a romantic comedy: "nothing soppy" rules out both
        out.exclude_genres += [g for g in sorted(_ROMANCE) if g not in out.exclude_genres]
    if not out.genres:
        out.min_rating = out.min_rating or 7.5
        out.quality_label = out.quality_label or "crowd-pleasing date-night"
        out.avoid_genres += [] if "Horror" in out.avoid_genres else ["Horror"]
