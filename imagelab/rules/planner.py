"""Offline, deterministic variation planner: reads intent from the instruction, returns five local plans.

`plan_variations` returns the same shape as the model's tool call, so it goes through
`normalize_plan` like any planner output. Reading the instruction is `intent`, the five looks
`looks`, crop boxes `geometry` (all in this package). An edit the offline planner cannot make at all (only
generative asks, or a straighten without an angle) gets `edit_reply` instead of a plan.
"""

import re

from imagelab.core import ops
from imagelab.rules import geometry as geo
from imagelab.rules.intent import has_local_request, read_intent
from imagelab.rules.looks import describe, family, look, look_ops, resolve

__all__ = ["chat_reply", "classify_request", "edit_reply", "plan_variations", "read_intent"]

ANGLE_HINT = 'say by how many degrees, e.g. "straighten by 2°" (clockwise; "-2°" turns the other way)'
FILLED = "then cropped to the largest rectangle inside it, so no corner wedges show"
_PREFIX = [("temp", "Warm", "Cool"), ("bright", "Bright", "Dark"), ("sat", "Vivid", "Muted")]


def _notes(intent: dict) -> list[str]:
    """What the plans cannot do, said plainly."""
    notes = list(intent["generative"])
    if intent["straighten"]:
        notes.append("straightening needs an angle: " + ANGLE_HINT)
    return notes


def _not_done(intent: dict) -> str:
    """The strategy's closing sentences about what was asked but not done."""
    out = ""
    if intent["generative"]:
        out += (
            " Not done: "
            + "; ".join(intent["generative"])
            + " — the offline planner only applies local edits; an AI edit would be required."
        )
    if intent["straighten"]:
        out += f" Not straightened: {ANGLE_HINT}."
    return out


def _prefix(intent: dict) -> str:
    """The word that names the asked direction in default-family labels ("Warm Pop")."""
    for axis, up, down in _PREFIX:
        if intent[axis]:
            return (up if intent[axis] > 0 else down) + " "
    return ""


def _head(intent: dict, image_size: tuple[int, int], max_side: int) -> tuple[list[dict], tuple, tuple, list]:
    """Steps every plan shares (resize, rotate, the asked crop), the frame without wedges, size, words."""
    size = ops.working_size(image_size, max_side)
    long_side = min(max_side, max(image_size))
    head = [{"op": "resize", "params": {"width": long_side, "height": long_side, "fit": "contain"}}]
    frame, words, deg = (0, 0, *size), [], intent["rotate"]
    if deg is not None:
        head.append({"op": "rotate", "params": {"degrees": deg}})
        canvas = ops.rotated_size(size, deg)
        frame = geo.fill_box(size, deg) if geo.needs_fill(deg) else (0, 0, *canvas)
        size = canvas
        words.append(f"rotated {deg:g}°")
    if intent["square"] or intent["crop"]:
        box = geo.centre_box(frame, 1.0 if intent["square"] else 0.9, 1.0 if intent["square"] else None)
        head.append(geo.crop_params(box))
        size, frame = box[2:], (0, 0, *box[2:])
        words.append("cropped square" if intent["square"] else "cropped tighter")
    elif geo.needs_fill(deg):
        words.append("canvas enlarged, corners filled with the edge colour")
    return head, frame, size, words


def _geometry(lk: dict, last: bool, intent: dict, frame: tuple, size: tuple) -> tuple[list[dict], str, str]:
    """This slot's own crop (if any), a label suffix and words for it."""
    full = (0, 0, *size)
    if lk.get("crop") == "tight":
        return [geo.crop_params(geo.centre_box(full, 0.8))], "", "a tighter centre crop"
    if lk.get("crop") == "wide":
        return [geo.crop_params(geo.centre_box(full, 1.0, geo.WIDESCREEN))], "", "a 2.39:1 widescreen crop"
    if last and (intent["square"] or intent["crop"]):
        box = geo.centre_box(full, 0.85, 1.0 if intent["square"] else None)
        return [geo.crop_params(box)], ", Tighter", "an even tighter crop"
    if last and geo.needs_fill(intent["rotate"]):
        return [geo.crop_params(frame)], ", Cropped to Fill", FILLED
    return [], "", ""


