"""A follow-up that names a part of the chosen variation and asks something new in one message.

"less vignette and make it warmer", "keep the crop but brighter", "too much grain, and a bit cooler": the message is
split into clauses; a clause `focus` reads as a part of the chosen plan (its vignette weaker, its crop looser or
closer, one of its tones scaled) or one that keeps a part ("keep the crop") is the part, and the rest is the new ask.
Five plans then move the part as `focus` does and put the new ask on top of each at five strengths (a touch to
much). What cannot be moved on the image as it is (a vignette already in the chosen image, a crop to loosen) is said
first in every strategy, and the new ask is still done. A new ask that needs a family of its own (vintage, a glow)
or new geometry is left to the planner's looks. Pure: no Django.
"""

import re
from fractions import Fraction

from imagelab.core import ops
from imagelab.rules import focus
from imagelab.rules import geometry as geo
from imagelab.rules.intent import AXES, read_intent
from imagelab.rules.looks import ASKED, GRAINS, MONO, VIGNETTES, Slot, look, resolve
from imagelab.rules.steps import describe, look_ops

# Where one clause ends and the next begins: "less vignette and make it warmer", "keep the crop but brighter";
# an "and" before a bare part's name ends nothing: "less vignette and grain" is less of both
_BARE = r"(?:the\s+|its\s+)?(?:grain|vignett\w*|contrast|saturation|colou?rs?|warmth|brightness|sharpening|tint|matte)"
_CLAUSES = re.compile(
    rf"\s*(?:[,;.!?]+|(?<!black )\band\b(?!\s+{_BARE}\s*(?:[,;.!?]|$))|\b(?:but|also|plus|then|though|tho)\b|"
    r"(?<!black )&)\s*"  # ("black and white" is one ask)
)
# A clause keeping a part of the chosen look: "keep the crop", "leave the vignette", "same framing", "love the crop".
_KEEP = re.compile(
    r"^(?:\W*(?:ok|okay|yes|yeah|nice|great|perfect|please|pls)\W+)*(?:i\s+)?"
    r"(?:keep(?:ing)?|leave|same|love|like|great|nice|good|perfect|don'?t (?:touch|change))\s+(?:the\s+|its\s+|that\s+|this\s+)?"
    r"(?:crop|cropping|framing|composition|vignette|grain|look|style|edit|tint|matte|fade|rest|colou?rs?|"
    r"everything(?: else)?|it all|all of it|it (?:as is|as it is|the same|like that))\b"
)
# The ask's strength in each plan, gentlest first: paired with the part's own shares, which grow the same way.
STRENGTHS = (0.6, 0.8, 1.0, 1.25, 1.5)
_STEP_NAMES = ("a touch", "gentle", "as asked", "stronger", "strongest")
_KEEPS, _CLOSER = (1.0, 0.94, 0.88, 0.82, 0.76), ("", "a touch closer", "closer", "much closer", "tight")
_NEUTRAL = Slot("", "", {}, dict(ASKED), {})
# Asks that need more than tone steps on top: a family of looks of their own, geometry, or an AI edit.
_OWN_FAMILY = ("vintage", "cinematic", "clean", "calm", "glow")
_GEOMETRY = ("crop", "straighten", "keep_framing")
_FRAMING = ("resize", "crop", "rotate", "flip")
_WORDS = {
    "temp": ("Warmer", "Cooler"),
    "bright": ("Brighter", "Darker"),
    "sat": ("More Colour", "Less Colour"),
    "contrast": ("More Contrast", "Softer"),
    "sharp": ("Sharper", "Smoother"),
    "magenta": ("Pinker", "Greener"),
}
_FINISH_WORDS = {"vignette": "Vignette", "grain": "Grain", "matte": "Matte", "crush": "Deeper Blacks"}


def _taken(part: dict | None) -> bool:
    """Whether `focus` read a clause as a part taken down or reframed ("less vignette", "zoom out"); more of a tone
    the chosen look already moves ("warmer" on a warm look) is as much a new ask on top."""
    return part is not None and (part.get("crop") or part.get("tighten") or part["sign"] < 0)


def _split(text: str, chosen: dict) -> tuple[list[str], list[str], list[str]] | None:
    """(part clauses, keep clauses, the rest) of a message, or None when it names no part or asks nothing else."""
    parts, keeps, rest = [], [], []
    for clause in (c for c in _CLAUSES.split(text.lower().replace("’", "'")) if c and re.search(r"[a-z]", c)):
        if _KEEP.search(clause):
            keeps.append(clause)
        elif _taken(focus.read(clause, chosen)):
            parts.append(clause)
        else:
            rest.append(clause)
    return (parts, keeps, rest) if (parts or keeps) and rest else None


def read(text: str, chosen: dict | None) -> tuple[dict | None, list[str], dict] | None:
    """(the part that can move here or None, what cannot move said in words, the new ask's intent), or None."""
    if not chosen or not chosen.get("operations"):
        return None
    split = _split(text, chosen)
    intent = _ask(" and ".join(split[2])) if split else None
    if intent is None:
        return None
    doable, refused = [], []
    for clause in split[0]:
        said = focus.reply(focus.read(clause, chosen), chosen)
        (refused if said else doable).append(said or clause)
    part = focus.read(" and ".join(doable), chosen) if doable else None
    if doable and part is None:  # parts that do not read together ("zoom out and less grain"): the first alone
        part = focus.read(doable[0], chosen)
    return part, list(dict.fromkeys(refused)), intent


