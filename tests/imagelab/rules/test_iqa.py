"""The IQA plan (imagelab.core.iqa) and its offline reading and answer (imagelab.rules.iqa)."""

import pytest
from pydantic import ValidationError

from chatapp.planner.tools import Tool
from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa


def plan_of(text, has_reference=False):
    return iqa.complete(rules_iqa.read_question(text, has_reference=has_reference), has_reference=has_reference)


def test_it_reads_the_seed_example_into_the_seed_plan():
    plan = plan_of("Is the vehicle blurry in this picture?").as_seed()
    assert plan["query_type"] == "IQA" and plan["query_scope"] == ["vehicle"]
    assert plan["distortion_source"] == "Explicit" and plan["distortions"] == {"vehicle": ["blur"]}
    assert plan["reference_mode"] == "No-Reference" and plan["required_tool"] is None
    assert plan["plan"]["distortion_detection"] is False and plan["plan"]["distortion_analysis"] is True


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("is it out of focus?", ["blur"]),
        ("is the photo grainy?", ["noise"]),
        ("is it blown out?", ["overexposure"]),
        ("is this picture too dark?", ["underexposure"]),
        ("does it look blocky?", ["jpeg"]),
        ("is it washed out?", ["low_contrast"]),
        ("is it hazy?", ["low_contrast"]),
        ("does it have a colour cast?", ["colour_cast"]),
        ("is it noisy or soft?", ["blur", "noise"]),
    ],
)
def test_it_maps_distortion_words_and_synonyms(text, names):
    assert rules_iqa.is_quality_question(text)
    plan = plan_of(text)
    assert plan.distortion_names() == names and plan.query_scope == "Global"


def test_it_infers_and_detects_when_nothing_is_named():
    plan = plan_of("is the quality good enough?")
    assert plan.distortion_source == "Inferred" and plan.distortions is None and plan.plan.distortion_detection


def test_it_reads_reference_words_and_named_metrics():
    plan = plan_of("how much did the edit change it compared with the original?", has_reference=True)
    assert plan.reference_mode == "Full-Reference"
    assert plan_of("what is the SSIM?").required_tool == "SSIM"
    assert plan_of("is it blurry?").reference_mode == "No-Reference"


def test_it_leaves_edits_and_small_talk_alone():
    for text in ("make it sharper", "blur the background", "thanks!", "warmer please"):
        assert not rules_iqa.is_quality_question(text)


def test_it_fills_missing_fields_with_the_seed_defaults():
    plan = iqa.complete({"query_type": "IQA"}, has_reference=True)
    assert plan.distortion_source == "Inferred" and plan.plan.distortion_detection
    assert plan.reference_mode == "Full-Reference" and plan.query_scope == "Global"
    assert iqa.complete({}, has_reference=False).reference_mode == "No-Reference"


def test_it_forgives_the_seeds_spellings_but_rejects_wrong_enums():
    plan = iqa.complete(
        {"distortions": {"vehicle": ["Blurs", "Noise"]}, "reference_mode": "No-reference"}, has_reference=False
    )
    assert plan.distortion_names() == ["blur", "noise"] and plan.distortion_source == "Explicit"
    with pytest.raises(ValidationError):
        iqa.complete({"query_type": "Quality"}, has_reference=False)
    with pytest.raises(ValidationError):
        iqa.complete({"distortions": [{"scope": "Global", "names": ["sparkles"]}]}, has_reference=False)
    with pytest.raises(ValidationError):
        iqa.complete({"query_type": "IQA", "mood": "happy"}, has_reference=False)


def test_it_turns_detection_on_whenever_the_source_is_inferred():
    raw = {"distortion_source": "Inferred", "plan": {"distortion_detection": False}}
    assert iqa.complete(raw, has_reference=False).plan.distortion_detection


def test_it_offers_the_plan_as_a_strict_tool_schema():
    schema = Tool.from_model(iqa.IQAPlan, name=iqa.TOOL_NAME, description=iqa.TOOL_DESCRIPTION).json_schema()
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(iqa.IQAPlan.model_fields)


