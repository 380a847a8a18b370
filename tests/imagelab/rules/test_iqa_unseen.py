"""Quality questions of kinds the earlier rounds never had (imagelab.rules.iqa, imagelab.rules.iqa_words)."""

import pytest

from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa


def plan_of(text, has_reference=True):
    return iqa.complete(rules_iqa.read_question(text, has_reference=has_reference), has_reference=has_reference)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("would it look better brighter?", ["underexposure"]),
        ("would it be better darker?", ["overexposure"]),
        ("does it need brightening?", ["underexposure"]),
        ("do you think it needs sharpening?", ["blur"]),
        ("should I brighten it?", ["underexposure"]),
        ("should we warm it up?", ["colour_cast"]),
        ("could it use some denoising?", ["noise"]),
    ],
)
def test_it_reads_whether_an_edit_would_help_as_a_question_about_the_fault_it_fixes(text, names):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).distortion_names() == names and plan_of(text).query_scope == "Global"


@pytest.mark.parametrize(
    "text",
    ["can you make it brighter?", "maybe brighten it?", "how about making it sharper", "what about adding some grain?"],
)
def test_it_leaves_an_edit_asked_as_a_question_or_a_suggestion_to_the_edit_planner(text):
    assert not rules_iqa.is_quality_question(text)


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("ssim pls", "SSIM"),
        ("psnr?", "PSNR"),
        ("what's the ΔE2000 of variation 1?", "DeltaE2000"),
        ("delta e 00", "DeltaE2000"),
    ],
)
def test_it_reads_a_metric_named_alone_or_with_its_year_as_asking_for_it(text, tool):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).required_tool == tool and plan_of(text).reference_mode == "Full-Reference"


@pytest.mark.parametrize("text", ["psnr of the 3rd vs the og", "much noisier than b4?"])
def test_it_reads_the_original_in_chat_shorthand(text):
    assert rules_iqa.is_quality_question(text) and plan_of(text).reference_mode == "Full-Reference"


def test_it_reads_the_subject_after_a_misspelt_the():
    assert plan_of("is teh backgrond noisy").query_scope == ["background"]


def test_it_reads_r_as_are_in_a_statement_and_never_as_the_subject():
    text = "the shadows r noisy af"
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).distortion_names() == ["noise"] and plan_of(text).query_scope == "Global"


@pytest.mark.parametrize("text", ["which one is the closest to the original?", "is the cleanest one too dark?"])
def test_it_never_reads_a_superlative_as_the_subject(text):
    assert plan_of(text).query_scope == "Global"


def test_it_still_reads_a_forest_as_the_subject():
    assert plan_of("is the forest too dark?").query_scope == ["forest"]


@pytest.mark.parametrize(
    "text", ["how do the colours compare to the original", "are the colours different from before?"]
)
def test_it_measures_colours_compared_with_the_source_by_their_delta_e(text):
    plan = plan_of(text)
    assert plan.reference_mode == "Full-Reference" and plan.required_tool == "DeltaE2000"


@pytest.mark.parametrize(
    ("text", "number"),
    [("is the noise worse in the 2nd or the 4th?", 2), ("the third and the fifth, are they soft", 3)],
)
def test_it_reads_the_first_of_two_ordinals_standing_alone(text, number):
    assert rules_iqa.variation_number(text) == number


@pytest.mark.parametrize("text", ["why is #4 so yellow", "is number 2 a bit green"])
def test_it_reads_a_numbered_variation_said_to_be_a_hue_as_a_colour_cast(text):
    assert rules_iqa.is_quality_question(text) and plan_of(text).distortion_names() == ["colour_cast"]


@pytest.mark.parametrize(
    ("text", "ranks"),
    [
        ("which one is sharpest?", True),
        ("wich one is the least blurry", True),
        ("the noisiest one?", True),
        ("which of them has the best exposure?", True),
        ("is #2 sharper than the original?", False),
        ("is the second one blurry?", False),
        ("is the forest one sharp", False),
    ],
)
def test_it_reads_which_variation_is_best_or_worst_as_a_ranking(text, ranks):
    assert rules_iqa.ranks(text) is ranks


