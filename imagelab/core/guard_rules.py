"""The rule reviser: edits that answer a verifier report, found from the plan alone (no model, no image).

Clipping: every step that pushes in the clipping direction is pulled back towards its neutral value by the
smallest share that a pixel sample of the source says clears the margin, then each step that need not give that
much back gets back what it can, the gentlest first (without a sample, or when none clears: halfway, three
quarters from STRONG_CLIPPING points; removed when that leaves almost nothing of it), hardest first; a pinned parameter moves a fifth of the way back inside its range; a near-duplicate's contrast is pushed further the way its plan already goes (firmer while its measured
headroom keeps it from clipping, else softer), sized to its measured SSIM. One edit per issue and step.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from imagelab.core import ops
from imagelab.core.plans import BOUNDS
from imagelab.core.simulate import PixelSample
from imagelab.core.ssim import C1, C2
from imagelab.core.verify import CLIP_MARGIN, NEUTRAL, AddOp, Edit, Issue, RemoveOp, Report, TuneParam

REASONS = {
    "highlights": "to keep the highlights",
    "shadows": "to keep the shadows",
    "saturation": "to keep colours from clipping",
    "pinned": "to bring it inside its range",
}
NEGLIGIBLE = {"value": 0.03, "gamma": 0.03, "strength": 0.03, "amount": 0.03, "white": 3, "black": 3}
PINNED_PULL = 0.2  # a pinned parameter moves this share of the way back to neutral
STRONG_CLIPPING, STRONG_PULL = 4.0, 0.75  # from 4 points of new clipping, steps give back three quarters
# A clipping pull sized on a pixel sample (simulate.py): the smallest of these shares whose predicted new
# clipping stays within half the margin (later spatial steps, sampling). Fixed halves took two revisions on
# most clipping variations and then ended near neutral (bench/README.md, "Quality guard"); a sized pull lands
# in one, and a slight excess gives back less than half of what the plan asked for.
PULL_LADDER = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
# A step given back (below) may use only this share of the room: the sample's figure is a prediction, and a step
# kept whole moves more pixels near the limit than one pulled with the rest
GIVE_BACK = 0.5
# Steps that look at neighbours, which the sample passes through: their overshoot grows with every step given back
# (a sharpened "punchier" on a bright photo measured 2.5 % burnt where its sample said 0.1)
UNSEEN_OPS = frozenset({"sharpen", "grain"})
# what the sample follows of the framing (it keeps the pixels inside; a flip only moves them)
FRAMING_OPS = frozenset({"resize", "crop", "flip"})


def framing(operations: list[dict]) -> int:
    """How many of the plan's first steps only frame the photo (resize, crop, flip): the source as it frames it."""
    n = 0
    while n < len(operations) and operations[n]["op"] in FRAMING_OPS:
        n += 1
    return n


EXPLAINED_POINTS, EXPLAINED_SHARE = 0.5, 0.25  # how close the sample's figure must be to the measured one

# A near-duplicate is told apart by its contrast, sized to its SSIM, aiming here (a margin under the 0.97
# threshold) so that one revision is enough. Scaling every window's contrast by v multiplies SSIM's contrast
# term by 2v/(1+v^2) (its luminance and structure terms hardly move): solved for the SSIM wanted, v is
# 0.75..1 or its inverse 1..1.33. The direction keeps the plan's intent: a plan that already firms contrast
# (a "punchier" one) is pushed further up as far as the verifier's measured headroom allows (the preview's
# histogram: no new clipping past half the margin), and falls back to softer only when firmer would clip; a
# softening plan goes softer first. The step must also keep clear of the other earlier variations (the
# report's `spread`: their contrast over this one's), or the next check finds a new twin: the smallest change
# in the preferred direction that stays that far from all of them is taken. Contrast, not a vignette or
# grain: SSIM hardly sees a vignette (0.35 moved the seed's few-shot A twins by 0.003, so they took a second
# revision), and both cost 15-35 ms at working size where a contrast curve is one lookup pass, or nothing
# more when an existing step is tuned (bench/guard.py).
SEPARATE_SSIM = 0.96
LADDER = (1.0, 0.9, 0.8, 0.7)  # further steps in one direction when the first lands on another variation
LOWEST = 0.6  # no softer than this: a flat picture is no better a choice than a twin


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


