"""The rule planner's looks: five slots per family, each a different tone, contrast curve and finish.

A slot has its own character (`free`: what it does on an axis the instruction leaves alone) and its
own strength for an axis the instruction sets (`asked`), so all five honour the instruction ("warmer":
five warmer pictures) but each in its own way. Axis values are deltas: temp (+ warm), sat, contrast and
bright around 1.0, sharp as an unsharp amount. When the instruction goes against a slot's signature
(a soft film asked for more contrast) or holds its signature axis, its `alt` slot is used instead. A
look's steps and words are in `steps`. Pure: no Django.
"""

import math
from dataclasses import dataclass, field

from imagelab.rules import casts, toning

COMPENSATE = 0.1
# Share of an asked brightening done as an exposure (brightness) step, the rest as a midtone gamma lift: "brighter"
# and "more exposure" read as exposure, while the gamma keeps most of the lift off the highlights.
EXPOSE_SHARE = 0.4
TOP = 252.5  # where white lands under asked contrast when the highlights are to be kept
AXES_OF_LOOK = ("temp", "sat", "contrast", "bright")
STRONGEST = {"temp": 0.8, "sat": 0.5, "contrast": 0.4, "bright": 0.3}  # "way warmer" goes this far at most
ASKED = {"temp": 0.35, "sat": 0.20, "contrast": 0.12, "bright": 0.15, "sharp": 0.6}


@dataclass(frozen=True)
class Slot:
    """One variation's recipe: a name, the strategy's opening words, its character and finish."""

    name: str
    idea: str
    free: dict = field(default_factory=dict)
    asked: dict = field(default_factory=dict)
    finish: dict = field(default_factory=dict)  # tint, lift, clip, vignette, sharpen, crop, dark_via
    sign: tuple[str, int] | None = None
    alt: "Slot | None" = None


def _s(name: str, idea: str, free: dict, asked: dict | None = None, sign=None, alt=None, **finish) -> Slot:
    """A slot whose asked strengths default to ASKED."""
    return Slot(name, idea, free, {**ASKED, **(asked or {})}, finish, sign, alt)


# The looks are a table: one look per aligned block, kept as written (a formatter would explode it).
# fmt: off
# Tints are (colour when the look ends warm or neutral, colour when it ends cool, strength, what it does).
_GOLDEN = ("#F2B35B", "#8FB3DA", 0.07, "a golden film tint", "a steel-blue film tint")
_SPLIT = ("#1F5F6E", "#7A4E24", 0.09, "teal shadows against warm highlights (split tone)",
          "amber shadows against cool highlights (split tone)")
_MATTE = ("#3A2F26", "#26303A", 0.10, "lifted, faintly warm blacks (matte)", "lifted, faintly cool blacks (matte)")
_GREY_LIFT = ("#2A2A2A", "#2A2A2A", 0.10, "lifted blacks (matte)", "lifted blacks (matte)")

POP = _s("Pop", "Clean and punchy", {"sat": 0.14, "contrast": 0.12},
         {"temp": 0.40, "sat": 0.30, "contrast": 0.18, "bright": 0.18}, ("contrast", 1),
         _s("Clean Soft", "Clean and gentle", {"sat": 0.06}, {"temp": 0.40, "sat": 0.22, "contrast": 0.18,
            "bright": 0.18}, dark_via="brightness"),
         clip=(6, 250), dark_via="brightness")
SOFT_FILM = _s("Soft Film", "Filmic and gentle", {"temp": 0.12, "sat": -0.08, "contrast": -0.12, "bright": 0.08},
               {"temp": 0.25, "sat": 0.30, "contrast": 0.08, "bright": 0.25}, ("contrast", -1),
               _s("Rich Film", "Filmic and rich", {"temp": 0.12, "sat": 0.04, "bright": 0.06},
                  {"temp": 0.25, "sat": 0.12, "contrast": 0.16, "bright": 0.25}, tint=_GOLDEN, vignette=0.18),
               tint=_GOLDEN, vignette=0.18)
MATTE = _s("Matte", "Faded matte", {"sat": -0.15, "contrast": -0.24},
           {"temp": 0.50, "sat": 0.40, "contrast": 0.16, "bright": 0.20}, ("contrast", -1),
           _s("Deep Contrast", "Deep and dense", {"sat": -0.05, "bright": -0.08},
              {"temp": 0.50, "sat": 0.10, "contrast": 0.14, "bright": 0.20}, clip=(14, 255)),
           lift=_MATTE)
