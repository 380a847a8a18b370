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
