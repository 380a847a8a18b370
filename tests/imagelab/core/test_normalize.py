"""normalize_plan reads the planner's untrusted plan_variations arguments: what JSON cannot hold is refused plainly."""

import pytest

from imagelab.core.normalize import NoVariations, normalize_plan


@pytest.mark.parametrize("raw", ["[" * 100_000 + "]" * 100_000, '{"variations": ' + "9" * 5000 + "}"])
def test_it_refuses_arguments_nested_too_deep_or_with_a_huge_number_as_not_json(raw):
    with pytest.raises(NoVariations, match="not valid JSON"):
        normalize_plan(raw, image_size=(640, 480))
