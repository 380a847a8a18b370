"""The offline rule-based planner: intents, five distinct plans, determinism, request classes."""

import pytest

from imagelab.core.normalize import normalize_plan
from imagelab.rules.planner import alternatives_answer, chat_reply, classify_request, plan_variations

SIZE = (4000, 3000)


def planned(text):
    return normalize_plan(plan_variations(text, image_size=SIZE), image_size=SIZE)


def ops_of(plan):
    return [plan.operations(i) for i in range(len(plan.variations))]


def all_ops(plan):
    return [op for ops in ops_of(plan) for op, _ in ops]


def test_it_makes_five_distinct_local_plans_without_normalisation_changes():
    plan = planned("warmer and punchier, keep the framing")
    assert len(plan.variations) == 5 and plan.log == []
    assert len({repr(o) for o in ops_of(plan)}) == 5
    assert len(plan.diversity_axes) >= 3 and "aiEdit" not in all_ops(plan)


def test_it_is_deterministic():
    assert plan_variations("cinematic and darker", image_size=SIZE) == plan_variations(
        "cinematic and darker", image_size=SIZE
    )


@pytest.mark.parametrize(
    "text,op,check",
    [
        ("warmer please", "temperature", lambda p: p["warm"] is True),
        ("make it cooler", "temperature", lambda p: p["warm"] is False),
        ("punchier", "saturation", lambda p: p["value"] > 1),
        ("softer", "contrast", lambda p: p["value"] < 1),
        ("brighter", "levels", lambda p: p["gamma"] > 1),
        ("darker", "brightness", lambda p: p["value"] < 1),
        ("black and white", "filter", lambda p: p["type"] == "grayscale"),
        ("sepia", "filter", lambda p: p["type"] == "sepia"),
        ("vintage film look", "tint", lambda p: p["strength"] > 0),
        ("cinematic", "levels", lambda p: p["gamma"] < 1),
        ("straighten it, rotate 3 degrees", "rotate", lambda p: p["degrees"] == 3),
        ("rotate 2 degrees counterclockwise", "rotate", lambda p: p["degrees"] == -2),
    ],
)
def test_it_reads_intent(text, op, check):
    plan = planned(text)
    found = [p for o, p in plan.operations(0) if o == op]  # the "Faithful" variation
    assert found and all(check(p) for p in found)


def test_it_crops_square_in_every_variation():
    for ops in ops_of(planned("crop it square")):
        crop = next(p for o, p in ops if o == "crop")
        assert crop["width"] == crop["height"] == 1536


def test_it_crops_tighter_along_a_framing_axis():
    plan = planned("crop tighter")
    assert "crop/framing" in plan.diversity_axes
    sizes = {tuple(p["width"] for o, p in ops if o == "crop") for ops in ops_of(plan)}
    assert len(sizes) == 2  # one variation crops further


def test_it_respects_keep_the_framing():
    assert "crop" not in all_ops(planned("crop tighter and warmer but keep the framing"))


def test_it_explains_generative_requests_instead_of_pretending():
    raw = plan_variations("blur the background", image_size=SIZE)
    assert raw["notes"] and all(
        v["strategy"].startswith("Instead of blurring only the background (an AI edit, off here)")
        for v in raw["variations"]
    )
    assert "blur" not in all_ops(planned("blur the background"))
    mixed = plan_variations("blur the background and make it warmer", image_size=SIZE)
    assert all("AI edit would be required" in v["strategy"] for v in mixed["variations"])


@pytest.mark.parametrize(
    "text,kind",
    [
        ("what can you do?", "chat"),
        ("thanks", "chat"),
        ("hi!", "chat"),
        ("is it sharp?", "quality"),
        ("is the car blurry?", "quality"),
        ("make it sharper", "edit"),
        ("warmer and punchier", "edit"),
        ("blur the background", "edit"),
        ("thanks, now make it warmer", "edit"),
        ("ok cool", "chat"),
        ("good morning :)", "chat"),
        ("cool", "edit"),
        ("cool it down a tad and bump the contrast", "edit"),
    ],
)
def test_it_classifies_requests(text, kind):
    assert classify_request(text) == kind


def test_it_replies_to_chat_and_is_honest_about_quality():
    assert "five variations" in chat_reply("what can you do?")
    assert "can't judge" in chat_reply("is it sharp?")


def test_it_offers_colour_draining_alternatives_when_asked_to_keep_one_colour():
    assert "needs the AI edit" in alternatives_answer("remove the colour but keep the red")
    plan = planned("remove the colour but keep the red")
    used = set(all_ops(plan)) - {"resize"}
    assert used <= {"filter", "contrast", "saturation", "temperature"}
    assert all(v.strategy.startswith("Instead of keeping one colour") for v in plan.variations)


def test_it_answers_a_question_about_an_unmeasured_fault_plainly():
    text = "is there any chromatic aberration on the branches?"
    assert classify_request(text) == "unmeasured"
    reply = chat_reply(text)
    assert reply.startswith("I can't measure chromatic aberration here") and "blur, noise" in reply
