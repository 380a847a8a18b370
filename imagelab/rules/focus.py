"""Follow-ups naming one part of the chosen variation: "too much vignette", "a bit less contrast", "zoom out a bit".

`iterate` pushes or tones down a chosen plan as a whole; here one of its own steps moves and the rest stays as
chosen: its crop loosened, a finish weakened or taken out, one tone axis scaled. On an image that already has the
plan (applied) only what can be taken back is; a crop or a vignette cannot be, and is answered. Pure: no Django.
"""

import re

from imagelab.core import ops
from imagelab.rules import geometry as geo
from imagelab.rules import iterate
from imagelab.rules.intent import AXES, has_local_request, read_intent, tone_axes

# The crop asked looser: "less zoomed in", "zoom out a bit", "too tight", "uncrop it", "crop it less".
_LOOSEN = re.compile(
    r"\b(?:less|not so|too|way too|bit too)\s+(?:zoomed(?: in)?|cropped|tight(?:ly cropped)?|close(?: up)?)\b|"
    r"\bzoom(?:ed)?\s+(?:it\s+|back\s+)?out\b|\bun-?crop\w*|\b(?:wider|looser)\s+crop\b|\bloosen\s+(?:the\s+|that\s+)?crop\b|"
    r"\bcrop(?:ped)?\s+(?:it\s+|that\s+)?(?:less|looser|wider)\b|\bless\s+(?:of\s+(?:a|the)\s+)?crop\b|\bshow more of\b"
)
# The crop asked closer: "zoom in a bit more", "crop it tighter", "closer", "more zoomed in".
_TIGHTEN = re.compile(
    r"\bzoom(?:ed)?\s+(?:it\s+)?in\b|\bmore\s+zoomed(?:\s+in)?\b|\b(?:crop(?:ped)?\s+(?:it\s+|that\s+)?)?"
    r"(?:a\s+(?:bit|little|touch|tad)\s+|even\s+|much\s+)?(?:tighter|closer)(?:\s+crop)?\b(?!\s+to\s+(?:the\s+|my\s+)?(?:original|real|natural|how|what|reality|life|normal|before))|\bcrop\s+(?:it\s+)?in\s+more\b"
)
# Saying the step is too much, so its axis is asked the other way: "too warm now", "a bit less contrast".
_TOO_MUCH = re.compile(r"\b(?:too|less|not so|not as|over\w*|tone down|dial (?:back|down)|pull back|ease off)\b")
# A finish asked gone, not only weaker: "lose the vignette", "no grain".
_GONE = re.compile(
    r"\b(?:lose|drop|ditch|remove|no|kill|scrap|nix|without|undo|revert|get rid of|take (?:out|off|away|back))\b"
)
_FINISHES = {"vignette": "vignette", "grain": "grain"}
_AXIS_OPS = {"temp": ("temperature",), "sat": ("saturation",), "contrast": ("contrast",), "sharp": ("sharpen", "blur")}
_NOUNS = {
    "temperature": "Warmth",
    "saturation": "Colour",
    "contrast": "Contrast",
    "brightness": "Brightness",
    "levels": "Brightness",
    "vignette": "Vignette",
    "grain": "Grain",
    "sharpen": "Sharpening",
    "blur": "Softness",
}
_LOOSER = ("A Touch Wider", "Wider", "Much Wider", "Nearly Full Frame", "Full Frame")
_LESS = ("A Touch Less", "Less", "Half As Much", "Much Less", "Barely Any")
_MORE = ("A Touch More", "More", "Much More", "Twice As Much", "Most")
_SHARES_GONE = (1.0, 0.8, 0.65, 0.5, 0.35)


def _ops_of(chosen: dict) -> list[dict]:
    """The chosen plan's steps."""
    return chosen.get("operations", []) if chosen else []


def _bright_ops(operations: list[dict]) -> tuple[str, ...]:
    """The steps that carry a plan's brightness: its brightness step, else a levels gamma."""
    return ("brightness",) if any(s["op"] == "brightness" for s in operations) else ("levels",)


def _tone_part(text: str, intent: dict, operations: list[dict]) -> tuple[set, int] | None:
    """(ops, sign) for tone axes the message names that the chosen plan moves, all one way relative to it."""
    asked = {a: intent[a] for a in AXES if intent[a]}
    own = iterate.axes_of(operations)
    if not asked or any(a not in own for a in asked):
        return None
    signs = {asked[a] * own[a] for a in asked}
    if len(signs) != 1 or (signs == {-1} and not _TOO_MUCH.search(text)):  # "number 2 but warmer" is a new look
        return None
    names = {op for a in asked for op in (_bright_ops(operations) if a == "bright" else _AXIS_OPS.get(a, ()))}
    return names, signs.pop()


