"""Plan DSL, strict tool schema, and every normalisation/guardrail rule."""

import json
import re
from pathlib import Path

import pytest

from imagelab.core.normalize import NoVariations, normalize_plan
from imagelab.core.plans import plan_variations_tool

SIZE = (4000, 3000)  # working image 2048x1536
SEED = Path("/work/shared/seeds/000_169d78524fdff6a2.txt")


def var(*ops, label="V", strategy="s"):
    return {"label": label, "strategy": strategy, "operations": list(ops)}


def norm(*variations, **raw):
    return normalize_plan({"variations": list(variations), **raw}, image_size=SIZE)


def params(plan, v=0, s=0):
    return plan.operations(v)[s]


def changes(plan):
    return [e["change"] for e in plan.log]


def test_it_accepts_the_seed_few_shot_sets():
    if not SEED.exists():
        pytest.skip("seed not available")
    for block in re.findall(r"```json\n(.*?)```", SEED.read_text(), re.S)[:2]:
        plan = normalize_plan(json.loads(block), image_size=SIZE)
        assert len(plan.variations) == 5 and plan.diversity_axes


@pytest.mark.parametrize(
    "raw_op,expected",
    [
        ({"op": "contrast", "params": {"strength": 1.2}}, ("contrast", {"value": 1.2})),
        ({"op": "contrast", "params": {"factor": 1.2}}, ("contrast", {"value": 1.2})),
        ({"op": "hue", "params": {"degrees": 30}}, ("hue", {"value": 30.0})),
        ({"op": "filter", "params": "sepia"}, ("filter", {"type": "sepia"})),
        ({"op": "tint", "params": {"hex": "#dde8ff", "alpha": 0.08}}, ("tint", {"color": "#DDE8FF", "strength": 0.08})),
        ({"op": "saturation", "params": {"factor": 1.1}}, ("saturation", {"value": 1.1})),
        (
            {"op": "googleEdit", "params": {"prompt": "remove the bin", "mode": "edit"}},
            ("aiEdit", {"prompt": "remove the bin"}),
        ),
        ({"op": "Greyscale", "params": {}}, ("filter", {"type": "grayscale"})),
        ({"op": "mirror", "params": {}}, ("flip", {"direction": "horizontal"})),
        ({"op": "flipVertical", "params": {}}, ("flip", {"direction": "vertical"})),
        ({"op": "flip", "params": "upside down"}, ("flip", {"direction": "vertical"})),
        ({"op": "flip_lr", "params": {"axis": "x"}}, ("flip", {"direction": "horizontal"})),
        ({"op": "BRIGHTNESS", "params": {"value": "1.1"}}, ("brightness", {"value": 1.1})),
        (
            {"op": "resize", "params": {"width": 1024, "fit": "inside"}},
            ("resize", {"width": 1024, "height": 1024, "fit": "contain"}),
        ),
    ],
)
def test_it_maps_planner_friendly_aliases(raw_op, expected):
    plan = norm(var(raw_op))
    assert params(plan) == expected and plan.log  # every mapping is logged


@pytest.mark.parametrize(
    "raw_op,expected",
    [
        ({"op": "brightness", "params": {"value": 9}}, {"value": 3.0}),
        ({"op": "contrast", "params": {"value": 0}}, {"value": 0.1}),
        ({"op": "saturation", "params": {"value": -2}}, {"value": 0.1}),
        ({"op": "hue", "params": {"value": 500}}, {"value": 180.0}),
        ({"op": "blur", "params": {"sigma": 50}}, {"sigma": 10.0}),
        ({"op": "blur", "params": {"sigma": 0.01}}, {"sigma": 0.3}),
        ({"op": "rotate", "params": {"degrees": 270}}, {"degrees": -90.0}),
        ({"op": "resize", "params": {"width": 100000, "height": 100000, "fit": "fill"}}, None),
    ],
)
def test_it_clamps_numbers_to_bounds_and_logs_why(raw_op, expected):
    plan = norm(var({"op": "contrast", "params": {"value": 1.1}}, raw_op))
    op, p = params(plan, 0, 1)
    if expected is not None:
        assert p == expected
    else:
        assert p["width"] <= 8192 and p["width"] * p["height"] <= 40_000_000
    assert any(e["step"] == 1 and e["reason"] for e in plan.log)


def test_it_keeps_crop_inside_the_working_image():
    plan = norm(var({"op": "crop", "params": {"x": 2000, "y": -5, "width": 900, "height": 9000}}))
    assert params(plan) == ("crop", {"x": 2000, "y": 0, "width": 48, "height": 1536})
    assert "inside the 2048x1536 image" in plan.log[0]["reason"]


def test_it_tracks_size_through_geometry_when_clamping_crops():
    plan = norm(
        var(
            {"op": "resize", "params": {"width": 1000, "height": 1000, "fit": "contain"}},
            {"op": "crop", "params": {"x": 0, "y": 0, "width": 900, "height": 900}},
        )
    )
    assert params(plan, 0, 1)[1] == {"x": 0, "y": 0, "width": 900, "height": 750}


def test_it_reads_fractional_crops_as_fractions():
    plan = norm(var({"op": "crop", "params": {"x": 0.1, "y": 0.1, "width": 0.5, "height": 0.5}}))
    assert params(plan)[1] == {"x": 205, "y": 154, "width": 1024, "height": 768}


def test_it_drops_unknown_ops_and_params_with_a_log_entry():
    plan = norm(var({"op": "teleport", "params": {}}, {"op": "contrast", "params": {"value": 1.1, "why": "x"}}))
    assert plan.operations(0) == [("contrast", {"value": 1.1})]
    assert {
        "variation": 0,
        "step": 0,
        "change": "dropped step 'teleport'",
        "reason": "unknown op 'teleport'",
    } in plan.log
    assert any("dropped contrast.why" == c for c in changes(plan))


