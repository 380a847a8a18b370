"""The rule reviser: edits that answer a verifier report, found from the plan alone (no model, no image).

Clipping: every step that pushes in the clipping direction is pulled halfway back to its neutral value (three
quarters from STRONG_CLIPPING points; removed when that leaves almost nothing of it), hardest first; a pinned parameter moves a fifth of the way back inside its
range; a near-duplicate gets a finishing step its twin does not have. One edit per issue and step.
"""

from __future__ import annotations

from collections.abc import Callable

from imagelab.core import ops
from imagelab.core.verify import NEUTRAL, AddOp, Edit, Issue, RemoveOp, Report, TuneParam

REASONS = {
    "highlights": "to keep the highlights",
    "shadows": "to keep the shadows",
    "saturation": "to keep colours from clipping",
    "pinned": "to bring it inside its range",
}
NEGLIGIBLE = {"value": 0.03, "gamma": 0.03, "strength": 0.03, "amount": 0.03, "white": 3, "black": 3}
PINNED_PULL = 0.2  # a pinned parameter moves this share of the way back to neutral
STRONG_CLIPPING, STRONG_PULL = 4.0, 0.75  # from 4 points of new clipping, steps give back three quarters

# Steps that tell a near-duplicate apart, tried in order: the first neither twin has is added. SSIM hardly
# sees global tone, so they change local structure or contrast: a vignette, film grain, then softer contrast.
DIFFERENTIATORS = (
    {"op": "vignette", "params": {"strength": 0.35}},
    {"op": "grain", "params": {"amount": 0.12}},
    {"op": "contrast", "params": {"value": 0.8}},
    {"op": "temperature", "params": {"warm": True, "strength": 0.35}},
)

# How hard a step pushes pixels towards each kind of clipping: (param, push) candidates per op.
Push = Callable[[dict], list[tuple[str, float]]]


def _gain(key: str, params: dict, up: bool) -> float:
    v = float(params[key])
    return max(0.0, v - 1.0) if up else max(0.0, 1.0 - v)


_HIGHLIGHTS: dict[str, Push] = {
    "brightness": lambda p: [("value", _gain("value", p, True))],
    "contrast": lambda p: [("value", _gain("value", p, True))],
    "saturation": lambda p: [("value", _gain("value", p, True) / 2)],
    "levels": lambda p: [("white", (255 - p["white"]) / 128), ("gamma", _gain("gamma", p, True) / 2)],
    "sharpen": lambda p: [("amount", p["amount"] / 10)],
    "grain": lambda p: [("amount", p["amount"] / 2)],
}
_SHADOWS: dict[str, Push] = {
    "brightness": lambda p: [("value", _gain("value", p, False))],
    "contrast": lambda p: [("value", _gain("value", p, True))],
    "saturation": lambda p: [("value", _gain("value", p, True) / 2)],
    "levels": lambda p: [("black", p["black"] / 128), ("gamma", _gain("gamma", p, False))],
    "vignette": lambda p: [("strength", p["strength"] / 2)],
    "sharpen": lambda p: [("amount", p["amount"] / 10)],
    "grain": lambda p: [("amount", p["amount"] / 2)],
}
_SATURATION: dict[str, Push] = {
    "saturation": lambda p: [("value", _gain("value", p, True))],
    "contrast": lambda p: [("value", _gain("value", p, True) / 2)],
    "brightness": lambda p: [("value", _gain("value", p, True) / 2)],
    "temperature": lambda p: [("strength", p["strength"] / 2)],
    "tint": lambda p: [("strength", p["strength"] / 2)],
}
PUSHES = {"highlights": _HIGHLIGHTS, "shadows": _SHADOWS, "saturation": _SATURATION}


def culprits(kind: str, operations: list[dict]) -> list[tuple[int, str]]:
    """Every (step, param) pushing towards this kind of clipping, hardest first (the later step wins a tie)."""
    found = []
    for i, o in enumerate(operations):
        push = PUSHES[kind].get(o["op"])
        found += [(amount, i, param) for param, amount in (push(o["params"]) if push else []) if amount > 0]
    return [(i, param) for _amount, i, param in sorted(found, key=lambda f: (-f[0], -f[1]))]


def culprit(kind: str, operations: list[dict]) -> tuple[int, str] | None:
    """(step, param) pushing hardest towards this kind of clipping."""
    found = culprits(kind, operations)
    return found[0] if found else None


def _toward_neutral(op: str, param: str, value: float, share: float) -> float:
    neutral = NEUTRAL[(op, param)]
    moved = neutral + (value - neutral) * (1.0 - share)
    return float(round(moved)) if param in ("black", "white") else round(moved, 2)


def _ease(i: int, param: str, operations: list[dict], reason: str, share: float = 0.5) -> Edit:
    """Pull one parameter `share` of the way back to neutral, or remove the step when that leaves almost nothing."""
    o = operations[i]
    value = _toward_neutral(o["op"], param, float(o["params"][param]), share)
    left = abs(value - NEUTRAL[(o["op"], param)])
    single_param = sum((o["op"], k) in NEUTRAL for k in o["params"]) == 1
    if left < NEGLIGIBLE.get(param, 0.03) and single_param and len(operations) > 1:
        return RemoveOp(op_index=i, reason=reason)
    return TuneParam(op_index=i, param=param, value=value, reason=reason)


def _differentiator(operations: list[dict], twin: list[dict] | None) -> dict | None:
    present = {o["op"] for o in operations} | {o["op"] for o in twin or []}
    return next((d for d in DIFFERENTIATORS if d["op"] not in present), None)


def rule_edits(report: Report, operations: list[dict], plans: list[list[dict]] | None = None) -> list[Edit]:
    """Edits for every issue of a report that the plan can answer (none for a generative variation)."""
    if any(o["op"] == ops.AI_OP for o in operations):
        return []
    edits: list[Edit] = []
    touched: set[tuple[int, str]] = set()
    for issue in sorted(report.issues, key=_order):
        for edit in _edits_for(issue, operations, plans):
            key = (edit.op_index, getattr(edit, "param", "")) if not isinstance(edit, AddOp) else (-1, "add")
            if key in touched or (not isinstance(edit, AddOp) and (edit.op_index, "remove") in touched):
                continue
            touched.add(key)
            if isinstance(edit, RemoveOp):
                touched.add((edit.op_index, "remove"))
            edits.append(edit)
    return edits


def _order(issue: Issue) -> int:
    return ["highlights", "shadows", "saturation", "near_duplicate", "pinned"].index(issue.kind)


def _edits_for(issue: Issue, operations: list[dict], plans: list[list[dict]] | None) -> list[Edit]:
    if issue.kind in PUSHES:  # every step pushing that way gives back half (three quarters when it clips a lot)
        share = STRONG_PULL if issue.amount >= STRONG_CLIPPING else 0.5
        return [_ease(i, p, operations, REASONS[issue.kind], share) for i, p in culprits(issue.kind, operations)]
    if issue.kind == "pinned":
        o = operations[issue.op_index]
        value = _toward_neutral(o["op"], issue.param, float(o["params"][issue.param]), PINNED_PULL)
        return [TuneParam(op_index=issue.op_index, param=issue.param, value=value, reason=REASONS["pinned"])]
    twin = plans[issue.other] if plans is not None and issue.other is not None else None
    step = _differentiator(operations, twin)
    if step is None:
        return []
    reason = f"to tell it apart from variation {issue.other + 1}"
    return [AddOp(index=len(operations), op=step, reason=reason)]
