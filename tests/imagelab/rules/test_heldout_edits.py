"""Held-out phrasings: two tones asked opposite ways side by side, slang degrees, a finish said to be too much."""

import pytest

from imagelab.rules.intent import GENTLE, read_intent


@pytest.mark.parametrize(
    "text,axes",
    [
        ("more warmth less contrast", {"temp": 1, "contrast": -1}),
        ("more contrast less saturation", {"contrast": 1, "sat": -1}),
        ("warmer less saturated", {"temp": 1, "sat": -1}),
        ("the warmth less please", {"temp": -1}),
        ("make the colours less garish", {"sat": -1}),
    ],
)
def test_it_reads_less_before_a_tone_word_as_that_words(text, axes):
    intent = read_intent(text)
    assert {a: intent[a] for a in ("temp", "sat", "contrast", "bright") if intent[a]} == axes


@pytest.mark.parametrize(
    "text,axis",
    [("brighten it up a lil", "bright"), ("a lil warmer", "temp"), ("sharpen it up but dont overdo it", "sharp")],
)
def test_it_reads_a_slang_or_trailing_limit_as_a_gentle_degree(text, axis):
    assert read_intent(text)["degree"] == {axis: GENTLE}


@pytest.mark.parametrize(
    "text,finish,sign",
    [
        ("the vignette is too strong", "vignette", -1),
        ("grain's way too heavy", "grain", -1),
        ("the vignette looks overdone", "vignette", -1),
        ("lose the vignette", "vignette", -1),
        ("ditch the grain", "grain", -1),
        ("vignette a lot", "vignette", 1),
        ("add a vignette", "vignette", 1),
    ],
)
def test_it_reads_a_finish_said_too_much_or_taken_away(text, finish, sign):
    assert read_intent(text)[finish] == sign


@pytest.mark.parametrize(
    "text,axes",
    [
        ("colors r too strong", {"sat": -1}),
        ("rendre plus chaud et plus contrasté", {"temp": 1, "contrast": 1}),
        ("mas brillo por favor", {"bright": 1}),
    ],
)
def test_it_reads_chat_shorthand_and_foreign_tone_nouns(text, axes):
    intent = read_intent(text)
    assert {a: intent[a] for a in ("temp", "sat", "contrast", "bright") if intent[a]} == axes


def test_it_reads_too_much_as_the_fault_not_a_strong_degree():
    assert "contrast" not in read_intent("too much contrast and too warm")["degree"]


def test_it_reads_fading_the_blacks_as_a_matte_finish():
    intent = read_intent("fade the blacks a bit")
    assert intent["matte"] == 1 and not intent["vintage"]


@pytest.mark.parametrize(
    "text,crop", [("make it closer to the original", False), ("get closer to the subject", True), ("closer crop", True)]
)
def test_it_reads_closer_to_the_original_as_no_crop(text, crop):
    assert read_intent(text)["crop"] is crop
