"""The movie chat's planner tools, declared once (decide_mode, plan_picks, search_movies for v1,
propose_list_changes), and MovieContext: what the flows tell the rule backend about a turn.

Each tool is its argument model (what the model may send, validated) and a `Tool` declaration.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator, model_validator

from chatapp.planner.backends.base import PlannerContext
from chatapp.planner.tools import Tool, format_validation_error
from recs.sources.movies import BlockedItem


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


MAX_PLANNED_PICKS = 3


class PlanPicksArgs(BaseModel):
    """plan_picks: a short intro and one to three films.

    A plan with more than three picks is not refused: its first three valid picks are kept and
    every pick left out is listed in `cuts` (index, title, year, change, reason), as the image
    lab's normaliser lists its changes. A plan of up to three picks is validated as a whole.
    """

    model_config = ConfigDict(extra="forbid")

    intro: str = Field(min_length=1, max_length=600, description="One or two sentences shown before the picks.")
    picks: list[PlannedPick] = Field(
        min_length=1, max_length=MAX_PLANNED_PICKS, description="One to three films, best first."
    )
    _cuts: list[dict] = PrivateAttr(default_factory=list)

    @property
    def cuts(self) -> list[dict]:
        """The picks of an over-long plan that were left out, with why."""
        return self._cuts

    @model_validator(mode="wrap")
    @classmethod
    def _keep_first_valid_picks(cls, data, handler):
        cuts: list[dict] = []
        raw = data.get("picks") if isinstance(data, dict) else None
        if isinstance(raw, list) and len(raw) > MAX_PLANNED_PICKS:
            kept = []
            for index, pick in enumerate(raw):
                if len(kept) == MAX_PLANNED_PICKS:
                    cuts.append(_cut(index, pick, f"more than {MAX_PLANNED_PICKS} picks in the plan"))
                    continue
                try:
                    PlannedPick.model_validate(pick)
                except ValidationError as exc:
                    cuts.append(_cut(index, pick, f"invalid pick: {format_validation_error(exc)}"))
                    continue
                kept.append(pick)
            data = {**data, "picks": kept}
        plan = handler(data)
        plan._cuts = cuts
        return plan


def _cut(index: int, pick, reason: str) -> dict:
    """One left-out pick as recorded (the model's title and year, shortened, whatever their type)."""
    pick = pick if isinstance(pick, dict) else {}
    year = pick.get("year")
    return {
        "index": index,
        "title": str(pick.get("title", ""))[:200],
        "year": year if isinstance(year, int) else None,
        "change": "dropped",
        "reason": reason[:300],
    }


class SearchMoviesArgs(BaseModel):
    """search_movies (v1 flow): look films up in the movie source by title words."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, max_length=200, description='Title words to search for, e.g. "heat".')
    year: int | None = Field(default=None, ge=1870, le=2100, description="Release year to narrow the search, or null.")

    @field_validator("query")
    @classmethod
    def _strip(cls, value: str) -> str:
        value = " ".join(value.split())
        if not value:
            raise ValueError("must not be blank")
        return value


Action = Literal["add_watchlist", "remove_watchlist", "mark_seen", "unmark_seen"]


class ListChange(BaseModel):
    """One proposed change to the user's lists."""

    model_config = ConfigDict(extra="forbid")

    action: Action
    title: str = Field(min_length=1, max_length=200, description="The film's title.")
    year: int | None = Field(default=None, ge=1870, le=2100, description="Release year, if known.")
    rating: int | None = Field(default=None, ge=1, le=5, description="1-5 stars, only for mark_seen.")


class ProposeListChangesArgs(BaseModel):
    """propose_list_changes: changes the user asked for, shown to them for approval."""

    model_config = ConfigDict(extra="forbid")

    changes: list[ListChange] = Field(min_length=1, max_length=10)


# --- the tools ---------------------------------------------------------------------

DECIDE_MODE_TOOL = Tool(
    name="decide_mode",
    description="Decide how to answer this turn: A = conversational answer, B = recommend films.",
    args_model=DecideModeArgs,
)
PLAN_PICKS_TOOL = Tool(
    name="plan_picks",
    description="Plan the recommendation: a short intro and one to three films (title, year, reason).",
    args_model=PlanPicksArgs,
)
SEARCH_MOVIES_TOOL = Tool(
    name="search_movies",
    description="Search the movie source by title words; returns compact matches (id, title, year, genres).",
    args_model=SearchMoviesArgs,
)
PROPOSE_LIST_CHANGES_TOOL = Tool(
    name="propose_list_changes",
    description=(
        "Propose changes to the user's watchlist or seen list when they ask for them in words "
        '("add the first two to my watchlist", "I\'ve seen Fargo and Ronin"). Nothing changes until '
        "the user approves."
    ),
    args_model=ProposeListChangesArgs,
)


@dataclass(frozen=True, kw_only=True)
class MovieContext(PlannerContext):
    """What the movie flows (v2 and v1) tell the rule-based backend about a turn; models never see it."""

    text: str = ""  # the user's own words ("" for a greeting)
    blocked: list[BlockedItem] = field(default_factory=list)
    profile: str = ""  # the taste profile summary
    chat_id: int | None = None
    last_picks: list[dict] = field(default_factory=list)  # {"title", "year", "reason"} of the picks last shown
    learned: str = ""  # a preference this message stated, already remembered (v2 only)
    autostart: bool = False  # the greeting of a new chat
    # the person's lists, oldest first: {"watchlist": [{title, year}], "seen": [{title, year, rating}]}
    lists: dict[str, list[dict]] | None = None
