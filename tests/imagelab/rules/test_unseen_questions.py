"""Chat messages that are no edit, which the rules answer instead of planning: what an edit word means, how the
app is used (undo, save, compare, which to pick), what the page shows; and edits asked as questions, still planned."""

import pytest

from imagelab.rules.planner import chat_reply, classify_request, edit_reply


@pytest.mark.parametrize(
    "text,word",
    [
        ("what does saturation do?", "colours"),
        ("whats a vignette", "corners"),
        ("what is split toning exactly?", "shadows"),
        ("what's contrast mean", "darks"),
    ],
)
def test_it_answers_what_an_edit_word_means_without_planning(text, word):
    assert classify_request(text) == "explain"
    assert word in chat_reply(text)


@pytest.mark.parametrize(
    "text,word",
    [
        ("how do I undo the last edit?", "strip at the top"),
        ("can i go back to the original?", "strip at the top"),
        ("how do i save this", "PNG"),
    ],
)
def test_it_answers_how_to_use_the_app_without_planning(text, word):
    assert classify_request(text) == "app"
    assert word in chat_reply(text)


@pytest.mark.parametrize("text", ["how do i make it warmer?", "can you make it warmer?", "what if it was warmer?"])
def test_it_still_plans_an_edit_asked_as_a_question(text):
    assert classify_request(text) == "edit"


def test_it_explains_both_words_a_difference_question_names():
    text = "what's the difference between contrast and saturation?"
    assert classify_request(text) == "explain"
    assert "darks" in chat_reply(text) and "colours" in chat_reply(text)


@pytest.mark.parametrize(
    "text,word",
    [
        ("which one looks best?", "your call"),
        ("which would you pick?", "your call"),
        ("can you explain what you did?", "under its label"),
        ("what did you change?", "under its label"),
    ],
)
def test_it_answers_which_to_pick_and_what_was_done_without_planning(text, word):
    assert classify_request(text) == "app"
    assert word in chat_reply(text)


@pytest.mark.parametrize("text", ["reset it", "undo", "go back to the original colours"])
def test_it_answers_going_back_said_as_an_order(text):
    assert classify_request(text) == "app"
    assert "strip at the top" in chat_reply(text)


def test_it_plans_going_back_with_an_edit_named():
    assert classify_request("go back to the original colours but warmer") == "edit"


@pytest.mark.parametrize(
    "text,kind,word",
    [
        ("how do i compare them?", "app", "Slide over"),
        ("save it as png", "app", "PNG"),
        ("what else can you do?", "chat", "five variations"),
        ("how do i use this?", "chat", "five variations"),
    ],
)
def test_it_answers_more_questions_about_the_app(text, kind, word):
    assert classify_request(text) == kind
    assert word in chat_reply(text)


@pytest.mark.parametrize("text", ["what would you suggest?", "any ideas?", "surprise me"])
def test_it_plans_five_looks_when_asked_for_suggestions(text):
    assert classify_request(text) == "edit" and edit_reply(text) is None


@pytest.mark.parametrize(
    "text,kind,word",
    [
        ("what's the difference between warm and cool?", "explain", "yellow-orange"),
        ("what does split tone do to the photo?", "explain", "shadows"),
        ("is it possible to undo?", "app", "strip at the top"),
        ("what does the slider do?", "app", "Slide over"),
        ("what do the labels mean?", "app", "under its label"),
        ("why are there five?", "app", "five variations"),
    ],
)
def test_it_answers_questions_about_words_and_the_page(text, kind, word):
    assert classify_request(text) == kind
    assert word in chat_reply(text)


def test_it_still_plans_a_why_question_about_the_photo():
    assert classify_request("why is it so warm?") == "edit"
