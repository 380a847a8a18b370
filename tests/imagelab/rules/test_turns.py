"""An orientation asked by turning the photo: a quarter turn only when the photo stands the other way."""

import pytest

from imagelab.rules.planner import edit_reply, plan_variations, read_intent
from imagelab.rules.turns import BOTH_WAYS, orientation

LANDSCAPE, PORTRAIT, SQUARE = (4000, 3000), (3000, 4000), (2000, 2000)


def turns_of(text, size):
    plans = plan_variations(text, image_size=size)["variations"]
    return [[s["params"]["degrees"] for s in p["operations"] if s["op"] == "rotate"] for p in plans]


def crops_of(text, size):
    plans = plan_variations(text, image_size=size)["variations"]
    return [[s["params"] for s in p["operations"] if s["op"] == "crop"] for p in plans]


@pytest.mark.parametrize(
    "text,want,way",
    [
        ("rotate it to landscape", "landscape", 0),
        ("turn it to portrait", "portrait", 0),
        ("rotate the photo to portrait, clockwise", "portrait", 1),
        ("flip it to landscape please", "landscape", 0),
        ("rotate it back to vertical, counter-clockwise", "portrait", -1),
        ("its sideways", "other", 0),
        ("turn it sideways", "other", 0),
        ("rotate it so its landscape", "landscape", 0),
        ("rotate this pic to portrait mode", "portrait", 0),
        ("make it warmer", None, 0),
        ("turn it into a portrait", None, 0),  # a reshape: a crop, read by the ratio words
    ],
)
def test_it_reads_an_orientation_asked_by_turning(text, want, way):
    _rest, got, got_way = orientation(text)
    assert (got, got_way) == (want, way)


def test_it_does_not_read_a_turn_to_an_orientation_as_a_tilt():
    intent = read_intent("rotate it to landscape")
    assert not intent["straighten"] and intent["tilts"] is None and intent["rotate"] is None


def test_it_leaves_a_photo_already_standing_that_way_unturned_and_says_so():
    plans = plan_variations("rotate it to landscape", image_size=LANDSCAPE)["variations"]
    assert turns_of("rotate it to landscape", LANDSCAPE) == [[]] * 5
    assert crops_of("rotate it to landscape", LANDSCAPE) == [[]] * 5
    assert all(p["strategy"].startswith("The photo is already landscape") for p in plans)


def test_it_turns_a_photo_a_quarter_both_ways_when_the_way_is_not_said():
    assert turns_of("turn it to portrait", LANDSCAPE) == [[d] for d in BOTH_WAYS]
    assert turns_of("rotate it to landscape", PORTRAIT) == [[d] for d in BOTH_WAYS]
    labels = [p["label"] for p in plan_variations("turn it to portrait", image_size=LANDSCAPE)["variations"]]
    assert labels[0].endswith(", clockwise") and labels[1].endswith(", counter-clockwise")


def test_it_turns_the_way_said():
    assert turns_of("rotate to portrait, clockwise", LANDSCAPE) == [[90.0]] * 5
    assert turns_of("rotate it to portrait to the left", LANDSCAPE) == [[-90.0]] * 5


def test_it_crops_a_square_photo_asked_to_turn_since_a_turn_changes_nothing():
    crops = crops_of("rotate it to portrait", SQUARE)
    assert all(c and c[0]["width"] / c[0]["height"] == pytest.approx(0.8, abs=0.01) for c in crops)


def test_it_turns_a_photo_said_to_lie_sideways_whatever_its_shape():
    assert turns_of("its sideways, fix it", SQUARE) == [[d] for d in BOTH_WAYS]


def test_it_plans_a_turn_to_an_orientation_rather_than_refusing_a_flip():
    assert edit_reply("flip it to portrait") is None
    assert read_intent("flip it to portrait")["cannot"] == []


def test_it_says_what_cannot_be_done_before_how_the_orientation_was_met():
    plans = plan_variations("remove the person and rotate it to landscape", image_size=LANDSCAPE)["variations"]
    assert all(p["strategy"].startswith("Not done:") and "already landscape" in p["strategy"] for p in plans)


def test_it_turns_a_sideways_photo_a_quarter_rather_than_straightening_it():
    intent = read_intent("the photo is sideways, rotate it")
    assert intent["orient"] == "other" and not intent["straighten"]
    assert turns_of("the photo is sideways, rotate it", PORTRAIT) == [[d] for d in BOTH_WAYS]


def test_it_reads_putting_it_in_portrait_as_a_shape_not_a_thing_added():
    assert read_intent("put it in portrait")["generative"] == []


@pytest.mark.parametrize(
    ("text", "way"),
    [
        ("flip it horizontally", "horizontal"),
        ("mirror the photo", "horizontal"),
        ("can you mirror it left to right", "horizontal"),
        ("make it a mirror image", "horizontal"),
        ("mirrored please", "horizontal"),
        ("flip it upside down", "vertical"),
        ("flip the picture vertically", "vertical"),
        ("it's upside down, flip it", "vertical"),  # said apart from the verb: a flip, not also a half turn
        ("my mirror selfie, make it warmer", None),  # a mirror as a thing
        ("the lake is like a mirror, more contrast", None),
        ("flip it sideways", None),  # a quarter turn (`orientation`)
    ],
)
def test_it_reads_a_mirror_asked_and_its_way(text, way):
    assert read_intent(text)["flip"] == way


def test_it_reads_a_flip_upside_down_without_a_half_turn_unless_an_angle_is_said():
    assert read_intent("flip it upside down")["rotate"] is None
    assert read_intent("it's upside down, flip it")["rotate"] is None
    assert read_intent("flip it vertically")["ratio"] is None  # its way is no portrait crop
    both = read_intent("flip it horizontally and rotate 180")
    assert (both["flip"], both["rotate"]) == ("horizontal", 180.0)
