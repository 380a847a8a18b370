"""Iterating on a chosen variation: which way a short reply asks, and what a chosen plan's look is."""

import pytest

from imagelab.rules import iterate


@pytest.mark.parametrize(
    "text,sign",
    [
        ("hmm a little less pls", -1),
        ("ok, a bit more", 1),
        ("nah, less", -1),
        ("hm more please", 1),
        ("actually slightly more", 1),
        ("no more", 0),
        ("hmm", 0),
        ("ok cool", 0),
    ],
)
def test_it_reads_a_short_reply_that_opens_with_an_interjection(text, sign):
    assert iterate.direction(text) == sign


def test_it_names_the_tone_axes_a_chosen_plan_moves():
    operations = [
        {"op": "temperature", "params": {"warm": True, "strength": 0.4}},
        {"op": "saturation", "params": {"value": 0.8}},
        {"op": "levels", "params": {"black": 0, "white": 255, "gamma": 1.2}},
        {"op": "sharpen", "params": {"amount": 0.6, "radius": 1.2}},
        {"op": "crop", "params": {"x": 0, "y": 0, "width": 10, "height": 10}},
    ]
    assert iterate.axes_of(operations) == {"temp": 1, "sat": -1, "bright": 1, "sharp": 1}