def read(text: str, chosen: dict | None) -> dict | None:
    """The part of the chosen plan a follow-up names ({ops, sign, gone} or {crop}), or None when it names none."""
    operations = _ops_of(chosen)
    if not operations:
        return None
    t = text.lower().replace("’", "'")
    if _LOOSEN.search(t):
        rest = read_intent(_LOOSEN.sub(" ", t))
        return {"crop": True} if not has_local_request(rest) else None
    if _TIGHTEN.search(t) and not any(s["op"] == "rotate" for s in operations):
        rest = read_intent(_TIGHTEN.sub(" ", t))
        return {"tighten": True} if not has_local_request(rest) else None
    intent = read_intent(t)
    finishes = {op for key, op in _FINISHES.items() if intent[key] < 0 and any(s["op"] == op for s in operations)}
    if "grain" in finishes and intent["denoise"] and not tone_axes(t)[0]["sharp"]:
        # the grain named is the chosen plan's own step, not the photo's noise: no smoothing blur is asked
        intent = {**intent, "sharp": 0, "denoise": False}
    tone = _tone_part(t, intent, operations)
    if tone and finishes and tone[1] > 0:
        return None
    # only the finishes named as the chosen plan's are its part: "lose the vignette, add some grain" asks grain anew
    named = {key: 0 for key, op in _FINISHES.items() if op in finishes}
    rest = {**intent, **dict.fromkeys(AXES if tone else (), 0), **named}
    if not (tone or finishes) or has_local_request({**rest, "hold": []}):
        return None
    names = finishes | (tone[0] if tone else set())
    return {
        "ops": names,
        "sign": tone[1] if tone else -1,
        "gone": bool(finishes) and not tone and bool(_GONE.search(t)),
    }


def reply(part: dict, chosen: dict) -> str | None:
    """What is said when the part cannot be moved on the image as it is (None: it can, plan it)."""
    applied = bool(chosen.get("applied", True))
    if part.get("crop"):
        if not any(s["op"] == "crop" for s in _ops_of(chosen)):
            return (
                "The variation you chose isn't cropped, so there is nothing to zoom out of: the whole photo is in it."
            )
        if any(s["op"] == "rotate" for s in _ops_of(chosen)):
            return "The variation you chose is straightened, and its crop hides the corners the turn leaves: it stays."
        if applied:
            return (
                "The chosen image is already cropped, so what was cut off is not in it any more: click the image it "
                'was made from in the strip and ask again, e.g. "a looser crop".'
            )
        return None
    if part.get("tighten"):  # a closer crop can always be cut from the image as it is
        return None
    one_way = sorted(op for op in part["ops"] if op in iterate.ONE_WAY)
    if applied and part["sign"] < 0 and one_way:
        said = " and ".join(iterate.ONE_WAY[op] for op in one_way)
        return (
            f"{said.capitalize()} cannot be taken back out of the variation you chose here: click the image it was "
            "made from in the strip and ask again."
        )
    return None


def _noun(ops_named: set, operations: list[dict]) -> str:
    """The part's name in labels ("Warmth", "Vignette", "Darkness")."""
    own = iterate.axes_of(operations)
    # a cool plan's temperature is its coolness, a darkening one's brightness its darkness
    turned = {"temperature": "Coolness" if own.get("temp", 0) < 0 else "Warmth"}
    turned.update(dict.fromkeys(("brightness", "levels"), "Darkness" if own.get("bright", 0) < 0 else "Brightness"))
    # ... a muted one's saturation its muting, a soft one's contrast its softness ("Less Colour" read as more colour)
    turned.update(saturation="Muting" if own.get("sat", 0) < 0 else "Colour")
    turned.update(contrast="Softness" if own.get("contrast", 0) < 0 else "Contrast")
    words = sorted({turned.get(op, _NOUNS[op]) for op in ops_named})
    return " & ".join(words)


def _rescaled(operations: list[dict], names: set, factor: float) -> list[dict]:
    """The whole plan from its source with the named steps at `factor` of their strength (0: left out)."""
    out = []
    for step in operations:
        if step["op"] not in names:
            out.append(step)
        elif factor > 0 and (scaled := iterate.scaled_step(step["op"], step["params"], factor)) is not None:
            if not iterate.is_identity(step["op"], scaled):
                out.append({"op": step["op"], "params": scaled})
    return out


