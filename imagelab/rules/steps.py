"""A resolved look as the rule planner's plan steps, ordered to fuse, and in words for its strategy. Pure: no Django."""


def _op(name: str, **params) -> dict:
    """One plan step."""
    return {"op": name, "params": params}


def _levels(lk: dict) -> tuple[int, int, float]:
    """(black, white, gamma) of the look's levels step."""
    black, white = lk.get("clip", (0, 255))
    b, via = lk["bright"] - lk.get("expose", 0.0), lk.get("dark_via", "brightness")
    gamma = 1.0 + b if b > 0 or (b < 0 and via == "gamma") else 1.0
    return black, white, round(gamma * lk.get("mid_gamma", 1.0) * lk.get("keep_gamma", 1.0), 3)


def look_ops(lk: dict, filter_type: str | None) -> list[dict]:
    """The look's steps, ordered so they fuse into one colour matrix and one tone curve (plus finish)."""
    warm_side = lk["temp"] >= 0
    steps = [_op("filter", type=filter_type)] if filter_type else []
    if lk["sat"] and filter_type != "grayscale":
        steps.append(_op("saturation", value=round(1.0 + lk["sat"], 3)))
    if lk["temp"]:
        steps.append(_op("temperature", warm=lk["temp"] > 0, strength=round(abs(lk["temp"]), 3)))
    if lk.get("headroom"):  # before the contrast step, so the whites it stretches stay below 255
        steps.append(_op("brightness", value=lk["headroom"]))
    if lk["contrast"]:  # a firmer one with soft shoulders where the straight line would clip (fitting.py)
        steps.append(_op("curve" if lk.get("soft_contrast") else "contrast", value=round(1.0 + lk["contrast"], 3)))
    black, white, gamma = _levels(lk)
    if (black, white, gamma) != (0, 255, 1.0):
        steps.append(_op("levels", black=black, white=white, gamma=gamma))
    if lk["bright"] < 0 and lk.get("dark_via", "brightness") == "brightness":
        steps.append(_op("brightness", value=round(1.0 + lk["bright"], 3)))
    elif lk.get("expose"):
        steps.append(_op("brightness", value=round(1.0 + lk["expose"], 3)))
    for key in ("tint", "lift", "cast", "shade"):
        if key in lk:
            steps.append(_op("tint", color=lk[key][0 if warm_side else 1], strength=lk[key][2]))
    if lk.get("vignette"):
        steps.append(_op("vignette", strength=round(lk["vignette"], 3)))
    if lk["sharp"] > 0:
        steps.append(_op("sharpen", amount=round(lk["sharp"], 3), radius=1.2))
    elif lk["sharp"] < 0:
        steps.append(_op("blur", sigma=round(-1.5 * lk["sharp"], 3)))
    if lk.get("grain"):  # last: sharpening grain would coarsen it
        steps.append(_op("grain", amount=lk["grain"]))
    return steps


def _degree(v: float, lo: float, hi: float, strong: str = "much ") -> str:
    """ "slightly ", "" or `strong`: how big a change reads in words."""
    return "slightly " if v < lo else strong if v > hi else ""


_HELD = {"temp": "warmth", "sat": "colour", "contrast": "contrast", "bright": "brightening"}


def describe(lk: dict, filter_type: str | None) -> list[str]:
    """What the look does, in words (for the strategy)."""
    parts = {"grayscale": ["black and white"], "sepia": ["sepia"]}.get(filter_type or "", [])
    t, s, c = lk["temp"], lk["sat"], lk["contrast"]
    if t:
        word = "warm" if t > 0 else "cool"
        parts.append(f"{word}-toned" if filter_type else f"{_degree(abs(t), 0.2, 0.45)}{word}er white balance")
    if s and filter_type != "grayscale":
        parts.append(
            f"{_degree(abs(s), 0.1, 0.3, 'much ' if s > 0 else 'strongly ')}{'richer' if s > 0 else 'muted'} colour"
        )
    if c:
        shoulders = " with soft shoulders, black and white kept" if lk.get("soft_contrast") else ""
        parts.append(f"{_degree(abs(c), 0.08, 0.2)}{'firmer' if c > 0 else 'softer'} contrast{shoulders}")
    black, white, gamma = _levels(lk)
    if black or white < 255:
        parts.append(
            "deeper blacks and cleaner whites"
            if black and white < 255
            else "cleaner whites"
            if not black
            else "denser blacks"
        )
    if gamma != 1.0 and not lk.get("mid_gamma"):
        parts.append("lifted midtones" if gamma > 1 else "deeper midtones")
    if lk.get("mid_gamma"):
        parts.append("highlights kept below white" + (", contrast from the blacks" if not lk.get("headroom") else ""))
    if lk["bright"] < 0 and lk.get("dark_via", "brightness") == "brightness":
        parts.append("a darker exposure")
    elif lk.get("expose"):
        parts.append("a brighter exposure")
    parts += [lk[k][3 if t >= 0 else 4] for k in ("tint", "lift", "cast", "shade") if k in lk]
    if lk.get("vignette"):
        parts.append("a soft vignette" if lk["vignette"] < 0.25 else "a vignette")
    if lk["sharp"]:
        crisp = "crisp sharpening" + ("" if lk.get("grain") else ", no grain")
        parts.append(crisp if lk["sharp"] > 0 else "a slight softening blur")
    if lk.get("grain"):
        parts.append("fine film grain" if lk["grain"] < 0.15 else "film grain")
    if lk.get("held"):  # a plain ask cut on the photo's pixel sample (fitting.py)
        held = " and ".join(_HELD[a] for a in lk["held"])
        parts.append(f"less {held} than asked (more would clip this photo)")
    return parts
