"""The quality guard's loop (seed 003): verify -> propose edits -> apply -> re-run -> verify, per variation.

Pure: no Django, no I/O. The caller injects how a revised plan re-runs (`rerun`), who proposes edits
(`propose`: the rule reviser or a model, validated by the same applier) and what happens to a revision that
measured better (`accept`: store and stream it). A revision is kept only when its score (the verifier's own
measure) is strictly lower: the guard never makes a variation worse. It stops when the report is clean, when
no edit applies, when a revision is no better, or after `max_revisions` kept revisions.
Variations are checked in order, so a near-duplicate is judged against the earlier variations as they stand.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from PIL import Image
from pydantic import TypeAdapter

from imagelab.core import ops
from imagelab.core.guard_curve import soft_shoulders
from imagelab.core.guard_rules import PUSHES, framing, rule_edits
from imagelab.core.guard_sharpen import sharpen_pull
from imagelab.core.plans import Operation
from imagelab.core.revise import Applied, apply_edits
from imagelab.core.separate import Tendency, measure_apart
from imagelab.core.simulate import PixelSample
from imagelab.core.verify import Clipping, Look, Report, clipping, headroom, verify


@dataclass
class Rerun:
    """A revised variation that ran: its final at preview size, plus whatever the caller needs to keep it."""

    preview: Image.Image
    payload: Any = None  # e.g. the held step results and the final image
    before: Callable[[int], tuple[Image.Image, float] | None] | None = None  # as `Look.before`, for its plan


@dataclass
class Outcome:
    """What the guard did to one variation: its plan now, the last report, and the iterations log."""

    variation: int
    operations: list[dict]
    report: Report | None
    revisions: list[dict] = field(default_factory=list)
    note: str = ""  # why it was not checked or not revised, in plain words

    def as_log(self) -> dict:
        """The stored form: {variation, ok, score, issues, note, revisions: [{iteration, verdict, ...}]}."""
        r = self.report
        return {
            "variation": self.variation,
            "ok": r.ok if r else None,
            "score": r.score if r else None,
            "figures": r.figures if r else {},
            "issues": [i.detail for i in r.issues] if r else [],
            "note": self.note,
            "revisions": self.revisions,
        }


_STEPS = TypeAdapter(list[Operation])  # built once: a TypeAdapter builds its validator (~1 ms) each time it is made
Propose = Callable[[Report, list[dict]], list[Any]]  # (report with the rule edits, plan) -> edits to apply
RerunFn = Callable[[int, list[dict], int], Rerun]
Accept = Callable[[int, Applied, Rerun, dict], None]


def _iteration(n: int, verdict: str, report: Report, applied: Applied | None, after: Report | None) -> dict:
    return {
        "iteration": n,
        "verdict": verdict,
        "issues": [i.detail for i in report.issues],
        "edits": applied.applied if applied else [],
        "ignored": applied.ignored if applied else [],
        "before": report.figures,
        "after": after.figures if after else None,
    }


def _measure_apart(
    report: Report, look: Look, earlier: dict[int, Look], source: Clipping, reference: Tendency | None, planned: Look
) -> None:
    """A near-duplicate's issue gets the steps sized to tell it apart, when they part it further (`planned`: the
    variation's preview before any revision, whose look the steps keep to); else the contrast rule's sizing."""
    for issue in (i for i in report.issues if i.kind == "near_duplicate"):
        twin = earlier[issue.other]
        others = [twin] + [o for j, o in sorted(earlier.items()) if j != issue.other and o.size == look.size]
        found = measure_apart(look, others, source, reference, Tendency.of(planned.full()))
        if found is not None and found[1] < issue.amount:
            issue.apart, issue.apart_ssim = _STEPS.validate_python(found[0]), found[1]
        else:  # no step parts it further: what the contrast rule sizes its step with (only then: ~1 ms)
            issue.headroom, issue.windows = headroom(look.image, look.clipping(), source), look.windows()


def _ran(rerun: RerunFn, vi: int, applied: Applied, check, n: int) -> tuple[Rerun, Look, Report]:
    """The revised plan re-run from its first changed step, its preview, and its report."""
    ran = rerun(vi, applied.operations, applied.first_changed)
    look = Look(ran.preview)
    look.before = ran.before
    return ran, look, check(look, applied.operations, n)


def _joined(first: Applied, then: Applied) -> Applied:
    """Two revisions applied one after the other as one: the plan `then` ends with, every edit of both; it re-runs
    from the first step either changed (the steps before both are the plan's as it stood)."""
    return Applied(
        operations=then.operations,
        applied=first.applied + then.applied,
        ignored=first.ignored + then.ignored,
        first_changed=min(first.first_changed, then.first_changed),
    )


def framed_source(
    look: Look, operations: list[dict], source: Clipping, memo: dict[str, Clipping] | None = None
) -> Clipping:
    """The source's clipping as the plan frames it: its picture after the plan's leading resize and crop steps,
    when the caller kept it (`Look.before`), else the whole source's.

    Why: a crop holding more of the photo's dark part put more of its pixels at 0 than the whole photo has, and
    was flagged as crushing shadows that no step had crushed ("crop it square" on scikit-image's coffee: 1.6 %,
    'no edit could fix it'); the steps' clipping is what the guard answers for."""
    n = framing(operations)
    # only a cut changes what is in the frame: the rule planner opens every plan with a resize that keeps it all,
    # and counting that picture's clipping cost ~0.5 ms a variation for the source's own figures
    cut = any(o["op"] == "crop" or (o["op"] == "resize" and o["params"].get("fit") == "cover") for o in operations[:n])
    if not cut or look.before is None:
        return source
    # five variations cropped alike ("crop it square") frame the source alike: counted once (`memo`)
    key = json.dumps(operations[:n], sort_keys=True)
    if memo is not None and key in memo:
        return memo[key]
    kept = look.before(n)
    framed = clipping(kept[0]) if kept is not None else source
    if memo is not None:
        memo[key] = framed
    return framed


def _frames_only(operations: list[dict]) -> bool:
    """Whether every step only frames the photo (resize, crop, flip): no pixel value can clip anew."""
    return framing(operations) == len(operations)


def guard_variation(
    vi: int,
    operations: list[dict],
    preview: Look,
    source: Clipping,
    earlier: dict[int, Look],
    *,
    plans: list[list[dict]] | None = None,
    propose: Propose | None = None,
    rerun: RerunFn,
    accept: Accept,
    max_revisions: int,
    stopped: Callable[[], bool] = lambda: False,
    sample: PixelSample | None = None,
    reference: Tendency | None = None,
    memo: dict[str, Clipping] | None = None,
) -> tuple[Outcome, Look]:
    """Verify one variation and revise it up to `max_revisions` times; (outcome, its preview as it ends).

    Every report a revision may follow carries the rule reviser's edits; `propose` (default: take those)
    decides what is applied. `sample`: the source's pixels, which size the reviser's clipping pulls;
    `reference`: the source preview's tendency, whose look a near-duplicate's separating step keeps to (separate.py);
    `memo`: the source's clipping by framing steps, shared by the variations of one guard run.
    """

    generative = any(o["op"] == ops.AI_OP for o in operations)
    # A plan that only frames the photo ("just crop it square") shows the source's own pixels: its clipping is the
    # framed source's by construction, so neither is counted twice (~3 ms a variation on a 0.3 MP photo).
    source = preview.clipping() if _frames_only(operations) else framed_source(preview, operations, source, memo)
    planned = preview  # as first run: what a separating step keeps to (`preview` moves on with revisions)

    def check(look: Look, steps: list[dict], n: int) -> Report:
        # a report no revision can follow (measure only, the last allowed one) needs no edits nor their sizing
        revisable = n < max_revisions and not generative
        # what a step clipped and a later one hid: the sample sees it, the preview cannot (~0.2 ms a plan)
        hidden = sample.hidden(steps) if sample is not None and not _frames_only(steps) else None
        report = verify(vi, look, steps, source, earlier, sizing=False, hidden=hidden)
        if revisable:
            _measure_apart(report, look, earlier, source, reference, planned)
        clips = [i for i in report.issues if i.kind in PUSHES] if revisable and look.before else []
        # every clipping answered at once: a closing sharpen eased on its picture, else contrast given soft shoulders
        sharp = sharpen_pull(clips, steps, look.before, source, sample) if clips else None
        whole = sharp or (soft_shoulders(clips, steps, sample) if clips else None)
        report.edits = rule_edits(report, steps, plans, sample, whole) if revisable else []
        return report

    propose = propose or (lambda report, _steps: list(report.edits))
    report = check(preview, operations, 0)
    out = Outcome(vi, operations, report)
    if generative:
        out.note = "not revised: it has a generative step"
        return out, preview
    n = 0
    while not report.ok and n < max_revisions and not stopped():
        n += 1
        applied = apply_edits(out.operations, propose(report, out.operations))
        if not applied.applied or applied.first_changed is None:
            out.revisions.append(_iteration(n, "no_edits", report, applied, None))
            break
        ran, look, after = _ran(rerun, vi, applied, check, n)
        since = report  # what the next entry's figures start from
        if after.score >= report.score and after.edits and n < max_revisions and not stopped():
            # it fixed what it was for and left something else (a crush pulled, the look now a twin): its own
            # report's edits on top, one more revision, kept only if the two together measure better
            onward = apply_edits(applied.operations, propose(after, applied.operations))
            if onward.applied and onward.first_changed is not None:
                out.revisions.append(_iteration(n, "continued", report, applied, after))
                n, since, applied = n + 1, after, _joined(applied, onward)
                ran, look, after = _ran(rerun, vi, applied, check, n)
        if after.score >= report.score:  # never worse than the plan as it stood before these re-runs
            out.revisions.append(_iteration(n, "kept", since, applied, after))
            break
        entry = _iteration(n, "revised", since, applied, after)
        out.revisions.append(entry)
        accept(vi, applied, ran, entry)
        out.operations, report, preview = applied.operations, after, look
    out.report = report
    return out, preview


def run_guard(
    source_preview: Image.Image,
    previews: list[Image.Image | Look | None],
    plans: list[list[dict]],
    *,
    propose: Propose | None = None,
    rerun: RerunFn,
    accept: Accept,
    max_revisions: int,
    stopped: Callable[[], bool] = lambda: False,
    settled: Callable[[int, list[dict]], None] | None = None,
    working_size: tuple[int, int] | None = None,
) -> list[Outcome]:
    """Guard every variation that finished (a preview, or its Look already measured); the rest get a note.

    `settled(variation, operations)` is called as soon as a variation's plan is final (checked, revised or
    not checked), so the caller can render its final while the guard goes on with the next ones. `working_size`:
    the picture the plans' pixel params refer to (`source_preview` is a reduced copy), so crops are followed
    when clipping pulls are sized. Variations
    of different sizes are guarded concurrently (callbacks then come from several threads).
    """
    source_look = Look(source_preview)
    source = source_look.clipping()
    reference = Tendency.of(source_look.full()) if max_revisions else None
    # also when measuring only: what a step clipped and a later one hid is found on it (`hidden`)
    sample = PixelSample(source_preview, working_size=working_size)
    current = [list(p) for p in plans]
    looks = [p if p is None or isinstance(p, Look) else Look(p) for p in previews]
    outcomes: list[Outcome | None] = [None] * len(looks)
    framings: dict[str, Clipping] = {}  # the source's clipping as each plan's framing steps frame it

    def chain(variations: list[int]) -> None:
        done: dict[int, Look] = {}  # the chain's variations as they end: what a later one is compared with
        for vi in variations:
            if looks[vi] is None or stopped():
                outcomes[vi] = Outcome(vi, current[vi], None, note="not checked: it did not finish")
            else:
                out, final = guard_variation(
                    vi,
                    current[vi],
                    looks[vi],
                    source,
                    dict(done),
                    plans=current,
                    propose=propose,
                    rerun=rerun,
                    accept=accept,
                    max_revisions=max_revisions,
                    stopped=stopped,
                    sample=sample,
                    reference=reference,
                    memo=framings,
                )
                current[vi] = out.operations
                done[vi] = final  # its measurements, made once, serve every later comparison
                outcomes[vi] = out
            if settled:
                settled(vi, current[vi])

    # Only same-size variations are compared (near-duplicates), so each size's variations form a chain that
    # depends on no other: a cropped one is guarded alongside the rest, on its own thread, with the same result
    # as in turn, and its final starts sooner. Unfinished ones are a group of their own (nothing to compare).
    chains: dict[tuple[int, int] | None, list[int]] = {}
    for vi, look in enumerate(looks):
        chains.setdefault(None if look is None else look.size, []).append(vi)
    groups = list(chains.values())
    if len(groups) == 1:
        chain(groups[0])
    else:
        with ThreadPoolExecutor(max_workers=len(groups), thread_name_prefix="imagelab-guard") as pool:
            for f in [pool.submit(chain, g) for g in groups]:
                f.result()  # a chain that broke breaks the guard, as in turn
    return [o for o in outcomes if o is not None]
