"""Normalise untrusted planner output into valid plans, logging every change with its reason.

Log entries are `{variation, step, change, reason}`; `variation` and `step` are
the indexes in the planner's raw output (None for plan-wide entries).
Pixel params (crop, resize) are read in working-image pixels: the source
downscaled to longest side `max_side` (see `ops.working_size`).
"""

import json
import math
import re
from typing import Any

from pydantic import BaseModel, ValidationError

from imagelab.core import ops
from imagelab.core.plans import (
    BOUNDS,
    MAX_AI_STEPS_PER_VARIATION,
    MAX_AI_VARIATIONS,
    MAX_VARIATIONS,
    OPERATION,
    Variation,
)

MAX_RESIZE_PIXELS = 40_000_000  # a resize may not allocate more than this (memory guard)
MAX_PROMPT = 1000

_OP_ALIASES = {
    "brightness": "brightness",
    "bright": "brightness",
    "exposure": "brightness",
    "contrast": "contrast",
    "saturation": "saturation",
    "saturate": "saturation",
    "vibrance": "saturation",
    "hue": "hue",
    "huerotate": "hue",
    "hueshift": "hue",
    "filter": "filter",
    "grayscale": "filter",
    "greyscale": "filter",
    "blackandwhite": "filter",
    "bw": "filter",
    "monochrome": "filter",
    "sepia": "filter",
    "tint": "tint",
    "colortint": "tint",
    "colourtint": "tint",
    "temperature": "temperature",
    "warmth": "temperature",
    "whitebalance": "temperature",
    "levels": "levels",
    "gamma": "levels",
    "vignette": "vignette",
    "crop": "crop",
    "resize": "resize",
    "scale": "resize",
    "rotate": "rotate",
    "rotation": "rotate",
    "straighten": "rotate",
    "blur": "blur",
    "gaussianblur": "blur",
    "sharpen": "sharpen",
    "unsharpmask": "sharpen",
    "aiedit": "aiEdit",
    "googleedit": "aiEdit",
    "generativeedit": "aiEdit",
}
_FILTER_FROM_OP = {
    "grayscale": "grayscale",
    "greyscale": "grayscale",
    "blackandwhite": "grayscale",
    "bw": "grayscale",
    "monochrome": "grayscale",
    "sepia": "sepia",
}
_FILTER_TYPES = {
    "grayscale": "grayscale",
    "greyscale": "grayscale",
    "gray": "grayscale",
    "grey": "grayscale",
    "bw": "grayscale",
    "blackandwhite": "grayscale",
    "monochrome": "grayscale",
    "mono": "grayscale",
    "sepia": "sepia",
}
_FIT = {
    "contain": "contain",
    "inside": "contain",
    "cover": "cover",
    "outside": "cover",
    "fill": "fill",
    "stretch": "fill",
}
# canonical param -> accepted spellings, in order of preference
_PARAMS: dict[str, dict[str, tuple[str, ...]]] = {
    "brightness": {"value": ("value", "factor", "strength", "amount")},
    "contrast": {"value": ("value", "strength", "factor", "amount")},
    "saturation": {"value": ("value", "factor", "strength", "amount")},
    "hue": {"value": ("value", "degrees", "angle", "deg", "shift")},
    "filter": {"type": ("type", "name", "filter", "value", "style")},
    "tint": {"color": ("color", "hex", "colour"), "strength": ("strength", "alpha", "opacity", "amount")},
    "temperature": {"warm": ("warm", "direction"), "strength": ("strength", "amount", "value")},
    "levels": {
        "black": ("black", "black_point", "blacks", "in_black"),
        "white": ("white", "white_point", "whites", "in_white"),
        "gamma": ("gamma", "midtones"),
    },
    "vignette": {"strength": ("strength", "amount", "value", "intensity")},
    "crop": {"x": ("x", "left"), "y": ("y", "top"), "width": ("width", "w"), "height": ("height", "h")},
    "resize": {"width": ("width", "w"), "height": ("height", "h"), "fit": ("fit", "mode")},
    "rotate": {"degrees": ("degrees", "angle", "value", "deg")},
    "blur": {"sigma": ("sigma", "radius", "value", "amount")},
    "sharpen": {"amount": ("amount", "strength", "value", "sigma_amount"), "radius": ("radius", "sigma")},
    "aiEdit": {"prompt": ("prompt", "instruction", "text")},
}
_DEFAULTS = {
    ("tint", "strength"): 0.1,
    ("temperature", "strength"): 0.3,
    ("temperature", "warm"): True,
    ("levels", "black"): 0,
    ("levels", "white"): 255,
    ("levels", "gamma"): 1.0,
    ("vignette", "strength"): 0.2,
    ("sharpen", "amount"): 1.0,
    ("sharpen", "radius"): 1.0,
    ("resize", "fit"): "contain",
    ("resize", "height"): None,
}
_INT_PARAMS = {
    ("levels", "black"),
    ("levels", "white"),
    ("resize", "width"),
    ("resize", "height"),
    ("crop", "x"),
    ("crop", "y"),
    ("crop", "width"),
    ("crop", "height"),
}


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