def _ask(text: str) -> dict | None:
    """The new ask's intent when tone steps and finishes on top can do it (else None)."""
    intent = read_intent(text)
    if intent["generative"] or intent["cannot"] or intent["said"] or any(intent[k] for k in _OWN_FAMILY):
        return None
    if intent["rotate"] is not None or intent["tilts"] or intent["flip"] or intent["orient"] or intent["shape"]:
        return None
    if any(intent[k] for k in _GEOMETRY) and not intent["ratio"]:
        return None
    asked = any(intent[a] for a in AXES) or any(intent[k] > 0 for k in _FINISH_WORDS) or intent["bw"] or intent["sepia"]
    asked = asked or intent["ratio"] is not None
    return intent if asked else None


def _label(intent: dict) -> str:
    """The new ask in a label's words ("Warmer", "Brighter & Vignette")."""
    words = [_WORDS[a][0 if intent[a] > 0 else 1] for a in _WORDS if intent[a]]
    words += [w for k, w in _FINISH_WORDS.items() if intent[k] > 0]
    words += ["Sepia"] if intent["sepia"] else ["Black & White"] if intent["bw"] else []
    words += [f"Cropped {_ratio(intent['ratio'])}"] if intent["ratio"] else []
    return " & ".join(words)


def _ratio(ratio: float) -> str:
    """A crop ratio as people write it ("1:1", "4:5", "16:9")."""
    near = Fraction(ratio).limit_denominator(16)
    return f"{near.numerator}:{near.denominator}"


def _on_top(intent: dict, i: int) -> tuple[list[dict], list[str], str]:
    """The new ask's steps in plan `i` (at STRENGTHS[i] of its asked reach), what they do in words, and the mono
    look's name when black and white or sepia is asked ("" otherwise)."""
    degree = intent.get("degree", {})
    scaled = {a: degree.get(a, 1.0) * STRENGTHS[i] for a in AXES if intent[a]}
    filter_type = "sepia" if intent["sepia"] else "grayscale" if intent["bw"] else None
    # black and white or sepia asked: each plan one of the mono looks on top (a filter alone would be five alike)
    slot = resolve(MONO[i], intent) if filter_type else _NEUTRAL
    lk = look(slot, {**intent, "degree": {**degree, **scaled}}, i)
    for key, strengths in (("vignette", VIGNETTES), ("grain", GRAINS)):  # asked finishes grow plan by plan too
        if intent[key] > 0:
            lk[key] = sorted(strengths)[i]
    name = slot.name.format(mono="Sepia" if intent["sepia"] else "Mono") if filter_type else ""
    return look_ops(lk, filter_type), describe(lk, filter_type), name


def _cropped(steps: list[dict], ratio: float, image_size: tuple, keep: float = 1.0) -> list[dict]:
    """The plan with a centred crop to `ratio` (`keep` of the largest) right after its own framing, in that frame."""
    size, last = tuple(image_size), -1
    for j, step in enumerate(steps):
        if step["op"] in _FRAMING:
            size, last = ops.output_size(step["op"], step["params"], size), j
    return steps[: last + 1] + [geo.crop_params(geo.centre_box((0, 0, *size), keep, ratio))] + steps[last + 1 :]


def plan(text: str, chosen: dict | None, head: list[dict], image_size: tuple, max_side: int) -> dict | None:
    """Five plans moving the named part of the chosen plan with the new ask on top, or None (no such follow-up)."""
    found = read(text, chosen)
    if found is None:
        return None
    part, refused, intent = found
    name, applied = chosen.get("label") or "the chosen variation", bool(chosen.get("applied", True))
    head = [s for s in head if s["op"] == "resize"]  # a crop named is the part's own (`focus` places it)
    if part is not None:
        base = focus.plan_part(part, chosen, head, image_size, max_side)["variations"]
    else:  # kept as chosen, or the part cannot move on this image: the chosen look as it is (already in an applied one)
        kept = head if applied else chosen["operations"]
        base = [{"label": "", "strategy": f"{name} as chosen", "operations": kept} for _ in STRENGTHS]
    # what cannot be done is said first, in every strategy (plans carry no other words the person sees)
    said = "".join(f"Not done: {r[0].lower()}{r[1:]} " for r in refused)
    variations = []
    for i, variation in enumerate(base):
        steps, words, mono = _on_top(intent, i)
        operations = variation["operations"] + steps
        tail = f" with {', '.join(words)} on top" if words else ""
        if intent["ratio"]:  # "too warm now, also crop it square": the crop asked, within the chosen framing
            # a crop alone on a kept look: five crops of that shape, each a little closer (else five alike)
            closer = not (part or steps) and i > 0
            operations = _cropped(operations, intent["ratio"], image_size, _KEEPS[i] if closer else 1.0)
            tail += f"{',' if words else ''} cropped to {_ratio(intent['ratio'])}" + (
                f", {_CLOSER[i]}" if closer else ""
            )
        label = f"{variation['label']}, {_label(intent)}" if part else f"{name}, {_label(intent)} ({_STEP_NAMES[i]})"
        if not (part or steps):
            label = f"{name}, {_label(intent)}" + (f" ({_CLOSER[i]})" if i else "")
        if mono:  # five mono looks, named as such
            label = f"{variation['label'] if part else name}, {mono}"
        strategy = variation["strategy"].rstrip(".").replace("; the rest as chosen", "; the rest as chosen,")
        if not strategy.endswith(","):
            strategy += ","
        variations.append({"label": label, "strategy": f"{said}{strategy}{tail}.", "operations": operations})
    if len({repr(v["operations"]) for v in variations}) < len(variations):
        return None  # an ask with nothing to grade (black and white alone): the looks give five different ones
    return {"variations": variations, "diversity_axes": ["strength"], "notes": refused}
