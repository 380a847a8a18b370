"""The photo evaluation: each instruction through the offline planner's product path, checked against its expectations.

A case is `{"text": ..., "expect": {...}}` (tests/evals/photos.jsonl). The planner is asked the way the rule
backend does (`imagelab.planning.answer_or_plan`: a text answer, or a `plan_variations` call that is then
normalised like any planner output), on a synthetic photo size. Every expectation is one check; a case
scores only when all of its checks hold.

`flip: "horizontal"|"vertical"` asks one mirror that way in every plan. `raises: [op]` asks every plan to move a value op up overall (the product of its steps' values, 1.0 without
one). `moves: {op: {"at_least": x, "at_most": y}}` bounds how far every plan moves it, either end optional:
"saturation" and "brightness" by that product, "contrast" by it times each levels step's stretch of the
range (255 / (white - black)), "temperature" by its signed strength summed (warm +, cool -, 0 without one).
A small ask ("a bit more saturation") sits near 1, a large one ("way more contrast") further out, and a held
property ("don't touch the contrast") at exactly 1.0 (0.0 for temperature) with both ends equal.
`shadows: colour` asks every plan to tone the shadows that colour ("make the shadows bluer"), `split: colour` a split
tone's deep shadows against its lighter tones ("teal and orange"), `no_tint_towards` no green or magenta shift
("the grass green" describes the grass), `quiet` no strong vignette or coarse grain (a calm look).
"""

import json
import re
from pathlib import Path

import numpy as np
from PIL import Image

from chatapp.planner.backends.base import PlannerReply, PlannerRequest
from imagelab import planning
from imagelab.core import ops
from imagelab.core.normalize import NoVariations, normalize_plan
from imagelab.rules import planner as rules_planner

CASES = Path(__file__).resolve().parent.parent / "evals" / "photos.jsonl"
SIZE = (1600, 1200)  # a 4:3 photo, already at working size: plans' pixels are this image's
SMALL_TILT = 6.0  # "a plausible small angle" for an unmeasured tilt


def load_cases(path: Path = CASES) -> list[dict]:
    """The evaluation cases, one JSON object a line."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def chosen_of(spec: dict | None) -> dict | None:
    """The chosen variation a case iterates on: `{"from": instruction, "variation": n (from 1), "applied": bool}`
    plans that instruction and takes its variation n, as the chat passes a chosen variation's plan in."""
    if spec is None:
        return None
    plan = rules_planner.plan_variations(spec["from"], image_size=SIZE)["variations"][spec.get("variation", 1) - 1]
    return {"label": plan["label"], "operations": plan["operations"], "applied": spec.get("applied", True)}


def ask(text: str, chosen: dict | None = None) -> tuple[str | None, list[list[tuple[str, dict]]], list[str], list[str]]:
    """(answer text, each plan's (op, params) steps, labels, strategies) for one instruction."""
    request = PlannerRequest(
        instructions="",
        input=[],
        model="rules",
        tools=[planning.PLAN_VARIATIONS_TOOL],
        context=planning.ImageContext(text=text, image_size=SIZE, chosen=chosen),
        purpose=planning.PURPOSE,
    )
    reply = planning.answer_or_plan(request)
    if not isinstance(reply, PlannerReply):
        return reply, [], [], []
    try:
        plan = normalize_plan(reply.tool_calls[0].arguments, image_size=SIZE)
    except NoVariations:
        return None, [], [], []
    plans = [plan.operations(i) for i in range(len(plan.variations))]
    return reply.text or None, plans, [v.label for v in plan.variations], [v.strategy for v in plan.variations]


def _mask_after_geometry(steps: list[tuple[str, dict]]) -> Image.Image:
    """A white mask through the plan's geometry, rotated corners black: what wedges would remain."""
    mask = Image.new("L", SIZE, 255)
    for op, params in steps:
        if op == "rotate":
            mask = mask.rotate(-params["degrees"], Image.Resampling.BILINEAR, expand=True, fillcolor=0)
        elif op in ("crop", "resize"):
            mask = ops.OPS[op](mask.convert("RGB"), **params).convert("L")
    return mask