class _Drop(Exception):
    """The op cannot be used; the message is the reason."""


def _key(name: Any) -> str:
    return re.sub(r"[\s_\-]", "", str(name)).lower()


def _number(v: Any, what: str) -> float:
    if isinstance(v, bool) or v is None:
        raise _Drop(f"{what} is not a number ({v!r})")
    try:
        f = float(v)
    except (TypeError, ValueError):
        raise _Drop(f"{what} is not a number ({v!r})") from None
    if not math.isfinite(f):
        raise _Drop(f"{what} is not finite")
    return f


def _color(v: Any) -> str:
    s = str(v).strip().lstrip("#")
    if re.fullmatch(r"[0-9A-Fa-f]{3}", s):
        s = "".join(c * 2 for c in s)
    if not re.fullmatch(r"[0-9A-Fa-f]{6}", s):
        raise _Drop(f"colour {v!r} is not #RRGGBB")
    return "#" + s.upper()


class _Ctx:
    def __init__(self, log: list[dict]):
        self.log, self.v, self.s = log, None, None

    def note(self, change: str, reason: str) -> None:
        self.log.append({"variation": self.v, "step": self.s, "change": change, "reason": reason})


def _rename_params(op: str, raw: dict, ctx: _Ctx) -> dict:
    """Map accepted spellings to canonical names; drop (and log) the rest."""
    out: dict[str, Any] = {}
    used: set[str] = set()
    for canon, spellings in _PARAMS[op].items():
        for sp in spellings:
            if sp in raw and raw[sp] is not None:
                out[canon] = raw[sp]
                used.add(sp)
                if sp != canon:
                    ctx.note(f"{op}.{sp} -> {op}.{canon}", "planner-friendly alias")
                break
        used.update(s for s in spellings if s in raw)
    for extra in raw:
        if extra not in used:
            ctx.note(f"dropped {op}.{extra}", "not a parameter of this op")
    return out


def _clamp(op: str, key: str, value: float, ctx: _Ctx) -> float:
    lo, hi = BOUNDS[(op, key)]
    if op == "rotate" and not -180 <= value <= 180:
        wrapped = (value + 180.0) % 360.0 - 180.0
        ctx.note(f"rotate.degrees {value:g} -> {wrapped:g}", "same rotation, expressed within -180..180")
        return wrapped
    if value < lo or value > hi:
        c = min(max(value, lo), hi)
        ctx.note(f"{op}.{key} {value:g} -> {c:g}", f"outside the bounds {lo:g}..{hi:g}")
        return c
    return value


def _op_params(op: str, raw_params: Any, hint: str, ctx: _Ctx) -> dict:
    """Canonical, typed, clamped params for one op (without the image-dependent checks)."""
    if op == "filter" and hint in _FILTER_FROM_OP and not raw_params:
        raw_params = {"type": _FILTER_FROM_OP[hint]}
        ctx.note(f"op {hint!r} -> filter{{type: {_FILTER_FROM_OP[hint]}}}", "op alias")
    if isinstance(raw_params, str) and op == "filter":
        ctx.note(f'filter: "{raw_params}" -> filter{{type}}', "string filter given instead of params")
        raw_params = {"type": raw_params}
    elif isinstance(raw_params, (int, float)) and not isinstance(raw_params, bool):
        key = next(iter(_PARAMS[op]))
        ctx.note(f"bare number -> {op}.{key}", "params given as a single number")
        raw_params = {key: raw_params}
    if raw_params is None:
        raw_params = {}
    if not isinstance(raw_params, dict):
        raise _Drop(f"params of {op} are not an object")
    p = _rename_params(op, raw_params, ctx)
    for canon in _PARAMS[op]:
        if canon not in p:
            if (op, canon) not in _DEFAULTS:
                raise _Drop(f"{op}.{canon} is missing")
            p[canon] = _DEFAULTS[(op, canon)]
            if not (op == "resize" and canon == "height"):
                ctx.note(f"{op}.{canon} set to {p[canon]!r}", "missing; default used")
    if op == "filter":
        t = _FILTER_TYPES.get(_key(p["type"]))
        if t is None:
            raise _Drop(f"unknown filter type {p['type']!r}")
        if t != p["type"]:
            ctx.note(f"filter.type {p['type']!r} -> {t!r}", "alias")
        p["type"] = t
    elif op == "tint":
        c = _color(p["color"])
        if c != p["color"]:
            ctx.note(f"tint.color {p['color']!r} -> {c!r}", "canonical #RRGGBB")
        p["color"] = c
    elif op == "temperature":
        w = p["warm"]
        if isinstance(w, str):
            p["warm"] = _key(w) in ("warm", "warmer", "true", "yes", "1")
            ctx.note(f"temperature.warm {w!r} -> {p['warm']}", "string given for a boolean")
        elif not isinstance(w, bool):
            p["warm"] = _number(w, "temperature.warm") >= 0
            ctx.note(f"temperature.warm {w!r} -> {p['warm']}", "number given for a boolean")
        if _number(p["strength"], "temperature.strength") < 0:
            p["strength"], p["warm"] = -float(p["strength"]), not p["warm"]
            ctx.note("temperature: negative strength -> opposite direction", "sign means direction")
    elif op == "resize":
        fit = _FIT.get(_key(p["fit"]))
        if fit is None:
            raise _Drop(f"unknown resize fit {p['fit']!r}")
        if fit != p["fit"]:
            ctx.note(f"resize.fit {p['fit']!r} -> {fit!r}", "alias")
        p["fit"] = fit
    elif op == "aiEdit":
        prompt = str(p["prompt"]).strip()
        if not prompt:
            raise _Drop("aiEdit.prompt is empty")
        if len(prompt) > MAX_PROMPT:
            prompt = prompt[:MAX_PROMPT]
            ctx.note(f"aiEdit.prompt cut to {MAX_PROMPT} characters", "prompt too long")
        p["prompt"] = prompt
    for key in list(p):
        if (op, key) in BOUNDS and p[key] is not None:
            v = _number(p[key], f"{op}.{key}")
            if not isinstance(p[key], (int, float)) or isinstance(p[key], bool):
                ctx.note(f"{op}.{key} {p[key]!r} -> {v:g}", "number given as text")
            v = _clamp(op, key, v, ctx)
            p[key] = int(round(v)) if (op, key) in _INT_PARAMS else v
    if op == "levels" and p["white"] <= p["black"]:
        new_white = min(255, p["black"] + 1)
        ctx.note(f"levels.white {p['white']} -> {new_white}", "white point must be above the black point")
        p["white"] = new_white
        p["black"] = min(p["black"], new_white - 1)
    return p


