"""Once a job is stopped it makes no AI-edit call and starts no further variation."""

import pytest
from PIL import Image

from imagelab.core.execute import execute
from imagelab.jobrun import JobRun, Stopped


def test_it_makes_no_ai_call_and_starts_no_variation_once_stopped():
    run = JobRun(turn=None, job_id=0, plans=[], folder="jobs/x")
    calls = []
    ai = run.wrap_ai(lambda image, prompt: calls.append(prompt) or image)

    def on_step(result):
        run.cancel()  # the user pressed Stop right after the first step result
        raise Stopped("stopped")

    plans = (
        [[{"op": "brightness", "params": {"value": 1.1}}]]
        + [[{"op": "aiEdit", "params": {"prompt": f"p{i}"}}] for i in range(2)]
        + [[{"op": "contrast", "params": {"value": 1.1}}]] * 2
    )
    result = execute(Image.new("RGB", (256, 256)), plans, on_step=on_step, ai_edit=ai, workers=1, stopped=run.stopped)
    assert calls == []
    assert all(v.status == "failed" and v.errors[0]["error"] == "stopped" for v in result.variations[1:])
    with pytest.raises(Stopped):  # a variation already past the check still pays for nothing
        ai(Image.new("RGB", (8, 8)), "p9")
    assert calls == []
