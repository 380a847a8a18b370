"""The twentieth blind round's patterns (2026-11-29): good words part by part, a cause of blur in the lens, a hue's
cast, a print size, a thing set against its background, "why does it look ...?" (imagelab.rules)."""

import json

import pytest

from imagelab.rules import (
    iqa,
    iqa_conditional,
    iqa_hue_cast,
    iqa_polarity,
    iqa_print,
    iqa_regions,
    iqa_shadows,
    iqa_unmeasured,
)
from tests.support.iqa_eval import plan_of


@pytest.mark.parametrize(
    ("text", "good"),
    [
        ("is it sharp and not too dark?", {"blur", "underexposure"}),
        ("is it crisp and clean?", {"blur", "noise"}),
        ("is it in focus and well exposed?", {"blur", "overexposure", "underexposure"}),
        ("is the cat sharp and the background clean?", {"blur", "noise"}),
        ("is this pic crispy?", {"blur"}),
        ("ist es scharf?", {"blur"}),
        ("est-ce que c'est net ?", {"blur"}),
        ("is it blurry and not noisy?", {"noise"}),
        ("isn't it sharp?", set()),
        ("is it not blurry?", set()),
        ("is it well exposed or too dark?", set()),
    ],
)
def test_each_part_of_a_question_keeps_its_own_good_word(text, good):
    assert iqa_polarity.asked_good(text) == good


@pytest.mark.parametrize(
    ("text", "names", "scope"),
    [
        ("is it crisp and clean?", ["blur", "noise"], "Global"),
        ("ist es scharf?", ["blur"], "Global"),
        ("est-ce que c'est net ?", ["blur"], "Global"),
        ("¿está nítida la foto?", ["blur"], "Global"),
        ("did number 2 blow the sky out", ["overexposure"], ["sky"]),
        ("is it blurry from the lens?", ["blur"], "Global"),
        ("honestly is this photo any good", [], "Global"),
    ],
)
def test_it_reads_the_blind_rounds_questions(text, names, scope):
    plan = plan_of(text)
    assert plan is not None and sorted(plan.distortion_names()) == names and plan.query_scope == scope


def test_a_blow_out_with_the_thing_between_names_the_variation():
    assert iqa.variation_number("did number 2 blow the sky out") == 2


@pytest.mark.parametrize("text", ["is it blurry from the lens?", "is the softness because of my kit lens?"])
def test_a_blur_blamed_on_the_lens_is_said_unmeasured_with_what_to_ask(text):
    assert iqa_unmeasured.named(text) == [iqa_unmeasured.LENS]
    assert "corners softer than the centre" in iqa_unmeasured.said([iqa_unmeasured.LENS], beside_measured=True)


ORANGE = {"cast_a": 11.4, "cast_b": 19.4, "colour_cast": 22.5}


@pytest.mark.parametrize(
    ("text", "hue"),
    [("is there a blue cast", "blue"), ("is it too green?", "green"), ("bluish?", "blue"), ("too warm?", "warm")],
)
def test_it_reads_the_hue_a_cast_is_asked_after(text, hue):
    assert iqa_hue_cast.asked(text) == hue


def test_a_things_colour_is_no_hue_of_a_cast():
    assert iqa_hue_cast.asked("is the red dress tinted?") is None


def test_an_orange_cast_is_no_blue_cast():
    text = iqa_hue_cast.answered(
        "is there a blue cast?", {"colour_cast": "yes"}, ORANGE, "… — so yes, it is colour-cast."
    )
    assert "so yes" not in text and text.endswith(
        "But not blue: it leans orange (a* +11.4, b* +19.4), so no blue cast."
    )


def test_a_cast_the_way_asked_is_a_yes():
    assert iqa_hue_cast.said("warm", "yes", ORANGE) == "Yes: it leans warm (a* +11.4, b* +19.4)."


def test_a_print_size_named_is_answered_in_dpi():
    said = iqa_print.said("is it good enough for a 30x40 print", (451, 300))
    assert "30×40 cm" in said and "25 dpi" in said and "4724 × 3543 pixels" in said
    assert "sharp even up close" in iqa_print.said("ok to print at 8x10?", (4000, 3000))  # inches: 375 dpi


def test_a_thing_set_against_the_background_is_the_subject():
    assert iqa_regions.compared("is the background blurrier than the cat?") == (
        ("background", None),
        ("cat", (0.25, 0.25, 0.75, 0.75)),
    )


def test_why_it_looks_muddy_names_what_the_figures_find_instead():
    figures = {"contrast_spread": 108.0, "colour_cast": 22.5, "blur_effect": 0.4, "noise_sigma": 0.9}
    figures |= {"mean_luminance": 117.0, "highlights_clipped": 0.0, "bright_end": 179.0, "blockiness": 1.0}
    figures |= {"shadows_clipped": 0.0, "sharpness": 400.0}
    said = iqa_polarity.why_said("why does it look muddy", {"low_contrast": "no"}, figures)
    assert said.startswith("By the figures it is not flat, low in contrast; what they do find: colour cast 22.5")
    assert iqa_polarity.why_said("does it look muddy?", {"low_contrast": "no"}, figures) == ""