SPLIT = _s("Split Tone", "Colour contrast", {"temp": 0.22, "contrast": 0.05, "bright": -0.03},
           {"temp": 0.55, "sat": 0.25, "contrast": 0.18, "bright": 0.15}, tint=_SPLIT, dark_via="brightness")
CRISP = _s("Crisp Vignette", "Grain-free and crisp", {"sat": 0.05, "contrast": 0.06},
           {"temp": 0.30, "sat": 0.14, "contrast": 0.14, "bright": 0.22, "sharp": 1.0},
           sharpen=0.9, vignette=0.32, dark_via="brightness")
TIGHT = _s("Tight Crop", "Closer framing", {"sat": 0.08, "contrast": 0.08},
           {"temp": 0.36, "sat": 0.30, "contrast": 0.14, "bright": 0.16}, crop="tight", sharpen=0.4, clip=(4, 252))

_MONO_ASKED = {"temp": 0.30, "sat": 0.30, "contrast": 0.15, "bright": 0.18}
MONO = [
    _s("Neutral {mono}", "Neutral {tone}", {"contrast": 0.04}, _MONO_ASKED, dark_via="brightness"),
    _s("High-Contrast {mono}", "Graphic {tone}", {"contrast": 0.28}, {**_MONO_ASKED, "contrast": 0.32},
       ("contrast", 1), _s("Low-Key {mono}", "Dark, quiet {tone}", {"bright": -0.15},
                           {**_MONO_ASKED, "contrast": 0.10}, vignette=0.2), clip=(10, 245)),
    _s("Soft Matte {mono}", "Soft matte {tone}", {"contrast": -0.20, "bright": 0.06}, _MONO_ASKED,
       ("contrast", -1), _s("Deep {mono}", "Dense {tone}", {"bright": -0.08}, _MONO_ASKED, clip=(16, 255)),
       lift=_GREY_LIFT),
    _s("Warm-Toned {mono}", "Toned print in {tone}", {"temp": 0.50, "contrast": 0.04}, {**_MONO_ASKED, "temp": 0.5},
       ("temp", 1), _s("Cool-Toned {mono}", "Toned print in {tone}", {"temp": -0.50, "contrast": 0.04},
                       {**_MONO_ASKED, "temp": 0.5}, tint=("#704214", "#1B3A5C", 0.06, "a sepia-leaning tone",
                                                           "a cyanotype-leaning tone")),
       tint=("#704214", "#1B3A5C", 0.06, "a sepia-leaning tone", "a cyanotype-leaning tone")),
    _s("Crisp {mono} Vignette", "Grain-free, crisp {tone}", {"contrast": 0.08},
       {**_MONO_ASKED, "bright": 0.24, "sharp": 1.0}, sharpen=1.0, vignette=0.35, dark_via="brightness"),
]

_FADE_TINT = ("#C8A165", "#8FA9B8", 0.12, "a faded warm film cast", "a faded cool film cast")
_PRINT_TINT = ("#D8C39A", "#B8C4CC", 0.08, "an aged paper tone", "an aged, cool paper tone")
VINTAGE = [
    _s("Faded Warm Film", "Faded print", {"temp": 0.15, "sat": -0.15, "contrast": -0.10, "bright": 0.04},
       {"temp": 0.35}, ("temp", 1), _s("Faded Cool Film", "Faded print", {"temp": -0.15, "sat": -0.15,
                                        "contrast": -0.10, "bright": 0.04}, tint=_FADE_TINT), tint=_FADE_TINT),
    _s("Slide Film Pop", "Punchy slide film", {"temp": 0.12, "sat": 0.12, "contrast": 0.14}, {"sat": 0.3, "contrast": 0.16},
       ("contrast", 1), _s("Soft Slide Film", "Gentle slide film", {"temp": 0.12, "sat": 0.05, "bright": 0.05},
                           vignette=0.12), clip=(8, 250), vignette=0.12),
    _s("Washed-Out 70s", "Sun-bleached 70s print", {"sat": -0.32, "contrast": -0.22, "bright": 0.08}, {"sat": 0.35},
       ("sat", -1), _s("Saturated 70s", "Saturated 70s print", {"temp": 0.2, "sat": 0.2, "contrast": -0.1},
                       lift=("#E0C9A0", "#C0CCD8", 0.10, "creamy lifted blacks", "cool lifted blacks")),
       lift=("#E0C9A0", "#C0CCD8", 0.14, "creamy lifted blacks", "cool lifted blacks")),
    _s("Cross-Processed", "Cross-processed film", {"temp": -0.08, "sat": 0.06, "contrast": 0.10},
       tint=("#B8CC6E", "#B8CC6E", 0.10, "a yellow-green cross-process cast", "a yellow-green cross-process cast")),
    _s("Old Print Vignette", "Aged print", {"temp": 0.35, "sat": -0.45, "contrast": -0.05}, {"sat": 0.45},
       ("sat", -1), _s("Hand-Tinted Print", "Hand-tinted print", {"temp": 0.2, "sat": 0.1, "contrast": -0.05},
                       tint=_PRINT_TINT, vignette=0.35), tint=_PRINT_TINT, vignette=0.40),
]