def _final_size(steps: list[tuple[str, dict]]) -> tuple[int, int]:
    size = SIZE
    for op, params in steps:
        size = ops.output_size(op, params, size)
    return size


def _grey_curve(steps: list[tuple[str, dict]]) -> np.ndarray:
    """The plan's per-channel tone curves on a grey ramp (3 x 256), colour mixing aside (grey stays grey)."""
    x = np.tile(np.arange(256, dtype=np.float64), (3, 1))
    for op, params in steps:
        if op in ops.CHANNEL_OPS:
            x = np.clip(ops.channel_curve(op, params)(x), 0.0, 255.0)
    return x


def _params(plan: list[tuple[str, dict]], op: str) -> list[dict]:
    return [p for o, p in plan if o == op]


def _first_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0].lower()


def _refuses(text: str) -> bool:
    return bool(re.search(r"can't|cannot|not done|isn't|aren't|needs the ai edit|off here", _first_sentence(text)))


def check(expect: dict, answer: str | None, plans: list, labels: list[str], strategies: list[str]) -> list[str]:
    """What this outcome misses of the expectations (empty: the case passes)."""
    misses = []
    wants_answer = expect.get("answer")
    if wants_answer is True and (answer is None or plans):
        return ["expected a plain answer, got plans" if plans else "expected a plain answer, got nothing"]
    if wants_answer == "first" and (answer is None or len(plans) != 5):
        return [f"expected an answer first, then five plans; got {'an' if answer else 'no'} answer, {len(plans)} plans"]
    if wants_answer is False or wants_answer is None:
        if answer is not None or len(plans) != 5:
            return [f"expected five plans, got {'an answer: ' + repr(answer) if answer else len(plans)}"]
        if len({repr(p) for p in plans}) != 5:
            misses.append("plans are not distinct")
    for op in expect.get("all_plans_have", []):
        if not all(_params(p, op) for p in plans):
            misses.append(f"{op} in {sum(bool(_params(p, op)) for p in plans)}/5 plans")
    for op in expect.get("none_have", []):
        if any(_params(p, op) for p in plans):
            misses.append(f"{op} in {sum(bool(_params(p, op)) for p in plans)} plans")
    for op in expect.get("raises", []):  # every plan moves this value op up overall ("boost the faded colours")
        if not all(np.prod([q["value"] for q in _params(p, op)] or [1.0]) > 1.0 for p in plans):
            misses.append(f"{op} not raised in every plan")
    misses += _check_moves(expect.get("moves", {}), plans)
    for op in expect.get("varied", []):
        values = {repr(_params(p, op)) for p in plans}
        if len(values) < 3:
            misses.append(f"{op} strength varies over only {len(values)} values")
    if "warm" in expect:
        ok = all(any(t["warm"] is expect["warm"] for t in _params(p, "temperature")) for p in plans)
        if not ok:
            misses.append(f"not every plan is {'warmer' if expect['warm'] else 'cooler'}")
    flips = [[q["direction"] for q in _params(p, "flip")] for p in plans]
    if "flip" in expect and (not plans or any(f != [expect["flip"]] for f in flips)):  # one mirror, its way, in all
        misses.append(f"flips {flips}, not one {expect['flip']} in every plan")
    if "filter" in expect and not all(any(f["type"] == expect["filter"] for f in _params(p, "filter")) for p in plans):
        misses.append(f"not every plan is {expect['filter']}")
    misses += _check_rotation(expect, plans)
    misses += _check_tint_and_tone(expect, plans)
    misses += _check_shadows(expect, plans)
    if "crop_ratio" in expect:
        w, h = (int(n) for n in expect["crop_ratio"].split(":"))
        ratios = [s[0] / s[1] for s in map(_final_size, plans)]
        if not all(abs(r / (w / h) - 1) < 0.015 for r in ratios):
            misses.append(f"final ratios {[round(r, 3) for r in ratios]}, not {expect['crop_ratio']}")
    if expect.get("highlights"):
        curves = [_grey_curve(p) for p in plans]
        # The top 1 % of a bright sky (~240..252) keeps its detail: below white, and still spread out.
        bad = sum(c[:, 252].max() > 254.0 or (c[:, 252] - c[:, 240]).min() < 6.0 for c in curves)
        if bad:
            misses.append(f"highlights clipped or flattened in {bad}/5 plans")
    for label in expect.get("labels_include", []):
        if label not in labels:
            misses.append(f"no plan labelled {label!r} (labels: {labels})")
    if expect.get("refusal_first"):
        leads = [answer] if answer is not None else strategies
        if not leads or not all(_refuses(t) for t in leads):
            misses.append(f"refusal is not said first: {(leads or [''])[0][:90]!r}")
    misses += _check_related(expect.get("alternatives_related"), plans, strategies)
    for word in expect.get("strategies_say", []):  # what every plan's strategy says, as the person reads it
        if not strategies or not all(word in t.lower() for t in strategies):
            misses.append(f"not every strategy says {word!r}")
    for word in expect.get("says", []):
        if word not in (answer or "").lower():
            misses.append(f"the answer does not mention {word!r}")
    return misses


