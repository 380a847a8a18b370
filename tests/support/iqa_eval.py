"""The quality-question evaluation: each message through the offline planner's product path, checked against
its expectations (tests/evals/iqa.jsonl).

A case is `{"text": ..., "expect": {...}}`: `quality` (planned as an assess_quality call, not an edit or talk),
`distortions` (the names, in any order), `scope` ("Global" or the objects), `reference` (Full-Reference when a
reference exists), `tool` (the named metric), `inferred` (nothing named: detect), `variation` (the number named).
The planner is asked as the rule backend is (`imagelab.planning.answer_or_plan` with both tools offered and a
reference available); the call goes through the tool's own validation. A case scores when all its checks hold.
"""

import json
from pathlib import Path

from chatapp.planner.backends.base import PlannerReply, PlannerRequest
from imagelab import planning
from imagelab.rules import iqa as rules_iqa

CASES = Path(__file__).resolve().parent.parent / "evals" / "iqa.jsonl"


def load_cases(path: Path = CASES) -> list[dict]:
    """The evaluation cases, one JSON object a line."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def plan_of(text: str):
    """The validated IQA plan the rule planner makes of a message, or None when it is not a quality question."""
    tool = planning.assess_quality_tool(has_reference=True)
    request = PlannerRequest(
        instructions="",
        input=[],
        model="rules",
        tools=[planning.PLAN_VARIATIONS_TOOL, tool],
        context=planning.ImageContext(text=text, image_size=(1600, 1200), has_reference=True),
        purpose=planning.PURPOSE,
    )
    reply = planning.answer_or_plan(request)
    call = planning.quality_call(reply) if isinstance(reply, PlannerReply) else None
    return tool.parse(call.arguments) if call else None


def misses(case: dict) -> list[str]:
    """Every expectation of a case that does not hold."""
    text, expect = case["text"], case["expect"]
    plan = plan_of(text)
    if (plan is not None) != expect["quality"]:
        return [f"quality question: expected {expect['quality']}"]
    if plan is None:
        return []
    out = []
    if "distortions" in expect and sorted(plan.distortion_names()) != sorted(expect["distortions"]):
        out.append(f"distortions {plan.distortion_names()} != {expect['distortions']}")
    if "scope" in expect and plan.query_scope != expect["scope"]:
        out.append(f"scope {plan.query_scope!r} != {expect['scope']!r}")
    if "reference" in expect and (plan.reference_mode == "Full-Reference") != expect["reference"]:
        out.append(f"reference mode {plan.reference_mode}")
    if "tool" in expect and plan.required_tool != expect["tool"]:
        out.append(f"required tool {plan.required_tool!r} != {expect['tool']!r}")
    if "inferred" in expect and (plan.distortion_source == "Inferred") != expect["inferred"]:
        out.append(f"distortion source {plan.distortion_source}")
    if "variation" in expect and rules_iqa.variation_number(text) != expect["variation"]:
        out.append(f"variation {rules_iqa.variation_number(text)} != {expect['variation']}")
    return out


def evaluate(cases: list[dict] | None = None) -> tuple[float, list[tuple[str, list[str]]]]:
    """(share of cases whose every check holds, [(text, misses)] of the others)."""
    cases = load_cases() if cases is None else cases
    failures = [(c["text"], m) for c in cases if (m := misses(c))]
    return (len(cases) - len(failures)) / len(cases), failures