def ease(i: int, param: str, operations: list[dict], reason: str, share: float = 0.5) -> Edit:
    """Pull one parameter `share` of the way back to neutral, or remove the step when that leaves almost nothing."""
    o = operations[i]
    value = _toward_neutral(o["op"], param, float(o["params"][param]), share)
    left = abs(value - NEUTRAL[(o["op"], param)])
    single_param = sum((o["op"], k) in NEUTRAL for k in o["params"]) == 1
    if left < NEGLIGIBLE.get(param, 0.03) and single_param and len(operations) > 1:
        return RemoveOp(op_index=i, reason=reason)
    return TuneParam(op_index=i, param=param, value=value, reason=reason)


def _contrast(operations: list[dict]) -> float:
    return math.prod(float(o["params"]["value"]) for o in operations if o["op"] == "contrast")


def _ssim_after(vs: np.ndarray, windows: list[list[float]]) -> np.ndarray:
    """SSIM of a picture with itself with one side's contrast scaled by each v through mid-grey, over these windows.

    Every step of a search at once (numpy over steps x windows): one revision's search walked ~100 steps over
    ~100 windows in Python, ~0.5 ms a report.
    """
    w = np.asarray(windows, dtype=np.float64)
    mean, var, v = w[:, 0], w[:, 1], vs[:, None]
    moved = 127.5 + v * (mean - 127.5)
    luminance = (2 * mean * moved + C1) / (mean * mean + moved * moved + C1)
    return (luminance * (2 * v * var + C2) / ((1 + v * v) * var + C2)).mean(axis=1)


def _steps(firmer: bool, room: float) -> list[float]:
    """The contrast steps a search tries, in order: 0.01 apart, up to the first at `room` or down to LOWEST / 4."""
    v, found = 1.0, []
    while v < room if firmer else v > LOWEST / 4:
        v = round(v + 0.01, 2) if firmer else round(v - 0.01, 2)
        found.append(v)
    return found


def _solve(issue: Issue, firmer: bool, room: float) -> float | None:
    """The smallest contrast step one way that takes the twin's SSIM to SEPARATE_SSIM (None: not within room)."""
    windows = issue.windows or [[127.5, 1e9]]  # none measured: the contrast term alone
    steps = _steps(firmer, room)
    if not steps:
        return None
    apart = np.flatnonzero(issue.amount * _ssim_after(np.asarray(steps), windows) <= SEPARATE_SSIM)
    return steps[apart[0]] if apart.size else None


def _apart(operations: list[dict], issue: Issue) -> float:
    """The contrast factor that takes this variation to SEPARATE_SSIM from its twin, clear of the others."""
    others = [s for s in (issue.spread or [1.0]) if s > 0]
    now = _contrast(operations)
    room = issue.headroom if issue.headroom is not None else 1.0
    down = _solve(issue, False, room) or LOWEST / now
    up = _solve(issue, True, room)
    softer = [max(LOWEST / now, down * k) for k in LADDER if now * down * k >= LOWEST or k == 1.0]
    firmer = [v for v in (up / k for k in LADDER) if v <= room] if up else []
    candidates = softer + firmer if now < 1.0 else firmer + softer

    def clearance(v: float) -> float:
        return min(abs(math.log(v / s)) for s in others)

    def need(v: float) -> float:  # as far from every other as the solved step takes it from its twin
        return 0.9 * abs(math.log(up if up and v > 1.0 else down))

    return next((v for v in candidates if clearance(v) >= need(v)), max(candidates, key=clearance))


def _separate(operations: list[dict], issue: Issue, taken: frozenset[int] = frozenset()) -> list[Edit]:
    """The edits that tell a near-duplicate apart: the steps the guard sized on its picture (`issue.apart`,
    separate.py), else contrast scaled from the SSIM model: the last contrast step tuned, else one added at the end.

    `taken`: steps another edit of the same report already tunes or removes (a clipping pull): a step is then
    added after them, so both land in one revision instead of the twin waiting for the next."""
    reason = f"to tell it apart from variation {issue.other + 1}"
    if issue.apart is not None:
        return _measured_steps(operations, [o.model_dump() for o in issue.apart], reason, taken)
    v = _apart(operations, issue)
    contrasts = [i for i, o in enumerate(operations) if o["op"] == "contrast"]
    last = contrasts[-1] if contrasts and contrasts[-1] not in taken else None
    if last is None:
        return [AddOp(index=len(operations), op={"op": "contrast", "params": {"value": round(v, 2)}}, reason=reason)]
    low, high = BOUNDS[("contrast", "value")]
    value = min(high, max(low, round(float(operations[last]["params"]["value"]) * v, 2)))
    return [TuneParam(op_index=last, param="value", value=value, reason=reason)]


