"""What a variation did, said step by step with its figures (imagelab/rules/plan_said.py)."""

import pytest

from imagelab.rules.plan_said import asks_what_was_done, plan_said

CHOSEN = {
    "label": "Vivid Deep Contrast",
    "applied": True,
    "operations": [
        {"op": "resize", "params": {"width": 451, "height": 451, "fit": "contain"}},
        {"op": "saturation", "params": {"value": 1.2}},
        {"op": "curve", "params": {"value": 1.3}},
        {"op": "temperature", "params": {"warm": False, "strength": 0.15}},
        {"op": "crop", "params": {"x": 10, "y": 0, "width": 300, "height": 300}},
        {"op": "rotate", "params": {"degrees": -2}},
    ],
}


def test_it_says_each_step_in_order_with_its_figure_leaving_out_the_opening_resize():
    said = plan_said(CHOSEN, 3)
    assert said.startswith("**Vivid Deep Contrast** (number 3) ran these steps, in order:")
    assert said.endswith(
        "1. more colour (×1.20)\n2. firmer contrast with soft shoulders (×1.30)\n3. cooler white balance (0.15)\n"
        "4. cropped to 300 × 300 px from (10, 0)\n5. rotated 2° counter-clockwise"
    )


def test_it_says_how_to_go_on_from_a_variation_not_in_use():
    assert "press **Use this** under it" in plan_said({**CHOSEN, "applied": False})


def test_it_says_a_plan_that_changed_nothing():
    assert plan_said({"label": "As Is", "operations": [CHOSEN["operations"][0]]}).endswith("no step changed it.")


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("what did you change in number 3?", True),
        ("how did you make number 2", True),
        ("what's different about the third one", True),
        ("which steps are in number 5", True),
        ("make it warmer", False),
        ("what is saturation?", False),
    ],
)
def test_it_reads_a_question_about_what_was_done(text, asks):
    assert asks_what_was_done(text) is asks
