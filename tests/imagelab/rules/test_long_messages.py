"""A long message is read in time proportional to its length: each term is read from its own neighbourhood."""

import time

from imagelab.rules.intent import read_intent


def _seconds(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        read_intent(text)
        best = min(best, time.perf_counter() - start)
    return best


def test_it_reads_a_long_repeated_message_in_linear_time():
    read_intent("warm it up a bit")  # patterns compiled
    short = _seconds("make it " + "warmer " * 142)
    long = _seconds("make it " + "warmer " * 570)  # ~4,000 characters, four times the terms
    assert long < 8 * short + 0.02  # a square law would be ~16 times


def test_it_reads_long_messages_the_same_way_as_before():
    intent = read_intent("make it " + "warmer " * 570)
    assert intent["temp"] == 1
    intent = read_intent("it looks a bit warm, " * 190 + "fix it")
    assert intent["temp"] == -1


def test_a_tone_said_of_the_photo_is_read_against_its_own_neighbourhood_in_linear_time():
    # each stated tone looked for a later "tone that down" / "fix it" to the message's end: a square law
    read_intent("the sky is warm")
    short = _seconds("the sky is warm " * 200)
    long = _seconds("the sky is warm " * 800)
    assert long < 8 * short + 0.02
    short = _seconds("its dull, " * 400)  # ... and every term asked whether the message praises the photo
    long = _seconds("its dull, " * 1600)
    assert long < 8 * short + 0.02


def test_a_turn_down_is_still_read_after_its_tone_and_a_closing_fix_when_near():
    assert read_intent("the faces look orange, can you tone that down")["temp"] == -1
    assert read_intent("the picture is very yellow, please fix")["temp"] == -1
    # a "fix" far past the tone (beyond the window its clause is read in) is no turn-down of that tone
    near = "the light is golden and the trees and the hills, please fix"
    assert read_intent(near)["temp"] == -1
    far = "the light is golden " + "and the trees and the hills and the river " * 12 + "please fix"
    assert read_intent(far)["temp"] != -1