def plan_part(part: dict, chosen: dict, head: list[dict], image_size: tuple, max_side: int) -> dict:
    """Five plans moving only the named part of the chosen plan, the rest as chosen."""
    if part.get("crop"):
        return _plan_looser(chosen, image_size, max_side)
    if part.get("tighten"):
        return _plan_closer(chosen, head, image_size, max_side)
    operations, applied = _ops_of(chosen), bool(chosen.get("applied", True))
    name, noun, sign = chosen.get("label") or "the chosen variation", _noun(part["ops"], _ops_of(chosen)), part["sign"]
    shares = _SHARES_GONE if part["gone"] else (iterate.MORE if sign > 0 else iterate.LESS)
    variations = []
    for i, share in enumerate(shares):
        k = share * sign
        if applied:
            steps = head + iterate.graded_steps([s for s in operations if s["op"] in part["ops"]], k, True)
        else:
            steps = _rescaled(operations, part["ops"], 1 + k)
        if part["gone"]:
            label = f"No {noun}" if share == 1.0 else f"{noun} at {1 - share:.0%}"
        else:
            label = f"{(_MORE if sign > 0 else _LESS)[i]} {noun}"
        how = "taken out" if k == -1 else f"{'more' if k > 0 else 'less'} by about {share:.0%}"
        strategy = f"{name}, its {noun.lower()} {how}; the rest as chosen."
        variations.append({"label": label, "strategy": strategy, "operations": steps})
    return {"variations": variations, "diversity_axes": ["strength"], "notes": []}


def _lerp(box: dict, target: tuple, t: float) -> dict:
    """A crop step `t` of the way from the chosen box to the target box (x, y, w, h)."""
    start = (box["x"], box["y"], box["width"], box["height"])
    return geo.crop_params(tuple(round(a + (b - a) * t) for a, b in zip(start, target, strict=True)))


def _plan_looser(chosen: dict, image_size: tuple, max_side: int) -> dict:
    """Five plans with the chosen crop loosened in steps: out to the widest box of its ratio, or (already there, as a
    square crop is) out to the whole frame."""
    operations = _ops_of(chosen)
    at = max(i for i, s in enumerate(operations) if s["op"] == "crop")
    box = operations[at]["params"]
    size = ops.working_size(image_size, max_side)
    full = (0, 0, *size)
    widest = geo.centre_box(full, 1.0, box["width"] / box["height"])
    target = widest if box["width"] < 0.97 * widest[2] else full
    name, variations = chosen.get("label") or "the chosen variation", []
    for label, t in zip(_LOOSER, (0.2, 0.4, 0.6, 0.8, 1.0), strict=True):
        crop = _lerp(box, target, t)
        whole = crop["params"]["width"] >= size[0] and crop["params"]["height"] >= size[1]  # no crop step needed
        steps = operations[:at] + ([] if whole else [crop]) + operations[at + 1 :]
        towards = "whole frame" if whole or target == full else "widest crop of its shape"
        strategy = f"{name}, its crop loosened {t:.0%} of the way to the {towards}; the rest as chosen."
        variations.append({"label": label, "strategy": strategy, "operations": steps})
    return {"variations": variations, "diversity_axes": ["crop/framing"], "notes": []}


_CLOSER = ("A Touch Closer", "Closer", "Much Closer", "Tight", "Tightest")


def _plan_closer(chosen: dict, head: list[dict], image_size: tuple, max_side: int) -> dict:
    """Five plans cropping closer in steps, centred: on the image as chosen (applied), or the chosen plan's own
    crop tightened (or one added after its resize), the rest as chosen."""
    operations, applied = _ops_of(chosen), bool(chosen.get("applied", True))
    size = ops.working_size(image_size, max_side)
    crops = [i for i, s in enumerate(operations) if s["op"] == "crop"]
    at = crops[-1] if crops and not applied else None
    base = (0, 0, *size) if at is None else tuple(operations[at]["params"][k] for k in ("x", "y", "width", "height"))
    name, variations = chosen.get("label") or "the chosen variation", []
    for label, keep in zip(_CLOSER, (0.92, 0.85, 0.78, 0.7, 0.6), strict=True):
        w, h = round(base[2] * keep), round(base[3] * keep)
        crop = geo.crop_params((base[0] + (base[2] - w) // 2, base[1] + (base[3] - h) // 2, w, h))
        if applied:  # (the head's own crop, for the words "zoom in", is this one)
            steps = [s for s in head if s["op"] != "crop"] + [crop]
        elif at is None:  # the chosen plan had no crop: one right after its resize
            steps = operations[:1] + [crop] + operations[1:]
        else:
            steps = operations[:at] + [crop] + operations[at + 1 :]
        strategy = f"{name}, cropped closer to {keep:.0%} of its frame; the rest as chosen."
        variations.append({"label": label, "strategy": strategy, "operations": steps})
    return {"variations": variations, "diversity_axes": ["crop/framing"], "notes": []}
