"""The quality guard's loop (seed 003): verify -> propose edits -> apply -> re-run -> verify, per variation.

Pure: no Django, no I/O. The caller injects how a revised plan re-runs (`rerun`), who proposes edits
(`propose`: the rule reviser or a model, validated by the same applier) and what happens to a revision that
measured better (`accept`: store and stream it). A revision is kept only when its score (the verifier's own
measure) is strictly lower: the guard never makes a variation worse. It stops when the report is clean, when
no edit applies, when a revision is no better, or after `max_revisions` kept revisions.
Variations are checked in order, so a near-duplicate is judged against the earlier variations as they stand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from imagelab.core import ops
from imagelab.core.guard_rules import rule_edits
from imagelab.core.revise import Applied, apply_edits
from imagelab.core.verify import Clipping, Look, Report, clipping, verify


@dataclass
class Rerun:
    """A revised variation that ran: its final at preview size, plus whatever the caller needs to keep it."""

    preview: Image.Image
    payload: Any = None  # e.g. the held step results and the final image


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


def guard_variation(
    vi: int,
    operations: list[dict],
    preview: Image.Image,
    source: Clipping,
    earlier: dict[int, Look],
    *,
    plans: list[list[dict]] | None = None,
    propose: Propose | None = None,
    rerun: RerunFn,
    accept: Accept,
    max_revisions: int,
    stopped: Callable[[], bool] = lambda: False,
) -> tuple[Outcome, Image.Image]:
    """Verify one variation and revise it up to `max_revisions` times; (outcome, its preview as it ends).

    Every report carries the rule reviser's edits; `propose` (default: take those) decides what is applied.
    """

    def check(image: Image.Image, steps: list[dict]) -> Report:
        report = verify(vi, Look(image), steps, source, earlier)
        report.edits = rule_edits(report, steps, plans)
        return report

    propose = propose or (lambda report, _steps: list(report.edits))
    report = check(preview, operations)
    out = Outcome(vi, operations, report)
    if any(o["op"] == ops.AI_OP for o in operations):
        out.note = "not revised: it has a generative step"
        return out, preview
    n = 0
    while not report.ok and n < max_revisions and not stopped():
        n += 1
        applied = apply_edits(out.operations, propose(report, out.operations))
        if not applied.applied or applied.first_changed is None:
            out.revisions.append(_iteration(n, "no_edits", report, applied, None))
            break
        ran = rerun(vi, applied.operations, applied.first_changed)
        after = check(ran.preview, applied.operations)
        if after.score >= report.score:
            out.revisions.append(_iteration(n, "kept", report, applied, after))
            break
        entry = _iteration(n, "revised", report, applied, after)
        out.revisions.append(entry)
        accept(vi, applied, ran, entry)
        out.operations, report, preview = applied.operations, after, ran.preview
    out.report = report
    return out, preview


def run_guard(
    source_preview: Image.Image,
    previews: list[Image.Image | None],
    plans: list[list[dict]],
    *,
    propose: Propose | None = None,
    rerun: RerunFn,
    accept: Accept,
    max_revisions: int,
    stopped: Callable[[], bool] = lambda: False,
) -> list[Outcome]:
    """Guard every variation that finished (a preview); the rest get an outcome with a note."""
    source = clipping(source_preview)
    current = [list(p) for p in plans]
    done: dict[int, Look] = {}
    outcomes = []
    for vi, preview in enumerate(previews):
        if preview is None or stopped():
            outcomes.append(Outcome(vi, current[vi], None, note="not checked: it did not finish"))
            continue
        out, final = guard_variation(
            vi,
            current[vi],
            preview,
            source,
            dict(done),
            plans=current,
            propose=propose,
            rerun=rerun,
            accept=accept,
            max_revisions=max_revisions,
            stopped=stopped,
        )
        current[vi] = out.operations
        done[vi] = Look(final)
        outcomes.append(out)
    return outcomes
