"""Offline, deterministic variation planner: reads intent from the instruction, returns five local plans.

`plan_variations` returns the same shape as the model's tool call, so it goes through
`normalize_plan` like any planner output. Reading the instruction is `intent` (with `wishes`: typos,
named finishes, ratios, tilts), the five looks `looks`, crop boxes `geometry` (all in this package).
Every explicit wish is in all five plans; what no local op can do is said first. An instruction with
nothing local in it gets a reply from `replies` instead of a plan (nonsense), or a plain answer and the
closest local alternatives from `alternatives` (only generative asks, with a photo to edit).
"""

from fractions import Fraction

from imagelab.core import ops
from imagelab.core.simulate import PixelSample
from imagelab.rules import alternatives, amend, fitting, focus, framing, gentle, iterate
from imagelab.rules import geometry as geo
from imagelab.rules.intent import AXES, has_local_request, read_intent
from imagelab.rules.looks import family, look, resolve
from imagelab.rules.phrasing import named_mood
from imagelab.rules.replies import ANGLE_HINT, chat_reply, classify_request, edit_reply, size_answer
from imagelab.rules.scope import whole_photo
from imagelab.rules.steps import describe, look_ops
from imagelab.rules.turns import settle_orientation

__all__ = [
    "alternatives_answer",
    "chat_reply",
    "classify_request",
    "edit_reply",
    "plan_variations",
    "read_intent",
    "size_answer",
]

FILLED = "cropped to the largest rectangle inside it, so no corner wedges show"
_PREFIX = [("temp", "Warm", "Cool"), ("bright", "Bright", "Dark"), ("sat", "Vivid", "Muted")]


def _only_ai(intent: dict) -> bool:
    """Whether everything asked needs an AI edit (and has local alternatives to offer instead)."""
    return not has_local_request(intent) and alternatives.first_ask(intent) is not None


def alternatives_answer(instruction: str) -> str | None:
    """The plain answer said before the alternatives, when only an AI edit could do what was asked (else None)."""
    intent = read_intent(instruction)
    return alternatives.answer(intent) if _only_ai(intent) else None


def _restates(intent: dict, chosen: dict, sign: int) -> bool:
    """Whether an iteration names only the chosen look's own tone axes, the asked way, and nothing else local:
    "too warm now, pull it back" on a warmer look is that look gentler, not a new cool look on top of it."""
    asked = {a: intent[a] for a in AXES if intent[a]}
    own = iterate.axes_of(chosen.get("operations", []))
    rest = {**intent, **dict.fromkeys(AXES, 0), "hold": []}
    return bool(asked) and not has_local_request(rest) and all(own.get(a) == sign * d for a, d in asked.items())


def _notes(intent: dict) -> list[str]:
    """What the plans cannot do, said plainly."""
    notes = list(intent["generative"]) + [f"I can't {what} here" for what in intent["cannot"]]
    if intent["denoise"] and intent["sharp"] < 0:
        notes.append("there is no noise reduction here, so a slight blur smooths the noise and softens detail with it")
    if intent["aimed"]:
        notes.append(whole_photo(intent["aimed"]))
    if intent["tilts"]:
        notes.append("the tilt was not measured, so five small angles are tried: " + ANGLE_HINT)
    return notes


def _not_done(intent: dict) -> str:
    """The strategy's opening sentences: what was asked but cannot be done here, how an asked orientation was met,
    and an edit aimed at one thing that changes the whole photo (plans carry no other words the person sees)."""
    said = ""
    if intent["generative"]:
        said = "Not done: " + "; ".join(intent["generative"]) + " — an AI edit would be required, and it is off here. "
    if intent["cannot"]:
        said += f"Not done: I can't {' or '.join(intent['cannot'])} here{_instead(intent)}. "
    said += "".join(sentence + " " for sentence in intent["said"])  # an orientation not turned to, or turned both ways
    return said + (whole_photo(intent["aimed"]) + " " if intent["aimed"] else "")


def _instead(intent: dict) -> str:
    """What the plans do in place of a crop shape no op makes (empty for other things that can't be done)."""
    if not intent["shape"]:
        return ""
    if intent["ratio"] == 1.0 and intent["shape"].endswith("circle"):
        return ": crops are rectangles only, so these are cropped square, the square the circle would fit in"
    return ": crops are rectangles only, so the crop stays a rectangle"


def _prefix(intent: dict, instruction: str) -> str:
    """The word that names the asked direction in default-family labels ("Warm Pop"), or the named mood ("Moody
    Rich Film"): a tone the mood only implies is no direction asked ("moody" read "Muted" or "Dark" before)."""
    mood = named_mood(instruction.lower().replace("’", "'"))
    implied = mood[1] if mood else {}
    for axis, up, down in _PREFIX:
        if intent[axis] and implied.get(axis) != intent[axis]:
            return (up if intent[axis] > 0 else down) + " "
    return mood[0] + " " if mood else ""


