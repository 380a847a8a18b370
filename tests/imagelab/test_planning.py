"""The image lab's planner tools parse untrusted model output: a bad call is refused for a re-ask, never a crash."""

import pytest

from chatapp.planner.tools import ToolArgumentsError
from imagelab.planning import assess_quality_tool


@pytest.mark.parametrize("raw", ["[" * 100_000 + "]" * 100_000, '{"plan": ' + "9" * 5000 + "}"])
def test_it_refuses_assess_quality_arguments_json_cannot_hold(raw):
    with pytest.raises(ToolArgumentsError, match="not valid JSON"):
        assess_quality_tool(has_reference=False).parse(raw)


def test_it_gives_the_model_the_chosen_variations_steps_and_whether_they_are_applied():
    from imagelab.planning import planning_text

    ops = [{"op": "saturation", "params": {"value": 1.3}}]
    applied = planning_text(
        instruction="more", working_size=(800, 600), history=[], chosen={"label": "Vivid", "operations": ops}
    )
    assert '“Vivid”, made with the steps [{"op":"saturation","params":{"value":1.3}}]' in applied
    assert "not applied" in applied
    chosen = {"label": "Vivid", "operations": ops, "applied": True}
    assert "already applied" in planning_text(instruction="more", working_size=(800, 600), history=[], chosen=chosen)
    assert "Variation" not in planning_text(instruction="more", working_size=(800, 600), history=[])
