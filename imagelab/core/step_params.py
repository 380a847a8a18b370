"""Per-step parameter repair for normalize: op and parameter aliases, defaults, bounds, geometry fixes."""

import math
import re
from typing import Any

from imagelab.core import ops
from imagelab.core.plans import BOUNDS

MAX_RESIZE_PIXELS = 40_000_000  # a resize may not allocate more than this (memory guard)
MAX_PROMPT = 1000

# a flip's way said in its op's name ("flipVertical", "fliplr"), as a planner may write it
FLIP_FROM_OP = {
    **dict.fromkeys(("fliphorizontal", "horizontalflip", "fliph", "hflip", "fliplr", "mirrorhorizontal"), "horizontal"),
    **dict.fromkeys(("flipvertical", "verticalflip", "flipv", "vflip", "flipud", "fliptopbottom"), "vertical"),
}
OP_ALIASES = {
    "brightness": "brightness",
    "bright": "brightness",
    "exposure": "brightness",
    "contrast": "contrast",
    **dict.fromkeys(("curve", "scurve", "tonecurve", "sigmoidalcontrast", "softcontrast", "contrastcurve"), "curve"),
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
    "flip": "flip",
    "mirror": "flip",
    **dict.fromkeys(FLIP_FROM_OP, "flip"),
    "blur": "blur",
    "gaussianblur": "blur",
    "sharpen": "sharpen",
    "unsharpmask": "sharpen",
    "grain": "grain",
    "filmgrain": "grain",
    "noise": "grain",
    "aiedit": "aiEdit",
    "googleedit": "aiEdit",
    "generativeedit": "aiEdit",
}
FILTER_FROM_OP = {
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
_FLIP_WAYS = {
    **dict.fromkeys(("horizontal", "horizontally", "h", "x", "lr", "leftright", "lefttoright", "mirror"), "horizontal"),
    **dict.fromkeys(("vertical", "vertically", "v", "y", "ud", "updown", "topbottom", "toptobottom"), "vertical"),
    "upsidedown": "vertical",
}
# ops whose one param is a word: op -> (its param, the words an op's name says it with, the accepted words)
_NAMED = {"filter": ("type", FILTER_FROM_OP, _FILTER_TYPES), "flip": ("direction", FLIP_FROM_OP, _FLIP_WAYS)}
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
    "curve": {"value": ("value", "strength", "factor", "amount", "slope")},
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
    "flip": {"direction": ("direction", "axis", "way", "mode", "orientation", "value", "type")},
    "blur": {"sigma": ("sigma", "radius", "value", "amount")},
    "sharpen": {"amount": ("amount", "strength", "value", "sigma_amount"), "radius": ("radius", "sigma")},
    "grain": {"amount": ("amount", "strength", "value", "intensity")},
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
    ("grain", "amount"): 0.15,
    ("resize", "fit"): "contain",
    ("flip", "direction"): "horizontal",  # a mirror, as "mirror it" means
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


class Drop(Exception):
    """The op cannot be used; the message is the reason."""


def loose_key(name: Any) -> str:
    """A name compared loosely: no spaces, underscores or hyphens, lower case."""
    return re.sub(r"[\s_\-]", "", str(name)).lower()


def _number(v: Any, what: str) -> float:
    if isinstance(v, bool) or v is None:
        raise Drop(f"{what} is not a number ({v!r})")
    try:
        f = float(v)
    except (TypeError, ValueError):
        raise Drop(f"{what} is not a number ({v!r})") from None
    if not math.isfinite(f):
        raise Drop(f"{what} is not finite")
    return f


def _color(v: Any) -> str:
    s = str(v).strip().lstrip("#")
    if re.fullmatch(r"[0-9A-Fa-f]{3}", s):
        s = "".join(c * 2 for c in s)
    if not re.fullmatch(r"[0-9A-Fa-f]{6}", s):
        raise Drop(f"colour {v!r} is not #RRGGBB")
    return "#" + s.upper()


class Ctx:
    """Where the normaliser is (variation and step indexes) and the log its changes go to."""

    def __init__(self, log: list[dict]):
        self.log, self.v, self.s = log, None, None

    def note(self, change: str, reason: str) -> None:
        self.log.append({"variation": self.v, "step": self.s, "change": change, "reason": reason})


def _rename_params(op: str, raw: dict, ctx: Ctx) -> dict:
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


def _clamp(op: str, key: str, value: float, ctx: Ctx) -> float:
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


def op_params(op: str, raw_params: Any, hint: str, ctx: Ctx) -> dict:
    """Canonical, typed, clamped params for one op (without the image-dependent checks)."""
    if op in _NAMED:  # one param, named by a word: said in the op's name, or given as a bare string
        key, from_op, _ways = _NAMED[op]
        if hint in from_op and not raw_params:
            raw_params = {key: from_op[hint]}
            ctx.note(f"op {hint!r} -> {op}{{{key}: {from_op[hint]}}}", "said in the op's name")
        if isinstance(raw_params, str):
            ctx.note(f'{op}: "{raw_params}" -> {op}{{{key}}}', f"string {key} given instead of params")
            raw_params = {key: raw_params}
    if isinstance(raw_params, (int, float)) and not isinstance(raw_params, bool):
        key = next(iter(_PARAMS[op]))
        ctx.note(f"bare number -> {op}.{key}", "params given as a single number")
        raw_params = {key: raw_params}
    if raw_params is None:
        raw_params = {}
    if not isinstance(raw_params, dict):
        raise Drop(f"params of {op} are not an object")
    p = _rename_params(op, raw_params, ctx)
    for canon in _PARAMS[op]:
        if canon not in p:
            if (op, canon) not in _DEFAULTS:
                raise Drop(f"{op}.{canon} is missing")
            p[canon] = _DEFAULTS[(op, canon)]
            if not (op == "resize" and canon == "height"):
                ctx.note(f"{op}.{canon} set to {p[canon]!r}", "missing; default used")
    if op in _NAMED:
        key, _from_op, ways = _NAMED[op]
        word = ways.get(loose_key(p[key]))
        if word is None:
            raise Drop(f"unknown {op} {key} {p[key]!r}")
        if word != p[key]:
            ctx.note(f"{op}.{key} {p[key]!r} -> {word!r}", "alias")
        p[key] = word
    elif op == "tint":
        c = _color(p["color"])
        if c != p["color"]:
            ctx.note(f"tint.color {p['color']!r} -> {c!r}", "canonical #RRGGBB")
        p["color"] = c
    elif op == "temperature":
        w = p["warm"]
        if isinstance(w, str):
            p["warm"] = loose_key(w) in ("warm", "warmer", "true", "yes", "1")
            ctx.note(f"temperature.warm {w!r} -> {p['warm']}", "string given for a boolean")
        elif not isinstance(w, bool):
            p["warm"] = _number(w, "temperature.warm") >= 0
            ctx.note(f"temperature.warm {w!r} -> {p['warm']}", "number given for a boolean")
        if _number(p["strength"], "temperature.strength") < 0:
            p["strength"], p["warm"] = -float(p["strength"]), not p["warm"]
            ctx.note("temperature: negative strength -> opposite direction", "sign means direction")
    elif op == "resize":
        fit = _FIT.get(loose_key(p["fit"]))
        if fit is None:
            raise Drop(f"unknown resize fit {p['fit']!r}")
        if fit != p["fit"]:
            ctx.note(f"resize.fit {p['fit']!r} -> {fit!r}", "alias")
        p["fit"] = fit
    elif op == "aiEdit":
        prompt = str(p["prompt"]).strip()
        if not prompt:
            raise Drop("aiEdit.prompt is empty")
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


def fit_geometry(op: str, p: dict, size: tuple[int, int], first: bool, ctx: Ctx) -> dict:
    """Image-dependent fixes: crop inside the image, resize box, leading resize = longest side."""
    w, h = size
    if op == "crop":
        vals = {k: _number(p[k], f"crop.{k}") for k in ("x", "y", "width", "height")}
        if vals["width"] <= 1 and vals["height"] <= 1:
            # Nobody asks for a crop of at most 1x1 pixels: width and height are fractions ({x: 0, y: 0,
            # width: 1, height: 1} is the whole image), and so are x and y, unless they are plainly pixels.
            if not (0 <= vals["x"] <= 1 and 0 <= vals["y"] <= 1):
                raise Drop("width and height of at most 1 with a pixel offset: neither pixels nor fractions")
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
            raise Drop("crop covers the whole image")
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
