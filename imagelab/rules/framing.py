"""An instruction that asks for a crop and nothing else ("just crop it square", "crop it to 4:5 for instagram",
"now crop it tighter" under a chosen look): five crops of the asked shape, each placed and sized differently, the
tones left exactly as they are. A grade nobody asked for is not offered with a crop (on a chosen variation it would
be a second look on top of the first).

Each crop keeps a different share of the frame, so no two variations have the same size: the guard compares only
variations of one size for near-duplicates, so it has no reason to add a tone step to tell them apart. Pure.
"""

import re

from imagelab.core import ops
from imagelab.rules import geometry as geo
from imagelab.rules.intent import has_local_request

# (share of the largest box kept, position along the free axis 0-1, position across it, label); a shorter box's
# free axis is the one the asked shape leaves slack on (a 4:5 crop of a landscape photo slides left and right).
_PLACES = (
    (1.0, 0.5, 0.5, "Centred"),
    (0.92, 0.2, 0.5, "{lo}"),
    (0.86, 0.8, 0.5, "{hi}"),
    (0.8, 0.5, 0.45, "Tighter"),
    (0.72, 0.5, 0.38, "Tightest, Higher"),
)


# "just crop it", "only the crop", "nothing else", "don't change the colours", "keep everything else as it is"
_ONLY = re.compile(
    r"\b(?:just|only|simply|merely|nothing else|no other (?:change|edit)s?|(?:do not|don't|dont) (?:change|touch|edit)"
    r"|(?:keep|leave) (?:everything else|the rest|the colou?rs?|the look|the tones?|the grade|the edit))\b"
)


def framing_only(intent: dict, instruction: str, chosen: dict | None) -> bool:
    """Whether the instruction asks for a crop (a shape or "tighter") and nothing else the local ops do, said as
    the only change ("just crop it square") or asked of a chosen variation, whose look is already on the photo."""
    if intent["ratio"] is None and not intent["crop"]:
        return False
    if chosen is None and not _ONLY.search(" ".join(instruction.lower().replace("’", "'").split())):
        return False  # "crop it square" on a new photo: five looks, each cropped square
    rest = {**intent, "hold": [], "ratio": None, "crop": False, "square": False}  # a tone said kept is no ask
    return not has_local_request(rest) and not intent["generative"]


def _box(frame: tuple[int, int, int, int], keep: float, along: float, across: float, ratio: float | None) -> tuple:
    """A box of `ratio` (the frame's own when None) and `keep` of the largest such box, placed in `frame`."""
    fx, fy, fw, fh = frame
    aspect = ratio or fw / fh
    w = min(fw, fh * aspect)
    w, h = max(1, int(w * keep)), max(1, int(w / aspect * keep))
    free_x = fw - w >= fh - h  # the axis with more slack is the one a placement moves along
    px, py = (along, across) if free_x else (across, along)
    return fx + round((fw - w) * px), fy + round((fh - h) * py), w, h


def _base(chosen: dict | None, size: tuple[int, int]) -> tuple[list[dict], tuple[int, int], str]:
    """The steps the crops follow and the size they leave: a variation named but never chosen is not on the photo
    yet, so its steps come first (its look kept); else only the resize every plan starts with."""
    if chosen and not chosen.get("applied") and chosen.get("operations"):
        steps = list(chosen["operations"])
        for step in steps:
            if step["op"] != ops.AI_OP:
                size = ops.output_size(step["op"], step["params"], size)
        return steps, size, f" ({chosen.get('label') or 'the chosen look'} kept)"
    return [{"op": "resize", "params": {"width": max(size), "height": max(size), "fit": "contain"}}], size, ""


def plan_framing(
    intent: dict,
    *,
    image_size: tuple[int, int],
    max_side: int,
    said: str,
    shape: str,
    notes: list[str],
    chosen: dict | None = None,
) -> dict:
    """Five crops of the asked shape (`shape`: how it reads, "cropped square"), tones untouched; `said` opens each
    strategy (what was not done), `notes` are the plan's; `chosen`: the variation the crop is asked of."""
    steps, size, kept = _base(chosen, ops.working_size(image_size, max_side))
    frame = (0, 0, *size)
    wide = _box(frame, 1.0, 0.5, 0.5, intent["ratio"])
    sideways = frame[2] - wide[2] >= frame[3] - wide[3]
    names = {"lo": "Left" if sideways else "Top", "hi": "Right" if sideways else "Bottom"}
    keeps = (0.92, 0.88, 0.84, 0.8, 0.75) if intent["ratio"] is None else None  # "tighter": never the whole frame
    variations = []
    for i, (keep, along, across, label) in enumerate(_PLACES):
        share = keeps[i] if keeps else keep
        box = _box(frame, share, along, across, intent["ratio"])
        strategy = f"{said}{label.format(**names)}: {shape}, {round(share * 100)} % of the widest box; tones as they are{kept}."
        variations.append(
            {"label": label.format(**names), "strategy": strategy, "operations": [*steps, geo.crop_params(box)]}
        )
    return {"variations": variations, "diversity_axes": ["crop/framing"], "notes": notes}