def overall(op: str, plan: list[tuple[str, dict]]) -> float:
    """How far one plan moves a tone overall, as the `moves` check reads it (see the module docstring)."""
    if op == "temperature":
        return sum(q["strength"] * (1 if q["warm"] else -1) for q in _params(plan, op))
    factor = float(np.prod([q["value"] for q in _params(plan, op)] or [1.0]))
    if op == "contrast":  # black and white points stretch the range as a contrast step does
        factor *= float(np.prod([255.0 / (q["white"] - q["black"]) for q in _params(plan, "levels")] or [1.0]))
    return factor


def _check_moves(moves: dict, plans: list) -> list[str]:
    """`moves`: every plan's overall move of each op lies within its bounds."""
    misses = []
    for op, bounds in moves.items():
        values = [round(overall(op, p), 3) for p in plans]
        lo, hi = bounds.get("at_least", -np.inf), bounds.get("at_most", np.inf)
        if not plans or not all(lo - 1e-9 <= v <= hi + 1e-9 for v in values):
            misses.append(f"{op} moves {values}, not within [{bounds.get('at_least')}, {bounds.get('at_most')}]")
    return misses


def _tint_leans(color: str) -> str | None:
    """Which way a tint colour pulls on the green-magenta axis: "green", "magenta" or None (neither clearly)."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    lean = g - (r + b) / 2
    return "green" if lean > 40 else "magenta" if lean < -40 else None


# How a grey ramp's colour leans a named way at one level (r, g, b weights), as a share of that level's grey
_LEANS = {
    "blue": (-1, 0, 1),
    "teal": (-1, 0.5, 0.5),
    "warm": (1, 0, -1),
    "green": (-0.5, 1, -0.5),
    "magenta": (0.5, -1, 0.5),
}


def _colour_leans(color: str, colour: str) -> bool:
    """Whether a #RRGGBB colour pulls clearly the named way (`_LEANS`)."""
    rgb = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    return float(np.dot(_LEANS[colour], rgb)) > 40


def _lean(curve: np.ndarray, colour: str, level: int) -> float:
    rgb = curve[:, level]
    return float(np.dot(_LEANS[colour], rgb) / max(rgb.mean(), 1.0))