def test_it_answers_with_the_verdict_and_the_figures_that_decided_it():
    plan = plan_of("is it blurry?")
    figures = {"blur_effect": 0.72, "sharpness": 4.1, "mean_luminance": 110.0}
    text = rules_iqa.answer(plan, figures, {"blur": "yes"}, [])
    assert "Blur effect 0.72 (blurry from 0.50)" in text and "yes" in text and "soft" in text
    shown = rules_iqa.figures_to_show(plan, {**figures, "noise_sigma": 1.0}, {"blur": "yes"})
    assert shown == {"blur_effect": 0.72, "sharpness": 4.1}


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("it's not very crisp, is it?", ["blur"]),
        ("is there camera shake?", ["blur"]),
        ("are there specks all over it?", ["noise"]),
        ("is there visible pixelation?", ["jpeg"]),
        ("does the skin have a greenish tinge?", ["colour_cast"]),
        ("are the colours off?", ["colour_cast"]),
    ],
)
def test_it_reads_more_synonyms_of_each_distortion(text, names):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).distortion_names() == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("is the foto overexposd?", ["overexposure"]),
        ("does it look noisey?", ["noise"]),
        ("is the photo blurrey?", ["blur"]),
        ("is this pixelatd?", ["jpeg"]),
    ],
)
def test_it_forgives_misspelt_quality_words(text, names):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).distortion_names() == names and plan_of(text).query_scope == "Global"


@pytest.mark.parametrize("text", ["is the nose sharp?", "is it too rainy for a walk?", "can you sharpen it?"])
def test_it_leaves_real_words_near_a_quality_word_alone(text):
    names = plan_of(text).distortion_names() if rules_iqa.is_quality_question(text) else []
    assert "noise" not in names


def test_it_reads_washed_out_highlights_as_overexposure_and_washed_out_alone_as_flat():
    assert plan_of("are the highlights washed out?").distortion_names() == ["overexposure"]
    assert plan_of("is the sunset washed out?").distortion_names() == ["low_contrast"]


def test_it_does_not_read_a_tonal_region_as_a_distortion_or_an_object():
    plan = plan_of("does the shot look grainy in the dark areas?")
    assert plan.distortion_names() == ["noise"] and plan.query_scope == "Global"


def test_it_does_not_take_a_pronoun_for_the_subject():
    assert plan_of("is it too dark or is that just me?").query_scope == "Global"


@pytest.mark.parametrize(
    "text",
    [
        "is it brighter than before?",
        "how does it look vs the upload?",
        "how does number 1 compare to the original?",
        "compare number 3 with the original",
        "did the edit make it noisier?",
    ],
)
def test_it_reads_comparisons_with_the_original_as_full_reference(text):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text, has_reference=True).reference_mode == "Full-Reference"


@pytest.mark.parametrize("text", ["what's the ΔE between this and the original?", "what's the delta-e of number 3?"])
def test_it_names_delta_e_however_it_is_written(text):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text, has_reference=True).required_tool == "DeltaE2000"


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("is the last one too bright?", 5),
        ("how blurry is version three?", 3),
        ("is number two blurrier than the original?", 2),
        ("is the final variation noisy?", 5),
        ("is one of them blurry?", None),
    ],
)
def test_it_reads_variation_numbers_in_words_and_the_last_one(text, number):
    assert rules_iqa.variation_number(text) == number


@pytest.mark.parametrize("text", ["hows the noise in number 5", "can u tell if its noisy", "could you check the focus"])
def test_it_reads_casual_openings_as_questions(text):
    assert rules_iqa.is_quality_question(text)


@pytest.mark.parametrize("text", ["the sky is blown out, can you recover it?", "it looks blurry, can you sharpen it?"])
def test_it_reads_a_request_after_a_complaint_as_an_edit(text):
    assert not rules_iqa.is_quality_question(text)


@pytest.mark.parametrize(
    "text", ["what can you do with a blurry photo?", "how do I make it sharper?", "how can I fix the noise?"]
)
def test_it_does_not_read_how_to_questions_as_quality_questions(text):
    assert not rules_iqa.is_quality_question(text)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("i think its blurry", ["blur"]),
        ("the whites are clipping on her dress", ["overexposure"]),
        ("this photo have too much noise or not", ["noise"]),
        ("the sky looks burnt", ["overexposure"]),
    ],
)
def test_it_reads_a_stated_distortion_as_a_quality_question(text, names):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).distortion_names() == names


@pytest.mark.parametrize(
    "text", ["its blurry sharpen it", "it's too dark, brighten it", "the sky is dark and moody, love it"]
)
def test_it_does_not_read_a_statement_with_an_order_or_praise_as_a_question(text):
    assert not rules_iqa.is_quality_question(text)