@pytest.mark.parametrize(
    ("text", "question", "edit", "on_yes"),
    [
        ("is it too dark? if so brighten it", "is it too dark?", "brighten it", True),
        ("is it too bright? tone it down if so", "is it too bright?", "tone it down", True),
        ("is it sharp enough? if not, sharpen it", "is it sharp enough?", "sharpen it", False),
        ("is it noisy, and if it is, clean it up", "is it noisy?", "clean it up", True),
    ],
)
def test_it_splits_a_question_from_the_edit_hanging_on_it(text, question, edit, on_yes):
    assert iqa_conditional.split(text) == iqa_conditional.Conditional(question, edit, on_yes)


@pytest.mark.parametrize("text", ["brighten it if needed", "is it too dark?", "is it too dark? brighten it"])
def test_a_message_with_no_condition_is_no_conditional_edit(text):
    assert iqa_conditional.split(text) is None


@pytest.mark.parametrize(
    ("text", "verdict", "runs"),
    [
        ("is it too dark? if so brighten it", "yes", True),
        ("is it too dark? if so brighten it", "no", False),
        ("is it too dark? if so brighten it", "unsure", False),
        ("is it sharp enough? if not, sharpen it", "yes", True),  # soft: not sharp enough
        ("is it sharp enough? if not, sharpen it", "no", False),
    ],
)
def test_the_edit_runs_only_when_the_answer_calls_for_it(text, verdict, runs):
    conditional = iqa_conditional.split(text)
    fault = "blur" if "sharp" in text else "underexposure"
    assert iqa_conditional.holds(conditional, {fault: verdict}) is runs


def test_the_rule_planner_asks_the_question_and_plans_only_the_edit():
    from chatapp.planner.backends.base import PlannerRequest
    from imagelab import planning

    tool = planning.assess_quality_tool(has_reference=False)
    request = PlannerRequest(
        instructions="",
        input=[],
        model="rules",
        tools=[planning.PLAN_VARIATIONS_TOOL, tool],
        context=planning.ImageContext(text="is it too dark? if so brighten it", image_size=(1600, 1200)),
        purpose=planning.PURPOSE,
    )
    reply = planning.answer_or_plan(request)
    assert [c.name for c in reply.tool_calls] == [tool.name, planning.PLAN_VARIATIONS_TOOL.name]
    assert tool.parse(reply.tool_calls[0].arguments).distortion_names() == ["underexposure"]
    edit = planning.ImageContext(text="brighten it", image_size=(1600, 1200))
    assert json.loads(reply.tool_calls[1].arguments) == planning.plan_with_rules(
        PlannerRequest(instructions="", input=[], model="rules", tools=[], context=edit, purpose=planning.PURPOSE)
    )


@pytest.mark.parametrize(
    ("crushed", "end"),
    [
        (0.0, "no: nothing is crushed to pure black (0.0% of pixels), so their detail is all there."),
        (0.4, "a little: 0.4% of pixels"),
        (3.2, "yes: 3.2% of pixels"),
    ],
)
def test_the_shadows_asked_about_are_answered_by_the_share_crushed_to_black(crushed, end):
    said = iqa_shadows.said("are the shadows too dark?", {"underexposure": "no"}, {"shadows_clipped": crushed})
    assert end in said
    assert iqa_shadows.said("is it too dark?", {"underexposure": "no"}, {"shadows_clipped": crushed}) == ""


def test_crushed_shadows_are_a_yes_even_when_the_photo_is_not_underexposed():
    text = "Its brightest 1% reach 248 of 255, mean 113 — so no, it is not underexposed."
    said = iqa_shadows.answered("are the shadows crushed?", {"underexposure": "no"}, {"shadows_clipped": 13.1}, text)
    assert "so no" not in said and "so overall it is not underexposed. In the shadows, yes: 13.1% of pixels" in said


@pytest.mark.parametrize(
    ("bright_end", "said"), [(248.0, "Its brightest 1% reach 248"), (120.0, "Its brightest 1% only reach 120")]
)
def test_only_a_dark_bright_end_is_said_to_only_reach_it(bright_end, said):
    from imagelab.rules import iqa_answer

    figures = {"bright_end": bright_end, "mean_luminance": 100.0}
    assert iqa_answer.sentence("underexposure", "no", figures).startswith(said)


def test_a_print_size_leads_with_its_own_yes_or_no():
    from imagelab.rules import iqa_print

    assert iqa_print.said("sharp enough to print at A4?", (451, 300)).startswith(
        "No, not for A4: its 451 × 300 pixels print at 36 dpi there, visibly soft"
    )
    assert iqa_print.said("ok to print at 8x10?", (4000, 3000)).startswith('Yes for 8×10": ')
    assert iqa_print.said("good for a 30x40 print?", (3000, 2000)).startswith("For 30×40 cm, at a distance: ")