_TEAL = ("#1F6F78", "#2A4A6A", 0.07, "teal shadows", "steel-blue shadows")
_HOUR = ("#E8A23A", "#3A5A8C", 0.06, "a golden glow", "a blue-hour cast")
CINEMATIC = [
    _s("Teal & Orange", "Blockbuster grade", {"temp": 0.35, "sat": 0.05, "contrast": 0.08, "bright": -0.06}, {},
       ("temp", 1), _s("Cold Steel", "Cold thriller grade", {"temp": -0.35, "sat": -0.10, "contrast": 0.10,
                                                              "bright": -0.06}, tint=_TEAL, dark_via="gamma"),
       tint=_TEAL, dark_via="gamma"),
    _s("Moody Low-Key", "Moody", {"bright": -0.14, "sat": -0.12, "contrast": 0.10}, {}, ("bright", -1),
       _s("Bright Airy Film", "Airy", {"bright": 0.12, "sat": -0.05, "contrast": -0.08},
          lift=("#F0E6DA", "#DDE6F0", 0.06, "a pale, airy lift", "a pale, airy lift")),
       vignette=0.30, dark_via="brightness"),
    _s("Bleach Bypass", "Bleach bypass", {"sat": -0.40, "contrast": 0.22}, {"sat": 0.40}, ("sat", -1),
       _s("Rich Colour Grade", "Rich grade", {"sat": 0.18, "contrast": 0.12}, clip=(6, 250)), clip=(6, 250)),
    _s("Golden Hour", "Golden hour", {"temp": 0.50, "contrast": -0.04, "bright": 0.04}, {"temp": 0.5},
       ("temp", 1), _s("Blue Hour", "Blue hour", {"temp": -0.50, "contrast": -0.04, "bright": -0.04},
                       {"temp": 0.5}, tint=_HOUR, vignette=0.15), tint=_HOUR, vignette=0.15),
]
WIDESCREEN = _s("Widescreen 2.39:1", "Letterboxed framing", {"temp": 0.2, "contrast": 0.08},
                tint=(*_TEAL[:2], 0.05, *_TEAL[3:]), crop="wide")
NOIR = _s("Cool Noir", "Night grade", {"temp": -0.35, "bright": -0.08, "contrast": 0.12, "sat": -0.2}, {},
          ("temp", -1), _s("Warm Noir", "Tungsten night grade", {"temp": 0.35, "bright": -0.08, "contrast": 0.12,
                                                                   "sat": -0.2}, vignette=0.25), vignette=0.25)