def _measured_steps(operations: list[dict], steps: list[dict], reason: str, taken: frozenset[int]) -> list[Edit]:
    """The sized steps: one that is the same scaling op as the plan's last step tunes it (the two compose into
    one exactly: brightness, contrast through mid-grey, saturation); otherwise they are appended in order."""
    last = len(operations) - 1
    op, params = steps[0]["op"], steps[0]["params"]
    if len(steps) == 1 and op in ("brightness", "contrast", "saturation") and operations[last]["op"] == op:
        if last not in taken:
            low, high = BOUNDS[(op, "value")]
            value = float(operations[last]["params"]["value"]) * float(params["value"])
            return [TuneParam(op_index=last, param="value", value=min(high, max(low, round(value, 2))), reason=reason)]
    return [AddOp(index=len(operations), op=step, reason=reason) for step in steps]


def rule_edits(
    report: Report,
    operations: list[dict],
    plans: list[list[dict]] | None = None,
    sample: PixelSample | None = None,
    whole: list[Edit] | None = None,
) -> list[Edit]:
    """Edits for every issue of a report that the plan can answer (none for a generative variation).

    `sample`: the source's pixels, to size clipping pulls (without it they are halves); `whole`: edits that
    answer every clipping at once (a closing sharpen that alone clips, eased on the picture it sharpens:
    `guard_sharpen`; contrast given soft shoulders: `guard_curve`)."""
    if any(o["op"] == ops.AI_OP for o in operations):
        return []
    edits: list[Edit] = []
    touched: set[tuple[int, str]] = set()
    clips = [i for i in report.issues if i.kind in PUSHES]
    shares = pull_shares(clips, operations, sample) if sample is not None and clips and not whole else None
    for issue in sorted(report.issues, key=_order):
        if issue.kind == "near_duplicate":  # after the clipping pulls: around the steps they take
            found = _separate(operations, issue, frozenset(i for i, _ in touched))
        elif issue.kind in PUSHES and whole:
            found = whole
        else:
            found = _edits_for(issue, operations, plans, shares)
        for edit in found:
            key = (edit.op_index, getattr(edit, "param", "")) if not isinstance(edit, AddOp) else (-1, edit.op.op)
            if key in touched or (not isinstance(edit, AddOp) and (edit.op_index, "remove") in touched):
                continue
            touched.add(key)
            if isinstance(edit, RemoveOp):
                touched.add((edit.op_index, "remove"))
            edits.append(edit)
    return edits


def _order(issue: Issue) -> int:
    return ["highlights", "shadows", "saturation", "near_duplicate", "pinned"].index(issue.kind)


def _edits_for(
    issue: Issue, operations: list[dict], plans: list[list[dict]] | None, shares: dict[tuple[int, str], float] | None
) -> list[Edit]:
    if issue.kind in PUSHES:  # every step pushing that way gives back a share: sized, else half (or three quarters)
        default = STRONG_PULL if issue.amount >= STRONG_CLIPPING else 0.5
        pulls = [
            (i, p, default if shares is None else shares.get((i, p), 0.0)) for i, p in culprits(issue.kind, operations)
        ]
        return [ease(i, p, operations, REASONS[issue.kind], pull) for i, p, pull in pulls if pull > 0]
    if issue.kind == "pinned":
        o = operations[issue.op_index]
        value = _toward_neutral(o["op"], issue.param, float(o["params"][issue.param]), PINNED_PULL)
        return [TuneParam(op_index=issue.op_index, param=issue.param, value=value, reason=REASONS["pinned"])]
    return _separate(operations, issue)


