"""The movie chat's planner tools, and the rule-based handlers that serve them offline."""

from __future__ import annotations

import json

from chatapp.planner.backends.base import PlannerRequest
from chatapp.planner.tools import Tool
from recs.tools import DecideModeArgs, PlanPicksArgs

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


def planning_input_text(*, blocked: list, profile: str) -> str:
    """The compact planning input: blocked films and the taste profile, never movie-source payloads."""
    data = {
        "blocked": [
            {"id": b.id, "media_type": b.media_type, "title": b.title, "year": b.year} for b in blocked
        ],
        "taste_profile": profile,
    }
    return "Planning input (JSON):\n" + json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _catalogue():
    from recs.catalogue import load_catalogue

    return load_catalogue()


def rules_decide_mode(request: PlannerRequest) -> DecideModeArgs:
    """Offline decide_mode: intent classification of the user's text."""
    from recs import rules

    return rules.decide_mode(request.context.get("text", ""))


def rules_plan_picks(request: PlannerRequest) -> PlanPicksArgs:
    """Offline plan_picks: the constraint-aware catalogue recommender."""
    from recs import rules

    ctx = request.context
    return rules.plan_picks(
        ctx.get("text", ""), _catalogue(), blocked=ctx.get("blocked", []), profile=ctx.get("profile", "")
    )


def rules_answer(request: PlannerRequest) -> str:
    """Offline conversational answer from the catalogue."""
    from recs import rules

    return rules.answer(request.context.get("text", ""), _catalogue())


RULE_TOOL_HANDLERS = {"decide_mode": rules_decide_mode, "plan_picks": rules_plan_picks}
RULE_TEXT_HANDLERS = {"movies.answer": rules_answer}
