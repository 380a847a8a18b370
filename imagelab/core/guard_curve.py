"""The guard's way to keep a plan's punch: a contrast step that crushes or burns becomes a soft-shouldered curve.

Pure: no Django, no I/O. Why: contrast is a straight line through mid-grey, so on a photo with deep blacks or
bright whites any firmer line crushes or burns them, and pulling it back until it stops (the clipping pulls)
took all of "punchier" away: on scikit-image's astronaut and coffee the guard removed contrast and saturation
and the five columns showed the photo as it was. A `curve` of the same value steepens the midtones as much and
keeps black and white where they are, so the plan keeps what it was for.
"""

from __future__ import annotations

from imagelab.core.guard_rules import (
    REASONS,
    UNSEEN_OPS,
    corrected,
    culprits,
    explained,
    pull_shares,
)
from imagelab.core.plans import BOUNDS
from imagelab.core.simulate import PixelSample
from imagelab.core.verify import CLIP_MARGIN, AddOp, Edit, Issue, RemoveOp

TONE_CLIPPING = ("highlights", "shadows")
GIVES_UP = 0.7  # a pull that would give back this share of a contrast step's punch or more: the curve keeps it instead


def soft_shoulders(clips: list[Issue], operations: list[dict], sample: PixelSample | None) -> list[Edit] | None:
    """Every firming contrast step that pushes towards the tone clipping found, swapped for a curve of the same
    value, when the pulls would give back at least GIVES_UP of one's punch and the sample predicts the swapped
    plan clears half the margin of every clipping found; else None (the usual pulls then). Only when the sample
    explains the measured figures, as the pulls require."""
    kinds = {i.kind for i in clips}
    if sample is None or not kinds & set(TONE_CLIPPING) or any(o["op"] in UNSEEN_OPS for o in operations):
        return None
    pushing = {i for kind in kinds & set(TONE_CLIPPING) for i, param in culprits(kind, operations) if param == "value"}
    firm = [i for i in sorted(pushing) if operations[i]["op"] == "contrast" and operations[i]["params"]["value"] > 1]
    if not firm:
        return None
    # a mild pull keeps most of the punch and says plainly what it changed ("contrast 1.30 -> 1.24"): it stays
    shares = pull_shares(clips, operations, sample)  # its traces are the sample's memo for the pulls that follow
    if shares is not None and all(shares.get((i, "value"), 0.0) < GIVES_UP for i in firm):
        return None
    if (seen := explained(clips, operations, sample)) is None:
        return None
    framed, predicted, unseen = seen
    low, high = BOUNDS[("curve", "value")]
    curves = {
        i: {"op": "curve", "params": {"value": min(high, max(low, operations[i]["params"]["value"]))}} for i in firm
    }
    after = sample.new([curves.get(i, o) for i, o in enumerate(operations)])
    if any(corrected(after[k] - framed[k], predicted[k], miss) > CLIP_MARGIN / 2 for k, miss in unseen.items()):
        return None
    reason = REASONS["shadows" if "shadows" in kinds else "highlights"]
    return [e for i in firm for e in (RemoveOp(op_index=i, reason=reason), AddOp(index=i, op=curves[i], reason=reason))]