# Clean, true-to-life edits: no tint, lifted blacks, vignette or grain, each a different tone and contrast.
CLEAN = [
    _s("Clean Natural", "Clean and natural", {"sat": 0.03, "bright": 0.04}),
    _s("Clean Bright", "Bright and clean", {"contrast": 0.04, "bright": 0.10}, clip=(0, 252)),
    _s("Clean Crisp", "Crisp and clean", {"sat": 0.05, "contrast": 0.10}, sharpen=0.5),
    _s("Clean Punch", "Clean and punchy", {"sat": 0.10, "contrast": 0.14, "bright": -0.03}, clip=(6, 250)),
    _s("Clean Soft", "Clean and gentle", {"sat": -0.03, "contrast": -0.05, "bright": 0.05}),
]
CLEAN_CROP = _s("Clean Close Crop", "Clean, closer framing", {"sat": 0.04, "contrast": 0.06}, crop="tight")
# What replaces a sharpened slot when the instruction asks for a soft look or for grain.
_AIRY = ("#F0E6DA", "#DDE6F0", 0.06, "a pale, airy lift", "a pale, airy lift")
GLOW = _s("Soft Glow", "Soft and glowing", {"contrast": -0.10, "sat": -0.04, "bright": 0.06}, lift=_AIRY, vignette=0.2)
GRIT = _s("Gritty Film", "Gritty and textured", {"contrast": 0.10, "sat": -0.06}, vignette=0.3)
MONO_GLOW = _s("Soft Glow {mono}", "Soft, glowing {tone}", {"contrast": -0.14, "bright": 0.06}, _MONO_ASKED, vignette=0.2)
MONO_GRIT = _s("Gritty {mono}", "Gritty, textured {tone}", {"contrast": 0.18}, _MONO_ASKED, vignette=0.3, clip=(8, 255))
# fmt: on
# Asked finishes go into all five plans, each at its own strength (slot order).
VIGNETTES = (0.22, 0.30, 0.38, 0.26, 0.45)
GRAINS = (0.10, 0.14, 0.18, 0.08, 0.24)
SHARPENS = (0.6, 0.75, 0.9, 0.7, 1.1)
# The strongest vignette and grain a look asked calm keeps ("a calm vintage feel": no heavy corners, no coarse grain)
QUIET = {"vignette": 0.2, "grain": 0.1}
# Black points for asked crushed blacks: deeper blacks, yet few pixels pushed to pure black (the guard's clipping
# check); the last slot's strong vignette already darkens its corners, so it crushes least.
CRUSHES = (6, 8, 10, 5, 4)
# Lift strengths for an asked matte look: in every plan, each its own (the Matte slot's own 0.10 in the middle).
MATTES = (0.07, 0.09, 0.10, 0.12, 0.14)


def _rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i : i + 2], 16) for i in (1, 3, 5))


# How a colour pulls the way shadows are asked toned (> 0 the same way): a slot's own tint pulling against goes.
_LEANS = {
    "teal": lambda c: (lambda r, g, b: (g + b) / 2 - r)(*_rgb(c)),
    "blue": lambda c: (lambda r, g, b: b - r)(*_rgb(c)),
    "warm": lambda c: (lambda r, g, b: r - b)(*_rgb(c)),
    "green": lambda c: casts.lean(c),
    "magenta": lambda c: -casts.lean(c),
}


def family(intent: dict, geometry_free: bool) -> tuple[str, list[Slot]]:
    """The family name and its five slots for this instruction."""
    if intent["bw"] or intent["sepia"]:
        return "mono", MONO
    if intent["vintage"]:
        return "vintage", VINTAGE
    if intent["cinematic"]:
        return "cinematic", [*CINEMATIC, WIDESCREEN if geometry_free else NOIR]
    if intent["clean"]:
        return "clean", [*CLEAN[:4], CLEAN_CROP if geometry_free else CLEAN[4]]
    return "default", [POP, SOFT_FILM, MATTE, SPLIT, TIGHT if geometry_free else CRISP]


def _value(direction: int, free: float, magnitude: float) -> float:
    """An axis delta: the slot's own, or at least `magnitude` the way the instruction asks."""
    if direction > 0:
        return max(free, magnitude)
    if direction < 0:
        return min(free, -magnitude)
    return free


def resolve(slot: Slot, intent: dict) -> Slot:
    """The slot itself, or its alternative when the instruction goes against its signature."""
    if "sharpen" in slot.finish and intent["sharp"] <= 0 and (intent["soft"] > 0 or intent["grain"] > 0):
        mono = "{mono}" in slot.name  # a soft look never sharpens; asked grain is not "grain-free"
        return (MONO_GLOW if mono else GLOW) if intent["soft"] > 0 else (MONO_GRIT if mono else GRIT)
    # a held signature axis leaves the slot nothing of its own: "not too contrasty" turns High-Contrast to Low-Key
    if (
        slot.sign
        and slot.alt
        and (
            intent[slot.sign[0]] == -slot.sign[1]
            or slot.sign[0] in intent["hold"]
            or (intent["matte"] < 0 and "lift" in slot.finish)
        )
    ):
        return slot.alt
    return slot