def _fit_geometry(op: str, p: dict, size: tuple[int, int], first: bool, ctx: _Ctx) -> dict:
    """Image-dependent fixes: crop inside the image, resize box, leading resize = longest side."""
    w, h = size
    if op == "crop":
        vals = {k: _number(p[k], f"crop.{k}") for k in ("x", "y", "width", "height")}
        if vals["width"] <= 1 and vals["height"] <= 1:
            # Nobody asks for a crop of at most 1x1 pixels: width and height are fractions ({x: 0, y: 0,
            # width: 1, height: 1} is the whole image), and so are x and y, unless they are plainly pixels.
            if not (0 <= vals["x"] <= 1 and 0 <= vals["y"] <= 1):
                raise _Drop("width and height of at most 1 with a pixel offset: neither pixels nor fractions")
            vals = {"x": vals["x"] * w, "y": vals["y"] * h, "width": vals["width"] * w, "height": vals["height"] * h}
            ctx.note(
                "crop values read as fractions of the image",
                "width and height were both at most 1 (a crop of at most 1x1 pixels is never meant)",
            )
        x = min(max(int(round(vals["x"])), 0), w - 1)
        y = min(max(int(round(vals["y"])), 0), h - 1)
        cw = min(max(int(round(vals["width"])), 1), w - x)
        ch = min(max(int(round(vals["height"])), 1), h - y)
        fixed = {"x": x, "y": y, "width": cw, "height": ch}
        if fixed != {k: round(v) for k, v in vals.items()}:
            ctx.note(f"crop {vals} -> {fixed}", f"crop box must lie inside the {w}x{h} image")
        if (cw, ch) == (w, h):
            raise _Drop("crop covers the whole image")
        return fixed
    if op == "resize":
        if first and p["height"] is None and p["fit"] == "contain":
            p["height"] = p["width"]
            ctx.note(f"resize height null -> {p['width']}", "a leading resize with only a width means 'longest side'")
        tw, th = ops.output_size("resize", p, size)
        if tw * th > MAX_RESIZE_PIXELS:
            f = math.sqrt(MAX_RESIZE_PIXELS / (tw * th))
            old = (p["width"], p["height"])
            p["width"] = max(1, int(p["width"] * f))
            p["height"] = max(1, int(p["height"] * f)) if p["height"] else None
            ctx.note(f"resize {old} -> {(p['width'], p['height'])}", f"output above {MAX_RESIZE_PIXELS} pixels")
    return p


def _normalize_variation(rv: Any, size0: tuple[int, int], ctx: _Ctx) -> dict | None:
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
                raise _Drop("step is not an {op, params} object")
            hint = _key(ro["op"])
            op = _OP_ALIASES.get(hint)
            if op is None:
                raise _Drop(f"unknown op {ro['op']!r}")
            if op != ro["op"] and not (op == "filter" and hint in _FILTER_FROM_OP):
                ctx.note(f"op {ro['op']!r} -> {op!r}", "op alias")
            if op == "aiEdit" and ai_steps >= MAX_AI_STEPS_PER_VARIATION:
                raise _Drop("at most one AI step per variation")
            params = _op_params(op, ro.get("params", {k: v for k, v in ro.items() if k != "op"}), hint, ctx)
            params = _fit_geometry(op, params, size, not out, ctx)
            OPERATION.validate_python({"op": op, "params": params})
        except _Drop as e:
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
    ctx = _Ctx(log)
    if isinstance(raw, (str, bytes)):
        try:
            raw = json.loads(raw)
        except ValueError:
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
