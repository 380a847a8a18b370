"""Iterating on a chosen variation: "push it further", "more of that", "same but stronger", "tone it down".

Such a message names no look of its own: the look is the chosen plan's. The caller passes that plan in (what
`imagelab.planning.ImageContext.chosen` carries: its operations, and whether the current image already has
them applied). Five plans then scale the plan's own adjustments in graded steps, the asked way. Pure: no Django.
"""

import re

# Interjections a short reply opens with ("hmm a little less", "ok, a bit more", "nah, less"): they add nothing.
_OPENER = r"(?:(?:h+m+|u+m+|u+h+|o+k+(?:ay)?|nah|yeah|yes|yep|right|actually|ah+|oh+|ooh+|well|so|hey)\b\W*)*"
_MORE = (
    r"\b(?:push|take|go|carry)\b(?:\s+\S+){0,3}?\s+further\b|\bmore of (?:that|this|the same|it)\b|"
    r"\b(?:same|that|this|it)(?: again)?(?:,)? but (?:even )?(?:stronger|more|harder|bolder|more intense)\b|"
    r"\b(?:even )?(?:stronger|more intense|more extreme)(?: please| pls| plz)?\W*$|\bexaggerate\b|"
    r"\b(?:crank|turn|amp|ramp|dial) (?:it|that|this) up\b|\bdouble (?:it|that|down)\b|\beven more\b|\bgo harder\b|"
    r"\bintensify (?:it|that|this)\b|\bmore,? more\b|\b(?:again|same) but more\b|"
    # "more" said on its own, hedged or not: "a bit more", "slightly more pls", "hmm, a little more"
    r"^\W*" + _OPENER + r"(?:(?:just |maybe |ok |okay )?(?:a )?(?:bit|little|touch|tad|smidge|slightly|somewhat|much|"
    r"way) )?more(?: please| pls| plz)?\W*$"
)
_LESS = (
    r"\btone (?:it|that|this) down\b|\bless of (?:that|this|it|the same)\b|"
    r"\b(?:dial|pull|scale|take) (?:it|that|this) back\b|\b(?:turn|dial) (?:it|that|this) down\b|"
    r"\b(?:same|that|this|it)(?: again)?(?:,)? but (?:weaker|subtler|softer|lighter|less|gentler|more subtle)\b|"
    r"\b(?:(?:a bit|a little|much) )?(?:weaker|subtler|more subtle)(?: please| pls| plz)?\W*$|"
    r"\b(?:that'?s|it'?s|this is|that is|it is|a bit|way) (?:too strong|too much|overdone|too intense|over the top)\b|"
    r"^\W*(?:too strong|too much|overdone|over the top)\W*$|\bhalf as (?:much|strong)\b|"
    r"^\W*" + _OPENER + r"(?:(?:just |maybe |ok |okay )?(?:a )?(?:bit|little|touch|tad|smidge|slightly|somewhat|much|"
    r"way) )?less(?: please| pls| plz)?\W*$"
)
# The last edit named as what a comparison is made with: "a bit less than last time", "not as warm as before"
_LAST = (
    r"(?:last time|the last time|before|earlier|the last one|last one|the previous(?: one| version| edit)?|"
    r"the one before|that one|this one|the chosen one|you did|it was|it is now|now)\b"
)
COMPARED = rf"\b(?:than|as)\s+{_LAST}"
_MORE += rf"|\bmore\b(?:\s+[\w']+){{0,3}}?\s+than\s+{_LAST}"
_LESS += (
    rf"|\bless\b(?:\s+[\w']+){{0,3}}?\s+than\s+{_LAST}|\bnot\s+(?:quite\s+)?(?:as|so)\s+(?:much|strong|far|intense|heavy)"
    rf"(?:\s+as\s+{_LAST})?|\bnot\s+(?:quite\s+)?as\s+[a-z]+\s+as\s+{_LAST}"
)
# Extra shares of the chosen plan on top of the image that already has it ("further"), or the shares taken back.
MORE = (0.25, 0.5, 0.75, 1.0, 1.5)
LESS = (0.2, 0.35, 0.5, 0.65, 0.8)
_LABELS_MORE = ("A Touch More", "Stronger", "Much Stronger", "Twice As Strong", "All The Way")
_LABELS_LESS = ("A Touch Less", "Gentler", "Half-Way Back", "Much Gentler", "Barely There")
# Multiplicative ops (1.0 = unchanged) scale as powers; strength ops grow by a share of their strength.
_FACTORS = {"brightness": "value", "contrast": "value", "saturation": "value"}
_STRENGTHS = {
    "temperature": "strength",
    "tint": "strength",
    "vignette": "strength",
    "grain": "amount",
    "sharpen": "amount",
    "blur": "sigma",
}
# What an image cannot give back once it has it: said plainly when a chosen look is toned down.
ONE_WAY = {
    "tint": "its tint",
    "vignette": "its vignette",
    "grain": "its grain",
    "sharpen": "its sharpening",
    "blur": "its softening blur",
    "filter": "its black and white or sepia",
}