@pytest.mark.parametrize("text", ["compared to the og is #2 darker", "is number 3 noisy"])
def test_it_reads_a_numbered_variation_asked_about_without_a_question_mark(text):
    assert rules_iqa.is_quality_question(text)


@pytest.mark.parametrize(
    "text", ["is it too bright or too dark? can't tell on my phone", "is it soft? it looks fine on my laptop"]
)
def test_it_never_reads_the_device_it_is_seen_on_as_the_subject(text):
    assert plan_of(text).query_scope == "Global"


def test_it_reads_a_hue_before_a_cast_as_the_cast_not_the_subject():
    assert plan_of("is the orange cast gone now compared to the upload?").query_scope == "Global"
    assert plan_of("is the orange car too dark?").query_scope == ["car"]


def test_it_never_reads_the_og_as_the_subject():
    assert plan_of("compared to the og is #2 darker").query_scope == "Global"


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("is the noise worse in the 2nd or the 4th?", [2, 4]),
        ("is the 1st or the 3rd noisier?", [1, 3]),
        ("is #2 sharper than #4", [2, 4]),
    ],
)
def test_it_reads_two_variations_named_as_a_ranking_of_those(text, numbers):
    assert rules_iqa.variation_numbers(text) == numbers and rules_iqa.ranks(text)


def test_it_reads_one_variation_against_the_original_as_no_ranking():
    assert rules_iqa.variation_numbers("is the fifth darker than the original") == [5]
    assert not rules_iqa.ranks("is the fifth darker than the original")


@pytest.mark.parametrize(
    "text", ["blown highlights 😭 or nah", "the whites aren't clipping are they", "its a bit soft isn't it"]
)
def test_it_reads_a_question_tag_without_a_question_mark_as_asking(text):
    assert rules_iqa.is_quality_question(text)


@pytest.mark.parametrize(
    "text", ["how similar is the 2nd to the input image", "is the tint still there vs the first upload?"]
)
def test_it_reads_the_input_and_the_first_upload_as_the_original(text):
    assert plan_of(text).reference_mode == "Full-Reference" and plan_of(text).query_scope == "Global"


def test_it_reads_an_ordinal_before_to_as_the_variation():
    assert rules_iqa.variation_number("how similar is the 2nd to the input image") == 2


def test_it_reads_blur_in_a_list_of_faults_as_a_fault_not_an_order():
    assert rules_iqa.is_quality_question("check #1 for noise, blur and blown highlights")
    plan = plan_of("check #1 for noise, blur and blown highlights")
    assert sorted(plan.distortion_names()) == ["blur", "noise", "overexposure"]
    assert not rules_iqa.is_quality_question("it's noisy, blur it a bit")


@pytest.mark.parametrize(
    ("text", "names"), [("would it help to denoise it?", ["noise"]), ("would brightening it help?", ["underexposure"])]
)
def test_it_reads_whether_an_edit_would_help_as_the_fault_it_fixes(text, names):
    assert rules_iqa.is_quality_question(text) and plan_of(text).distortion_names() == names


def test_it_plans_an_edit_asked_after_another_verb():
    assert not rules_iqa.is_quality_question("can you check and fix the noise?")


def test_it_never_reads_the_five_or_which_as_the_subject():
    assert plan_of("out of the five which is the most in focus").query_scope == "Global"


def test_it_reads_the_asker_losing_something_as_a_comparison_with_the_source():
    assert plan_of("did I lose any sharpness in the 3rd").reference_mode == "Full-Reference"


@pytest.mark.parametrize("text", ["I can't tell if the highlights are clipped", "not sure whether it's noisy"])
def test_it_reads_doubt_said_as_a_question(text):
    assert rules_iqa.is_quality_question(text)
