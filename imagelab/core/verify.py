"""The quality guard's verifier: each variation measured against its source, issues found, typed edits proposed.

Pure: no Django. Everything is measured on the preview track (longest side 640, what the columns show), so the
guard costs little next to the job. Clipped fractions reuse `quality.clipped`; near-duplicates are scikit-image's
SSIM in colour (averaged over R, G, B) on the previews reduced to `COMPARE_SIDE`: on the seed's few-shot plans
the 160 px figure is within 0.005 of the 640 px one (slightly higher), at a twentieth of the cost.

Checks (percentages are percentage points of the picture's pixels, compared with the source):
- highlights: more than CLIP_MARGIN more pixels at 255 in any channel;
- shadows: more than CLIP_MARGIN more pixels at 0 in any channel;
- saturation: more than CLIP_MARGIN more *coloured* pixels with a channel at 0 or 255 (a channel clipped while
  another is at least COLOUR_GAP levels away from it: a colour pushed out of the gamut, not a white or black);
- near_duplicate: SSIM above DUPLICATE_SSIM with an earlier variation of the same size;
- pinned: a parameter at a bound of its range that is not its neutral value (the planner asked for more).
"""

from __future__ import annotations

from typing import Annotated, Literal

import numpy as np
from PIL import Image
from pydantic import BaseModel, ConfigDict, Field
from skimage.metrics import structural_similarity

from imagelab.core import quality
from imagelab.core.plans import BOUNDS, Operation

CLIP_MARGIN = 0.5  # percentage points of newly clipped pixels tolerated
DUPLICATE_SSIM = 0.97  # two variations this alike are one choice shown twice
COMPARE_SIDE = 160  # colour SSIM is taken on previews reduced to this (~1.5 ms a pair; at 640 px ~40 ms)
COLOUR_GAP = 64  # a clipped channel this far from another one is a clipped colour, not white/black
PINNED_WEIGHT = 0.5  # score of one pinned parameter (a clipping issue scores its percentage points)

# Parameters whose bound is not their neutral value: sitting on it means the planner wanted more.
NEUTRAL: dict[tuple[str, str], float] = {
    ("brightness", "value"): 1.0,
    ("contrast", "value"): 1.0,
    ("saturation", "value"): 1.0,
    ("levels", "gamma"): 1.0,
    ("levels", "black"): 0.0,
    ("levels", "white"): 255.0,
    ("tint", "strength"): 0.0,
    ("temperature", "strength"): 0.0,
    ("vignette", "strength"): 0.0,
    ("blur", "sigma"): 0.3,
    ("sharpen", "amount"): 0.0,
    ("sharpen", "radius"): 1.0,
    ("grain", "amount"): 0.0,
}