def direction(text: str) -> int:
    """+1 for "push it further", -1 for "tone it down", 0 when the message is no iteration."""
    t = text.lower().replace("’", "'")
    if re.search(_LESS, t):
        return -1
    return 1 if re.search(_MORE, t) else 0


def compared(text: str) -> bool:
    """Whether the message compares with the last edit ("warmer than last time", "cooler than before")."""
    return re.search(COMPARED, text.lower().replace("’", "'")) is not None


def scaled_step(op: str, params: dict, k: float) -> dict | None:
    """The step that moves `k` of the way along `op` once more (k < 0: back), or None when it cannot."""
    if op in _FACTORS:
        return {"value": round(float(params[_FACTORS[op]]) ** k, 3)}
    if op == "hue":
        return {"value": round(float(params["value"]) * k, 1)}
    if op == "temperature":  # a cooler step takes a warmer one back (the curves are each other's inverse)
        return {
            "warm": bool(params["warm"]) == (k > 0),
            "strength": round(min(1.0, float(params["strength"]) * abs(k)), 3),
        }
    if op == "levels":
        black, white, gamma = params.get("black", 0), params.get("white", 255), float(params.get("gamma", 1.0))
        if k < 0:  # a black or white point moved cannot be moved back from the clipped image; its gamma can
            return {"black": 0, "white": 255, "gamma": round(gamma**k, 3)} if gamma != 1.0 else None
        return {"black": round(black * k), "white": round(255 - (255 - white) * k), "gamma": round(gamma**k, 3)}
    if op in _STRENGTHS and k > 0:
        return {**params, _STRENGTHS[op]: round(float(params[_STRENGTHS[op]]) * k, 3)}
    return None


def is_identity(op: str, params: dict) -> bool:
    """Whether a scaled step changes nothing (left out of the plan)."""
    if op in _FACTORS:
        return params["value"] == 1.0
    if op == "hue":
        return params["value"] == 0.0
    if op == "levels":
        return (params["black"], params["white"], params["gamma"]) == (0, 255, 1.0)
    key = _STRENGTHS.get(op)
    return key is not None and params.get(key, 0) <= 0


_VALUE_AXES = {"saturation": "sat", "contrast": "contrast", "brightness": "bright"}


def axes_of(operations: list[dict]) -> dict[str, int]:
    """The tone axes (as `intent.AXES` names them) a plan moves, each +1 or -1: what its look is, in words' terms."""
    out = {}
    for step in operations:
        op, params = step.get("op"), step.get("params", {})
        if op == "temperature":
            out["temp"] = 1 if params.get("warm") else -1
        elif op in _VALUE_AXES and params.get("value", 1.0) != 1.0:
            out[_VALUE_AXES[op]] = 1 if params["value"] > 1.0 else -1
        elif op == "levels" and params.get("gamma", 1.0) != 1.0:
            out.setdefault("bright", 1 if params["gamma"] > 1.0 else -1)
        elif op in ("sharpen", "blur"):
            out["sharp"] = 1 if op == "sharpen" else -1
    return out


def adjustable(operations: list[dict]) -> list[dict]:
    """The chosen plan's colour and tone steps (geometry, resizing and AI edits are not pushed again)."""
    return [s for s in operations if s.get("op") in {*_FACTORS, *_STRENGTHS, "hue", "levels", "filter"}]