def test_it_does_not_read_a_distortion_word_after_a_noun_as_a_statement():
    assert not rules_iqa.is_quality_question("vintage look with grain")


@pytest.mark.parametrize(
    ("text", "scope"),
    [("faces look orange", ["faces"]), ("does the lake look a bit green to u", ["lake"])],
)
def test_it_reads_a_hue_said_of_a_subject_as_a_colour_cast_there(text, scope):
    plan = plan_of(text)
    assert plan.distortion_names() == ["colour_cast"] and plan.query_scope == scope


@pytest.mark.parametrize(
    "text",
    ["too dark? 🤔", "hiya quick one is the pic a bit soft", "on a scale of 1 to 10 how good is this photo"],
)
def test_it_reads_a_question_after_a_lead_in_or_before_an_emoji(text):
    assert rules_iqa.is_quality_question(text)


def test_it_never_takes_the_viewers_screen_for_the_subject():
    assert plan_of("is the pic a bit soft or is it just my screen").query_scope == "Global"


@pytest.mark.parametrize(
    ("text", "names"),
    [("is the exposure too low?", ["underexposure"]), ("is the exposure way too high?", ["overexposure"])],
)
def test_it_reads_the_exposure_said_low_or_high_as_one_way(text, names):
    assert plan_of(text).distortion_names() == names


def test_it_reads_a_colour_balance_said_off_as_a_cast():
    assert plan_of("Is the colour balance a bit off?").distortion_names() == ["colour_cast"]


@pytest.mark.parametrize(
    ("text", "tool"),
    [("whats the structural similarity vs the original", "SSIM"), ("what's the peak signal to noise ratio?", "PSNR")],
)
def test_it_reads_metrics_by_their_long_names_without_reading_noise(text, tool):
    plan = plan_of(text, has_reference=True)
    assert plan.required_tool == tool and plan.distortion_names() == []


@pytest.mark.parametrize(
    "text,names",
    [
        ("did the sky blow out?", ["overexposure"]),
        ("r the highlights clipped on the window", ["overexposure"]),
        ("is the snow blue-ish", ["colour_cast"]),
        ("is the runner motion blurred", ["blur"]),
        ("the colours look off to me", ["colour_cast"]),
    ],
)
def test_it_reads_the_third_round_phrasings(text, names):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).distortion_names() == names


@pytest.mark.parametrize("text", ["can u give me the psnr vs the unedited one", "rate this photo out of 10"])
def test_a_figure_or_a_mark_asked_for_as_an_order_is_a_quality_question(text):
    assert rules_iqa.is_quality_question(text)


@pytest.mark.parametrize("text", ["give me a warmer version", "make it black and white", "is it all black and white?"])
def test_orders_and_black_and_white_are_no_quality_question(text):
    assert not rules_iqa.is_quality_question(text)


@pytest.mark.parametrize(
    "text,names",
    [
        ("is there banding in the sky?", ["jpeg"]),
        ("any posterization?", ["jpeg"]),
        ("are the highlights on the clouds clipped?", ["overexposure"]),
        ("are the shadows clipping?", ["underexposure"]),
        ("colours is strange, too much green maybe?", ["colour_cast"]),
        ("are the colours accurate?", ["colour_cast"]),
        ("is the text readable?", ["blur"]),
        ("do the blacks have detail?", ["underexposure"]),
        ("is there highlight detail?", ["overexposure"]),
    ],
)
def test_it_reads_the_fourth_round_distortion_words(text, names):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).distortion_names() == names


@pytest.mark.parametrize("text", ["noise check", "quick focus check pls", "exposure test"])
def test_it_reads_a_terse_check_as_a_question(text):
    assert rules_iqa.is_quality_question(text)


@pytest.mark.parametrize(
    "text,scope",
    [
        ("is there banding in the sky gradient?", ["sky"]),
        ("the photo came out really dark, is that bad?", "Global"),
        ("my aunt printed it and said it looked soft, is it?", "Global"),
        ("I shot this handheld, is there camera shake?", "Global"),
        ("is the picture a bit soft or is it my eyes", "Global"),
        ("which variation has the least noise?", "Global"),
        ("did the filter make it noisy?", "Global"),
    ],
)
def test_it_keeps_tellers_judgements_and_properties_out_of_the_scope(text, scope):
    assert plan_of(text).query_scope == scope


