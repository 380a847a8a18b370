"""The image lab's planner tools parse untrusted model output: a bad call is refused for a re-ask, never a crash."""

import pytest

from chatapp.planner.tools import ToolArgumentsError
from imagelab.planning import assess_quality_tool


@pytest.mark.parametrize("raw", ["[" * 100_000 + "]" * 100_000, '{"plan": ' + "9" * 5000 + "}"])
def test_it_refuses_assess_quality_arguments_json_cannot_hold(raw):
    with pytest.raises(ToolArgumentsError, match="not valid JSON"):
        assess_quality_tool(has_reference=False).parse(raw)