def plan_variations(instruction: str, *, image_size: tuple[int, int], max_side: int = 2048) -> dict:
    """Five distinct local-only plans for the instruction (deterministic), as `plan_variations` args."""
    intent = read_intent(instruction)
    head, frame, size, head_words = _head(intent, image_size, max_side)
    framed = intent["square"] or intent["crop"]
    kind, slots = family(intent, not (intent["keep_framing"] or framed or intent["rotate"] is not None))
    filter_type = ("sepia" if intent["sepia"] else "grayscale") if kind == "mono" else None
    names = {"mono": "Sepia" if intent["sepia"] else "Mono", "tone": "sepia" if intent["sepia"] else "black and white"}
    notes = _notes(intent)
    variations, geometry_varies = [], False
    for i, base in enumerate(slots):
        slot = resolve(base, intent)
        lk = look(slot, intent)
        crop, suffix, crop_words = _geometry(lk, i == len(slots) - 1, intent, frame, size)
        geometry_varies |= bool(crop)
        words = [w for w in head_words if crop_words != FILLED or not w.startswith("canvas")] + [crop_words]
        words = [w for w in words if w] or (["framing kept"] if intent["keep_framing"] else [])
        label = (_prefix(intent) if kind == "default" else "") + slot.name.format(**names) + suffix
        strategy = f"{slot.idea.format(**names)}: {', '.join(describe(lk, filter_type))}"
        strategy += f"; {', '.join(words)}." if words else "."
        strategy += _not_done(intent)
        variations.append({"label": label, "strategy": strategy, "operations": head + crop + look_ops(lk, filter_type)})
    axes = ["tone/colour", "contrast curve", "finish"] + (["crop/framing"] if geometry_varies else [])
    return {"variations": variations, "diversity_axes": axes, "notes": notes}


def edit_reply(text: str) -> str | None:
    """A short answer instead of a plan when nothing asked is a local edit (else None: plan it)."""
    intent = read_intent(text)
    if has_local_request(intent) or not (intent["generative"] or intent["straighten"]):
        return None
    if intent["generative"]:
        # Said to the person using the app; how an operator switches AI edits on is the README's business.
        extra = f" To straighten, {ANGLE_HINT}." if intent["straighten"] else ""
        return (
            f"AI edits aren't switched on for this app, so I can't {' or '.join(intent['generative_asks'])}. "
            f"I can change its colour, tone and contrast, make it black and white, crop, rotate, sharpen it "
            f'or add a vignette: try "warmer and punchier" or "crop it square".{extra}'
        )
    return (
        f"Happy to straighten it, but I can't measure the tilt yet: {ANGLE_HINT}. I'll make five versions, "
        "one cropped so no corner wedges show."
    )


_CHAT = (
    r"^(hi|hello|hey|thanks|thank you|thx|cheers|ok|okay|great|cool|nice|bye)\b|what can you do|"
    r"who are you|how does (this|it) work|^help\b|what are you"
)
_QUALITY = (
    r"\b(sharp|blurry|blurred|in focus|out of focus|focus|noisy|noise|grainy|quality|exposed|"
    r"overexposed|underexposed|good enough|resolution)\b"
)
_QUESTION = r"\?\s*$|^(is|are|does|do|how|was|can you tell|tell me)\b"


def classify_request(text: str) -> str:
    """'chat' (small talk, what can you do), 'quality' (is it sharp?) or 'edit'."""
    t = text.strip().lower()
    if not t:
        return "chat"
    if re.search(_QUALITY, t) and re.search(_QUESTION, t) and not re.search(r"^(make|can you make|please)", t):
        return "quality"
    if re.search(_CHAT, t) and not re.search(r"\b(make|crop|rotate|warmer|cooler|brighter|darker)\b", t):
        return "chat"
    return "edit"


def chat_reply(text: str, kind: str | None = None) -> str:
    """A short conversational answer for a non-edit message."""
    kind = kind or classify_request(text)
    if kind == "quality":
        return (
            "I can't judge sharpness or quality yet — that's coming. For now I can edit the photo: "
            'try "warmer and punchier" or "crop it square".'
        )
    t = text.strip().lower()
    if re.search(r"^(thanks|thank you|thx|cheers)", t):
        return "You're welcome! Tell me how you'd like the photo changed next."
    return (
        "Drop in a photo and tell me how to change it — warmer, cooler, punchier, softer, brighter, "
        "black and white, vintage, cinematic, crop tighter or square, rotate. I'll make five variations "
        "to choose from, and you can keep refining the one you pick."
    )
