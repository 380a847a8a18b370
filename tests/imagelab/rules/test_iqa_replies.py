"""What the offline planner says to a quality word that is no quality question (imagelab.rules.replies)."""

import pytest

from imagelab.rules.replies import chat_reply, classify_request, size_answer


@pytest.mark.parametrize("text", ["can you get rid of the noise?", "it looks blurry, can you sharpen it?"])
def test_it_plans_an_edit_asked_as_a_question_about_a_fault(text):
    assert classify_request(text) == "edit"


@pytest.mark.parametrize(
    ("text", "edit", "check"),
    [
        ("how do I fix a noisy photo?", '"reduce the noise"', '"is it noisy?"'),
        ("what can you do with a blurry photo?", '"sharpen it"', '"is it sharp?"'),
    ],
)
def test_it_points_a_how_to_question_to_the_edit_that_fixes_the_fault_and_the_check(text, edit, check):
    assert classify_request(text) == "how_to"
    reply = chat_reply(text)
    assert edit in reply and check in reply and "that's coming" not in reply


def test_it_no_longer_says_quality_checks_are_coming():
    assert "that's coming" not in chat_reply("is it sharp?") and "measure the photo" in chat_reply("is it sharp?")


@pytest.mark.parametrize("text", ["is this resolution good?", "what resolution is it?"])
def test_it_answers_the_resolution_with_the_size(text):
    assert "1600 × 1200 pixels" in size_answer(text, (1600, 1200), 2048)


@pytest.mark.parametrize(
    "text",
    [
        "is it crooked?",
        "is the horizon level?",
        "is the image tilted?",
        "is the picture crooked or is it just me",
        "is the building straight or is it leaning",
        "can you tell if the horizon is level?",
    ],
)
def test_it_says_plainly_that_whether_it_is_straight_is_not_measured(text):
    assert classify_request(text) == "unmeasured"
    reply = chat_reply(text)
    assert reply.startswith("I can't measure whether the horizon or lines are straight here") and "blur, noise" in reply


@pytest.mark.parametrize(
    "text", ["its a bit crooked, can you fix it", "the horizon is wonky", "is it crooked? straighten it if so"]
)
def test_it_still_straightens_a_tilt_said_or_asked_to_be_fixed(text):
    assert classify_request(text) == "edit"


@pytest.mark.parametrize(
    "text", ["is it straight out of camera?", "is her hair straight?", "is it a tilt shift photo?"]
)
def test_it_reads_straight_and_tilt_in_other_senses_as_no_tilt(text):
    assert classify_request(text) != "unmeasured"
