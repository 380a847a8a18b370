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

from collections.abc import Callable
from typing import Annotated, Literal

import numpy as np
from PIL import Image
from pydantic import BaseModel, ConfigDict, Field

from imagelab.core import quality
from imagelab.core.plans import BOUNDS, Operation
from imagelab.core.ssim import WINDOW, Windows, ssim

CLIP_MARGIN = 0.5  # percentage points of newly clipped pixels tolerated
DUPLICATE_SSIM = 0.97  # two variations this alike are one choice shown twice
COMPARE_SIDE = 160  # colour SSIM is taken on previews reduced to this (~1.5 ms a pair; at 640 px ~40 ms)
COLOUR_GAP = 64  # a clipped channel this far from another one is a clipped colour, not white/black
PINNED_WEIGHT = 0.5  # score of one pinned parameter (a clipping issue scores its percentage points)

# Parameters whose bound is not their neutral value: sitting on it means the planner wanted more.
NEUTRAL: dict[tuple[str, str], float] = {
    ("brightness", "value"): 1.0,
    ("contrast", "value"): 1.0,
    ("curve", "value"): 1.0,
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
    spread: list[float] | None = None  # near_duplicate: each earlier same-size variation's contrast over this one's
    headroom: float | None = None  # near_duplicate: the firmest contrast factor on it that keeps clear of clipping
    windows: list[list[float]] | None = None  # near_duplicate: a sample of its SSIM windows' [mean, variance]
    apart: list[Operation] | None = None  # near_duplicate: the steps sized to tell it apart (separate.py)
    apart_ssim: float | None = None  # near_duplicate: its nearest SSIM to the earlier variations with them


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

    Counted on contiguous uint8 channel planes (Pillow's `split`): numpy's comparisons and reductions on the
    interleaved (H, W, 3) array's strided views cost ~3 ms a preview, on the planes ~0.5 ms in all.
    """
    if isinstance(image, Image.Image):
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        r, g, b = (np.asarray(c) for c in rgb.split())
    else:
        arr = quality.as_array(image)
        r, g, b = (np.ascontiguousarray(arr[..., i]) for i in range(3))
    n = max(1, r.size)
    hi, lo = np.maximum(np.maximum(r, g), b), np.minimum(np.minimum(r, g), b)
    colour_clipped = ((hi - lo) >= COLOUR_GAP) & ((hi == 255) | (lo == 0))  # hi >= lo: no uint8 wrap-around
    return Clipping(
        highlights=max(np.count_nonzero(c == 255) for c in (r, g, b)) * 100.0 / n,
        shadows=max(np.count_nonzero(c == 0) for c in (r, g, b)) * 100.0 / n,
        saturation=np.count_nonzero(colour_clipped) * 100.0 / n,
    )


class Look:
    """A preview prepared for the verifier: its measurements are made once and reused by every check and pair
    (the guard keeps the Look of each variation as it stands)."""

    def __init__(self, image: Image.Image):
        self.image = image if image.mode == "RGB" else image.convert("RGB")
        self.size = self.image.size
        self._full: np.ndarray | None = None
        self._windows: Windows | None = None
        self._clip: Clipping | None = None
        self._contrast: float | None = None
        # the picture a step of its plan ran on and that picture's preview-to-working scale, when the caller kept
        # them (staged.Track.before): the rule reviser sizes a closing sharpen on it
        self.before: Callable[[int], tuple[Image.Image, float] | None] | None = None

    def _reduced(self, side: int) -> Image.Image:
        # Pillow's `reducing_gap`: whole blocks averaged first (`Image.reduce`), then the rest: ~4x faster than
        # one box resample from 640 px, SSIM within 0.002 of it (tests/imagelab/core/test_verify_measurements.py)
        k = min(1.0, side / max(self.size))
        size = (max(1, round(self.size[0] * k)), max(1, round(self.size[1] * k)))
        return self.image.resize(size, Image.Resampling.BOX, reducing_gap=1.0)

    def full(self) -> np.ndarray:
        """The RGB pixels at COMPARE_SIDE (float)."""
        if self._full is None:
            self._full = np.asarray(self._reduced(COMPARE_SIDE), dtype=np.float32)
        return self._full

    def ssim_windows(self) -> Windows:
        """Its SSIM windows at COMPARE_SIDE, made once for every comparison."""
        if self._windows is None:
            self._windows = Windows(self.full())
        return self._windows

    def measured(self, windows: bool = True) -> Look:
        """Itself with its own measurements made (clipping; SSIM windows when it will be compared), e.g. on the
        worker that made it, so the guard's thread finds them ready."""
        self.clipping()
        if windows and min(self.full().shape[:2]) >= WINDOW:
            self.ssim_windows()
        return self

    def clipping(self) -> Clipping:
        """Its clipped fractions, counted once."""
        if self._clip is None:
            self._clip = clipping(self.image)
        return self._clip

    def windows(self, per_channel: int = 32) -> list[list[float]]:
        """A stride sample of its SSIM windows' [mean, variance] (7 px, as scikit-image's SSIM takes them).

        SSIM's constants damp its contrast term where a window is flat, and a contrast curve through mid-grey
        also moves the windows' means: a step sized without them fell short on smooth pictures (a second
        revision) and overshot on photos with dark or bright areas.
        """
        w = self.ssim_windows()
        found = []
        for mean, var in zip(w.mean, w.var, strict=True):
            mean, var = mean.ravel(), var.ravel()
            step = max(1, mean.size // per_channel)
            found += [
                [round(float(m), 1), round(max(float(v), 0.0), 1)]
                for m, v in zip(mean[::step], var[::step], strict=True)
            ]
        return found

    def contrast(self) -> float:
        """Its contrast: the pixels' standard deviation at COMPARE_SIDE (what SSIM's contrast term scales with)."""
        if self._contrast is None:
            self._contrast = max(float(self.full().std()), 1e-6)
        return self._contrast


def similarity(a: Look, b: Look) -> float | None:
    """SSIM of two previews (None when their sizes differ: not duplicates).

    Colour SSIM (averaged over R, G, B) of the two reduced to COMPARE_SIDE, as scikit-image's `channel_axis`
    computes it (`ssim`), from each preview's windows made once.
    """
    if a.size != b.size or min(a.full().shape[:2]) < WINDOW:  # SSIM needs its 7 px window
        return None
    return ssim(a.ssim_windows(), b.ssim_windows())


HEADROOM_STEP, HEADROOM_MAX = 0.01, 2.0


def headroom(image: Image.Image, clip: Clipping, source: Clipping) -> float:
    """The largest contrast factor (>= 1, through mid-grey as `ops.contrast`) that keeps this picture's new
    clipping within half of CLIP_MARGIN, read from its channel histograms (no pixel pass).

    Highlights and shadows are counted exactly per channel; clipped colours are bounded by the current ones plus
    every newly clipped channel value (a colour clips only where a channel does). Half the margin: later steps
    of the plan (saturation, a warm curve) push the stretched values a little further.
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    hist = np.asarray(rgb.histogram(), dtype=np.int64).reshape(3, 256)
    n = max(1, int(hist[0].sum()))
    below = np.cumsum(hist, axis=1)  # below[c, p]: pixels of channel c at or under p
    now = hist[:, 255] + hist[:, 0]
    factors = np.arange(1.0 + HEADROOM_STEP, HEADROOM_MAX + 1e-9, HEADROOM_STEP)
    # rint(127.5 + v (p - 127.5)) reaches 255 from p >= 127.5 + 127 / v and 0 up to p <= 127.5 - 127 / v;
    # every factor at once (channels x factors): the walk one factor at a time cost ~0.5 ms a report
    hi = n - below[:, np.ceil(127.5 + 127.0 / factors).astype(int) - 1]
    lo = below[:, np.floor(127.5 - 127.0 / factors).astype(int)]
    new_hi = hi.max(axis=0) * 100.0 / n - source.highlights
    new_lo = lo.max(axis=0) * 100.0 / n - source.shadows
    new_sat = clip.saturation + np.maximum(hi + lo - now[:, None], 0).sum(axis=0) * 100.0 / n - source.saturation
    over = np.flatnonzero(np.maximum(np.maximum(new_hi, new_lo), new_sat) > max(CLIP_MARGIN / 2, 0.0))
    fits = over[0] if over.size else factors.size  # the factors before the first that clips too much
    return round(float(factors[fits - 1]), 2) if fits else 1.0


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
    sizing: bool = True,
    hidden: dict[str, float] | None = None,
) -> Report:
    """Measure one variation's preview against its source's clipping and the earlier variations' previews.

    `sizing`: a near-duplicate also carries what a reviser sizes its step with (the contrast headroom, a
    sample of SSIM windows); without it (no revision will follow) those two measurements are not made.
    `hidden`: points of each kind a step clipped and a later one lifted off the end (`guard.hidden`), counted too.
    """
    clip, hidden = preview.clipping(), hidden or {}
    new = {
        "highlights": clip.highlights - source.highlights + hidden.get("highlights", 0.0),
        "shadows": clip.shadows - source.shadows + hidden.get("shadows", 0.0),
        "saturation": clip.saturation - source.saturation + hidden.get("saturation", 0.0),
    }
    words = {"highlights": "burnt to white", "shadows": "crushed to black", "saturation": "clipped colours"}
    issues = [
        Issue(
            kind=kind,
            amount=round(v, 2),
            detail=f"{v:.1f}% more pixels {words[kind]} than the source" + _hid(hidden, kind),
        )
        for kind, v in new.items()
        if v > CLIP_MARGIN
    ]
    nearest, twin, spread = None, None, []
    for j, other in sorted((earlier or {}).items()):
        s = similarity(preview, other)
        if s is not None:
            spread.append(round(other.contrast() / preview.contrast(), 4))
        if s is not None and (nearest is None or s > nearest):
            nearest, twin = s, j
    if nearest is not None and nearest > DUPLICATE_SSIM:
        issues.append(
            Issue(
                kind="near_duplicate",
                amount=round(nearest, 4),
                other=twin,
                spread=spread,
                headroom=headroom(preview.image, clip, source) if sizing else None,
                windows=preview.windows() if sizing else None,
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


def _hid(hidden: dict[str, float], kind: str) -> str:
    """Words for the share of a clipping that a later step lifted off the end, when it is material."""
    return (
        ", some lifted off it again by a later step (their detail is lost all the same)"
        if hidden.get(kind, 0.0) >= 0.1
        else ""
    )


def _severity(issue: Issue) -> float:
    if issue.kind == "pinned":
        return PINNED_WEIGHT
    if issue.kind == "near_duplicate":
        return 1.0 + (issue.amount - DUPLICATE_SSIM) * 100.0
    return issue.amount
