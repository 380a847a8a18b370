"""Offline, deterministic variation planner: reads intent from the instruction, returns five local plans.

`plan_variations` returns the same shape as the model's tool call, so it goes
through `normalize_plan` like any planner output.
"""

import re

from imagelab import ops

# Requests no local op can honour: said plainly in the strategy, never faked.
_GENERATIVE = [
    (r"blur (the |its )?(back ?ground|bg)|bokeh|background blur", "blurring only the background needs the subject separated from it"),
    (r"\b(remove|erase|delete|get rid of)\b", "removing an object needs generative fill"),
    (r"\b(add|insert|put)\b.*\b(in|into|on|to)\b|\badd (a|an|some)\b", "adding things to the picture needs a generative edit"),
    (r"\b(replace|swap|change) (the )?(sky|background|bg)\b", "replacing part of the scene needs a generative edit"),
]
_WORDS = {
    "warm": r"warm(er|th)?|golden|sunny|sunset",
    "cool": r"cool(er)?|cold(er)?|blue(r)?|icy",
    "punchy": r"punch(y|ier)?|vivid|pop|vibrant|bold|saturat|more contrast|contrast(y)?\b",
    "soft": r"soft(er)?|gentle|muted|subtle|flat(ter)?|less contrast|dreamy",
    "bright": r"bright(er|en)?|light(er|en)|lift|airy|high[- ]key|exposure up",
    "dark": r"dark(er|en)?|moody|low[- ]key|dim",
    "cinematic": r"cinematic|film look|movie|teal",
    "vintage": r"vintage|retro|film\b|analog|faded|old photo|nostalg",
    "bw": r"black and white|black & white|b&w|b/w|monochrome|gr[ae]yscale|\bbw\b",
    "sepia": r"sepia",
    "crop": r"crop|tighter|closer|zoom in",
    "square": r"square|1:1|instagram",
    "sharp": r"sharp(en|er)?|crisp|detail",
    "keep_framing": r"keep (the )?(framing|composition|crop)|don'?t crop|no crop",
}


def _has(text: str, key: str) -> bool:
    return re.search(_WORDS[key], text) is not None


