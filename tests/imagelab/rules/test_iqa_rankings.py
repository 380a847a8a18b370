"""Ranking questions about any measurable property ("which one is the brightest?"): quality questions, never edits."""

import pytest

from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_answer
from imagelab.rules.replies import chat_reply
from tests.support.iqa_eval import plan_of


def seed_plan(text):
    return iqa.complete(rules_iqa.read_question(text, has_reference=False), has_reference=False)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("which one is the brightest?", ["overexposure"]),
        ("the brightest one?", ["overexposure"]),
        ("which is brighter, 2 or 3?", ["overexposure"]),
        ("which of them is the lightest?", ["overexposure"]),
        ("which one is warmest?", ["colour_cast"]),
        ("is 2 or 5 cooler?", ["colour_cast"]),
        ("which one has the most natural colours?", ["colour_cast"]),
        ("which one is the most yellow?", ["colour_cast"]),
        ("which is greener, 1 or 2?", ["colour_cast"]),
        ("which is crispest?", ["blur"]),
        ("which one is cleanest?", ["noise"]),
        ("which one is punchiest?", ["low_contrast"]),
        ("which one pops the most?", ["low_contrast"]),
        ("which one is the sharpest and brightest?", ["blur", "overexposure"]),
    ],
)
def test_it_plans_a_ranking_by_the_distortion_whose_figure_ranks_it(text, names):
    assert rules_iqa.is_quality_question(text) and rules_iqa.ranks(text)
    plan = plan_of(text)  # through the offline router, as the app asks it
    assert plan is not None and plan.distortion_names() == names and plan.query_scope == "Global"


@pytest.mark.parametrize(
    ("text", "by"),
    [
        ("which variation is the most colourful?", ["colourfulness"]),
        ("which one is most saturated?", ["colourfulness"]),
        ("out of them which is the most vivid", ["colourfulness"]),
        ("which one looks best?", ["problems"]),
        ("which is the best one?", ["problems"]),
        ("which is better, 2 or 4?", ["problems"]),
    ],
)
def test_it_plans_a_ranking_by_a_figure_no_fault_names_as_an_inferred_assessment(text, by):
    plan = plan_of(text)
    assert plan is not None and plan.distortion_source == "Inferred" and rules_iqa.ranked_by(text) == by


@pytest.mark.parametrize(
    "text",
    [
        "make it brighter",
        "brighter please",
        "can you make the brightest one warmer?",
        "make it the brightest it can be",
        "make the warmest one brighter",
        "the brightest one but warmer?",
        "which one should I make brighter?",
        "more colourful please",
    ],
)
def test_it_keeps_edits_that_name_a_ranked_property_as_edits(text):
    assert not rules_iqa.is_quality_question(text) and plan_of(text) is None


@pytest.mark.parametrize(
    ("text", "by"),
    [
        ("which one is warmest?", ["warmth"]),
        ("which one is bluest?", ["warmth"]),
        ("which is greener, 1 or 2?", ["tint"]),
    ],
)
def test_it_ranks_a_hue_or_warmth_by_its_axis_of_the_cast(text, by):
    assert rules_iqa.ranked_by(text) == by


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("which one is the most dramatic?", "which variation is the most dramatic"),
        ("the most vintage one?", "which variation is the most vintage"),
        ("which one is moodiest?", "which variation is the moodiest"),
    ],
)
def test_it_says_plainly_it_cannot_rank_by_what_nothing_measures_instead_of_editing(text, said):
    assert plan_of(text) is None and rules_iqa.unmeasured(text) == said
    assert chat_reply(text).startswith(f"I can't measure {said} here: the quality check looks at blur")


def test_it_keeps_an_order_naming_an_unmeasured_superlative_an_edit():
    assert rules_iqa.unmeasured("make the most vintage one warmer") is None
    assert rules_iqa.unmeasured("which one should I make most dramatic?") is None


def test_it_reads_two_bare_numbers_compared_as_the_variations_ranked():
    assert rules_iqa.variation_numbers("which is brighter, 2 or 3?") == [2, 3]
    assert rules_iqa.variation_numbers("is #2 or 5 warmer?") == [2, 5]
    assert rules_iqa.variation_numbers("is it 1 or 2 stops underexposed?") == []


def test_it_never_reads_a_folded_superlative_as_the_subject():
    assert plan_of("which one is the brightest?").query_scope == "Global"


def test_it_ranks_warmth_by_the_yellow_blue_axis_not_the_casts_distance():
    per = {1: {"cast_b": 9.0, "colour_cast": 9.5}, 2: {"cast_b": -14.0, "colour_cast": 14.2}}
    per |= {3: {"cast_b": 2.0, "colour_cast": 2.1}}
    text, best = iqa_answer.ranking(seed_plan("which one is warmest?"), per, ["warmth"])
    assert text.startswith("Variation 1 is the warmest and variation 2 the coolest (yellow–blue b*: #1 9.0;")
    assert "By the thresholds #2 is colour-cast." in text and best == 1


def test_it_ranks_green_and_magenta_by_the_tint_axis():
    per = {1: {"cast_a": -6.0, "colour_cast": 6.5}, 2: {"cast_a": 1.0, "colour_cast": 1.2}}
    text, _best = iqa_answer.ranking(seed_plan("which is greener, 1 or 2?"), per, ["tint"])
    assert text.startswith("Variation 1 is greener than variation 2 (green–magenta a*: #1 -6.0; #2 1.0).")


def test_it_ranks_colourfulness_by_its_figure():
    per = {n: {"colourfulness": c} for n, c in {1: 20.0, 2: 41.5, 3: 33.0}.items()}
    text, best = iqa_answer.ranking(seed_plan("which one is the most colourful?"), per, ["colourfulness"])
    assert text == (
        "Variation 2 is the most colourful and variation 1 the least colourful "
        "(colourfulness: #1 20.0; #2 41.5; #3 33.0)."
    )
    assert best == 2


def test_it_says_the_brighter_of_two_variations_first():
    per = {2: {"mean_luminance": 120.0, "highlights_clipped": 0.0}, 3: {"mean_luminance": 90.0}}
    per[3]["highlights_clipped"] = 0.0
    text, best = iqa_answer.ranking(seed_plan("which is brighter, 2 or 3?"), per, ["overexposure"])
    assert text.startswith("Variation 2 is brighter than variation 3 (mean brightness: #2 120; #3 90).") and best == 2


def test_it_ranks_which_looks_best_by_the_fewest_problems():
    clean = {"blur_effect": 0.3, "noise_sigma": 1.0, "mean_luminance": 120.0, "highlights_clipped": 0.5}
    clean |= {"bright_end": 220.0, "blockiness": 1.0, "contrast_spread": 150.0, "colour_cast": 3.0}
    per = {1: clean | {"blur_effect": 0.7}, 2: clean}
    text, best = iqa_answer.ranking(seed_plan("which one looks best?"), per, ["problems"])
    assert best == 2 and "Problems found by variation: #1 blur; #2 none. Variation 2 looks best" in text