@pytest.mark.parametrize(
    "text",
    [
        "how far is this from the raw one?",
        "compare it with what I sent",
        "is it noisier than the unprocessed file?",
        "variation 2 vs original: more noise?",
        "did the last version add noise?",
        "is number 1 or number 2 closer to the original?",
    ],
)
def test_it_reads_the_source_and_comparisons_in_other_words(text):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text, has_reference=True).reference_mode == "Full-Reference"


@pytest.mark.parametrize(
    "text,fault",
    [
        ("is there any chromatic aberration?", "chromatic aberration"),
        ("is option 5 oversharpened?", "oversharpening"),
        ("any hot pixels?", "dust spots and hot pixels"),
    ],
)
def test_it_names_faults_it_cannot_measure_instead_of_measuring_others(text, fault):
    assert not rules_iqa.is_quality_question(text) and rules_iqa.unmeasured(text) == fault
    assert rules_iqa.unmeasured("reduce the chromatic aberration") is None


@pytest.mark.parametrize(
    "text,name",
    [
        ("the histogram clipping on the right", "overexposure"),
        ("is the histogram clipped on the left?", "underexposure"),
        ("right side of the histogram is cut off", "overexposure"),
    ],
)
def test_it_reads_a_histograms_end_as_a_tone_not_a_place(text, name):
    assert rules_iqa.is_quality_question(text)
    plan = plan_of(text)
    assert plan.query_scope == "Global" and plan.distortion_names() == [name]


@pytest.mark.parametrize(
    "text",
    [
        "did my edit make it look more magenta than the original?",
        "has it got greener since the upload?",
        "why is it so pink",
        "is everything a bit green?",
    ],
)
def test_it_reads_a_hue_grown_or_asked_the_other_way_round_as_a_colour_cast(text):
    plan = plan_of(text, has_reference=True)
    assert plan.distortion_names() == ["colour_cast"] and plan.query_scope == "Global"


def test_it_never_reads_the_look_or_style_asked_about_as_the_subject():
    assert plan_of("is it overexposed or is that the style").query_scope == "Global"
    assert plan_of("is it too dark or is that just the look?").query_scope == "Global"


@pytest.mark.parametrize("text", ["has the noise gotten worse in the last edit?", "did the blur get any better?"])
def test_it_reads_a_fault_grown_worse_or_better_as_a_comparison_with_the_source(text):
    assert plan_of(text, has_reference=True).reference_mode == "Full-Reference"


def test_it_reads_the_subject_before_came_out_not_the_verb():
    assert plan_of("the sunset came out too pink").query_scope == ["sunset"]


@pytest.mark.parametrize(
    ("text", "names"), [("does it look faded", ["low_contrast"]), ("does #4 look too cold", ["colour_cast"])]
)
def test_it_reads_faded_as_low_contrast_and_too_cold_as_a_colour_cast(text, names):
    assert plan_of(text).distortion_names() == names


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("is v3 sharp", 3),
        ("is the second variant blurry", 2),
        ("is the fifth grainy", 5),
        ("how does the third look compared with the upload", 3),
        ("compare 3 to the original", 3),
        ("is the first part blurry", None),
        ("take 2 degrees off the tilt", None),
    ],
)
def test_it_reads_a_variation_named_as_variant_v_n_or_an_ordinal_standing_alone(text, number):
    assert rules_iqa.variation_number(text) == number


@pytest.mark.parametrize(
    "text",
    ["did it get any better?", "has it improved?", "did the edit improve it?", "did v3 improve on the original?"],
)
def test_it_reads_whether_an_edit_made_it_better_as_a_comparison_with_the_original(text):
    assert rules_iqa.is_quality_question(text)
    assert rules_iqa.read_question(text, has_reference=True)["reference_mode"] == "Full-Reference"


@pytest.mark.parametrize("text", ["can you improve the photo?", "improve it please", "make it better"])
def test_it_leaves_an_order_to_improve_the_photo_to_the_edit_planner(text):
    assert not rules_iqa.is_quality_question(text)


@pytest.mark.parametrize("text", ["wat's the PSNR against the original pic", "wats the ssim", "wot's the noise like"])
def test_it_reads_chat_shorthand_for_what_as_a_question(text):
    assert rules_iqa.is_quality_question(text)
