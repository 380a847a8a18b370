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