def _turn_words(deg: float, measured: bool) -> str:
    """How a rotation reads in the strategy."""
    way = "clockwise" if deg > 0 else "counter-clockwise"
    return f"straightened {abs(deg):g}° {way}" + ("" if measured else " (a guess: the tilt was not measured)")


def _quarter_words(deg: float) -> str:
    """How a turn by a multiple of 90° reads in the strategy."""
    if abs(deg) == 90:
        return f"turned a quarter {'clockwise' if deg > 0 else 'counter-clockwise'}"
    return f"rotated {deg:g}°"


def _head(intent: dict, image_size: tuple, max_side: int, deg: float | None) -> tuple[list[dict], tuple, tuple, list]:
    """Steps this plan shares with the rest (resize, rotate, crop to fill, the asked crop, a flip), frame, size,
    words."""
    size = ops.working_size(image_size, max_side)
    long_side = min(max_side, max(image_size))
    head = [{"op": "resize", "params": {"width": long_side, "height": long_side, "fit": "contain"}}]
    frame, words = (0, 0, *size), []
    if deg is not None:
        head.append({"op": "rotate", "params": {"degrees": deg}})
        source, size = size, ops.rotated_size(size, deg)
        frame = (0, 0, *size)
        words.append(_turn_words(deg, intent["rotate"] is not None) if geo.needs_fill(deg) else _quarter_words(deg))
        if geo.needs_fill(deg) and intent["keep_framing"]:
            words.append("canvas enlarged, corners filled with the edge colour")
        elif geo.needs_fill(deg):  # crop to fill by default: a rotation never leaves smeared corners
            frame = geo.fill_box(source, deg)
            if not (intent["ratio"] or intent["crop"]):  # else the asked crop, inside this frame, is the one crop
                head.append(geo.crop_params(frame))
                size, frame = frame[2:], (0, 0, *frame[2:])
                words.append(FILLED)
    if intent["ratio"] or intent["crop"]:
        box = geo.centre_box(frame, 1.0 if intent["ratio"] else 0.9, intent["ratio"])
        head.append(geo.crop_params(box))
        size, frame = box[2:], (0, 0, *box[2:])
        words.append(_ratio_words(intent["ratio"]))
    if intent["flip"]:  # last: an asked angle is the photo's as seen, and every crop here is centred (they commute)
        head.append({"op": "flip", "params": {"direction": intent["flip"]}})
        words.append("mirrored left to right" if intent["flip"] == "horizontal" else "flipped upside down (mirrored)")
    return head, frame, size, words


def _ratio_words(ratio: float | None) -> str:
    """How an asked crop reads in the strategy: a ratio as people name it ("16:9", "4:5"), and its orientation."""
    if ratio is None:
        return "cropped tighter"
    if ratio == 1.0:
        return "cropped square"
    near = Fraction(ratio).limit_denominator(10)
    exact = Fraction(ratio).limit_denominator(16)
    if abs(near / ratio - 1) >= 0.002 and abs(exact / ratio - 1) < 1e-9:  # a phone screen's 9:16, only when exact
        near = exact
    said = f"{near.numerator}:{near.denominator}" if abs(near / ratio - 1) < 0.002 else f"{ratio:.3g}:1"
    return f"cropped to {said} {'landscape' if ratio > 1 else 'portrait'}"


def _geometry(lk: dict, last: bool, intent: dict, size: tuple, filled: bool) -> tuple[list[dict], str, str]:
    """This slot's own crop (if any), a label suffix and words for it."""
    full = (0, 0, *size)
    if lk.get("crop") == "tight":
        return [geo.crop_params(geo.centre_box(full, 0.8))], "", "a tighter centre crop"
    if lk.get("crop") == "wide":
        return [geo.crop_params(geo.centre_box(full, 1.0, geo.WIDESCREEN))], "", "a 2.39:1 widescreen crop"
    if last and (intent["ratio"] or intent["crop"] or (filled and not intent["keep_framing"])):
        box = geo.centre_box(full, 0.85 if intent["ratio"] or intent["crop"] else 0.9, intent["ratio"])
        return [geo.crop_params(box)], ", Tighter", "an even tighter crop"
    return [], "", ""


def _further(lk: dict, intent: dict) -> dict:
    """The look with its tone steps a quarter stronger, held axes untouched: apart from a look it would repeat
    ("black and white, soft, not too dark" left Neutral and Soft Glow both a grey filter and the same soft contrast)."""
    return {
        **lk,
        **{a: round(lk[a] * 1.25, 3) for a in ("temp", "sat", "contrast", "bright") if a not in intent["hold"]},
    }


def _angles(intent: dict, n: int) -> list[float | None]:
    """Each plan's rotation: the asked angle in all, an unmeasured tilt's five guesses, or none."""
    if intent["tilts"] or intent["quarters"]:  # an unmeasured tilt's guesses, or a quarter turn each way
        turns = intent["tilts"] or intent["quarters"]
        return [turns[i % len(turns)] for i in range(n)]
    return [intent["rotate"]] * n


