"""A follow-up naming a part of the chosen variation and asking something new (`rules/amend.py`)."""

import pytest

from imagelab.rules import amend, planner
from imagelab.rules.replies import edit_reply

SIZE = (1600, 1200)
_RESIZE = {"op": "resize", "params": {"width": 1600, "height": 1600, "fit": "contain"}}
_MOODY = [
    _RESIZE,
    {"op": "crop", "params": {"x": 200, "y": 0, "width": 1200, "height": 1200}},
    {"op": "contrast", "params": {"value": 1.18}},
    {"op": "brightness", "params": {"value": 0.82}},
    {"op": "vignette", "params": {"strength": 0.22}},
    {"op": "grain", "params": {"amount": 0.18}},
]


def _chosen(applied: bool) -> dict:
    return {"label": "Moody", "operations": _MOODY, "applied": applied}


def _variations(text: str, applied: bool) -> list[dict]:
    return planner.plan_variations(text, image_size=SIZE, chosen=_chosen(applied))["variations"]


def _params(plan: list[dict], op: str) -> list[dict]:
    return [s["params"] for s in plan if s["op"] == op]


@pytest.mark.parametrize(
    "text",
    ["less vignette and make it warmer", "tone down the vignette, and warmer please", "vignette's too strong, warmer"],
)
def test_the_named_part_weakens_and_the_new_ask_goes_on_top(text):
    plans = [v["operations"] for v in _variations(text, applied=False)]
    vignettes = [_params(p, "vignette")[0]["strength"] for p in plans]
    warmth = [_params(p, "temperature")[0]["strength"] for p in plans]
    assert vignettes == sorted(vignettes, reverse=True) and all(0 < v < 0.22 for v in vignettes)
    assert warmth == sorted(warmth) and len(set(warmth)) == 5
    assert all(_params(p, "brightness") == [{"value": 0.82}] and _params(p, "crop") for p in plans)


def test_a_part_the_chosen_image_cannot_give_back_is_said_and_the_new_ask_still_done():
    assert edit_reply("less vignette and make it warmer", _chosen(applied=True)) is None
    variations = _variations("less vignette and make it warmer", applied=True)
    assert all(v["strategy"].startswith("Not done: its vignette cannot be taken back") for v in variations)
    assert all({s["op"] for s in v["operations"]} == {"resize", "temperature"} for v in variations)


@pytest.mark.parametrize("text", ["keep the crop but brighter", "love the crop, just make it brighter"])
def test_a_kept_part_leaves_the_chosen_plan_as_it_is_under_the_new_ask(text):
    for v in _variations(text, applied=False):
        assert v["operations"][: len(_MOODY)] == _MOODY
        assert any(s["op"] == "brightness" and s["params"]["value"] > 1 for s in v["operations"][len(_MOODY) :])


def test_the_chosen_grain_named_weakens_it_and_a_new_tone_goes_on_top():
    plans = [v["operations"] for v in _variations("too much grain, and a bit cooler", applied=False)]
    assert all(0 < _params(p, "grain")[0]["amount"] < 0.18 and not _params(p, "blur") for p in plans)
    assert all(_params(p, "temperature")[0]["warm"] is False for p in plans)


def test_a_finish_taken_out_and_another_asked_are_both_done():
    plans = [v["operations"] for v in _variations("lose the vignette, add some grain", applied=False)]
    assert not _params(plans[0], "vignette")
    assert all(len(_params(p, "grain")) == 2 for p in plans)  # the chosen grain and the asked one on top


@pytest.mark.parametrize(
    "text", ["less vignette", "warmer", "less vignette and rotate it 90 degrees", "less vignette and make it vintage"]
)
def test_it_leaves_one_part_alone_new_geometry_and_a_new_family_to_the_rest_of_the_planner(text):
    assert amend.read(text, _chosen(applied=False)) is None


def test_it_needs_a_chosen_plan():
    assert amend.read("less vignette and make it warmer", None) is None


def test_a_crop_asked_with_the_part_is_cut_inside_the_chosen_framing():
    for v in _variations("too much vignette, also crop it square", applied=False):
        crops = [s["params"] for s in v["operations"] if s["op"] == "crop"]
        assert crops[0] == _MOODY[1]["params"] and crops[1]["width"] == crops[1]["height"] == 1200
        assert v["label"].endswith("Cropped 1:1")


def test_black_and_white_asked_with_a_kept_crop_is_five_mono_looks_on_the_chosen_plan():
    variations = _variations("i like the crop but make it black and white", applied=False)
    assert len({repr(v["operations"]) for v in variations}) == 5
    assert all(v["operations"][: len(_MOODY)] == _MOODY for v in variations)
    assert all(any(s["op"] == "filter" for s in v["operations"]) for v in variations)


@pytest.mark.parametrize(
    "text", ["vignette is a bit much, also cooler please", "less of the vignette but more contrast"]
)
def test_a_finish_said_a_bit_much_or_less_of_it_is_the_part(text):
    assert amend.read(text, _chosen(applied=False))[0] == {"ops": {"vignette"}, "sign": -1, "gone": False}


def test_an_and_before_a_bare_part_name_keeps_both_in_the_part_and_black_and_white_stays_one_ask():
    part, _refused, intent = amend.read("less vignette and grain, and warmer", _chosen(applied=False))
    assert part["ops"] == {"vignette", "grain"} and intent["temp"] == 1 and intent["grain"] == 0
    assert amend.read("keep the crop but make it black and white", _chosen(applied=False))[2]["bw"]


def test_a_crop_alone_on_a_kept_look_is_five_crops_of_that_shape_each_closer():
    variations = _variations("keep the colours, just crop it square", applied=False)
    widths = [[s["params"]["width"] for s in v["operations"] if s["op"] == "crop"][-1] for v in variations]
    assert widths == sorted(widths, reverse=True) and len(set(widths)) == 5


def test_a_praised_part_is_kept():
    assert amend.read("great crop, can you brighten it a bit", _chosen(applied=False))[2]["bright"] == 1
