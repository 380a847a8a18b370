"""The optional model reviser (IMAGE_REVISER=openai): a guard report becomes a forced `revise_variation` call.

The tool's strict schema comes from the guard's edit models (`tune_param`, `remove_op`, `add_op`), as
`plan_variations`'s comes from the plan DSL. The model's edits are untrusted: each is validated by the same
deterministic applier as the rule reviser's (an invalid one is ignored with its reason). When the model gives
no usable call (words, invalid JSON, the service down), the verifier's rule edits are used, and the log says so.
"""

from __future__ import annotations

import copy
import json
import logging
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from chatapp.planner.backends.base import InputMessage, PlannerError, PlannerRequest
from chatapp.planner.tools import Tool
from imagelab.core.plans import strict_schema
from imagelab.core.verify import Edit, Report

log = logging.getLogger("marquee.flow")
PURPOSE = "imagelab.revise"


class ReviseVariationArgs(BaseModel):
    """Arguments of the `revise_variation` tool call."""

    model_config = ConfigDict(extra="forbid")
    edits: list[Edit] = Field(description="The edits to apply, smallest change first; indexes refer to the plan")


@dataclass(frozen=True)
class _ReviseTool(Tool):
    """The planner Tool whose schema is the edit models' strict-mode schema."""

    def json_schema(self) -> dict[str, Any]:
        return copy.deepcopy(strict_schema(ReviseVariationArgs))


REVISE_TOOL = _ReviseTool(
    name="revise_variation",
    description="Propose typed edits to one variation's plan so its measured problems go away.",
    args_model=ReviseVariationArgs,
)

INSTRUCTIONS = """You revise one variation of a photo edit after the server measured it.

You get the variation's plan (its steps, indexed from 0), the problems measured against the source photo
(clipped highlights or shadows, clipped colours, a near-duplicate of another variation, parameters pinned at
the end of their range) and the edits a rule-based reviser would make; for a near-duplicate, `separation` gives
steps sized on the picture and the SSIM they would leave with the nearest other variation (under 0.97 is apart).
Call `revise_variation` once with the smallest edits that fix the problems while keeping what the variation is
for:
- tune_param {op_index, param, value}: set a numeric parameter (inside its range);
- remove_op {op_index}: remove a step (never the framing: resize, crop, rotate or flip);
- add_op {index, op}: insert a tone, colour or finish step (no crop, resize, rotate, flip or aiEdit).
A contrast step that crushes or burns can become a curve of the same value (remove_op it, add_op the curve at its
index): the same punch in the midtones, black and white kept. Every edit has a short reason such as "to keep the
highlights". Indexes refer to the plan as given."""


def revision_text(report: Report, operations: list[dict], label: str = "") -> str:
    """The user message: the plan, the measured problems and figures, the rule reviser's edits."""
    return json.dumps(
        {
            "variation": {"label": label, "operations": operations},
            "problems": [i.detail for i in report.issues],
            "figures": report.figures,
            "rule_edits": [e.model_dump(mode="json") for e in report.edits],
            # a near-duplicate's steps sized on the picture, and the SSIM they leave with the nearest other
            "separation": [
                {"steps": [o.model_dump(mode="json") for o in i.apart], "predicted_ssim": i.apart_ssim}
                for i in report.issues
                if i.kind == "near_duplicate" and i.apart
            ],
        },
        ensure_ascii=False,
    )


async def propose(backend, model: str, report: Report, operations: list[dict], label: str = "") -> list[Any]:
    """The model's edits as raw dicts (validated later by the applier); the rule edits when it gives none."""
    request = PlannerRequest(
        instructions=INSTRUCTIONS,
        input=[InputMessage(role="user", text=revision_text(report, operations, label))],
        model=model,
        tools=[REVISE_TOOL],
        tool_choice=REVISE_TOOL.name,
        purpose=PURPOSE,
    )
    try:
        reply = await backend.complete(request)
    except PlannerError as exc:
        log.warning("reviser unavailable (%s); using the rule edits", exc.code)
        return list(report.edits)
    call = next((c for c in reply.tool_calls if c.name == REVISE_TOOL.name), None)
    try:
        edits = json.loads(call.arguments)["edits"] if call else None
    except (ValueError, TypeError, KeyError, RecursionError):
        edits = None
    if not isinstance(edits, list):
        log.warning("reviser gave no usable revise_variation call; using the rule edits")
        return list(report.edits)
    return edits
