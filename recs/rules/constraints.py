"""Constraints: what a film request asks for, as the parser understood it (the ranker's input)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Constraints(BaseModel):
    """What a request asks for; the ranker decides what is hard and what may be relaxed."""

    genres: list[str] = Field(default_factory=list)  # any-of catalogue tags
    moods: list[str] = Field(default_factory=list)  # adjectives as typed ("tense")
    genre_words: list[str] = Field(default_factory=list)  # nouns as typed ("thriller")
    exclude_genres: list[str] = Field(default_factory=list)
    avoid_genres: list[str] = Field(default_factory=list)  # horror when softened: preferred absent, relaxable
    unwelcome: list[str] = Field(default_factory=list)  # a mood's misfits (feel good: black comedy): ranked last
    softer: list[str] = Field(default_factory=list)  # a softer tone as typed ("less dark", "less scary")
    darker: list[str] = Field(default_factory=list)  # a darker tone than a named film as typed ("edgier")
    lighter_first: bool = False  # a lighter tone than a named film: its comedies rank first
    year_min: int | None = None
    year_max: int | None = None
    era: str | None = None  # how to say the year range ("90s", "after 2005")
    exclude_years: list[tuple[int, int]] = Field(default_factory=list)
    directors: list[str] = Field(default_factory=list)
    exclude_directors: list[str] = Field(default_factory=list)
    people: list[str] = Field(default_factory=list)  # actors from cast.json
    exclude_people: list[str] = Field(default_factory=list)
    unknown_people: list[str] = Field(default_factory=list)  # named, but not checkable offline
    unknown_likes: list[str] = Field(default_factory=list)  # "like Heat" when Heat isn't in the catalogue
    unknown_films: list[str] = Field(default_factory=list)  # "heat 1995 michael mann": "Heat (1995)", not in it
    mpaa_allowed: list[str] = Field(default_factory=list)
    mpaa_excluded: list[str] = Field(default_factory=list)
    mpaa_hard: bool = False  # an audience (children, a family) asked for it: never relaxed
    rating_label: str | None = None
    max_runtime: int | None = None
    max_runtime_strict: bool = False  # "under 90 minutes" excludes 90; "at most 90 minutes" keeps it
    min_runtime: int | None = None
    min_runtime_strict: bool = False
    runtime_label: str | None = None
    min_rating: float | None = None
    hidden_gem: bool = False
    quality_label: str | None = None
    like_ids: list[str] = Field(default_factory=list)
    exclude_ids: list[str] = Field(default_factory=list)  # films ruled out by name ("but not Jaws")
    exclude_titles: list[str] = Field(default_factory=list)  # their titles, as the intro says them
    # (word as typed, tag): a mood or occasion read as a genre ("good cry" -> Drama), said in the intro.
    mood_notes: list[tuple[str, str]] = Field(default_factory=list)
    story_sources: list[str] = Field(default_factory=list)  # "Based on Book/Short Story", from the catalogue
    story_label: str | None = None
    # (word as typed, kind): asked for, but the catalogue has no data for it ("bollywood": country).
    unsupported: list[tuple[str, str]] = Field(default_factory=list)

    def is_empty(self) -> bool:
        """True when nothing at all was understood."""
        return not any(value for value in self.model_dump().values())

    def filterable(self) -> bool:
        """True when something the catalogue can filter on was understood."""
        unknown = ("unknown_people", "unknown_likes", "unknown_films")
        skip = (*unknown, "unsupported", "mood_notes", "story_label", "softer")
        return any(value for name, value in self.model_dump().items() if name not in skip)

    def describe(self) -> str:
        """A compact one-line summary for logs."""
        parts = [f"{k}={v}" for k, v in self.model_dump().items() if v not in (None, [], False)]
        return "; ".join(parts) or "no constraints"
