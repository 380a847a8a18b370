"""A look's own character fitted to the photo: its stock black and white points, contrast, colour and tints eased
until its steps clip no more of the photo than the guard allows and go the way the instruction asked. Pure.

A look's character (Pop's deeper blacks and firmer contrast, Matte's flattened, brown-lifted tones) is what the
planner adds on its own, unasked. On a dark or saturated photo the stock amounts burn or crush a large part of
it (a contrast of 1.12 with a black point of 6 crushed 59 % of scikit-image's "coffee" to black); on a bright one
they can undo what was asked (Matte's softer contrast and dark lift left "make it brighter" darker than the
photo). The planner sees the photo as a sample of its pixels (`core.simulate.PixelSample`, as the guard's
reviser does) and keeps the largest share of that character which stays within the clipping budget and moves
every asked axis the asked way. What the instruction asked for plainly ("punchier") is eased last: to half its
amount while it still clearly goes the asked way, and where even half clips, axis by axis to what the photo takes
(never so far that the look turns the other way; the strategy then says "less colour than asked"); a strong ask
("much brighter") is never eased here: if that clips, the quality guard measures it, revises it and says so.
"""

import functools
import math
from collections.abc import Callable, Iterator
from itertools import repeat

import numpy as np

from imagelab.core import separate
from imagelab.core.simulate import PixelSample, tones

# Newly clipped percentage points a look's own character may cost: half the guard's 0.5-point margin, so what
# the sample misses (spatial steps, sampling) still leaves the preview inside it.
BUDGET = 0.25
SHARES = (1.0, 0.75, 0.5, 0.25, 0.0)
# How far an asked axis must move the asked way: half as far again as the guard counts as moved (luminance levels,
# else a log factor of the luminance or channel spread; the sample is not the preview), so a step that tells a
# near-duplicate apart keeps to the asked way (separate.py: an axis the guard sees unmoved may go down to DIMMER of
# the source, a "brighter" one darker than the photo).
_GUARD_AXES = {"bright": "brightness", "contrast": "contrast", "sat": "saturation"}
MOVED = {axis: 1.5 * separate.MOVED[name] for axis, name in _GUARD_AXES.items()}
_FRAMING = ("resize", "crop", "rotate")
_TINTS = ("tint", "lift")  # finishes that pull every pixel towards a colour (an asked cast correction stays)
_ASKED_AXES = ("temp", "sat", "contrast", "bright")
ASKED_SHARES = (0.75, 0.5)  # a plain ask is sized down to half its amount at most while it clearly goes the asked way
FAINT = 0.02  # a tone or colour amount below this is no step
CURVE_GAINS = (1.0, 1.5, 2.0, 2.5, 3.0)  # a curve's amount over the line's, tried until it moves contrast as asked
CURVE_MOST = 1.5  # at most a curve of 2.5 (its bound): the look's contrast is the amount over 1


def _eased(lk: dict, intent: dict, firm: float, soft: float) -> dict:
    """The look with its unasked character eased: what can clip (black and white points, firmer contrast, more
    colour, a vignette) to share `firm`, what can pull against an asked axis (tints, lifted blacks, softer
    contrast, less colour) to share `soft` of its own amount (a tint eased to nothing goes)."""
    out = dict(lk)
    if "clip" in lk and not intent.get("crush"):
        black, white = lk["clip"]
        out["clip"] = (round(black * firm), round(255 - (255 - white) * firm))
    if lk.get("vignette") and not intent.get("vignette"):  # dark corners crush a dark photo's shadows
        out["vignette"] = round(lk["vignette"] * firm, 3)
    for axis in ("contrast", "sat"):
        if not intent.get(axis) and lk.get(axis):
            out[axis] = round(lk[axis] * (firm if lk[axis] > 0 else soft), 3)
    for key in _TINTS:
        if key in lk and not (key == "lift" and intent.get("matte")):
            out[key] = (*lk[key][:2], round(lk[key][2] * soft, 3), *lk[key][3:])
            if not out[key][2]:  # a tint step of strength 0 is no step
                del out[key]
    return out


def _moved(now: dict, source: dict, axis: str, way: int, least: float | None = None) -> bool:
    """Whether the plan moves `axis` at least MOVED (or `least`) the asked way."""
    least = MOVED[axis] if least is None else least
    if axis == "bright":
        return (now[axis] - source[axis]) * way >= least
    return np.log(max(now[axis], 1e-6) / max(source[axis], 1e-6)) * way >= least


