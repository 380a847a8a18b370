"""Everyday wordings of edits read as meant: real words near a look word left as typed, faults joined by "and" to a
stated one, and more (a held-out round of instructions written the way people type them)."""

import pytest

from imagelab.rules.intent import AXES, read_intent
from imagelab.rules.planner import plan_variations
from imagelab.rules.wishes import forgive_typos


def axes(text):
    intent = read_intent(text)
    return {a: intent[a] for a in AXES if intent[a]}


@pytest.mark.parametrize(
    "text",
    [
        "a relaxing mood",
        "tighten the crop",
        "it's getting late",
        "a lovely rainy day",
        "the tinted windows",
        "a slight change",
        "adjust the levels",
        "looks fairly good",
        "move it over",
        "from a vantage point",
    ],
)
def test_it_leaves_real_words_near_a_look_word_as_typed(text):
    assert forgive_typos(text) == text


@pytest.mark.parametrize(("typed", "meant"), [("brigther", "brighter"), ("grainer", "grain"), ("vignete", "vignette")])
def test_it_still_forgives_a_typo_of_one_or_two_slips(typed, meant):
    assert forgive_typos(typed) == meant


def test_it_reads_no_brightening_from_a_tightened_crop():
    intent = read_intent("tighten the crop a bit")
    assert intent["crop"] and not intent["bright"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("everything looks kind of yellow and dim, fix it", {"temp": -1, "bright": 1}),
        ("it looks flat and dark", {"contrast": 1, "bright": 1}),
    ],
)
def test_it_reads_a_fault_joined_by_and_to_a_stated_one_as_a_fault_too(text, expected):
    assert {a: v for a, v in axes(text).items() if a in expected} == expected


def test_it_still_reads_a_look_asked_with_and_as_asked():
    assert axes("make it look warm and dark") == {"temp": 1, "bright": -1}


@pytest.mark.parametrize(
    "text", ["remove the speckles", "can you get rid of the speckly bits in the dark areas", "remove the specks"]
)
def test_it_smooths_speckles_asked_away_as_noise_not_an_object_to_remove(text):
    intent = read_intent(text)
    assert intent["denoise"] and intent["sharp"] < 0 and not intent["generative"]


def test_it_still_reads_dust_spots_to_remove_as_an_object():
    assert read_intent("remove the dust spots")["generative"]


@pytest.mark.parametrize(
    ("text", "bright"), [("brighten the dark areas", 1), ("dark areas look noisy", 0), ("darken the bright parts", -1)]
)
def test_it_reads_a_part_named_by_its_tone_as_a_place_not_a_tone_asked(text, bright):
    assert read_intent(text)["bright"] == bright


def test_it_keeps_the_highlights_when_the_dark_areas_are_brightened():
    assert read_intent("brighten the dark areas")["highlights"]


def _overall_contrast(plan):
    value = 1.0
    for step in plan["operations"]:
        if step["op"] == "contrast":
            value *= step["params"]["value"]
        elif step["op"] == "levels":
            value *= 255 / (step["params"]["white"] - step["params"]["black"])
    return value


@pytest.mark.parametrize("text", ["calm black and white", "a calm vintage feel", "peaceful cinematic look"])
def test_it_calms_a_named_look_asked_calm(text):
    plans = plan_variations(text, image_size=(1600, 1200))["variations"]
    assert all(_overall_contrast(p) <= 1.0 for p in plans)
    assert not any(step["op"] == "sharpen" for p in plans for step in p["operations"])


def test_it_lets_an_asked_contrast_win_over_a_calm_mood():
    intent = read_intent("calm black and white but punchy")
    assert intent["contrast"] == 1 and not intent["soft"]


@pytest.mark.parametrize(
    "text", ["fix the white balance its all yellow from the lamps", "its so yellow under these lamps, fix it"]
)
def test_it_reads_a_cast_run_on_after_its_with_a_hedge_as_stated(text):
    assert read_intent(text)["temp"] == -1


