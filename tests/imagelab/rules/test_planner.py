"""The offline rule-based planner: intents, five distinct plans, determinism, request classes."""

import itertools

import pytest

from imagelab.core.normalize import normalize_plan
from imagelab.rules.iterate import direction as iterate_direction
from imagelab.rules.planner import alternatives_answer, chat_reply, classify_request, plan_variations, size_answer

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


def _chosen(text="warmer and punchier", index=0, applied=True):
    plan = plan_variations(text, image_size=SIZE)["variations"][index]
    return {"label": plan["label"], "operations": plan["operations"], "applied": applied}


def _values(plan, op, key):
    return [sum(p[key] for o, p in ops if o == op) for ops in ops_of(plan)]


@pytest.mark.parametrize(
    "text", ["i liked variation 3, push it further", "more of that", "same but stronger", "a bit more"]
)
def test_it_pushes_the_chosen_variations_own_adjustments_further_in_graded_steps(text):
    chosen = _chosen()
    plan = normalize_plan(plan_variations(text, image_size=SIZE, chosen=chosen), image_size=SIZE)
    sats = _values(plan, "saturation", "value")
    assert len(plan.variations) == 5 and plan.log == []
    assert all(1.0 < a < b for a, b in itertools.pairwise(sats))  # on top of the image that has it: more each time
    assert all(o not in {"crop", "rotate"} for o in all_ops(plan))  # the look is pushed, not the framing


def test_it_tones_the_chosen_look_down_and_says_what_stays():
    chosen = _chosen("warm film look with grain", 1)
    args = plan_variations("tone it down", image_size=SIZE, chosen=chosen)
    plan = normalize_plan(args, image_size=SIZE)
    temps = [[p for o, p in ops if o == "temperature"] for ops in ops_of(plan)]
    assert all(t and t[0]["warm"] is False for t in temps)  # a warm look is taken back by a cooler step
    assert "grain" not in all_ops(plan) and all("grain" in v["strategy"] for v in args["variations"])


def test_it_scales_a_named_variation_that_was_not_chosen_from_its_source():
    chosen = _chosen("much more saturated", 1, applied=False)
    base = next(s["params"]["value"] for s in chosen["operations"] if s["op"] == "saturation")
    plan = normalize_plan(plan_variations("less of that", image_size=SIZE, chosen=chosen), image_size=SIZE)
    sats = _values(plan, "saturation", "value")
    assert all(base > a > b > 1.0 for a, b in itertools.pairwise(sats))


@pytest.mark.parametrize("text", ["push it further", "tone it down", "a bit less", "slightly more pls"])
def test_it_answers_an_iteration_without_a_chosen_variation_plainly(text):
    from imagelab.rules.planner import edit_reply

    assert "Use this" in edit_reply(text)
    assert edit_reply(text, _chosen()) is None


@pytest.mark.parametrize(
    "text,chosen_from,way",
    [
        ("nah too warm now, pull it back a little", "make it warmer", -1),
        ("too cold, tone it down", "much cooler", -1),
        ("even punchier, push it further", "much more saturated", 1),
    ],
)
def test_it_reads_an_iteration_named_with_the_looks_own_word_as_that_look_graded(text, chosen_from, way):
    chosen = _chosen(chosen_from)
    args = plan_variations(text, image_size=SIZE, chosen=chosen)
    assert args["diversity_axes"] == ["strength"]  # the chosen look graded, not five new looks on top of it
    assert all(v["strategy"].startswith(chosen["label"]) for v in args["variations"])
    assert iterate_direction(text) == way


def test_it_plans_a_new_look_when_an_iteration_names_another_axis():
    args = plan_variations("cooler, pull it back a little", image_size=SIZE, chosen=_chosen("much more saturated"))
    assert args["diversity_axes"] != ["strength"]


def test_it_says_in_every_strategy_that_an_edit_aimed_at_one_thing_changes_the_whole_photo():
    args = plan_variations("brighten the cat's face", image_size=SIZE)
    assert all("whole photo" in v["strategy"] and "cat's face" in v["strategy"] for v in args["variations"])
    assert not any(
        "whole photo" in v["strategy"] for v in plan_variations("brighten the shadows", image_size=SIZE)["variations"]
    )


