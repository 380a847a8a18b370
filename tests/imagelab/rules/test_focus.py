"""Follow-ups naming one part of the chosen variation: its crop, a finish or one tone, moved on its own."""

import pytest

from imagelab.rules import focus, planner
from imagelab.rules.replies import edit_reply

SIZE = (1600, 1200)
_RESIZE = {"op": "resize", "params": {"width": 1600, "height": 1600, "fit": "contain"}}
_WARM_POP = [
    _RESIZE,
    {"op": "crop", "params": {"x": 160, "y": 120, "width": 1280, "height": 960}},
    {"op": "saturation", "params": {"value": 1.3}},
    {"op": "temperature", "params": {"warm": True, "strength": 0.4}},
    {"op": "contrast", "params": {"value": 1.18}},
    {"op": "vignette", "params": {"strength": 0.22}},
]


def _chosen(applied: bool) -> dict:
    return {"label": "Warm Pop", "operations": _WARM_POP, "applied": applied}


def _plans(text: str, applied: bool) -> list[list[dict]]:
    return [
        v["operations"] for v in planner.plan_variations(text, image_size=SIZE, chosen=_chosen(applied))["variations"]
    ]


def _params(plan: list[dict], op: str) -> list[dict]:
    return [s["params"] for s in plan if s["op"] == op]


@pytest.mark.parametrize("text", ["less zoomed in", "zoom out a bit", "too tight", "crop it less"])
def test_it_loosens_the_chosen_crop_and_keeps_the_rest(text):
    plans = _plans(text, applied=False)
    widths = [(_params(p, "crop") or [{"width": 1600}])[0]["width"] for p in plans]
    assert widths == sorted(widths) and widths[0] > 1280 and widths[-1] == 1600
    assert all(_params(p, "temperature") == [{"warm": True, "strength": 0.4}] for p in plans)


def test_it_says_a_crop_cannot_be_loosened_on_an_image_that_has_it():
    assert "already cropped" in edit_reply("zoom out a bit", _chosen(applied=True))


@pytest.mark.parametrize("text", ["too much vignette", "a bit less vignette", "tone down the vignette"])
def test_it_weakens_only_the_chosen_vignette(text):
    plans = _plans(text, applied=False)
    strengths = [_params(p, "vignette")[0]["strength"] for p in plans]
    assert all(0 < s < 0.22 for s in strengths) and strengths == sorted(strengths, reverse=True)
    assert all(_params(p, "saturation") == [{"value": 1.3}] for p in plans)


@pytest.mark.parametrize("text", ["lose the vignette", "ditch the vignette", "no vignette pls"])
def test_it_takes_the_chosen_vignette_out_in_the_first_plan(text):
    plans = _plans(text, applied=False)
    assert not _params(plans[0], "vignette") and all(_params(p, "contrast") for p in plans)


def test_it_says_a_vignette_cannot_be_taken_out_of_an_image_that_has_it():
    assert "vignette cannot be taken back" in edit_reply("lose the vignette", _chosen(applied=True))


@pytest.mark.parametrize(
    "text,op",
    [("too warm now", "temperature"), ("a bit less contrast", "contrast"), ("too saturated now", "saturation")],
)
def test_it_takes_back_only_the_named_tone_of_an_applied_look(text, op):
    plans = _plans(text, applied=True)
    assert all({s["op"] for s in p} == {"resize", op} for p in plans)


def test_it_pushes_only_the_named_tone_when_more_of_it_is_asked():
    plans = _plans("a bit more contrast", applied=True)
    assert all({s["op"] for s in p} == {"resize", "contrast"} and _params(p, "contrast")[0]["value"] > 1 for p in plans)


def test_it_reads_a_tone_the_other_way_as_a_new_look_not_less_of_the_chosen():
    chosen = {
        "label": "Cool",
        "operations": [_RESIZE, {"op": "temperature", "params": {"warm": False, "strength": 0.4}}],
    }
    labels = [v["label"] for v in planner.plan_variations("but warmer", image_size=SIZE, chosen=chosen)["variations"]]
    assert labels[0].startswith("Warm")


@pytest.mark.parametrize("text", ["moody", "dark and moody", "make it moody but not too dark", "moodier pls"])
def test_it_labels_a_moody_plan_by_its_mood(text):
    labels = [v["label"] for v in planner.plan_variations(text, image_size=SIZE)["variations"]]
    assert all(label.startswith("Moody ") for label in labels)


def test_it_labels_a_tone_said_plainly_over_the_mood():
    labels = [v["label"] for v in planner.plan_variations("moody and warm", image_size=SIZE)["variations"]]
    assert labels[0].startswith("Warm ")


def test_it_names_a_darkening_plan_s_brightness_its_darkness():
    chosen = {"label": "Dark", "operations": [_RESIZE, {"op": "brightness", "params": {"value": 0.8}}]}
    labels = [v["label"] for v in planner.plan_variations("too dark now", image_size=SIZE, chosen=chosen)["variations"]]
    assert labels[1] == "Less Darkness"


@pytest.mark.parametrize("text", ["zoom in a bit", "crop it a bit tighter", "closer", "more zoomed in"])
def test_it_crops_the_chosen_look_closer_and_keeps_the_rest(text):
    plans = _plans(text, applied=False)
    widths = [_params(p, "crop")[0]["width"] for p in plans]
    assert widths == sorted(widths, reverse=True) and widths[0] < 1280
    assert all(_params(p, "temperature") == [{"warm": True, "strength": 0.4}] for p in plans)


def test_it_crops_an_applied_look_closer_with_no_new_look_on_top():
    plans = _plans("zoom in a bit", applied=True)
    assert all([s["op"] for s in p] == ["resize", "crop"] for p in plans)


def test_it_reads_closer_to_something_as_no_crop():
    assert focus.read("make it look closer to the original", _chosen(applied=True)) is None


def test_too_much_grain_on_a_grainy_choice_weakens_its_grain_and_blurs_nothing():
    grainy = {"label": "Grit", "applied": False, "operations": [_RESIZE, {"op": "grain", "params": {"amount": 0.2}}]}
    assert focus.read("too much grain", grainy) == {"ops": {"grain"}, "sign": -1, "gone": False}
    plans = [
        v["operations"] for v in planner.plan_variations("too much grain", image_size=SIZE, chosen=grainy)["variations"]
    ]
    assert not any(s["op"] == "blur" for p in plans for s in p)


def test_a_muted_plans_saturation_is_named_its_muting():
    muted = {
        "label": "Quiet",
        "applied": False,
        "operations": [_RESIZE, {"op": "saturation", "params": {"value": 0.8}}],
    }
    labels = [v["label"] for v in planner.plan_variations("too muted now", image_size=SIZE, chosen=muted)["variations"]]
    assert labels[0] == "A Touch Less Muting"