def graded_steps(operations: list[dict], k: float, applied: bool) -> list[dict]:
    """The graded steps for one plan: on top of the chosen image (applied) or the whole plan scaled from its source."""
    out = []
    for step in adjustable(operations):
        op, params = step["op"], step.get("params", {})
        if op == "filter":
            if not applied:  # a filter is all or nothing: from the source it is simply in the plan
                out.append({"op": op, "params": dict(params)})
            continue
        scaled = scaled_step(op, params, k if applied else 1.0 + k)
        if scaled is not None and not is_identity(op, scaled):
            out.append({"op": op, "params": scaled})
    return out


def kept(operations: list[dict], sign: int, applied: bool) -> list[str]:
    """What a toned-down plan cannot take back from an image that already has it, in words."""
    if sign > 0 or not applied:
        return []
    ops = [s["op"] for s in adjustable(operations)]
    levels = [s for s in adjustable(operations) if s["op"] == "levels"]
    said = [words for op, words in ONE_WAY.items() if op in ops]
    if any(s["params"].get("black", 0) or s["params"].get("white", 255) < 255 for s in levels):
        said.append("its clipped blacks or whites")
    return said


def plan_iteration(chosen: dict, sign: int, head: list[dict]) -> dict:
    """Five plans pushing the chosen plan's adjustments further (sign +1) or back (-1), after the shared `head`."""
    operations, applied = chosen.get("operations", []), bool(chosen.get("applied", True))
    name = chosen.get("label") or "the chosen variation"
    shares, labels = (MORE, _LABELS_MORE) if sign > 0 else (LESS, _LABELS_LESS)
    said = kept(operations, sign, applied)
    # plans carry no other words the person sees, so what stays is said in each strategy too
    stays = (
        f" {' and '.join(said).capitalize()} cannot be taken out of the chosen image here, so "
        + ("they stay." if len(said) > 1 else "it stays.")
        if said
        else ""
    )
    variations = []
    for share, label in zip(shares, labels, strict=True):
        k = share if sign > 0 else -share
        steps = graded_steps(operations, k, applied)
        if applied:
            how = (
                f"{share:.0%} more of its adjustments"
                if sign > 0
                else f"about {share:.0%} of its adjustments taken back"
            )
        else:
            how = f"its adjustments at {1 + k:.0%} of their strength"
        variations.append({"label": label, "strategy": f"{name}, {how}.{stays}", "operations": head + steps})
    notes = []
    if said:
        notes.append(
            f"the chosen image already has {' and '.join(said)}, which cannot be taken out of it here: to redo the look "
            "from before it, click the image it was made from in the strip and ask again"
        )
    return {"variations": variations, "diversity_axes": ["strength"], "notes": notes}


def reply(sign: int, chosen: dict | None) -> str:
    """The plain answer when there is no chosen look to push, or nothing in it that can be pushed."""
    way = "push further" if sign > 0 else "tone down"
    if chosen and sign < 0 and usable(chosen, 1):  # something to push, nothing that can be taken back
        return (
            f"{' and '.join(kept(chosen['operations'], sign, True)).capitalize()} cannot be taken back out of the "
            "variation you chose here: click the image it was made from in the strip and ask for the look again, "
            'gentler, e.g. "a little grain".'
        )
    if chosen and chosen.get("operations"):
        return (
            f"The variation you chose changed only its framing or used an AI edit, so there is no colour or tone "
            f'in it to {way}. Tell me the look itself, e.g. "warmer and punchier" or "softer and brighter".'
        )
    return (
        f'I can\'t tell which look to {way}: press "Use this" under the variation you liked and say it again, '
        'or name the look itself, e.g. "much warmer and punchier".'
    )


def usable(chosen: dict | None, sign: int = 1) -> bool:
    """Whether a chosen plan has colour or tone steps to push the asked way (a grain alone cannot be taken back)."""
    if not chosen:
        return False
    return bool(graded_steps(chosen.get("operations", []), 0.5 * sign, bool(chosen.get("applied", True))))