def test_it_still_reads_its_as_a_possessive_without_a_hedge():
    assert read_intent("boost its reds")["sat"] == 1


@pytest.mark.parametrize(
    ("text", "grain", "denoise"),
    [
        ("black n white pls, high contrast, lots of grain", 1, False),
        ("there is lots of grain, fix it", -1, True),
        ("lots of noise in the shadows", 0, True),
    ],
)
def test_it_reads_lots_of_grain_asked_as_a_finish_and_said_to_be_there_as_noise(text, grain, denoise):
    intent = read_intent(text)
    assert (intent["grain"], intent["denoise"]) == (grain, denoise)


@pytest.mark.parametrize(
    ("text", "sat"),
    [
        ("the greens look too neon, tone them down", -1),
        ("it looks garish", -1),
        ("neon colours please", 1),
        ("give it that cyberpunk neon look", 1),
    ],
)
def test_it_reads_neon_and_garish_colour_as_saturation(text, sat):
    assert read_intent(text)["sat"] == sat


@pytest.mark.parametrize("text", ["more mood please", "add some mood", "give it a bit of mood"])
def test_it_reads_mood_asked_as_a_quantity_as_moody(text):
    assert axes(text) == {"bright": -1, "contrast": 1, "sat": -1}
    assert plan_variations(text, image_size=(1600, 1200))["variations"][0]["label"].startswith("Moody")


def test_it_reads_a_mood_named_by_another_word_as_that_mood_not_moody():
    assert axes("a relaxing mood") == {} and read_intent("a relaxing mood")["calm"]


@pytest.mark.parametrize("text", ["tighten up the framing a bit", "tighten it"])
def test_it_reads_tighten_as_a_tighter_crop(text):
    assert read_intent(text)["crop"]


@pytest.mark.parametrize(
    ("text", "bright"),
    [
        ("its dark, brighten it", 1),
        ("its fairly dark, brighten it", 1),
        ("its pretty dark", 1),
        ("make it pretty dark", -1),
    ],
)
def test_it_reads_its_without_an_apostrophe_as_a_state(text, bright):
    assert read_intent(text)["bright"] == bright


@pytest.mark.parametrize("text", ["the photo is a bit dark and grainy", "its all blue and noisy"])
def test_it_smooths_noise_said_with_another_fault(text):
    intent = read_intent(text)
    assert intent["denoise"] and intent["grain"] <= 0


@pytest.mark.parametrize("text", ["make it look grainy", "make it look warm and grainy"])
def test_it_adds_grain_to_a_look_asked_grainy(text):
    intent = read_intent(text)
    assert intent["grain"] == 1 and not intent["denoise"]


@pytest.mark.parametrize(
    ("text", "temp"),
    [("make it look like kodak gold", 1), ("portra vibes", 1), ("cinestill 800t vibes", -1)],
)
def test_it_reads_a_colour_film_stock_by_its_colour(text, temp):
    assert read_intent(text)["temp"] == temp


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("can it be more cheerful", {"bright": 1, "temp": 1, "sat": 1}),
        ("a melancholy mood", {"bright": -1, "temp": -1, "sat": -1}),
    ],
)
def test_it_reads_a_cheerful_or_melancholy_mood_as_its_tones(text, expected):
    assert axes(text) == expected


def test_it_reads_a_tone_said_to_be_so_already_as_a_complaint():
    intent = read_intent("not too warm please, its already quite warm")
    assert intent["temp"] <= 0


@pytest.mark.parametrize("text", ["i dont like how dark it is", "i hate the way dark it looks"])
def test_it_reads_a_tone_disliked_with_how_as_a_complaint(text):
    assert read_intent(text)["bright"] == 1


def test_it_reads_a_cast_joined_by_and_to_a_stated_fault_as_a_cast():
    assert axes("its underexposed and a bit blue") == {"temp": 1, "bright": 1}