def test_it_cuts_seven_variations_to_five():
    plan = norm(*[var({"op": "contrast", "params": {"value": 1 + i / 10}}, label=f"L{i}") for i in range(7)])
    assert [v.label for v in plan.variations] == ["L0", "L1", "L2", "L3", "L4"]
    assert [e["variation"] for e in plan.log if "more than 5" in e["reason"]] == [5, 6]


def test_it_allows_at_most_two_ai_variations():
    ai = {"op": "aiEdit", "params": {"prompt": "add a rainbow"}}
    plan = norm(*[var(ai, {"op": "contrast", "params": {"value": 1.1}}) for _ in range(3)])
    assert [[o for o, _ in plan.operations(i)] for i in range(3)] == [["aiEdit", "contrast"]] * 2 + [["contrast"]]
    assert any(e["variation"] == 2 and "at most 2 variations may use AI" in e["reason"] for e in plan.log)


def test_it_keeps_one_ai_step_per_variation():
    plan = norm(var({"op": "aiEdit", "params": {"prompt": "a"}}, {"op": "googleEdit", "params": {"prompt": "b"}}))
    assert plan.operations(0) == [("aiEdit", {"prompt": "a"})]
    assert any(e["step"] == 1 and "at most one AI step" in e["reason"] for e in plan.log)


def test_it_drops_a_variation_left_without_operations():
    plan = norm(var({"op": "nope", "params": {}}), var({"op": "contrast", "params": {"value": 1.1}}))
    assert len(plan.variations) == 1
    assert any(
        e == {"variation": 0, "step": None, "change": "dropped variation", "reason": "no usable operations"}
        for e in plan.log
    )


@pytest.mark.parametrize(
    "raw",
    [{"variations": []}, {"variations": [var({"op": "x", "params": {}})]}, {}, "not json", {"variations": "five"}],
)
def test_it_raises_no_variations_when_nothing_is_usable(raw):
    with pytest.raises(NoVariations) as e:
        normalize_plan(raw, image_size=SIZE)
    assert e.value.message and e.value.log


def test_it_defaults_missing_label_and_strategy():
    plan = normalize_plan(
        {"variations": [{"operations": [{"op": "contrast", "params": {"value": 1.1}}]}]}, image_size=SIZE
    )
    v = plan.variations[0]
    assert v.label == "Variation 1" and v.strategy == "contrast"
    assert {"missing label", "missing strategy"} <= {e["reason"] for e in plan.log}


def test_it_logs_every_entry_with_variation_step_change_reason():
    plan = norm(var({"op": "hue", "params": {"degrees": 999, "x": 1}}))
    assert plan.log and all(set(e) == {"variation", "step", "change", "reason"} for e in plan.log)


def test_it_builds_a_strict_openai_tool_schema():
    tool = plan_variations_tool()
    assert tool["function"]["name"] == "plan_variations" and tool["function"]["strict"] is True

    def walk(node):
        if isinstance(node, dict):
            if node.get("type") == "object":
                assert node["additionalProperties"] is False and set(node["required"]) == set(node["properties"])
            assert "oneOf" not in node and "default" not in node
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    schema = tool["function"]["parameters"]
    walk(schema)
    ops_schema = json.dumps(schema)
    for op in ("brightness", "tint", "levels", "resize", "flip", "aiEdit"):
        assert f'"enum": ["{op}"]' in ops_schema
    assert '"enum": ["horizontal", "vertical"]' in ops_schema


def test_it_drops_a_flip_whose_direction_is_neither_way():
    plan = norm(var({"op": "flip", "params": {"direction": "diagonal"}}, {"op": "contrast", "params": {"value": 1.1}}))
    assert plan.operations(0) == [("contrast", {"value": 1.1})]
    assert any(e["reason"] == "unknown flip direction 'diagonal'" for e in plan.log)


def test_it_reads_a_whole_number_unit_crop_as_the_whole_image_not_one_pixel():
    plan = norm(
        var(
            {"op": "crop", "params": {"x": 0, "y": 0, "width": 1, "height": 1}},
            {"op": "contrast", "params": {"value": 1.1}},
        )
    )
    assert plan.operations(0) == [("contrast", {"value": 1.1})]  # the whole image: nothing to crop
    assert {
        "variation": 0,
        "step": 0,
        "change": "crop values read as fractions of the image",
        "reason": "width and height were both at most 1 (a crop of at most 1x1 pixels is never meant)",
    } in plan.log
    assert any(e["change"] == "dropped step 'crop'" and e["reason"] == "crop covers the whole image" for e in plan.log)


def test_it_reads_a_unit_width_and_height_with_a_fractional_offset_as_fractions():
    plan = norm(var({"op": "crop", "params": {"x": 0.5, "y": 0, "width": 1, "height": 1}}))
    assert params(plan)[1] == {"x": 1024, "y": 0, "width": 1024, "height": 1536}  # right half, clamped inside
    assert "crop values read as fractions of the image" in changes(plan)


def test_it_drops_a_crop_of_at_most_one_pixel_at_a_pixel_offset():
    plan = norm(
        var(
            {"op": "crop", "params": {"x": 300, "y": 200, "width": 1, "height": 1}},
            {"op": "contrast", "params": {"value": 1.1}},
        )
    )
    assert plan.operations(0) == [("contrast", {"value": 1.1})]
    assert any(e["change"] == "dropped step 'crop'" and "neither pixels nor fractions" in e["reason"] for e in plan.log)
