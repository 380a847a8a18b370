"""Normalise untrusted planner output into valid plans, logging every change with its reason.

Log entries are `{variation, step, change, reason}`; `variation` and `step` are
the indexes in the planner's raw output (None for plan-wide entries).
Pixel params (crop, resize) are read in working-image pixels: the source
downscaled to longest side `max_side` (see `ops.working_size`).
"""

import json
from typing import Any

from pydantic import BaseModel, ValidationError

from imagelab.core import ops
from imagelab.core.plans import (
    MAX_AI_STEPS_PER_VARIATION,
    MAX_AI_VARIATIONS,
    MAX_VARIATIONS,
    OPERATION,
    Variation,
)
from imagelab.core.step_params import FILTER_FROM_OP, OP_ALIASES, Ctx, Drop, fit_geometry, loose_key, op_params


class NoVariations(Exception):
    """The planner produced no usable variation: the job fails (planner source "none")."""

    def __init__(self, message: str, log: list[dict]):
        super().__init__(message)
        self.message = message
        self.log = log


class NormalizedPlan(BaseModel):
    """Valid variations (1..5), the diversity axes, and the normalisation log."""

    variations: list[Variation]
    diversity_axes: list[str]
    log: list[dict]

    def operations(self, index: int) -> list[tuple[str, dict]]:
        """(op, params) pairs of one variation."""
        return [(o.op, o.params.model_dump()) for o in self.variations[index].operations]


def _normalize_variation(rv: Any, size0: tuple[int, int], ctx: Ctx) -> dict | None:
    if not isinstance(rv, dict):
        ctx.note("dropped variation", "not an object")
        return None
    raw_ops = rv.get("operations", rv.get("ops", rv.get("steps")))
    if not isinstance(raw_ops, list):
        ctx.note("dropped variation", "operations is not a list")
        return None
    size, out, ai_steps = size0, [], 0
    for si, ro in enumerate(raw_ops):
        ctx.s = si
        try:
            if not isinstance(ro, dict) or "op" not in ro:
                raise Drop("step is not an {op, params} object")
            hint = loose_key(ro["op"])
            op = OP_ALIASES.get(hint)
            if op is None:
                raise Drop(f"unknown op {ro['op']!r}")
            if op != ro["op"] and not (op == "filter" and hint in FILTER_FROM_OP):
                ctx.note(f"op {ro['op']!r} -> {op!r}", "op alias")
            if op == "aiEdit" and ai_steps >= MAX_AI_STEPS_PER_VARIATION:
                raise Drop("at most one AI step per variation")
            params = op_params(op, ro.get("params", {k: v for k, v in ro.items() if k != "op"}), hint, ctx)
            params = fit_geometry(op, params, size, not out, ctx)
            OPERATION.validate_python({"op": op, "params": params})
        except Drop as e:
            ctx.note(f"dropped step {ro.get('op') if isinstance(ro, dict) else ro!r}", str(e))
            continue
        except ValidationError as e:
            ctx.note(f"dropped step {op}", f"invalid params: {e.errors()[0]['msg']}")
            continue
        ai_steps += op == "aiEdit"
        if op != "aiEdit":
            size = ops.output_size(op, params, size)
        out.append({"op": op, "params": params})
    ctx.s = None
    if not out:
        ctx.note("dropped variation", "no usable operations")
        return None
    return {"label": rv.get("label"), "strategy": rv.get("strategy"), "operations": out}


def normalize_plan(raw: Any, *, image_size: tuple[int, int], max_side: int = 2048) -> NormalizedPlan:
    """Validate and repair a planner's `plan_variations` arguments; raise NoVariations if nothing is usable."""
    log: list[dict] = []
    ctx = Ctx(log)
    if isinstance(raw, (str, bytes)):
        try:
            raw = json.loads(raw)
        except (ValueError, RecursionError):  # model output: bad JSON, a huge number or nesting too deep to parse
            ctx.note("rejected plan", "arguments are not valid JSON")
            raise NoVariations("The planner's answer was not valid JSON.", log) from None
    if not isinstance(raw, dict) or not isinstance(raw.get("variations"), list):
        ctx.note("rejected plan", "no list of variations")
        raise NoVariations("The planner returned no variations.", log)
    size0 = ops.working_size(tuple(image_size), max_side)
    kept: list[tuple[int, dict]] = []
    for vi, rv in enumerate(raw["variations"]):
        ctx.v = vi
        nv = _normalize_variation(rv, size0, ctx)
        if nv is not None:
            kept.append((vi, nv))
    ctx.v = None
    for vi, _ in kept[MAX_VARIATIONS:]:
        ctx.v = vi
        ctx.note("dropped variation", f"more than {MAX_VARIATIONS} variations")
    kept = kept[:MAX_VARIATIONS]
    ai_plans, final = 0, []
    for vi, nv in kept:
        ctx.v = vi
        if any(o["op"] == "aiEdit" for o in nv["operations"]):
            if ai_plans >= MAX_AI_VARIATIONS:
                for si, o in enumerate(nv["operations"]):
                    if o["op"] == "aiEdit":
                        ctx.s = si
                        ctx.note("dropped step aiEdit", f"at most {MAX_AI_VARIATIONS} variations may use AI")
                ctx.s = None
                nv["operations"] = [o for o in nv["operations"] if o["op"] != "aiEdit"]
                if not nv["operations"]:
                    ctx.note("dropped variation", "no operations left without the AI step")
                    continue
            else:
                ai_plans += 1
        n = len(final) + 1
        label = str(nv["label"]).strip()[:60] if nv["label"] else ""
        if not label:
            label = f"Variation {n}"
            ctx.note(f"label set to {label!r}", "missing label")
        strategy = str(nv["strategy"]).strip()[:300] if nv["strategy"] else ""
        if not strategy:
            strategy = " -> ".join(o["op"] for o in nv["operations"])
            ctx.note("strategy set to the list of ops", "missing strategy")
        final.append(Variation.model_validate({"label": label, "strategy": strategy, "operations": nv["operations"]}))
    ctx.v = None
    if not final:
        ctx.note("rejected plan", "no usable variations")
        raise NoVariations("The planner returned no usable variations.", log)
    if len(final) < MAX_VARIATIONS:
        ctx.note(f"{len(final)} variations kept", f"{MAX_VARIATIONS} were expected")
    axes_raw = raw.get("diversity_axes")
    axes = [str(a).strip()[:80] for a in axes_raw if str(a).strip()][:10] if isinstance(axes_raw, list) else []
    if axes_raw is not None and not isinstance(axes_raw, list):
        ctx.note("diversity_axes dropped", "not a list")
    return NormalizedPlan(variations=final, diversity_axes=axes, log=log)
