"""Server-side de-duplication: by (source, id), with normalized title + year as backup."""

from __future__ import annotations

from collections.abc import Iterable

from recs.sources.movies import BlockedItem, Movie


class BlockedIndex:
    """The films a turn must not show, checked by id and by title + year."""

    def __init__(self, blocked: Iterable[BlockedItem] = ()):
        self._keys: set[tuple[str, str]] = set()
        self._titles: set[tuple[str, int | None]] = set()
        self._shown_keys: set[tuple[str, str]] = set()
        self._shown_titles: set[tuple[str, int | None]] = set()
        for item in blocked:
            self._keys.add(item.key)
            self._titles.add(item.title_key)

    def reject_reason(self, movie: Movie) -> str | None:
        """Why this film may not be shown, or None when it may."""
        # Checked first: a second pick of the same film is a repeat, even when its id differs.
        if movie.key in self._shown_keys or movie.title_key in self._shown_titles:
            return "repeats another pick in this answer"
        if movie.key in self._keys or movie.title_key in self._titles:
            return "on the blocked list (already recommended, on the watchlist or seen)"
        return None

    def add(self, movie: Movie) -> None:
        """Remember a film shown in this turn."""
        self._shown_keys.add(movie.key)
        self._shown_titles.add(movie.title_key)