def test_it_says_plainly_when_a_chosen_look_cannot_be_taken_back():
    from imagelab.rules.planner import edit_reply

    grainy = {"label": "Grit", "applied": True, "operations": [{"op": "grain", "params": {"amount": 0.2}}]}
    assert edit_reply("tone it down", grainy).startswith("Its grain cannot be taken back out")
    assert edit_reply("push it further", grainy) is None


def test_it_keeps_a_clean_look_free_of_casts_vignettes_and_grain():
    ops = all_ops(planned("clean it up for linkedin, nothing arty"))
    assert not {"tint", "vignette", "grain", "filter"} & set(ops)


def test_it_sharpens_every_plan_at_its_own_strength():
    plan = planned("don't touch the colours, just sharpen")
    amounts = _values(plan, "sharpen", "amount")
    assert len(set(amounts)) == 5 and min(amounts) > 0
    assert not {"temperature", "tint", "saturation"} & set(all_ops(plan))


def test_it_answers_the_photos_size():
    assert "1600 × 1200 pixels" in size_answer("what size is this photo?", (1600, 1200), 2048)
    assert "2048 pixels" in size_answer("is it big enough to print?", (4000, 3000), 2048)
    assert size_answer("make it bigger", (4000, 3000), 2048) is None


@pytest.mark.parametrize("text", ["crop it to a circle", "make it round", "round crop and a bit warmer"])
def test_it_says_first_that_a_circle_cannot_be_cut_and_crops_the_square_it_fits_in(text):
    raw = plan_variations(text, image_size=SIZE)
    for variation in raw["variations"]:
        assert variation["strategy"].startswith("Not done: I can't crop it to a circle here")
        assert "cropped square" in variation["strategy"]
    for ops in ops_of(planned(text)):
        crop = next(p for op, p in ops if op == "crop")
        assert crop["width"] == crop["height"]


def test_it_says_what_it_cannot_do_in_every_strategy_when_the_rest_is_planned():
    raw = plan_variations("upscale it and make it warmer", image_size=SIZE)
    assert all(v["strategy"].startswith("Not done: I can't upscale it here") for v in raw["variations"])


@pytest.mark.parametrize(
    ("text", "direction", "said"),
    [
        ("flip it horizontally", "horizontal", "mirrored left to right"),
        ("mirror the photo", "horizontal", "mirrored left to right"),
        ("flip it upside down", "vertical", "flipped upside down"),
        ("make it a mirror image, black and white", "horizontal", "mirrored left to right"),
    ],
)
def test_it_mirrors_every_plan_with_its_own_look(text, direction, said):
    raw = plan_variations(text, image_size=SIZE)
    flips = [[o["params"] for o in v["operations"] if o["op"] == "flip"] for v in raw["variations"]]
    assert flips == [[{"direction": direction}]] * 5 and not raw["notes"]
    assert all(said in v["strategy"] for v in raw["variations"])
    assert len({repr(v["operations"]) for v in raw["variations"]}) == 5  # five looks, not one


def test_it_mirrors_after_the_asked_turn_and_crop():
    ops = [
        o["op"]
        for o in plan_variations("straighten it, crop it square and flip it", image_size=SIZE)["variations"][0][
            "operations"
        ]
    ]
    assert ops[: ops.index("flip") + 1] == ["resize", "rotate", "crop", "flip"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("make it landscape", "cropped to 3:2 landscape"),
        ("make it portrait", "cropped to 4:5 portrait"),
        ("turn it into a 16:9", "cropped to 16:9 landscape"),
        ("letterbox it", "cropped to 2.39:1 landscape"),
    ],
)
def test_it_names_an_asked_crop_ratio_as_people_say_it(text, said):
    assert all(said in v["strategy"] for v in plan_variations(text, image_size=SIZE)["variations"])
