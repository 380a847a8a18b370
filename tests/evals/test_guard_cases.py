"""The quality guard on the offline planner's plans (tests/evals/guard.jsonl): after it, no variation clips
highlights, shadows or colours that its source did not, none ends worse than planned by its own score, and
where the cases say so none is left a near-duplicate of another."""

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from imagelab.core import execute
from imagelab.core.codec import shrink
from imagelab.core.guard import Rerun, run_guard
from imagelab.core.normalize import normalize_plan
from imagelab.core.simulate import PixelSample
from imagelab.core.verify import CLIP_MARGIN
from imagelab.rules.planner import plan_variations

CASES = [json.loads(line) for line in (Path(__file__).parent / "guard.jsonl").read_text().splitlines() if line]
CLIPPING = ("burnt to white", "crushed to black", "clipped colours")


def photo(kind: str, w=640, h=427) -> Image.Image:
    """A synthetic photo: detailed, nothing clipped; bright, dark, colourful, mid-toned, a night or a snow scene."""
    rng = np.random.default_rng(4)
    y, x = np.mgrid[0:h, 0:w] / max(w, h)
    level, colour = {
        "bright": (190, 18),
        "dark": (55, 15),
        "colourful": (128, 70),
        "mid": (125, 30),
        "night": (14, 5),  # nearly black: a look's contrast crushes it, its closing tint would hide that
        "snow": (232, 6),  # nearly white
    }[kind]
    grey = level + 0.25 * level * np.sin(9 * x) * np.cos(6 * y) + rng.normal(0, 4, (h, w))
    hue = 2 * np.pi * (x + 0.6 * y)
    rgb = np.stack([grey + colour * np.cos(hue + k * 2 * np.pi / 3) for k in range(3)], axis=-1)
    return Image.fromarray(np.clip(rgb, 3, 252).round().astype(np.uint8))


def guarded(case: dict):
    image = photo(case["photo"])
    raw = plan_variations(case["text"], image_size=image.size, max_side=2048)
    plans = [[o.model_dump() for o in v.operations] for v in normalize_plan(raw, image_size=image.size).variations]
    previews = [None] * len(plans)

    def on_step(r):
        if r.step == len(plans[r.variation]) - 1:
            previews[r.variation] = r.image

    execute.execute(image, plans, on_step=on_step)

    def rerun(vi, operations, start):
        held = []
        result = execute.rerun_variation(image, operations, start, vi, on_step=held.append)
        return Rerun(held[-1].image if held else shrink(result.image, 640), result)

    return run_guard(shrink(image, 640), previews, plans, rerun=rerun, accept=lambda *a: None, max_revisions=2)


def _twin(outcome) -> bool:
    return outcome.report is not None and any(i.kind == "near_duplicate" for i in outcome.report.issues)


@pytest.mark.parametrize("case", CASES, ids=[f"{c['photo']}: {c['text']}" for c in CASES])
def test_it_leaves_no_new_clipping_and_never_makes_a_variation_worse(case):
    outcomes = guarded(case)
    flagged = any(o.revisions or not o.report.ok for o in outcomes)
    if "flagged" in case["expect"]:
        assert flagged == case["expect"]["flagged"]
    left = [(o.variation, i) for o in outcomes for i in o.as_log()["issues"] if any(w in i for w in CLIPPING)]
    assert bool(left) == case["expect"]["clipping_left"], left
    if "twins_left" in case["expect"]:  # each told apart from the others by a step measured on it
        twins = [(o.variation, o.report.figures["nearest_ssim"]) for o in outcomes if _twin(o)]
        assert bool(twins) == case["expect"]["twins_left"], twins
    for o in outcomes:
        first = o.revisions[0]["before"]["score"] if o.revisions else o.report.score
        assert o.report.score <= first
    # apart from the guard's own report: what a step of each plan clipped and a later step lifted off the end
    # again (a tint over crushed shadows: the preview shows no pixel at 0), on the source's pixel sample
    image = photo(case["photo"])
    sample = PixelSample(shrink(image, 640), working_size=image.size)
    for o in outcomes:
        assert max(sample.hidden(o.operations).values()) <= CLIP_MARGIN, (o.variation, o.operations)
