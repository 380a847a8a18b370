"""imagelab.reviser: what the model reviser is told about a variation."""

import json

from pydantic import TypeAdapter

from imagelab.core.plans import Operation
from imagelab.core.verify import Issue, Report
from imagelab.reviser import revision_text


def report(**apart) -> Report:
    issue = Issue(kind="near_duplicate", amount=0.99, other=0, detail="almost the same picture as variation 1", **apart)
    return Report(variation=1, ok=False, score=3.0, figures={"nearest_ssim": 0.99}, issues=[issue])


def test_it_tells_the_model_the_steps_sized_to_tell_a_near_duplicate_apart():
    steps = TypeAdapter(list[Operation]).validate_python([{"op": "contrast", "params": {"value": 0.85}}])
    told = json.loads(
        revision_text(report(apart=steps, apart_ssim=0.955), [{"op": "brightness", "params": {"value": 1.2}}])
    )
    assert told["separation"] == [{"steps": [{"op": "contrast", "params": {"value": 0.85}}], "predicted_ssim": 0.955}]
    assert told["problems"] == ["almost the same picture as variation 1"]


def test_it_gives_no_separation_when_none_was_sized():
    assert json.loads(revision_text(report(), []))["separation"] == []