def explained(clips: list[Issue], operations: list[dict], sample: PixelSample) -> tuple[dict, dict, dict] | None:
    """(the framing's own new clipping, the plan's predicted beyond it, each clipping's measured-minus-predicted) on
    the sample, per kind; None when the sample does not explain a measured figure (within EXPLAINED_POINTS/SHARE)."""
    # The verifier measures against the source as the plan frames it (guard.framed_source): so does the sample
    framed = sample.new(operations[: framing(operations)])
    predicted = {k: v - framed[k] for k, v in sample.new(operations).items()}
    unseen = {i.kind: i.amount - predicted[i.kind] for i in clips}
    if any(abs(unseen[i.kind]) > max(EXPLAINED_POINTS, EXPLAINED_SHARE * i.amount) for i in clips):
        return None
    return framed, predicted, unseen


def pull_shares(clips: list[Issue], operations: list[dict], sample: PixelSample) -> dict[tuple[int, str], float] | None:
    """How far each clipping culprit (step, param) is pulled back: the smallest share of the ladder whose pulls (every
    culprit at once) the sample predicts clear half the margin (else the whole margin), then, the gentlest culprit
    first, the least each one alone can give back with the others as they stand (0: kept whole). None when the
    sample does not explain the measured figures.

    Why per culprit: one share for all took a harmless step with the harmful ones. On scikit-image's "coffee",
    "warmer and punchier" lost its warmth with its contrast and colour (a warming of 0.4 alone clips 0.2 % of it,
    the contrast alone 33 %), so the column showed the photo as it was."""
    # Spatial steps (grain, sharpen, a vignette) or a crop can make the preview clip much more or less than the
    # plan's point steps do: then the fixed shares are safer. What the sample misses of a close figure (sampling,
    # a mild spatial step) is carried over as it is.
    if (seen := explained(clips, operations, sample)) is None:
        return None
    framed, predicted, unseen = seen
    found = list(dict.fromkeys(c for i in clips for c in culprits(i.kind, operations)))
    if not found:
        return None

    def clears(shares: dict[tuple[int, str], float], limit: float) -> bool:
        edits = [ease(i, p, operations, "", s) for (i, p), s in shares.items() if s > 0]
        after = sample.new(_eased(operations, edits))
        return all(corrected(after[k] - framed[k], predicted[k], miss) <= limit for k, miss in unseen.items())

    for limit in (CLIP_MARGIN / 2, CLIP_MARGIN):
        share = smallest(PULL_LADDER, lambda s, limit=limit: clears(dict.fromkeys(found, s), limit))
        if share is None:
            continue
        shares = dict.fromkeys(found, share)
        if any(o["op"] in UNSEEN_OPS for o in operations):  # the sample cannot say how much a kept step adds there
            return shares
        for c in reversed(found):  # the gentlest pusher first
            less = tuple(s for s in (0.0, *PULL_LADDER) if s < share)
            kept = (
                smallest(less, lambda s, c=c, lim=limit * GIVE_BACK, now=shares: clears({**now, c: s}, lim))
                if less
                else None
            )
            shares[c] = share if kept is None else kept
        return shares
    return None


def corrected(after: float, predicted: float, miss: float) -> float:
    """The sample's figure for a pulled plan, corrected by what it missed of the plan as measured: in proportion
    when the plan clipped clearly (the sample's error shrinks with the clipping: astronaut's 14.1 points of crushed
    shadows, predicted 13.55, kept every share from clearing, even every culprit removed), else as it is."""
    if miss > 0 and predicted > 2 * EXPLAINED_POINTS:
        return after * (1 + miss / predicted)
    return after + miss


def smallest(ladder: tuple[float, ...], ok: Callable[[float], bool]) -> float | None:
    """The smallest ladder value that is ok, by bisection (a larger pull never clips more)."""
    lo, hi = 0, len(ladder) - 1
    if not ok(ladder[hi]):
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if ok(ladder[mid]):
            hi = mid
        else:
            lo = mid + 1
    return ladder[lo]


def _eased(operations: list[dict], edits: list[Edit]) -> list[dict]:
    """The plan with tune and remove edits made (what the applier will do, for the sample's prediction)."""
    removed = {e.op_index for e in edits if isinstance(e, RemoveOp)}
    plan = [{"op": o["op"], "params": dict(o.get("params") or {})} for o in operations]
    for e in edits:
        if isinstance(e, TuneParam):
            plan[e.op_index]["params"][e.param] = e.value
    return [o for i, o in enumerate(plan) if i not in removed]
