"""The rule planner reads a rotation only when one is asked for (never from a percentage)."""

import pytest

from imagelab.rules import planner as rules


@pytest.mark.parametrize(
    ("text", "degrees"),
    [
        ("turn up the warmth 10%", None),
        ("turn it up 20%", None),
        ("turn the brightness down 30%", None),
        ("turn it into a 1970s film look", None),
        ("rotate it left 90 degrees", -90.0),
        ("rotate counter-clockwise by 15", -15.0),
        ("rotate 15 degrees counterclockwise", -15.0),
        ("rotate 90 degrees to the left", -90.0),
        ("rotate it 5 degrees", 5.0),
        ("straighten by -3°", -3.0),
        ("tilt it 4", 4.0),
        ("turn it 90 degrees", 90.0),
    ],
)
def test_it_reads_a_rotation_only_when_one_is_asked_for(text, degrees):
    assert rules.read_intent(text)["rotate"] == degrees


def test_it_adds_no_rotate_step_for_a_percentage():
    plan = rules.plan_variations("turn up the warmth 10%", image_size=(4000, 3000))
    assert all(o["op"] != "rotate" for v in plan["variations"] for o in v["operations"])
