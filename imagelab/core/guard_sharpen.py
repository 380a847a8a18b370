"""The guard's pull of a closing sharpen that clips, sized on the picture it sharpens. Pure: no Django, no I/O."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from imagelab.core import arrays, ops
from imagelab.core.guard_rules import PUSHES, REASONS, culprits, ease, pull_shares, smallest
from imagelab.core.simulate import PixelSample
from imagelab.core.verify import CLIP_MARGIN, Clipping, Edit, Issue, clipping

# Shares of the amount given back that are tried (by bisection: ~5 tries of ~0.5 ms on a preview): finer than the
# clipping pulls' ladder, since each is measured rather than predicted
LADDER = tuple(round(0.05 * i, 2) for i in range(1, 21))


def sharpen_pull(
    clips: list[Issue],
    operations: list[dict],
    before: Callable[[int], tuple[Image.Image, float] | None],
    source: Clipping,
    sample: PixelSample | None = None,
) -> list[Edit] | None:
    """The plan's closing sharpen eased just enough, when it alone clips: tried on the picture it sharpens.

    Why: the pixel sample cannot see a sharpen (its overshoot depends on the neighbours), so its pull was a fixed
    half, then a quarter: two revisions, and the halo along dark edges still crushed 0.6-2.5 % of scikit-image's
    photos ("crop it square": a crisp, tighter crop). The unsharp mask's blurred copy is made once; each amount
    tried is one weighted sum of the preview, as the executor makes it (`arrays.sharpen`). When the steps before it
    clip as well, they are pulled as the sample sizes it on that picture's own figures (no sharpen in them: the
    sample explains them), and the sharpen adds at most a quarter of the margin to it. None when the picture was
    not kept, or the sample does not explain it (then every culprit gets the usual pulls)."""
    last = len(operations) - 1
    kept = before(last) if operations[last]["op"] == "sharpen" else None
    if kept is None:
        return None
    picture, scale = kept
    pixels = arrays.to_array(picture)
    # what the steps before it clipped and hid counts as theirs (a snow photo's contrast burnt 57 %, a darker
    # step lowered it off 255, and the closing sharpen was taken for the culprit)
    hidden = sample.hidden(operations[:last]) if sample is not None else {}
    base = _seen(clipping(pixels), hidden)
    edits: list[Edit] = []
    if not _clear(base, source) and any(culprits(i.kind, operations[:last]) for i in clips):
        edits = _pulls_before(operations[:last], base, source, sample)  # the steps before the sharpen clip too
        if edits is None:
            return None
        room = {kind: getattr(base, kind) + CLIP_MARGIN / 4 for kind in PUSHES}
    else:  # half the room the picture it sharpens leaves under the margin (a crop can use some of it: more of
        # the picture at 0 or 255, no step to pull), and at least half the margin
        room = {}
        for kind in PUSHES:
            was, now = getattr(source, kind), getattr(base, kind)
            room[kind] = max(was + CLIP_MARGIN / 2, (now + was + CLIP_MARGIN) / 2, now)
    params = ops.scale_params("sharpen", operations[last]["params"], scale)
    blurred = arrays.unsharp_base(pixels, radius=params["radius"])
    amount = float(operations[last]["params"]["amount"])

    def clears(share: float) -> bool:
        eased = round(amount * (1.0 - share), 2)
        clip = _seen(clipping(arrays.unsharp(pixels, blurred, eased) if eased else pixels), hidden)
        return all(getattr(clip, kind) <= v for kind, v in room.items())

    share = smallest(LADDER, clears) or 1.0
    worst = max(clips, key=lambda i: i.amount)
    return [*edits, ease(last, "amount", operations, REASONS[worst.kind], share)]


def _pulls_before(steps: list[dict], base: Clipping, source: Clipping, sample: PixelSample | None) -> list[Edit] | None:
    """The pulls of the steps before the sharpen, sized on the sample for what the picture it sharpens clips."""
    over = [k for k in PUSHES if getattr(base, k) - getattr(source, k) > CLIP_MARGIN / 2]
    clips = [Issue(kind=k, amount=round(getattr(base, k) - getattr(source, k), 2), detail="") for k in over]
    shares = pull_shares(clips, steps, sample) if sample is not None and clips else None
    if shares is None:
        return None
    reasons = {c: REASONS[k] for k in reversed(over) for c in culprits(k, steps)}  # the first kind it pushes
    return [ease(i, p, steps, reasons[(i, p)], s) for (i, p), s in shares.items() if s > 0]


def _seen(clip: Clipping, hidden: dict[str, float]) -> Clipping:
    """A picture's clipping with what its plan's steps clipped and hid added."""
    return Clipping(**{k: getattr(clip, k) + hidden.get(k, 0.0) for k in PUSHES})


def _clear(clip: Clipping, source: Clipping) -> bool:
    """Whether a picture's clipping is within half the margin of the source's, every kind."""
    return all(getattr(clip, k) - getattr(source, k) <= CLIP_MARGIN / 2 for k in PUSHES)
