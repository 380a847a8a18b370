"""The guard's deterministic applier: typed edits -> a revised plan; an invalid edit is ignored with its reason.

Pure: no Django. Every index in a batch of edits refers to the plan as it was verified (not as earlier edits in
the batch left it): tunes and removals name its steps, an insertion goes before its step `index` (the number of
steps appends). The revised plan is checked op by op with the plan DSL's own strict models, so an applied edit
can never produce a step the executor would not accept. Edits arrive as typed models (the rule reviser) or as
raw dicts (a model's tool call): each is validated on its own, so one bad edit does not sink the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter, ValidationError

from imagelab.core import ops
from imagelab.core.plans import BOUNDS, OPERATION
from imagelab.core.verify import NEUTRAL, AddOp, Edit, RemoveOp, TuneParam

EDIT = TypeAdapter(Edit)
# Steps an edit may add: tone, colour and finish. No geometry (its pixel params depend on the image) and no
# aiEdit (a paid, slow call the user did not ask the guard for).
ADDABLE = frozenset(ops.CHANNEL_OPS) | frozenset(ops.MIX_OPS) | {"vignette", "blur", "sharpen", "grain"}
# Steps an edit may not remove: the framing, turn or mirror asked for is the plan's, not a look to give back.
KEPT = frozenset({"resize", "crop", "rotate", "flip"})


@dataclass
class Applied:
    """The revised plan, the edits applied (with the value they replaced) and those ignored (with why)."""

    operations: list[dict]
    applied: list[dict] = field(default_factory=list)
    ignored: list[dict] = field(default_factory=list)
    first_changed: int | None = None  # the first step of the revised plan that differs from the old one


def parse_edit(raw: Any) -> Edit:
    """A typed edit from a model or a dict (raises ValidationError)."""
    if isinstance(raw, (TuneParam, RemoveOp, AddOp)):
        return raw
    return EDIT.validate_python(raw)


def _check_tune(e: TuneParam, operations: list[dict]) -> str | None:
    op = operations[e.op_index]
    if op["op"] == ops.AI_OP:
        return "the generative step is not tuned"
    if e.param not in op["params"] or (op["op"], e.param) not in BOUNDS:
        return f"{op['op']} has no numeric parameter {e.param!r}"
    current = op["params"][e.param]
    if current is None or isinstance(current, bool):
        return f"{op['op']}.{e.param} is not a number"
    lo, hi = BOUNDS[(op["op"], e.param)]
    if not lo <= e.value <= hi:
        return f"{e.value:g} is outside {op['op']}.{e.param}'s range {lo:g}..{hi:g}"
    if e.value == current:
        return "the value is unchanged"
    return None


def _check(e: Edit, operations: list[dict], seen: set) -> str | None:
    n = len(operations)
    if isinstance(e, AddOp):
        if not 0 <= e.index <= n:
            return f"insert position {e.index} is outside 0..{n}"
        if e.op.op not in ADDABLE:
            return f"the guard adds no {e.op.op} step (tone, colour and finish only)"
        return _no_change(e.op.op, e.op.model_dump()["params"])
    if not 0 <= e.op_index < n:
        return f"step {e.op_index} does not exist (the plan has {n})"
    if ("remove", e.op_index) in seen:
        return f"step {e.op_index} is removed by an earlier edit"
    if isinstance(e, RemoveOp):
        if ("tune", e.op_index) in {(k, i) for k, i, *_ in seen}:
            return f"step {e.op_index} is tuned by an earlier edit"
        if operations[e.op_index]["op"] == ops.AI_OP:
            return "the generative step is not removed"
        if operations[e.op_index]["op"] in KEPT:
            return f"the {operations[e.op_index]['op']} step is not removed (it frames the photo as asked)"
        return None
    if ("tune", e.op_index, e.param) in seen:
        return f"{e.param} of step {e.op_index} is tuned by an earlier edit"
    return _check_tune(e, operations)


def _no_change(op: str, params: dict) -> str | None:
    """Why an added step would change nothing (every parameter that has a neutral value at it), else None."""
    neutral = [(k, float(v), NEUTRAL[(op, k)]) for k, v in params.items() if (op, k) in NEUTRAL]
    # within half a percent of neutral (half a level for black and white points): "added brightness 1.00"
    if neutral and all(abs(v - n) < (0.5 if k in ("black", "white") else 0.005) for k, v, n in neutral):
        return f"a {op} of {neutral[0][1]:.2f} would change nothing"
    return None


def _validated(op: str, params: dict) -> dict | None:
    try:
        model = OPERATION.validate_python({"op": op, "params": params})
    except ValidationError:
        return None
    if op == "levels" and params["white"] <= params["black"]:  # as normalisation requires
        return None
    return {"op": op, "params": model.params.model_dump()}


def apply_edits(operations: list[dict], edits: list[Any]) -> Applied:
    """Apply edits to a variation's operations ([{op, params}]); never raises on a bad edit."""
    old = [{"op": o["op"], "params": dict(o["params"])} for o in operations]
    new = [{"op": o["op"], "params": dict(o["params"])} for o in old]
    removed: set[int] = set()
    inserts: dict[int, list[dict]] = {}
    seen: set = set()
    out = Applied(operations=old)
    for raw in edits:
        try:
            e = parse_edit(raw)
        except ValidationError as exc:
            out.ignored.append({"edit": raw if isinstance(raw, dict) else str(raw), "why": _first_error(exc)})
            continue
        why = _check(e, old, seen)
        record = e.model_dump(mode="json")
        if why is None and isinstance(e, TuneParam):
            op = new[e.op_index]
            value = int(round(e.value)) if isinstance(op["params"][e.param], int) else round(e.value, 4)
            fixed = _validated(op["op"], {**op["params"], e.param: value})
            if fixed is None:
                why = f"{op['op']} would be invalid with {e.param} {value:g}"
            else:
                record.update({"op": op["op"], "from": old[e.op_index]["params"][e.param], "value": value})
                new[e.op_index] = fixed
                seen.add(("tune", e.op_index, e.param))
        elif why is None and isinstance(e, RemoveOp):
            record["op"] = old[e.op_index]["op"]
            removed.add(e.op_index)
            seen.add(("remove", e.op_index))
        elif why is None and isinstance(e, AddOp):
            step = e.op.model_dump()
            record["op"] = step
            inserts.setdefault(e.index, []).append(step)
        if why is None:
            out.applied.append(record)
        else:
            out.ignored.append({"edit": record, "why": why})
    result = []
    for i in range(len(old) + 1):
        result += inserts.get(i, [])
        if i < len(old) and i not in removed:
            result.append(new[i])
    if not result:
        out.ignored += [{"edit": a, "why": "a variation keeps at least one step"} for a in out.applied]
        out.applied = []
        return out
    out.operations = result
    out.first_changed = next(
        (i for i, (a, b) in enumerate(zip(old, result, strict=False)) if a != b), min(len(old), len(result))
    )
    if out.first_changed == len(old) == len(result):
        out.first_changed = None
    return out


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()))
    return f"not a valid edit: {err['msg']}" + (f" ({where})" if where else "")