def _asked(slot: Slot, axis: str, direction: int, degree: float) -> float:
    """How far the slot moves an asked axis, scaled by how far the instruction says (1.0 when it says nothing)."""
    # a gentle colour or contrast step is a share of the usual one: what a slot's own big step there beats (its washed
    # or flattened look) `_compensate` makes up for in proportion, so "a notch less colour" is no -20 % in Matte
    if degree < 1.0 and axis in ("sat", "contrast"):
        return min(slot.asked[axis], ASKED[axis]) * degree
    own = slot.free.get(axis, 0.0) * direction  # "way softer" goes past a soft slot's own softness, not below it
    # a strong ask goes far in every slot, one that keeps the axis gentle of its own too ("way more saturation" left
    # Rich Film, a contrast slot, at 1.19)
    usual = max(slot.asked[axis], ASKED[axis]) if degree > 1.0 else slot.asked[axis]
    return min(max(usual, own) * degree, max(slot.asked[axis], STRONGEST[axis]))


def _compensate(out: dict, finish: dict, intent: dict) -> None:
    """Asked contrast and saturation hold up against what the finish takes away (tints, clipping)."""
    keep = 1.0
    for key in ("tint", "lift", "cast", "shade"):
        if key in finish and "temp" not in intent["hold"]:
            keep *= 1.0 - finish[key][2]
    black, white = finish.get("clip", (0, 255)) if intent["contrast"] >= 0 else (0, 255)
    gain = keep * 255.0 / (white - black)
    for axis, extra in (("contrast", 1.0), ("sat", 1.0 + out["contrast"])):
        d, share = intent[axis], min(intent.get("degree", {}).get(axis, 1.0), 1.0)
        # the net change along the axis is at least COMPENSATE the asked way; "a bit more" makes up only that share
        # of what the look takes away, or a matte slot's washed-out colour turns "a bit more colour" into +50 %
        if d:
            need = (1.0 + d * COMPENSATE * share) / (gain * extra) ** share - 1.0
            value = max(out[axis], need) if d > 0 else min(out[axis], need)
            out[axis] = round(min(max(value, -0.6), 0.7), 3)


def _asked_finish(out: dict, finish: dict, intent: dict, i: int, neutral: bool = False) -> None:
    """Finishes asked for by name, in every plan at this slot's strength; a soft look never sharpens."""
    for key, strengths in (("vignette", VIGNETTES), ("grain", GRAINS)):
        if intent[key] > 0:
            finish[key] = strengths[i % len(strengths)]
        elif intent[key] < 0:
            finish.pop(key, None)
    if intent["matte"]:
        _matte(finish, intent, i, neutral)
    if intent["crush"]:  # "crush the blacks" raises every plan's black point; "don't crush them" drops any
        white = finish.get("clip", (0, 255))[1]
        black = max(finish.get("clip", (0, 255))[0], CRUSHES[i % len(CRUSHES)]) if intent["crush"] > 0 else 0
        finish["clip"] = (black, white)
    if intent["soft"] > 0 and intent["sharp"] <= 0:
        out["sharp"] = min(out["sharp"], 0.0)
    if intent["highlights"]:
        _protect_highlights(out, finish)


def _matte(finish: dict, intent: dict, i: int, neutral: bool) -> None:
    """An asked matte look lifts every plan's blacks (a slot's own lift keeps its colour); "less matte" drops it."""
    if intent["matte"] < 0:
        finish.pop("lift", None)
        return
    lift = finish.get("lift", _GREY_LIFT if neutral else _MATTE)
    finish["lift"] = (*lift[:2], MATTES[i % len(MATTES)], *lift[3:])
    if "clip" in finish and intent["crush"] <= 0:  # a raised black point would crush what the lift raises
        finish["clip"] = (0, finish["clip"][1])


def _protect_highlights(out: dict, finish: dict) -> None:
    """Keep the top of the range below white, the asked contrast still a contrast step (headroom, then a gamma)."""
    # The picture is scaled down first so the contrast line lands white just below 255; the gamma puts mid-grey back.
    black = finish.get("clip", (0, 255))[0]
    k = 1.0 + max(out["contrast"], 0.0)
    mid = 127.5
    if k > 1.0:  # f(x) = 127.5 + (s·x - 127.5)·k, with f(255) = TOP: contrast without clipped whites
        s = (127.5 + (TOP - 127.5) / k) / 255.0
        finish["headroom"] = round(s, 3)
        mid = 127.5 - 127.5 * (1.0 - finish["headroom"]) * k
    finish["clip"] = (black, 255)
    if black or k > 1.0:  # a gamma that maps where mid-grey went back to mid-grey
        finish["mid_gamma"] = round(math.log((mid - black) / (255 - black)) / math.log(0.5), 3)


