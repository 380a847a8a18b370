"""Moods and genres said together, settled once the genre words are read: a mood beside a named genre
qualifies it ("a feel good musical"), a mood ruled out drops out ("nothing sad"), and a narrower kind ruled
out inside a genre named by its name keeps the genre ("a horror film that isn't a slasher")."""

from __future__ import annotations

import re

from recs.rules.constraints import Constraints
from recs.rules.tone import LESS_SCARY, SCARY_TAG
from recs.rules.vocab import GENRE_PATTERNS, MOOD_WORDS, OCCASIONS


def occasions_as_moods(out: Constraints) -> None:
    """A mood beside a named genre qualifies it: "a feel good musical" is a musical, not "comedy or musical"."""
    # "cry but also laugh": a laugh is a mood like a cry, so neither qualifies the other
    words = [word for word in out.genre_words if word not in ("laugh", "laughs")]
    named = {tag for pattern, tag in GENRE_PATTERNS for word in words if re.fullmatch(pattern, word)}
    if not named:
        return
    # A kind of film ("war", "mystery": SUBGENRES) narrows the genre instead, so only moods are moved.
    moods = [note for note in out.mood_notes if any(re.fullmatch(p, note[0]) for p, _ in OCCASIONS)]
    for word, tag in [note for note in out.mood_notes if "twist" in note[0]]:
        # "sci-fi with a twist ending": the named genre decides, and no film's twist is on record to check
        moods = [note for note in moods if note != (word, tag)]
        out.mood_notes.remove((word, tag))
        out.genres.remove(tag)
        out.unsupported.append((word, "twist"))
    for word, tag in [note for note in moods if note[1] not in named]:
        out.mood_notes.remove((word, tag))
        out.moods.append(word)  # still said: "Three feel good musicals"
        out.genres.remove(tag)  # one hit's tag: the same tag from another word ("funny") stays


def ruled_out_moods(out: Constraints, ruled: list[tuple[str, str]]) -> None:
    """Settle a mood ruled out against the same genre asked for: a mood said again drops out ("nothing sad,
    last time a sad film made her cry"), a genre named outright stays ("a drama, nothing too sad")."""
    milder = any(re.fullmatch(LESS_SCARY, said) for said in out.softer)  # "not too scary for halloween": tone.py
    for word, tag in [note for note in out.mood_notes if note[1] in out.exclude_genres]:
        if milder and tag == SCARY_TAG:
            continue
        out.mood_notes.remove((word, tag))
        if tag in out.genres:
            out.genres.remove(tag)
        if word not in {said for said, _ in ruled}:  # "a feel good movie, not a comedy": the mood can't be had
            out.unsupported.append((word, "mood"))
    named = {tag for pattern, tag in GENRE_PATTERNS for word in out.genre_words if re.fullmatch(pattern, word)}
    for word, tag in ruled:
        if tag in named and tag in out.exclude_genres and not any(re.fullmatch(p, word) for p, _ in GENRE_PATTERNS):
            out.exclude_genres.remove(tag)
            # the tone within a genre ("not sad") or what is on screen ("not set in space") isn't on record
            out.unsupported.append((f"not {word}", "mood" if tag in ("Drama", "Comedy") else "topic"))


# A genre's own name: "a horror film that isn't a slasher" rules out a kind of horror, not horror.
_GENRE_NAMES = frozenset(
    {"horror", "comedy", "comedies", "thriller", "thrillers", "drama", "dramas", "western", "westerns", "musical"}
    | {"musicals", "action", "adventure", "adventures", "romance", "romances", "fantasy", "documentary"}
    | {"documentaries", "sci fi", "scifi", "science fiction", "superhero", "super hero"}
)


def ruled_out_kinds(out: Constraints, asked: dict[str, str], ruled: list[tuple[str, str]]) -> None:
    """A narrower word ruled out inside a genre named by its name or mood keeps the genre: "horror, not a slasher",
    "a scary movie that isnt a slasher" ("scary, not horror" and "spooky but not scary" still rule it out)."""
    for word, tag in ruled:
        named = asked.get(tag) in _GENRE_NAMES or asked.get(tag) in MOOD_WORDS
        mood = word in MOOD_WORDS or any(re.fullmatch(p, word) for p, _ in OCCASIONS)  # "not sad": ruled_out_moods
        if named and word not in _GENRE_NAMES and not mood and tag in out.exclude_genres:
            out.exclude_genres.remove(tag)
            out.unsupported.append((f"not {word}", "topic"))