# A rotation needs a rotate/straighten/tilt verb before the number or a degree unit after it
# ("turn up the warmth 10%" and "a 1970s look" are not rotations); percentages and decades never are.
_ANGLE = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)(?![\d.]|\s*%|'s\b|(?!deg)[a-z])")
_UNIT = re.compile(r"\s*-?\s*(?:°|degrees?\b|deg\b)")
_VERB_BEFORE = re.compile(r"\b(rotat|straighten|tilt|turn)\w*(\D{0,30})$")
_LEFT = r"counter[- ]?clockwise|anti[- ]?clockwise|ccw|left"
_LEFT_AFTER = re.compile(r"\s*(?:to (?:the )?)?(?:" + _LEFT + r")\b")


def _rotation(text: str) -> float | None:
    """Clockwise degrees asked for (negative for left / counter-clockwise), or None."""
    for m in _ANGLE.finditer(text):
        unit = _UNIT.match(text, m.end())
        verb = _VERB_BEFORE.search(text[max(0, m.start() - 40):m.start()])
        if not unit and not (verb and verb.group(1) != "turn"):
            continue
        left = (verb is not None and re.search(rf"\b(?:{_LEFT})\b", verb.group(2)) is not None) or \
            _LEFT_AFTER.match(text, unit.end() if unit else m.end()) is not None
        deg = float(m.group(1))
        return -deg if left else deg
    return None


def _tone(intent: dict, level: float) -> list[dict]:
    """Tone/colour steps for the requested intent at a given strength (0.5 gentle .. 1.5 bold)."""
    steps: list[dict] = []
    if intent["bw"] or intent["sepia"]:
        steps.append({"op": "filter", "params": {"type": "sepia" if intent["sepia"] else "grayscale"}})
    elif intent["vintage"]:
        steps += [{"op": "tint", "params": {"color": "#C8A165", "strength": round(0.10 * level, 3)}},
                  {"op": "saturation", "params": {"value": round(1 - 0.15 * level, 3)}}]
    if intent["warm"] and not intent["bw"]:
        steps.append({"op": "temperature", "params": {"warm": True, "strength": round(0.35 * level, 3)}})
    if intent["cool"] and not intent["bw"]:
        steps.append({"op": "temperature", "params": {"warm": False, "strength": round(0.35 * level, 3)}})
    if intent["cinematic"]:
        steps += [{"op": "tint", "params": {"color": "#1F6F78", "strength": round(0.05 * level, 3)}},
                  {"op": "levels", "params": {"black": 0, "white": 255, "gamma": round(1 - 0.06 * level, 3)}}]
    if intent["bright"]:
        steps.append({"op": "levels", "params": {"black": 0, "white": 255, "gamma": round(1 + 0.15 * level, 3)}})
    if intent["dark"]:
        steps.append({"op": "brightness", "params": {"value": round(1 - 0.1 * level, 3)}})
    if intent["punchy"]:
        if not (intent["bw"] or intent["sepia"]):
            steps.append({"op": "saturation", "params": {"value": round(1 + 0.12 * level, 3)}})
        steps.append({"op": "contrast", "params": {"value": round(1 + 0.08 * level, 3)}})
    if intent["soft"]:
        steps.append({"op": "contrast", "params": {"value": round(1 - 0.08 * level, 3)}})
    if not steps:  # no tone intent: a neutral polish
        steps.append({"op": "contrast", "params": {"value": round(1 + 0.04 * level, 3)}})
    return steps


def _centre_crop(size: tuple[int, int], keep: float, square: bool) -> dict:
    w, h = size
    if square:
        side = int(min(w, h) * keep)
        cw = ch = side
    else:
        cw, ch = int(w * keep), int(h * keep)
    return {"op": "crop", "params": {"x": (w - cw) // 2, "y": (h - ch) // 2, "width": cw, "height": ch}}


def read_intent(instruction: str) -> dict:
    """Flags for each recognised intent, plus rotation and generative notes."""
    text = instruction.lower()
    intent = {k: _has(text, k) for k in _WORDS}
    intent["rotate"] = _rotation(text)
    intent["generative"] = [why for pattern, why in _GENERATIVE if re.search(pattern, text)]
    if intent["keep_framing"]:
        intent["crop"] = intent["square"] = False
    return intent


def plan_variations(instruction: str, *, image_size: tuple[int, int], max_side: int = 2048) -> dict:
    """Five distinct local-only plans for the instruction (deterministic), as `plan_variations` args."""
    intent = read_intent(instruction)
    long_side = min(max_side, max(image_size))
    size = ops.working_size(image_size, max_side)
    head = [{"op": "resize", "params": {"width": long_side, "height": long_side, "fit": "contain"}}]
    if intent["rotate"]:
        head.append({"op": "rotate", "params": {"degrees": intent["rotate"]}})
        size = ops.rotated_size(size, intent["rotate"])
    if intent["square"] or intent["crop"]:  # asked for: every variation gets it
        head.append(_centre_crop(size, 1.0 if intent["square"] else 0.9, intent["square"]))
        size = (head[-1]["params"]["width"], head[-1]["params"]["height"])
    note = ""
    if intent["generative"]:
        note = (" Not done: " + "; ".join(intent["generative"])
                + " — the offline planner only applies local edits; an AI edit would be required.")
    framing_axis = "crop/framing" if intent["crop"] else "finish"
    geometry = "Tighter crop" if intent["crop"] else "Framed finish"
    variations = [
        {"label": "Faithful", "strategy": "The requested look at a moderate strength"
         + ("; geometry as asked." if len(head) > 1 else "; framing untouched."),
         "operations": head + _tone(intent, 1.0)},
        {"label": "Bold", "strategy": "The same direction pushed further, with a firmer contrast curve.",
         "operations": head + _tone(intent, 1.6) + [
             {"op": "levels", "params": {"black": 6, "white": 250, "gamma": 1.0}}]},
        {"label": "Gentle", "strategy": "A subtle version with lifted midtones for a softer curve.",
         "operations": head + _tone(intent, 0.5) + [
             {"op": "levels", "params": {"black": 0, "white": 255, "gamma": 1.06}}]},
        {"label": geometry,
         "strategy": ("An even tighter centre crop to focus the subject, then the look." if intent["crop"]
                      else "The look plus a soft vignette to draw the eye inwards; framing kept."),
         "operations": head + ([_centre_crop(size, 0.85, intent["square"])] if intent["crop"] else [])
         + _tone(intent, 1.0) + ([] if intent["crop"] else [{"op": "vignette", "params": {"strength": 0.25}}])},
        {"label": "Crisp finish", "strategy": "The look with a light sharpen for crisp detail.",
         "operations": head + _tone(intent, 1.2) + [
             {"op": "sharpen", "params": {"amount": 0.6 if not intent["sharp"] else 1.2, "radius": 1.2}}]},
    ]
    for v in variations:
        v["strategy"] += note
    return {"variations": variations,
            "diversity_axes": list(dict.fromkeys(["tone/colour strength", "contrast curve", framing_axis, "finish"])),
            "notes": intent["generative"]}


_CHAT = r"^(hi|hello|hey|thanks|thank you|thx|cheers|ok|okay|great|cool|nice|bye)\b|what can you do|" \
        r"who are you|how does (this|it) work|^help\b|what are you"
_QUALITY = r"\b(sharp|blurry|blurred|in focus|out of focus|focus|noisy|noise|grainy|quality|exposed|" \
           r"overexposed|underexposed|good enough|resolution)\b"
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
        return ("I can't judge sharpness or quality yet — that's coming. For now I can edit the photo: "
                "try \"warmer and punchier\" or \"crop it square\".")
    t = text.strip().lower()
    if re.search(r"^(thanks|thank you|thx|cheers)", t):
        return "You're welcome! Tell me how you'd like the photo changed next."
    return ("Drop in a photo and tell me how to change it — warmer, cooler, punchier, softer, brighter, "
            "black and white, vintage, cinematic, crop tighter or square, rotate. I'll make five variations "
            "to choose from, and you can keep refining the one you pick.")
