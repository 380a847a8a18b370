"""Five looks that stay five choices on this photo: a look the guard would find a near-duplicate of an earlier
one is told apart while it is planned. Pure: no Django.

The looks differ mostly by tone curves and tints, which colour SSIM barely sees: on scikit-image's photos about
half of what the quality guard revised were twins (a revision re-runs a variation at working size, re-encodes
its previews and checks it again). The planner foresees each plan on a small copy of the photo
(`core.foresee`), compares it with the earlier ones as the guard will, in order, and gives a twin the step the
guard's own separation would size (`core.separate.measure_apart`: its planned direction kept, clear of
clipping); the strategy says so. What is left for the guard is what the foresight missed.
"""

from collections.abc import Callable

from PIL import Image

from imagelab.core.foresee import foresee, small_copy
from imagelab.core.plans import BOUNDS
from imagelab.core.separate import TARGET_SSIM, Tendency, measure_apart
from imagelab.core.verify import DUPLICATE_SSIM, Look, similarity

# Foreseen this alike, a look is told apart: under the guard's threshold by twice the foresight's error (sd 0.0025)
FORESEEN_TWIN = DUPLICATE_SSIM - 0.005
_WORDS = {
    "brightness": ("a little brighter", "a little darker"),
    "contrast": ("firmer contrast", "softer contrast"),
    "saturation": ("richer colour", "more muted colour"),
}


def tell_apart(
    variations: list[dict],
    photo: Image.Image,
    working_size: tuple[int, int],
    keeps: Callable[[list[dict]], bool] = lambda _operations: True,
) -> None:
    """Give each variation foreseen as a near-duplicate of an earlier one the steps that part it (in place).

    `photo`: the working image or a reduced copy of it; `working_size`: the size the plans' pixel params refer to;
    `keeps(operations)`: whether a plan still does what was asked (a step that would undo it is not taken).
    """
    small = small_copy(photo)
    source = Look(small)
    reference = Tendency.of(source.full())
    looks: list[Look] = []
    for v in variations:
        look = Look(foresee(small, working_size, v["operations"]))
        near = sorted(((similarity(look, o) or 0.0, j) for j, o in enumerate(looks)), reverse=True)
        if near and near[0][0] > FORESEEN_TWIN:
            parted = _parted(v, look, [looks[j] for _s, j in near if looks[j].size == look.size], source, reference)
            parted_plan = _with(v["operations"], parted[0]) if parted is not None else None
            if parted_plan is not None and keeps(parted_plan):
                steps = parted[0]
                v["operations"] = parted_plan
                v["strategy"] = _said(v["strategy"], steps, variations[near[0][1]]["label"])
                look = Look(foresee(small, working_size, v["operations"]))
        looks.append(look)


def _parted(v: dict, look: Look, others: list[Look], source: Look, reference: Tendency):
    """The separating steps and their foreseen SSIM, when they part the look further than it is now."""
    found = measure_apart(look, others, source.clipping(), reference, Tendency.of(look.full()))
    now = max(similarity(look, o) or 0.0 for o in others)
    return found if found is not None and found[0] and found[1] < min(now, TARGET_SSIM + 0.01) else None


def _with(operations: list[dict], steps: list[dict]) -> list[dict]:
    """The plan with the steps: one that is the same scaling op as the plan's last step composes into it."""
    out = [dict(o) for o in operations]
    last = out[-1] if out else None
    if len(steps) == 1 and last is not None and last["op"] == steps[0]["op"]:
        low, high = BOUNDS[(last["op"], "value")]
        value = float(last["params"]["value"]) * float(steps[0]["params"]["value"])
        out[-1] = {"op": last["op"], "params": {**last["params"], "value": min(high, max(low, round(value, 3)))}}
        return out
    return out + [{"op": s["op"], "params": {"value": round(float(s["params"]["value"]), 3)}} for s in steps]


def _said(strategy: str, steps: list[dict], twin: str) -> str:
    """The strategy with what sets it apart, in words."""
    words = [_WORDS[s["op"]][0 if float(s["params"]["value"]) > 1 else 1] for s in steps if s["op"] in _WORDS]
    return strategy.rstrip(".") + f"; {' and '.join(words)} than {twin}, so the two stay distinct."