IssueKind = Literal["highlights", "shadows", "saturation", "near_duplicate", "pinned"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TuneParam(_Strict):
    """Set one numeric parameter of one step."""

    type: Literal["tune_param"] = "tune_param"
    op_index: int = Field(description="Index of the step in the variation's operations, from 0")
    param: str = Field(description="Name of the parameter, e.g. 'value', 'gamma', 'strength'")
    value: float = Field(description="The new value (must lie inside the parameter's range)")
    reason: str = Field(description="Why, in a few words, e.g. 'to keep the highlights'")


class RemoveOp(_Strict):
    """Remove one step."""

    type: Literal["remove_op"] = "remove_op"
    op_index: int = Field(description="Index of the step to remove, from 0")
    reason: str = Field(description="Why, in a few words")


class AddOp(_Strict):
    """Insert one step before position `index` (the number of steps appends it)."""

    type: Literal["add_op"] = "add_op"
    index: int = Field(description="Insert before this step index; the number of steps appends at the end")
    op: Operation = Field(description="The step: a local tone, colour or finish op (no geometry, no aiEdit)")
    reason: str = Field(description="Why, in a few words")


Edit = Annotated[TuneParam | RemoveOp | AddOp, Field(discriminator="type")]


class Issue(_Strict):
    """One problem the verifier found in a variation."""

    kind: IssueKind
    amount: float  # percentage points (clipping), SSIM (near_duplicate), the value (pinned)
    detail: str  # plain words
    op_index: int | None = None  # pinned: the step
    param: str | None = None  # pinned: the parameter
    other: int | None = None  # near_duplicate: the earlier variation it looks like


class Report(_Strict):
    """The verifier's verdict on one variation: its figures, its issues, and the edits that would fix them."""

    variation: int
    ok: bool
    score: float = Field(description="Badness by the guard's own measure; 0 is clean, lower is better")
    figures: dict[str, float | None]
    issues: list[Issue]
    edits: list[Edit] = Field(default_factory=list)


class Clipping(BaseModel):
    """Percent of pixels clipped: highest channel at 255, at 0, and clipped colours."""

    highlights: float
    shadows: float
    saturation: float


def clipping(image: Image.Image | np.ndarray) -> Clipping:
    """The clipped fractions of a picture (percent of its pixels), as `quality.clipped` counts them.

    Counted per channel plane: `quality.clipped`'s reductions over an (N, 3) array cost ~17 ms on a preview.
    """
    arr = quality.as_array(image)
    r, g, b = arr[..., 0], arr[..., 1], arr[..., 2]
    n = max(1, r.size)
    hi, lo = np.maximum(np.maximum(r, g), b), np.minimum(np.minimum(r, g), b)
    colour_clipped = ((hi - lo) >= COLOUR_GAP) & ((hi == 255) | (lo == 0))  # hi >= lo: no uint8 wrap-around
    return Clipping(
        highlights=max(np.count_nonzero(c == 255) for c in (r, g, b)) * 100.0 / n,
        shadows=max(np.count_nonzero(c == 0) for c in (r, g, b)) * 100.0 / n,
        saturation=np.count_nonzero(colour_clipped) * 100.0 / n,
    )


class Look:
    """A preview prepared for comparisons (its reduced float pixels, made once)."""

    def __init__(self, image: Image.Image):
        self.image = image if image.mode == "RGB" else image.convert("RGB")
        self.size = self.image.size
        self._full: np.ndarray | None = None

    def _reduced(self, side: int) -> Image.Image:
        k = min(1.0, side / max(self.size))
        return self.image.resize(
            (max(1, round(self.size[0] * k)), max(1, round(self.size[1] * k))), Image.Resampling.BOX
        )

    def full(self) -> np.ndarray:
        """The RGB pixels at COMPARE_SIDE (float)."""
        if self._full is None:
            self._full = np.asarray(self._reduced(COMPARE_SIDE), dtype=np.float32)
        return self._full


def similarity(a: Look, b: Look) -> float | None:
    """SSIM of two previews (None when their sizes differ: not duplicates).

    Colour SSIM (averaged over R, G, B) of the two reduced to COMPARE_SIDE.
    """
    if a.size != b.size or min(a.full().shape[:2]) < 7:  # SSIM needs its 7 px window
        return None
    return float(structural_similarity(a.full(), b.full(), data_range=255, channel_axis=2))


def pinned(operations: list[dict]) -> list[Issue]:
    """Parameters sitting on a bound of their range that is not their neutral value."""
    found = []
    for i, o in enumerate(operations):
        for key, value in (o.get("params") or {}).items():
            bounds, neutral = BOUNDS.get((o["op"], key)), NEUTRAL.get((o["op"], key))
            if bounds is None or neutral is None or isinstance(value, bool) or value is None:
                continue
            if float(value) in bounds and float(value) != neutral:
                found.append(
                    Issue(
                        kind="pinned",
                        amount=float(value),
                        op_index=i,
                        param=key,
                        detail=f"{o['op']} {key} is at the end of its range ({value:g})",
                    )
                )
    return found


def verify(
    variation: int,
    preview: Look,
    operations: list[dict],
    source: Clipping,
    earlier: dict[int, Look] | None = None,
) -> Report:
    """Measure one variation's preview against its source's clipping and the earlier variations' previews."""
    clip = clipping(preview.image)
    new = {
        "highlights": clip.highlights - source.highlights,
        "shadows": clip.shadows - source.shadows,
        "saturation": clip.saturation - source.saturation,
    }
    words = {"highlights": "burnt to white", "shadows": "crushed to black", "saturation": "clipped colours"}
    issues = [
        Issue(kind=kind, amount=round(v, 2), detail=f"{v:.1f}% more pixels {words[kind]} than the source")
        for kind, v in new.items()
        if v > CLIP_MARGIN
    ]
    nearest, twin = None, None
    for j, other in sorted((earlier or {}).items()):
        s = similarity(preview, other)
        if s is not None and (nearest is None or s > nearest):
            nearest, twin = s, j
    if nearest is not None and nearest > DUPLICATE_SSIM:
        issues.append(
            Issue(
                kind="near_duplicate",
                amount=round(nearest, 4),
                other=twin,
                detail=f"almost the same picture as variation {twin + 1} (SSIM {nearest:.3f})",
            )
        )
    issues += pinned(operations)
    figures = {
        "highlights_new": round(new["highlights"], 2),
        "shadows_new": round(new["shadows"], 2),
        "saturation_new": round(new["saturation"], 2),
        "nearest_ssim": None if nearest is None else round(nearest, 4),
        "pinned": float(sum(i.kind == "pinned" for i in issues)),
    }
    score = round(sum(_severity(i) for i in issues), 3)
    figures["score"] = score
    return Report(variation=variation, ok=not issues, score=score, figures=figures, issues=issues)


def _severity(issue: Issue) -> float:
    if issue.kind == "pinned":
        return PINNED_WEIGHT
    if issue.kind == "near_duplicate":
        return 1.0 + (issue.amount - DUPLICATE_SSIM) * 100.0
    return issue.amount