def plan_variations(
    instruction: str,
    *,
    image_size: tuple[int, int],
    max_side: int = 2048,
    chosen: dict | None = None,
    sample: PixelSample | None = None,
) -> dict:
    """Five distinct local-only plans for the instruction (deterministic), as `plan_variations` args.

    `chosen` is the chosen variation's plan ({label, operations, applied}), for "push it further". `sample`: the
    photo's pixels, which the looks' own (unasked) black points, contrast and colour are fitted to (`fitting`).
    """
    intent = read_intent(instruction)
    settle_orientation(intent, image_size)
    if _only_ai(intent):  # the closest local alternatives, not five unrelated grades
        return alternatives.plan_alternatives(intent, image_size=image_size, max_side=max_side)
    # "less glow" / "tone down the glow" asks no new look: the chosen one gentler
    glow_down = intent["glow"] < 0 and not has_local_request({**intent, "glow": 0, "soft": 0})
    sign = iterate.direction(instruction) or (-1 if glow_down else 0)
    if not sign and chosen and iterate.compared(instruction):  # "cooler than last time" on a warm look: gentler
        sign = next((s for s in (1, -1) if _restates(intent, chosen, s)), 0)
    if (
        sign
        and iterate.usable(chosen, sign)
        and (not has_local_request(intent) or glow_down or _restates(intent, chosen, sign))
    ):
        # the chosen look, stronger or gentler
        return iterate.plan_iteration(chosen, sign, _head(intent, image_size, max_side, None)[0])
    part = focus.read(instruction, chosen)
    if part is not None and focus.reply(part, chosen) is None:  # one part of the chosen look: its own step moves
        return focus.plan_part(part, chosen, _head(intent, image_size, max_side, None)[0], image_size, max_side)
    # a part of the chosen look named and something new asked: "less vignette and make it warmer"
    amended = amend.plan(instruction, chosen, _head(intent, image_size, max_side, None)[0], image_size, max_side)
    if amended is not None:
        return amended
    if framing.framing_only(intent, instruction, chosen):  # "just crop it square": no grade nobody asked for
        said, shape = _not_done(intent), _ratio_words(intent["ratio"])
        return framing.plan_framing(
            intent,
            image_size=image_size,
            max_side=max_side,
            said=said,
            shape=shape,
            notes=_notes(intent),
            chosen=chosen,
        )
    # an orientation asked of a photo that already stands so is still about framing: no unasked tight crop
    rotated = intent["rotate"] is not None or bool(intent["tilts"]) or intent["orient"] is not None
    filled = geo.needs_fill(intent["rotate"]) or bool(intent["tilts"])
    framed = intent["ratio"] is not None or intent["crop"]
    kind, slots = gentle.family(intent) or family(intent, not (intent["keep_framing"] or framed or rotated))
    filter_type = ("sepia" if intent["sepia"] else "grayscale") if kind == "mono" else None
    names = {"mono": "Sepia" if intent["sepia"] else "Mono", "tone": "sepia" if intent["sepia"] else "black and white"}
    variations, geometry_varies = [], False
    for i, (base, deg) in enumerate(zip(slots, _angles(intent, len(slots)), strict=True)):
        head, _frame, size, head_words = _head(intent, image_size, max_side, deg)
        slot = resolve(base, intent)
        lk = look(slot, intent, i)
        crop, suffix, crop_words = _geometry(lk, i == len(slots) - 1, intent, size, filled)
        lk = fitting.fit(
            lk, intent, lambda k, fixed=head + crop: fixed + look_ops(k, filter_type), sample, kind == "mono"
        )
        geometry_varies |= bool(crop) or bool(intent["tilts"]) or len(set(intent["quarters"] or ())) > 1
        words = [w for w in [*head_words, crop_words] if w] or (["framing kept"] if intent["keep_framing"] else [])
        label = (_prefix(intent, instruction) if kind == "default" else "") + slot.name.format(**names) + suffix
        if intent["tilts"]:
            label += f", {deg:+g}°"
        elif intent["quarters"] and len(set(intent["quarters"])) > 1:
            label += ", clockwise" if deg > 0 else ", counter-clockwise"
        # a look the photo took none of (its contrast and colour eased away on the sample: they would clip it)
        said = describe(lk, filter_type) or ["the photo's own tones (more of this look would clip it)"]
        strategy = _not_done(intent) + gentle.said(intent) + f"{slot.idea.format(**names)}: {', '.join(said)}"
        strategy += f"; {', '.join(words)}." if words else "."
        steps = head + crop + look_ops(lk, filter_type)
        for _ in range(4):  # looks the asks left alike: each later one goes further than the one it repeats
            if not any(v["operations"] == steps for v in variations):
                break
            lk = _further(lk, intent)
            steps = head + crop + look_ops(lk, filter_type)
        variations.append({"label": label, "strategy": strategy, "operations": steps})
    axes = ["tone/colour", "contrast curve", "finish"] + (["crop/framing"] if geometry_varies else [])
    return {"variations": variations, "diversity_axes": axes, "notes": _notes(intent)}
