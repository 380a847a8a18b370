"""Shadows toned a colour ("make the shadows bluer", "teal and orange", "split toning"), read and planned."""

import numpy as np
import pytest

from imagelab.core.curves import channel_curve
from imagelab.rules import toning
from imagelab.rules.intent import read_intent
from imagelab.rules.planner import plan_variations

SIZE = (1600, 1200)


def _grey_ramp(operations: list[dict]) -> np.ndarray:
    """The plan's per-channel curves on a grey ramp (3 x 256)."""
    x = np.tile(np.arange(256, dtype=np.float64), (3, 1))
    for step in operations:
        if step["op"] in ("brightness", "contrast", "curve", "levels", "temperature", "tint"):
            x = np.clip(channel_curve(step["op"], step["params"])(x), 0.0, 255.0)
    return x


def _blue_lean(ramp: np.ndarray, level: int) -> float:
    r, _g, b = ramp[:, level]
    return (b - r) / max(ramp[:, level].mean(), 1.0)


@pytest.mark.parametrize(
    "text, shade",
    [
        ("make the shadows bluer", "blue"),
        ("blue shadows please", "blue"),
        ("tint the shadows teal", "teal"),
        ("add some blue to the shadows", "blue"),  # no object added: a colour put into a tone range
        ("give the shadows a blue tint", "blue"),
        ("make the darks a bit more blue", "blue"),
        ("put a touch of teal in the shadows", "teal"),
        ("add a bit of purple to the shadows", "magenta"),
        ("the shadows look green, fix", "magenta"),  # a cast in the shadows is put right
        ("there's a blue cast in the shadows", "warm"),
        ("less blue in the shadows", "warm"),
        ("the blues in the shadows are too strong", "warm"),
        ("b&w with blue shadows", "blue"),
    ],
)
def test_a_colour_asked_of_the_shadows_is_the_shadows_toned(text, shade):
    intent = read_intent(text)
    assert intent["shade"] == shade
    assert not intent["generative"]


@pytest.mark.parametrize(
    "text",
    [
        "lift the shadows",
        "brighten the shadows",
        "the shadows are too dark",
        "don't make the shadows blue, just brighten",
    ],
)
def test_shadows_lifted_or_a_colour_refused_tone_nothing(text):
    assert read_intent(text)["shade"] is None


def test_shadows_toned_alone_are_a_faint_white_balance_their_way_not_a_cool_grade():
    intent = read_intent("make the shadows bluer")
    assert intent["temp"] == -1 and intent["degree"]["temp"] == toning.ALONG
    for variation in plan_variations("make the shadows bluer", image_size=SIZE)["variations"]:
        ramp = _grey_ramp(variation["operations"])
        assert _blue_lean(ramp, 32) >= 0.05  # the shadows clearly bluer ...
        assert _blue_lean(ramp, 32) - _blue_lean(ramp, 200) >= 0.03  # ... than the highlights
        assert "blue-toned shadows" in variation["strategy"]
        # no slot's own warmth left to drown them (Split Tone and Soft Film warm of their own)
        assert all(s["params"]["warm"] is False for s in variation["operations"] if s["op"] == "temperature")


@pytest.mark.parametrize(
    "text", ["split toning: cool shadows, warm highlights", "warmer, but the shadows should stay cool", "split tone it"]
)
def test_a_split_tone_warms_the_picture_gently_and_keeps_its_deep_shadows_cool(text):
    intent = read_intent(text)
    assert intent["shade"] in ("blue", "teal") and intent["temp"] == 1 and intent["degree"]["temp"] == 0.5
    for variation in plan_variations(text, image_size=SIZE)["variations"]:
        ramp = _grey_ramp(variation["operations"])
        assert _blue_lean(ramp, 24) > 0.02
        assert _blue_lean(ramp, 24) - _blue_lean(ramp, 160) >= 0.03


def test_teal_and_orange_is_the_cinematic_grade_with_teal_shadows_under_warm_light():
    intent = read_intent("teal and orange please")
    assert intent["cinematic"] and intent["shade"] == "teal" and intent["temp"] == 1
    labels = [v["label"] for v in plan_variations("teal and orange please", image_size=SIZE)["variations"]]
    assert "Teal & Orange" in labels


def test_a_slots_own_tint_against_the_shadows_colour_goes():
    finish = {"tint": ("#F2B35B", "#8FB3DA", 0.07, "golden", "steel"), "lift": ("#26303A", "#26303A", 0.1, "", "")}
    toning.shade(finish, "blue", 0, lambda c: int(c[5:7], 16) - int(c[1:3], 16))
    assert "tint" not in finish and "lift" in finish  # a golden tint pulls against blue; a cool lift does not
    assert finish["shade"][2] == toning.SHADES[0]