def look(slot: Slot, intent: dict, i: int = 0) -> dict:
    """Axis deltas and finish of the slot in place `i` under the instruction (held axes stay at zero)."""
    hold, degree = set(intent["hold"]), intent.get("degree", {})
    # "a touch warmer" scales the asked strength and the slot's own along that axis down, "way warmer" the asked up
    free = {a: 0.0 if a in hold else slot.free.get(a, 0.0) * min(degree.get(a, 1.0), 1.0) for a in AXES_OF_LOOK}
    if intent.get("shade") and toning.against(intent["shade"], free["temp"]):  # a slot's own warmth would drown
        free["temp"] = 0.0  # the blue asked of the shadows
    asked = {a: _asked(slot, a, intent[a], degree.get(a, 1.0)) for a in AXES_OF_LOOK}
    out = {a: round(_value(intent[a], free[a], asked[a]), 3) for a in AXES_OF_LOOK}
    # "don't sharpen it" holds sharpness like any axis: a slot's own sharpening finish is dropped too.
    sharp = degree.get("sharp", 1.0)
    # a slot's own softening (`soften`, a slight blur: gentle.py's calmer and glowing looks) is its sharpness below 0
    own_sharp = slot.finish.get("sharpen", 0.0) - slot.finish.get("soften", 0.0)
    free_sharp = 0.0 if "sharp" in hold else own_sharp * min(sharp, 1.0)
    out["sharp"] = _value(intent["sharp"], free_sharp, slot.asked["sharp"] * sharp)
    if intent["sharp"] > 0:  # asked sharpening is in every plan, each at its own strength
        out["sharp"] = max(out["sharp"], SHARPENS[i % len(SHARPENS)] * sharp)
    finish = dict(slot.finish)
    if intent.get("magenta") and "{mono}" not in slot.name:  # a green or magenta cast taken away, or one asked for
        casts.correct(finish, intent["magenta"], i)
    if intent.get("shade"):  # "make the shadows bluer": a colour blend the shadows show most, in every plan
        toning.shade(finish, intent["shade"], i, _LEANS[intent["shade"]], toning.against(intent["shade"], out["temp"]))
    if "contrast" in hold:  # black and white points and lifted blacks change contrast too (asked ones come back below)
        finish.pop("clip", None)
        finish.pop("lift", None)
    _compensate(out, finish, intent)
    if "temp" in hold:  # no colour casts: tints go, lifted blacks turn neutral
        finish.pop("tint", None)
        if "lift" in finish:
            finish["lift"] = ("#2A2A2A", "#2A2A2A", finish["lift"][2], "lifted blacks", "lifted blacks")
    if "sat" in hold:  # lifted blacks wash the colour out a little: kept colours keep them out (asked matte aside)
        finish.pop("lift", None)
    # a vignette darkens: a brighter look keeps its corners, and an overexposed photo is darkened evenly, not at its
    # edges (one asked for comes back below)
    if intent["bright"] > 0 or intent.get("overexposed"):
        finish.pop("vignette", None)
    if intent["bright"] > 0 and not intent["highlights"]:  # kept highlights: the gamma alone, nothing clips
        finish["expose"] = round(out["bright"] * EXPOSE_SHARE, 3)
    if intent["contrast"] < 0:  # clipped ends would add contrast back
        finish.pop("clip", None)
    if "bright" in hold:  # "don't make it darker": no darkened corners (one asked for comes back below)
        finish.pop("vignette", None)
    _asked_finish(out, finish, intent, i, neutral="{mono}" in slot.name or "temp" in hold)
    if intent.get("calm", 0) > 0:  # a calm look keeps its finishes quiet: "a calm, faded film look" (gentle.temper)
        for key, most in QUIET.items():
            if finish.get(key):
                finish[key] = min(finish[key], most)
    if "bright" in hold:  # ... and the tints' pull on mid-grey given back
        casts.keep_mid_grey(finish, out["temp"] >= 0)
    return {**out, **finish}
