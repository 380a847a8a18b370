"""A crop asked as the only change, or of a chosen variation: five crops of the asked shape, no grade added."""

import pytest

from imagelab.core import ops
from imagelab.rules import planner

SIZE = (1600, 1200)
_RESIZE = {"op": "resize", "params": {"width": 1600, "height": 1600, "fit": "contain"}}
_WARM_POP = [
    _RESIZE,
    {"op": "crop", "params": {"x": 160, "y": 120, "width": 1280, "height": 960}},
    {"op": "saturation", "params": {"value": 1.3}},
    {"op": "temperature", "params": {"warm": True, "strength": 0.4}},
]


def _variations(text: str, chosen: dict | None = None) -> list[dict]:
    return planner.plan_variations(text, image_size=SIZE, chosen=chosen)["variations"]


def _final_size(operations: list[dict]) -> tuple[int, int]:
    size = SIZE
    for step in operations:
        size = ops.output_size(step["op"], step["params"], size)
    return size


@pytest.mark.parametrize(
    ("text", "ratio", "said"),
    [
        ("just crop it square, nothing else", 1.0, "cropped square"),
        ("only crop it to 4:5 for instagram", 0.8, "cropped to 4:5 portrait"),
        ("crop it 16:9 but don't change the colours", 16 / 9, "cropped to 16:9 landscape"),
        ("make it square, keep everything else as it is", 1.0, "cropped square"),
    ],
)
def test_it_crops_only_when_the_crop_is_said_to_be_the_only_change(text, ratio, said):
    variations = _variations(text)
    assert all([s["op"] for s in v["operations"]] == ["resize", "crop"] for v in variations)
    sizes = [_final_size(v["operations"]) for v in variations]
    assert all(abs(w / h - ratio) < 0.02 for w, h in sizes)
    assert len(set(sizes)) == 5  # the guard compares same-size variations only: none to tell apart with a grade
    assert len({v["label"] for v in variations}) == 5
    assert all(said in v["strategy"] and "tones as they are" in v["strategy"] for v in variations)


def test_it_still_grades_a_plain_crop_of_a_new_photo():
    assert any(s["op"] == "saturation" for v in _variations("crop it square") for s in v["operations"])


def test_it_adds_no_grade_to_a_crop_asked_of_the_chosen_variation():
    variations = _variations(
        "now crop it to 4:5 for instagram", {"label": "Warm Pop", "operations": _WARM_POP, "applied": True}
    )
    assert all([s["op"] for s in v["operations"]] == ["resize", "crop"] for v in variations)


def test_it_keeps_the_look_of_a_variation_named_but_not_chosen():
    chosen = {"label": "Warm Pop", "operations": _WARM_POP, "applied": False}
    variations = _variations("crop it square", chosen)
    assert all(v["operations"][: len(_WARM_POP)] == _WARM_POP for v in variations)
    assert all(w == h for w, h in (_final_size(v["operations"]) for v in variations))
    assert "(Warm Pop kept)" in variations[0]["strategy"]


def test_it_crops_tighter_without_ever_keeping_the_whole_frame():
    variations = _variations("just crop it a little tighter")
    widths = [_final_size(v["operations"])[0] for v in variations]
    assert max(widths) < 1600 and len(set(widths)) == 5


@pytest.mark.parametrize("text", ["just crop it square and make it warmer", "only crop it square, in black and white"])
def test_it_grades_when_a_tone_is_asked_with_the_crop(text):
    assert any(len(v["operations"]) > 2 for v in _variations(text))