def fit(
    lk: dict, intent: dict, steps: Callable[[dict], list[dict]], sample: PixelSample | None, grey: bool = False
) -> dict:
    """The look with as much of its own character as the photo takes (all of it when nothing is known).

    First what pulls against the asked way (tints, softer contrast) is kept at the largest share that lets every
    asked axis move the asked way (all of it when none does: the ask's own amounts are then the guard's to judge);
    then what clips at the largest share within the budget. `grey`: a black-and-white plan (no colour axis).
    """
    if sample is None:
        return lk
    # the photo as the plan frames it: a crop of a gradient has less contrast than the whole, and is no softer look
    source = tones(sample.run([o for o in steps(lk) if o["op"] in _FRAMING]))
    asked = [(a, intent[a]) for a in ("bright", "contrast", "sat") if intent.get(a) and not (grey and a == "sat")]

    @functools.cache  # the soft search's last run is the firm search's first
    def run(firm: float, soft: float) -> tuple[dict, np.ndarray, float]:
        eased = _eased(lk, intent, firm, soft) if (firm, soft) != (1.0, 1.0) else lk
        return eased, *_traced(sample, steps(eased))

    def short(x: np.ndarray) -> list[str]:  # the asked axes the plan does not clearly move the asked way
        return [a for a, way in asked if not _moved(tones(x), source, a, way)]

    def honoured(x: np.ndarray) -> bool:
        return not short(x)

    def softened(firm: float) -> tuple[dict, np.ndarray, float]:  # the most of what pulls against the asked way
        soft = next((s for s in SHARES if honoured(run(firm, s)[1])), 1.0) if asked else 1.0
        return run(firm, soft)

    # Why none of the look's own character first: where even that clips (the ask does), no larger share fits, and
    # the search through them was ~20 traces of ~0.3 ms for nothing (dark photos, strong asks)
    if softened(SHARES[-1])[2] <= BUDGET:
        for firm in SHARES:  # at each share of what clips: less contrast moves it too
            eased, x, over = softened(firm)
            if over <= BUDGET:
                return eased
    eased = softened(SHARES[-1])[0]
    plain = [a for a in _ASKED_AXES if intent.get(a) and intent.get("degree", {}).get(a, 1.0) == 1.0]
    curved = _curved(eased, plain, dict(asked), lambda k: _traced(sample, steps(k)), short)
    if curved is not None:
        return curved
    # Still over: what was asked plainly ("punchier", not "much punchier") is the planner's to size, down to
    # half its amount (ASKED_SHARES) while it still clearly goes the asked way, then axis by axis (`_held`) where
    # even half clips; a strong ask stays for the guard.
    whole = eased
    for share in ASKED_SHARES if plain else ():
        smaller = _scaled(whole, plain, share)  # a share of the whole ask, not of the last share
        x, over = _traced(sample, steps(smaller))
        if not honoured(x):
            break
        eased = smaller
        if over <= BUDGET:
            return eased

    def going(x: np.ndarray, axes) -> list:
        return [(a, way) for a, way in axes if _moved(tones(x), source, a, way, 1e-3)]

    kept = going(_traced(sample, steps(eased))[0], asked)

    def over(k: dict) -> float:  # a cut that turns an asked axis the other way is no fit (math.inf)
        x, past = _traced(sample, steps(k))
        return past if len(going(x, kept)) == len(kept) else math.inf

    def spread(k: dict) -> float:
        return tones(_traced(sample, steps(k))[0])["contrast"]

    return _held(_as_curve(eased, plain, spread, over), plain, over) or eased


def _as_curve(lk: dict, plain: list[str], spread, over) -> dict:
    """The look with its plainly asked firmer contrast as the least curve that spreads the tones as far as its line
    (CURVE_GAINS), when that clips less; else as it is.

    Why the least: a stronger curve also pulls colours that more saturation pushed to the ends back in with its
    shoulders, so picked by clipping alone the curve went to its largest amount (3x the asked punch)."""
    if "contrast" not in plain or lk.get("contrast", 0) <= 0 or lk.get("soft_contrast"):
        return lk
    line, candidate = spread(lk), lk
    for gain in CURVE_GAINS:
        candidate = {**lk, "contrast": round(min(CURVE_MOST, lk["contrast"] * gain), 3), "soft_contrast": True}
        if spread(candidate) >= line:
            break
    return candidate if over(candidate) < over(lk) else lk


