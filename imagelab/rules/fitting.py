"""A look's own tone character fitted to the photo: its stock black and white points, contrast and colour eased
until its steps clip no more of the photo than the guard allows. Pure: no Django.

A look's character (Pop's deeper blacks and firmer contrast, a slide film's richer colour) is what the planner
adds on its own, unasked; on a dark or saturated photo, the stock amounts burn or crush a large part of it (a
contrast of 1.12 with a black point of 6 crushed 59 % of scikit-image's "coffee" to black). The planner sees the
photo as a sample of its pixels (`core.simulate.PixelSample`, as the guard's reviser does) and keeps the largest
share of that character which stays within the budget. What the instruction asked for is never eased here: if
that clips, the quality guard measures it, revises it and says so.
"""

from collections.abc import Callable

from imagelab.core.simulate import PixelSample

# Newly clipped percentage points a look's own character may cost: half the guard's 0.5-point margin, so what
# the sample misses (spatial steps, sampling) still leaves the preview inside it.
BUDGET = 0.25
SHARES = (1.0, 0.75, 0.5, 0.25, 0.0)


def _eased(lk: dict, intent: dict, share: float) -> dict:
    """The look with its unasked clip points, contrast and colour at `share` of their own amounts."""
    out = dict(lk)
    if "clip" in lk and not intent.get("crush"):
        black, white = lk["clip"]
        out["clip"] = (round(black * share), round(255 - (255 - white) * share))
    for axis in ("contrast", "sat"):
        if not intent.get(axis) and lk.get(axis, 0.0) > 0:
            out[axis] = round(lk[axis] * share, 3)
    return out


def fit(lk: dict, intent: dict, steps: Callable[[dict], list[dict]], sample: PixelSample | None) -> dict:
    """The look with as much of its own character as the photo takes (all of it when nothing is known)."""
    if sample is None:
        return lk
    for share in SHARES:
        eased = _eased(lk, intent, share) if share < 1.0 else lk
        if max(sample.new(steps(eased)).values()) <= BUDGET:
            return eased
    return eased
