"""Misspelt fault words read as the words meant, real words left alone (imagelab.rules.iqa_typos)."""

import pytest

from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_typos


def plan_of(text):
    return iqa.complete(rules_iqa.read_question(text, has_reference=True), has_reference=True)


@pytest.mark.parametrize(
    ("word", "meant"),
    [
        ("grany", "grainy"),  # a letter missing
        ("bluryy", "blurry"),  # a letter wrong
        ("blurrry", "blurry"),  # a letter doubled
        ("nosiy", "noisy"),  # two swapped
        ("noizy", "noisy"),
        ("grainey", "grainy"),
        ("underexpsoed", "underexposed"),  # two slips in a long word
        ("pixelatd", "pixelated"),
    ],
)
def test_a_fault_word_one_slip_off_is_the_word_meant(word, meant):
    assert iqa_typos.nearest_fault(word) == meant


@pytest.mark.parametrize(
    "word", ["granny", "rainy", "brainy", "train", "brain", "flurry", "fizzy", "musky", "pixels", "noise", "block"]
)
def test_a_real_word_one_slip_from_a_fault_is_never_corrected(word):
    assert iqa_typos.nearest_fault(word) is None


@pytest.mark.parametrize("word", ["blue", "dim", "grin", "sharpen", "brighten", "landscape", "portrait"])
def test_short_words_and_words_far_from_any_fault_are_left_alone(word):
    assert iqa_typos.nearest_fault(word) is None


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("is it grany?", ["noise"]),
        ("is it bluryy?", ["blur"]),
        ("is it over exposed?", ["overexposure"]),
        ("is it washed-out?", ["low_contrast"]),
        ("is it noizy?", ["noise"]),
        ("is it pixelly?", ["jpeg"]),
        ("is it grainer than before?", ["noise"]),
        ("does number 3 look bluryy?", ["blur"]),
    ],
)
def test_questions_with_typos_and_informal_spellings_name_the_fault(text, names):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).distortion_names() == names


def test_an_ordinary_word_near_a_fault_keeps_its_meaning():
    assert not rules_iqa.is_quality_question("make it look like a rainy day")
    assert plan_of("is the train in focus?").query_scope == ["train"]
    assert rules_iqa.unmeasured("any dead pixels?") == "dust spots and hot pixels"


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("is it to bright?", ["overexposure"]),
        ("looks a bit to soft, is it?", ["blur"]),
        ("is it to dark?", ["underexposure"]),
    ],
)
def test_to_typed_for_too_before_a_fault_is_too(text, names):
    assert rules_iqa.is_quality_question(text) and plan_of(text).distortion_names() == names


@pytest.mark.parametrize("text", ["how to brighten it?", "i want to light it better", "from light to dark"])
def test_to_before_a_verb_or_in_a_span_stays_to(text):
    assert iqa_typos.forgive(text) == text


def test_a_misspelt_oversaturation_is_asked_as_oversaturation():
    assert iqa_typos.nearest_fault("oversatured") == "oversaturated" and iqa_typos.nearest_fault("saturate") is None
    assert rules_iqa.is_quality_question("is it oversatured?")


def test_a_misspelt_improvement_is_still_asked():
    text = "is 2 an improvment?"
    assert iqa_typos.nearest_fault("imporvement") == "improvement" and iqa_typos.nearest_fault("improvements") is None
    assert rules_iqa.is_quality_question(text) and plan_of(text).reference_mode == "Full-Reference"


@pytest.mark.parametrize(
    ("word", "meant"),
    [("nosy", "noisy"), ("dakr", "dark"), ("drak", "dark"), ("bulr", "blur"), ("sfot", "soft"), ("shrp", "sharp")],
)
def test_it_reads_a_four_letter_slip_of_a_fault_as_the_fault(word, meant):
    assert iqa_typos.nearest_fault(word) == meant  # two letters swapped, or one left out of a five-letter fault


@pytest.mark.parametrize(
    "word", ["nose", "rain", "gain", "grin", "gran", "harp", "blow", "blue", "dart", "bark", "murk", "fade", "dark"]
)
def test_it_leaves_a_four_letter_word_near_a_fault_as_it_is(word):
    assert iqa_typos.nearest_fault(word) is None


@pytest.mark.parametrize(
    ("text", "names", "scope"),
    [
        ("is the pic nosy?", ["noise"], "Global"),
        ("is it too dakr", ["underexposure"], "Global"),
        ("is her nose sharp?", ["blur"], ["nose"]),
        ("is my gran in focus?", ["blur"], ["gran"]),
        ("is the rain blurry?", ["blur"], ["rain"]),
    ],
)
def test_it_reads_four_letter_slips_in_a_question_and_keeps_real_words(text, names, scope):
    plan = plan_of(text)
    assert rules_iqa.is_quality_question(text) and plan.distortion_names() == names and plan.query_scope == scope


def test_it_reads_a_fault_spelt_as_it_sounds():
    assert iqa_typos.forgive("is the photo to brite?") == "is the photo too bright?"
    assert plan_of("is the photo to brite?").distortion_names() == ["overexposure"]


@pytest.mark.parametrize(
    ("text", "names"),
    [("is the photo to bright?", ["overexposure"]), ("are the shadows to dark", ["underexposure"])],
)
def test_it_reads_to_typed_for_too_after_the_thing_asked_about(text, names):
    assert rules_iqa.is_quality_question(text) and plan_of(text).distortion_names() == names


@pytest.mark.parametrize("text", ["is it going to dark", "is it close to bright", "is that due to light"])
def test_it_keeps_to_after_a_verb_or_a_preposition(text):
    assert iqa_typos.forgive(text) == text


@pytest.mark.parametrize("text", ["whcih one has the least noise", "wihch is noisiest", "whihc of them is noisy"])
def test_it_reads_a_misspelt_which_as_asking_which_variation(text):
    assert rules_iqa.is_quality_question(text) and plan_of(text).distortion_names() == ["noise"]
    assert rules_iqa.ranks(text)