def _check_shadows(expect: dict, plans: list) -> list[str]:
    """`shadows`: every plan tones the shadows that colour ("blue", "teal", "warm", "green", "magenta"): a dark grey
    (32) leans that way by at least 5 % of its level, and by 3 points more than a light one (200) does, so the colour
    sits in the shadows rather than over the whole picture, and a plan has a blend towards that colour (the shadows'
    own toning, not only the white balance). `split`: the same for deep shadows (24) against the light
    midtones (160) a white balance the other way keeps (a split tone: "cool shadows, warm highlights")."""
    misses = []
    for key, dark, light, least in (("shadows", 32, 200, 0.05), ("split", 24, 160, 0.02)):
        colour = expect.get(key)
        if colour is None:
            continue
        bad = [
            i + 1
            for i, (p, c) in enumerate(zip(plans, map(_grey_curve, plans), strict=True))
            if _lean(c, colour, dark) < least
            or _lean(c, colour, dark) - _lean(c, colour, light) < 0.03
            or not any(_colour_leans(t["color"], colour) for t in _params(p, "tint"))  # the shadows' blend
        ]
        if bad or not plans:
            misses.append(f"{key} not toned {colour} in plans {bad}")
    return misses


def _check_tint_and_tone(expect: dict, plans: list) -> list[str]:
    """`tint_towards`: every plan tints towards "green" or "magenta" (a cast corrected by its opposite), `no_tint_towards`
    none does; `quiet`: no plan has a strong vignette (> 0.25) or coarse grain (> 0.12), as a calm look keeps them;
    `not_darker`: no plan darkens a grey ramp (its mid-grey and its mean luma stay within 1.5 of the input's;
    contrast may darken the shadows as it brightens the highlights)."""
    misses = []
    want = expect.get("tint_towards")
    if want is not None:
        ok = sum(any(_tint_leans(t["color"]) == want and t["strength"] > 0 for t in _params(p, "tint")) for p in plans)
        if ok != len(plans) or not plans:
            misses.append(f"{ok}/{len(plans)} plans tint towards {want}")
    unwanted = expect.get("no_tint_towards")  # "the grass green" describes the grass: no cast corrected or given
    if unwanted is not None:
        bad = sum(any(_tint_leans(t["color"]) == unwanted for t in _params(p, "tint")) for p in plans)
        if bad or not plans:
            misses.append(f"{bad}/{len(plans)} plans tint towards {unwanted}")
    if expect.get("quiet"):  # a calm look: no plan's vignette or grain is strong
        loud = sum(
            any(q["strength"] > 0.25 for q in _params(p, "vignette"))
            or any(q["amount"] > 0.12 for q in _params(p, "grain"))
            for p in plans
        )
        if loud or not plans:
            misses.append(f"a strong vignette or coarse grain in {loud}/{len(plans)} plans")
    if expect.get("not_darker"):
        luma = np.array([0.299, 0.587, 0.114])
        ramps = [luma @ _grey_curve(p) for p in plans]
        darker = sum(bool(r[128] < 126.5 or r.mean() < 127.5 - 1.5) for r in ramps)
        if darker:
            misses.append(f"midtones darker in {darker}/5 plans")
    return misses


def _check_related(related: dict | None, plans: list, strategies: list[str]) -> list[str]:
    """Alternatives to an AI-only ask are related to it: every plan uses only the ask's related ops (`ops`,
    resizing aside) and at least one of them, says what it does instead, and names what it works on (`words`)."""
    if related is None:
        return []
    allowed, words, misses = set(related["ops"]), related.get("words", []), []
    for i, (plan, strategy) in enumerate(zip(plans, strategies, strict=True)):
        used = {op for op, _p in plan} - {"resize"}
        if not used or not used <= allowed:
            misses.append(f"plan {i + 1} is unrelated: {sorted(used - allowed) or 'no edit'}")
        if not strategy.lower().startswith("instead of"):
            misses.append(f"plan {i + 1} does not say what it does instead: {strategy[:60]!r}")
        if words and not any(w in strategy.lower() for w in words):
            misses.append(f"plan {i + 1} names none of {words}: {strategy[:60]!r}")
    return misses