@pytest.mark.parametrize("text", ["more shadow detail", "bring out the detail in the shadows"])
def test_it_lifts_the_shadows_for_shadow_detail_and_keeps_the_highlights(text):
    intent = read_intent(text)
    assert intent["bright"] == 1 and intent["highlights"] and intent["sharp"] == 0


def test_it_reads_a_vhs_look_as_grainy_vintage():
    intent = read_intent("vhs aesthetic")
    assert intent["vintage"] and intent["grain"] == 1


@pytest.mark.parametrize(
    ("text", "temp"), [("the sky is blue, make it warmer", 1), ("the sky is too blue", 1), ("the skin is orange", -1)]
)
def test_it_reads_a_things_own_colour_described_as_no_ask(text, temp):
    assert read_intent(text)["temp"] == temp


def test_it_reads_undo_as_a_finish_taken_away():
    assert read_intent("undo the vignette")["vignette"] == -1


def test_it_offers_the_chosen_plan_with_no_vignette_when_asked_to_undo_it():
    chosen = plan_variations("add a vignette", image_size=(1600, 1200))["variations"][0]
    labels = [
        v["label"]
        for v in plan_variations("undo the vignette", image_size=(1600, 1200), chosen={**chosen, "applied": False})[
            "variations"
        ]
    ]
    assert "No Vignette" in labels


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the whites look a bit dingy", {"contrast": 1, "bright": 1}),
        ("its murky, fix it", {"contrast": 1, "bright": 1}),
        ("make it murky", {"contrast": -1, "bright": -1}),
    ],
)
def test_it_reads_murky_and_dingy_as_dark_and_flat(text, expected):
    assert axes(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("spooky halloween vibe", {"bright": -1, "temp": -1, "sat": -1, "contrast": 1}),
        ("make it look like a rainy day", {"temp": -1, "sat": -1}),
        ("make it look less dreary", {"bright": 1, "sat": 1}),
    ],
)
def test_it_reads_more_named_moods_as_their_tones(text, expected):
    assert axes(text) == expected


def test_it_reads_a_romantic_mood_as_warm_and_soft():
    intent = read_intent("a romantic mood")
    assert intent["temp"] == 1 and intent["soft"] == 1


def test_it_calms_a_named_look_after_a_calm_word():
    intent = read_intent("a serene black and white seascape")
    assert intent["calm"] and intent["bw"] and intent["contrast"] == -1


def test_it_reads_harsh_said_alone_as_a_complaint():
    assert read_intent("harsh midday light, soften it")["contrast"] == -1


@pytest.mark.parametrize(
    ("text", "axis", "way"),
    [("warmer, but the shadows should stay cool", "temp", 1), ("brighter but the sky must stay dark", "bright", 1)],
)
def test_it_reads_a_tone_said_to_stay_as_held_not_asked(text, axis, way):
    assert read_intent(text)[axis] == way


def test_it_holds_a_tone_said_to_stay_on_its_own():
    intent = read_intent("it should stay warm")
    assert intent["temp"] == 0 and "temp" in intent["hold"]


@pytest.mark.parametrize(
    ("text", "temp"),
    [("can you take the yellow out", -1), ("get the blue out of it", 1), ("pull the orange out of the skin", -1)],
)
def test_it_reads_a_colour_taken_out_as_that_colour_less(text, temp):
    assert read_intent(text)["temp"] == temp


def test_it_still_reads_the_colour_taken_out_as_black_and_white():
    assert read_intent("take the colour out")["bw"]


def test_it_holds_the_colour_when_asked_not_to_wash_it_out():
    intent = read_intent("make it brighter, but dont wash out the colours")
    assert intent["bright"] == 1 and "sat" in intent["hold"]


@pytest.mark.parametrize("text", ["a calm, minimal look", "a minimal style", "a peaceful and soft feel"])
def test_it_reads_a_calm_word_listed_before_a_look_noun_as_calm(text):
    assert read_intent(text)["calm"] == 1
