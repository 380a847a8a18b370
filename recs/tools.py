"""Argument models of the movie-chat planner tools (decide_mode, plan_picks, v1 search_movies)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class DecideModeArgs(BaseModel):
    """decide_mode: A = answer conversationally, B = recommend films."""

    model_config = ConfigDict(extra="forbid")

    mode: Literal["A", "B"] = Field(description="A: answer in words, no picks. B: recommend films.")
    reason: str = Field(max_length=160, description="Why this mode, at most 160 characters.")


class PlannedPick(BaseModel):
    """One film the planner wants to show."""

    model_config = ConfigDict(extra="forbid")

    title: str = Field(min_length=1, max_length=200, description="The film's title as released.")
    year: int = Field(ge=1870, le=2100, description="Release year.")
    reason: str = Field(min_length=1, max_length=400, description="Why it fits this request, one sentence.")

    @field_validator("title", "reason")
    @classmethod
    def _strip(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("must not be blank")
        return value


class PlanPicksArgs(BaseModel):
    """plan_picks: a short intro and one to three films."""

    model_config = ConfigDict(extra="forbid")

    intro: str = Field(min_length=1, max_length=600, description="One or two sentences shown before the picks.")
    picks: list[PlannedPick] = Field(min_length=1, max_length=3, description="One to three films, best first.")


class SearchMoviesArgs(BaseModel):
    """search_movies (v1 flow): look films up in the movie source by title words."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, max_length=200, description="Title words to search for, e.g. \"heat\".")
    year: int | None = Field(default=None, ge=1870, le=2100, description="Release year to narrow the search, or null.")

    @field_validator("query")
    @classmethod
    def _strip(cls, value: str) -> str:
        value = " ".join(value.split())
        if not value:
            raise ValueError("must not be blank")
        return value