def _check_rotation(expect: dict, plans: list) -> list[str]:
    """Rotation expectations: an exact angle, five plausible small angles, a quarter turn offered both ways
    ("quarter_both"), and no wedges left by default."""
    want = expect.get("rotate")
    angles = [[r["degrees"] for r in _params(p, "rotate")] for p in plans]
    misses = []
    if want == "small_nonzero":
        if not all(len(a) == 1 and 0 < abs(a[0]) <= SMALL_TILT for a in angles):
            misses.append(f"rotations {angles}, not one small angle per plan")
        elif len({a[0] for a in angles}) < 3:
            misses.append(f"rotations {angles} hardly differ")
    elif want == "quarter_both":  # a quarter turn whose way was not said: each plan one, both ways offered
        if not all(len(a) == 1 and abs(a[0]) == 90 for a in angles) or len({a[0] for a in angles if a}) != 2:
            misses.append(f"rotations {angles}, not a quarter turn each, both ways among them")
    elif want is not None and not all(a == [float(want)] for a in angles):
        misses.append(f"rotations {angles}, not {want}")
    if expect.get("crop_fill"):
        wedged = sum(np.asarray(_mask_after_geometry(p)).min() < 250 for p in plans)
        if wedged:
            misses.append(f"rotated corners show in {wedged}/5 plans")
    return misses


def _signed(op: str, params: dict) -> float:
    """How far a step moves along its op, signed (a cooler temperature is negative)."""
    if op in ("brightness", "contrast", "saturation"):
        return params["value"] - 1.0
    if op == "temperature":
        return params["strength"] * (1 if params["warm"] else -1)
    return float(params.get("strength", params.get("amount", params.get("sigma", 0.0))))


def _check_graded(expect: dict, chosen: dict | None, text: str) -> list[str]:
    """`graded`: {"ops": [...], "way": "more"|"less"}: each op moves further the chosen plan's way ("more") or
    less far, in graded steps: on an image that has the plan, added to it or taken back; else the whole plan scaled."""
    graded = expect.get("graded")
    if graded is None:
        return []
    plans, misses = ask(text, chosen)[1], []
    applied, more = chosen is None or chosen.get("applied", True), graded["way"] == "more"
    # (lowest, highest) share of the chosen step each plan's step may be, and whether the shares rise or fall
    lo, hi = {(True, True): (0, 9), (True, False): (-9, 0), (False, True): (1, 9), (False, False): (0, 1)}[
        (applied, more)
    ]
    for op in graded["ops"]:
        base = next((_signed(op, s["params"]) for s in (chosen or {}).get("operations", []) if s["op"] == op), None)
        moves = [sum(_signed(o, p) for o, p in plan if o == op) for plan in plans]
        if not base or len(moves) != 5:
            misses.append(f"{op}: nothing to grade")
            continue
        shares = [m / base for m in moves]
        rising = all(a < b for a, b in zip(shares, shares[1:], strict=False))
        falling = all(a > b for a, b in zip(shares, shares[1:], strict=False))
        if not (all(lo < r < hi for r in shares) and (rising if more else falling)):
            misses.append(f"{op} is not graded {graded['way']}: {[round(m, 3) for m in moves]}")
    return misses


def evaluate(cases: list[dict] | None = None) -> tuple[float, list[tuple[str, list[str]]]]:
    """(score 0..1, [(text, misses)] of the failing cases)."""
    cases = load_cases() if cases is None else cases
    failures = []
    for case in cases:
        chosen = chosen_of(case.get("chosen"))
        misses = check(case["expect"], *ask(case["text"], chosen)) + _check_graded(case["expect"], chosen, case["text"])
        if misses:
            failures.append((case["text"], misses))
    return 1.0 - len(failures) / len(cases), failures
