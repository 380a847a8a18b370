"""The guard's deterministic applier (imagelab.core.revise): each edit type, and invalid edits ignored with why."""

from imagelab.core.revise import apply_edits
from imagelab.core.verify import AddOp, RemoveOp, TuneParam

PLAN = [
    {"op": "brightness", "params": {"value": 1.4}},
    {"op": "contrast", "params": {"value": 1.3}},
    {"op": "levels", "params": {"black": 10, "white": 240, "gamma": 1.2}},
]


def test_it_tunes_a_parameter_and_records_the_value_it_replaced():
    out = apply_edits(PLAN, [TuneParam(op_index=1, param="value", value=1.15, reason="to keep the highlights")])
    assert out.operations[1] == {"op": "contrast", "params": {"value": 1.15}}
    assert out.operations[0] == PLAN[0] and out.operations[2] == PLAN[2]
    [edit] = out.applied
    assert (edit["op"], edit["from"], edit["value"], edit["reason"]) == (
        "contrast",
        1.3,
        1.15,
        "to keep the highlights",
    )
    assert out.first_changed == 1 and out.ignored == []
    assert PLAN[1]["params"]["value"] == 1.3  # the input is never changed


def test_it_keeps_integer_parameters_integers():
    out = apply_edits(PLAN, [{"type": "tune_param", "op_index": 2, "param": "white", "value": 247.6, "reason": "r"}])
    assert out.operations[2]["params"]["white"] == 248 and out.applied[0]["from"] == 240


def test_it_removes_a_step():
    out = apply_edits(PLAN, [RemoveOp(op_index=0, reason="to keep the highlights")])
    assert [o["op"] for o in out.operations] == ["contrast", "levels"]
    assert out.first_changed == 0 and out.applied[0]["op"] == "brightness"


def test_it_adds_a_step_before_an_index_of_the_plan_as_verified():
    vignette = {"op": "vignette", "params": {"strength": 0.3}}
    out = apply_edits(
        PLAN,
        [
            AddOp(index=3, op=vignette, reason="to tell it apart from variation 2"),
            RemoveOp(op_index=1, reason="r"),
            AddOp(index=1, op={"op": "saturation", "params": {"value": 0.8}}, reason="r"),
        ],
    )
    assert [o["op"] for o in out.operations] == ["brightness", "saturation", "levels", "vignette"]
    assert out.first_changed == 1 and len(out.applied) == 3


def test_it_appends_at_the_end_and_re_runs_only_from_there():
    out = apply_edits(
        PLAN, [{"type": "add_op", "index": 3, "op": {"op": "grain", "params": {"amount": 0.1}}, "reason": "r"}]
    )
    assert out.first_changed == 3 and out.operations[:3] == PLAN


def test_it_ignores_invalid_edits_with_a_reason_and_applies_the_rest():
    edits = [
        {"type": "tune_param", "op_index": 7, "param": "value", "value": 1.1, "reason": "r"},  # no such step
        {"type": "tune_param", "op_index": 0, "param": "value", "value": 9.0, "reason": "r"},  # out of range
        {"type": "tune_param", "op_index": 0, "param": "gamma", "value": 1.1, "reason": "r"},  # not its param
        {"type": "tune_param", "op_index": 2, "param": "white", "value": 5, "reason": "r"},  # white below black
        {
            "type": "add_op",
            "index": 0,
            "op": {"op": "crop", "params": {"x": 0, "y": 0, "width": 9, "height": 9}},
            "reason": "r",
        },
        {"type": "add_op", "index": 9, "op": {"op": "grain", "params": {"amount": 0.1}}, "reason": "r"},
        {"type": "add_op", "index": 0, "op": {"op": "grain", "params": {"amount": 3}}, "reason": "r"},  # invalid op
        {"type": "recolour", "op_index": 0, "reason": "r"},  # not an edit type
        "make it nicer",
        {"type": "tune_param", "op_index": 0, "param": "value", "value": 1.2, "reason": "to keep the highlights"},
        {"type": "remove_op", "op_index": 0, "reason": "r"},  # tuned just before
        {"type": "tune_param", "op_index": 0, "param": "value", "value": 1.1, "reason": "r"},  # tuned twice
    ]
    out = apply_edits(PLAN, edits)
    assert [a["value"] for a in out.applied] == [1.2]
    assert out.operations[0]["params"]["value"] == 1.2
    whys = [i["why"] for i in out.ignored]
    assert len(whys) == len(edits) - 1 and all(whys)
    assert "does not exist" in whys[0] and "outside" in whys[1] and "no numeric parameter 'gamma'" in whys[2]
    assert "invalid" in whys[3] and "adds no crop" in whys[4] and "outside 0..3" in whys[5]
    assert whys[6].startswith("not a valid edit") and whys[7].startswith("not a valid edit")
    assert "tuned by an earlier edit" in whys[9] and "tuned by an earlier edit" in whys[10]


def test_it_never_empties_a_plan_nor_touches_a_generative_step():
    one = [{"op": "contrast", "params": {"value": 1.3}}]
    out = apply_edits(one, [RemoveOp(op_index=0, reason="r")])
    assert out.operations == one and out.applied == [] and out.first_changed is None
    assert "at least one step" in out.ignored[0]["why"]
    ai = [{"op": "aiEdit", "params": {"prompt": "remove the car"}}, {"op": "contrast", "params": {"value": 1.3}}]
    out = apply_edits(
        ai, [RemoveOp(op_index=0, reason="r"), TuneParam(op_index=0, param="prompt", value=1, reason="r")]
    )
    assert out.applied == [] and [i["why"] for i in out.ignored] == [
        "the generative step is not removed",
        "the generative step is not tuned",
    ]


def test_it_ignores_an_added_step_that_would_change_nothing():
    """ "added brightness 1.00" was shown on a column: a scaling step within half a percent of neutral."""
    edits = [
        {"type": "add_op", "index": 3, "op": {"op": "brightness", "params": {"value": 1.004}}, "reason": "r"},
        {
            "type": "add_op",
            "index": 3,
            "op": {"op": "tint", "params": {"color": "#123456", "strength": 0.0}},
            "reason": "r",
        },
        {"type": "add_op", "index": 3, "op": {"op": "contrast", "params": {"value": 0.98}}, "reason": "r"},
    ]
    out = apply_edits(PLAN, edits)
    assert [a["op"]["op"] for a in out.applied] == ["contrast"]
    assert [i["why"] for i in out.ignored] == [
        "a brightness of 1.00 would change nothing",
        "a tint of 0.00 would change nothing",
    ]
    assert out.operations[3:] == [{"op": "contrast", "params": {"value": 0.98}}]


def test_it_neither_removes_nor_adds_the_framing_a_flip_included():
    plan = [{"op": "flip", "params": {"direction": "horizontal"}}, *PLAN]
    out = apply_edits(
        plan,
        [
            RemoveOp(op_index=0, reason="r"),
            {"type": "add_op", "index": 1, "op": {"op": "flip", "params": {"direction": "vertical"}}, "reason": "r"},
        ],
    )
    assert out.operations == plan and out.applied == [] and len(out.ignored) == 2
    assert "not removed" in out.ignored[0]["why"] and "adds no flip" in out.ignored[1]["why"]
