"""Characters and studios said beside their own kind of film: "not another marvel film" is tired of superhero
films, "Pixar-like but not Pixar" wants animated films from someone else."""

from __future__ import annotations

from recs.rules.constraints import Constraints
from recs.sources.franchises import FRANCHISE_FILM_IDS

SUPERHERO_TAG = "Super Hero"
# The kind of film each name stands for when its own films are ruled out.
KIND_OF = {
    "Pixar": "Animation",
    "Studio Ghibli": "Animation",
    "Anime": "Animation",
    "Marvel": SUPERHERO_TAG,
    "DC": SUPERHERO_TAG,
    "Batman": SUPERHERO_TAG,
    "Superman": SUPERHERO_TAG,
    "Spider-Man": SUPERHERO_TAG,
    "X-Men": SUPERHERO_TAG,
    "James Bond": "Action",
}


def settle_franchises(out: Constraints) -> None:
    """A studio ruled out alone rules out its kind; a name both asked for and ruled out asks for its kind."""
    studios = {"Marvel", "DC"} & set(out.exclude_genres)
    if studios and SUPERHERO_TAG not in out.genres:  # "not another marvel film": tired of the kind, said so
        out.exclude_genres = [g for g in out.exclude_genres if g not in studios] + [SUPERHERO_TAG]
        out.exclude_ids += [i for studio in sorted(studios) for i in sorted(FRANCHISE_FILM_IDS[studio])]
    for tag in [g for g in out.genres if g in out.exclude_genres and g in KIND_OF]:
        # "Pixar-like but not Pixar": films of that kind by anyone else
        out.genres = [KIND_OF[tag] if g == tag else g for g in out.genres]
