"""A named part of the picture ("the top left corner") is a region to crop, never the subject of the question."""

import pytest

from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_regions


@pytest.mark.parametrize(
    ("text", "label", "box"),
    [
        ("is the top left corner soft?", "top-left quarter", (0, 0, 0.5, 0.5)),
        ("is the bottom-right corner noisy?", "bottom-right quarter", (0.5, 0.5, 1, 1)),
        ("is the left half blurry?", "left half", (0, 0, 0.5, 1)),
        ("is the upper part too bright?", "top half", (0, 0, 1, 0.5)),
        ("is the centre sharp?", "centre", (0.25, 0.25, 0.75, 0.75)),
        ("does the middle look soft?", "centre", (0.25, 0.25, 0.75, 0.75)),
        ("is the right side grainy?", "right half", (0.5, 0, 1, 1)),
    ],
)
def test_it_reads_a_named_region_as_a_crop_box(text, label, box):
    assert iqa_regions.region(text) == (label, box)


@pytest.mark.parametrize(
    "text", ["is the car blurry?", "is the background noisy?", "is the exposure right?", "is the foreground soft?"]
)
def test_it_reads_no_region_where_none_is_named(text):
    assert iqa_regions.region(text) is None


@pytest.mark.parametrize(
    "text",
    ["is the top left corner soft?", "is the left side noisy?", "is the bottom edge too dark?", "is the centre sharp?"],
)
def test_it_never_takes_a_position_word_as_the_subject(text):
    assert rules_iqa.read_question(text, has_reference=False)["query_scope"] == "Global"


def test_it_still_finds_an_object_named_beside_a_position():
    assert rules_iqa.read_question("is the dog in the top left soft?", has_reference=False)["query_scope"] == ["dog"]


LEFT, RIGHT = ("left half", (0.0, 0.0, 0.5, 1.0)), ("right half", (0.5, 0.0, 1.0, 1.0))
TOP, BOTTOM = ("top half", (0.0, 0.0, 1.0, 0.5)), ("bottom half", (0.0, 0.5, 1.0, 1.0))
CENTRE, EDGES = ("centre", (0.25, 0.25, 0.75, 0.75)), ("edges", None)


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("is the left half noisier than the right?", (LEFT, RIGHT)),
        ("is the right side brighter than the left?", (RIGHT, LEFT)),
        ("left side vs right side noise?", (LEFT, RIGHT)),
        ("is the top sharper than the bottom?", (TOP, BOTTOM)),
        ("is the upper part darker than the lower part?", (TOP, BOTTOM)),
        ("compare the top and bottom halves", (TOP, BOTTOM)),
        ("is the centre sharper than the edges?", (CENTRE, EDGES)),
        ("are the corners softer than the middle?", (EDGES, CENTRE)),
        ("is the subject sharper than the background?", (("subject", CENTRE[1]), ("background", None))),
        ("is the background blurrier than the face?", (("background", None), ("face", CENTRE[1]))),
        (
            "is the top left corner sharper than the bottom right corner?",
            (("top-left quarter", (0.0, 0.0, 0.5, 0.5)), ("bottom-right quarter", (0.5, 0.5, 1.0, 1.0))),
        ),
    ],
)
def test_it_reads_both_parts_a_comparison_sets_against_each_other(text, parts):
    assert iqa_regions.compared(text) == parts


@pytest.mark.parametrize(
    "text",
    [
        "is the left half blurry?",
        "is the top left corner soft?",
        "is the left one sharper than the right one?",
        "is the histogram clipped on the right and left?",
        "is the left half sharper than the original?",
        # "and" alone asks of each part, not which is more
        "is the sky at the top and the grass at the bottom sharp?",
    ],
)
def test_it_reads_no_pair_of_parts_where_one_part_or_none_is_named(text):
    assert iqa_regions.compared(text) is None


@pytest.mark.parametrize(
    "text", ["is the subject sharp and the background blurry?", "is the face in focus and the background soft?"]
)
def test_it_measures_both_a_subject_and_its_background_asked_of_each(text):
    parts = iqa_regions.compared(text)
    assert parts is not None and parts[0][1] == (0.25, 0.25, 0.75, 0.75) and parts[1] == ("background", None)