def _curved(lk: dict, plain: list[str], asked: dict, traced, short) -> dict | None:
    """The look with its asked firmer contrast as a curve with soft shoulders (`curve`), at the least amount that still
    moves every asked axis the asked way and within the budget, at the whole ask's other amounts or, when they clip
    too, at a share of the plain ones (ASKED_SHARES); None when no curve fits.

    Why: the straight line through mid-grey crushed a dark photo's blacks for its "punchier", and the guard then
    took the whole contrast back. A curve keeps black and white; its punch sits in the midtones only, so it takes
    a larger amount (CURVE_GAINS) for the same overall move."""
    if asked.get("contrast", 0) <= 0 or lk.get("contrast", 0) <= 0:
        return None
    for share in (1.0, *(ASKED_SHARES if plain else ())):
        base = _scaled(lk, plain, share) if share < 1.0 else lk
        for gain in CURVE_GAINS:
            candidate = {**base, "contrast": round(min(CURVE_MOST, base["contrast"] * gain), 3), "soft_contrast": True}
            x, over = traced(candidate)
            if over > BUDGET:
                break  # more curve clips no less: a smaller share of the rest next
            missing = short(x)
            if not missing:
                return candidate
            if "contrast" not in missing:  # another ask falls short (colour): no curve gives it, nor a smaller share
                return None
    return None


def _held(lk: dict, plain: list[str], over) -> dict | None:
    """The look with the plain asks that still clip cut, a step at a time (`_cuts`: the gentlest try that fits the
    budget, else the one that clips least, as long as that clips less), until within the budget; None when cutting
    every plain ask leaves it over (then what clips is a strong ask or the photo: the guard's to judge).

    Why: a plain ask that clips even at half its amount was left for the guard, which then removed it whole (two
    revisions on a dark photo, each a re-run and a re-measure, ~10 ms). Cut here on the pixel sample (~0.3 ms a
    try), the variation keeps whatever share of each ask the photo takes, and "warmer" is not lost with "punchier"."""
    held = dict(lk)
    for _ in range(3 * len(plain) + 1):
        now = over(held)
        if now <= BUDGET:
            cut = [
                a
                for a in plain
                if held.get(a) != lk.get(a) or (a == "bright" and held.get("expose") != lk.get("expose"))
            ]
            return {**held, "held": tuple(cut)}
        best = next((b for b in map(_best, _cuts(held, plain), repeat(over)) if b and b[0] < now - 0.05), None)
        if best is None:
            return None
        held = best[1]
    return None


def _cuts(lk: dict, plain: list[str]) -> Iterator[list[dict]]:
    """What `_held` tries, in tiers, gentlest first: a brightening all midtone lift, or one ask halved; all of them
    halved (two asks crushing the same pixels clear only when both give way); one ask dropped; all of them dropped.
    (A line's contrast was made a curve before, `_as_curve`.)"""
    up = [a for a in plain if lk.get(a)]  # a darkening crushes as a brightening burns
    # a brightening's exposure part moved into its midtone lift, which keeps white (planner.py: EXPOSE_SHARE)
    lifted = [{**lk, "expose": 0.0}] if "bright" in up and lk.get("expose") else []
    yield lifted + [_scaled(lk, [a], 0.5) for a in up]
    for share in (0.5, 0.0):
        if share == 0.0:
            yield [_scaled(lk, [a], 0.0) for a in up]
        if len(up) > 1:
            yield [_scaled(lk, up, share)]


def _best(tries: list[dict], over) -> tuple[float, dict] | None:
    """The gentlest try within the budget (the first: the rest are not traced), else the one that clips least."""
    least = None
    for t in tries:
        past = over(t)
        if past <= BUDGET:
            return past, t
        if least is None or past < least[0]:
            least = (past, t)
    return least


def _traced(sample: PixelSample, steps: list[dict]) -> tuple[np.ndarray, float]:
    """(the plan's pixels on the sample, the most points of any kind it clips beyond the photo's own), counting a
    pixel a step clipped even when a later one lifts it off the end (a closing tint over crushed shadows)."""
    x, now = sample.trace(steps)
    return x, max(now[k] - sample.base[k] for k in now)


def _scaled(lk: dict, axes: list[str], share: float) -> dict:
    """The look with its amounts on `axes` (and the exposure part of a brightening) scaled by `share` (an amount
    below FAINT is none: a step no one would see)."""
    out = dict(lk)
    for axis in axes:
        out[axis] = round(lk[axis] * share, 3) if abs(lk[axis] * share) >= FAINT else 0.0
    if "bright" in axes and lk.get("expose"):
        out["expose"] = round(lk["expose"] * share, 3)
    return out
