"""Edit phrasings the rules had not met: moods, film stocks, named looks, platform frames, corrections, complaints."""

import pytest

from imagelab.rules.intent import GENTLE
from imagelab.rules.planner import plan_variations, read_intent

SIZE = (1600, 1200)


def test_it_reads_summer_as_warm_and_bright():
    intent = read_intent("make it feel like summer")
    assert (intent["temp"], intent["bright"]) == (1, 1)


def test_it_reads_moodier_as_darker():
    assert read_intent("hmm idk, something moodier?")["bright"] == -1


def test_it_lets_a_limit_said_outright_win_over_a_mood():
    intent = read_intent("make it moody but not too dark")
    assert intent["bright"] == 0 and "bright" in intent["hold"]


def test_it_keeps_an_asked_axis_gentle_when_it_is_also_limited():
    intent = read_intent("darker but not too dark")
    assert intent["bright"] == -1 and intent["degree"].get("bright") == GENTLE


@pytest.mark.parametrize("text", ["fuji velvia vibes", "kodachrome look"])
def test_it_reads_a_saturated_slide_film_as_vivid_grainy_film(text):
    intent = read_intent(text)
    assert (intent["sat"], intent["contrast"], intent["vintage"], intent["grain"]) == (1, 1, True, 1)


@pytest.mark.parametrize("text", ["give it a noir look", "shot on tri-x", "ilford hp5 vibes"])
def test_it_reads_noir_and_black_and_white_film_stocks_as_black_and_white(text):
    assert read_intent(text)["bw"]


def test_it_crops_a_story_format_to_a_phone_screen_and_says_so():
    plan = plan_variations("story format for instagram", image_size=SIZE)
    assert read_intent("story format for instagram")["ratio"] == 9 / 16
    assert "cropped to 9:16 portrait" in plan["variations"][0]["strategy"]


@pytest.mark.parametrize("text,ratio", [("i want a banner for linkedin", 4.0), ("a header image for my twitter", 3.0)])
def test_it_reads_a_site_banner_named_after_the_shape(text, ratio):
    assert read_intent(text)["ratio"] == ratio


def test_it_reads_an_instagram_filter_as_a_look_not_a_square_crop():
    intent = read_intent("that warm instagram filter vibe")
    assert intent["ratio"] is None and not intent["square"] and intent["temp"] == 1


def test_it_reads_keep_some_warmth_as_warmth_asked():
    intent = read_intent("make it b&w but keep some warmth")
    assert intent["bw"] and intent["temp"] == 1


@pytest.mark.parametrize(
    "text,axis,way",
    [
        ("make it cooler. no wait, warmer", "temp", 1),
        ("darker, i mean brighter, and crop square", "bright", 1),
        ("warmer and more contrast. actually, less contrast", "contrast", -1),
    ],
)
def test_it_takes_the_wish_a_correction_says_again(text, axis, way):
    assert read_intent(text)[axis] == way


@pytest.mark.parametrize("text", ["desaturate it completely", "fully desaturated but warm", "zero saturation"])
def test_it_reads_saturation_taken_all_the_way_down_as_black_and_white(text):
    assert read_intent(text)["bw"]


def test_it_reads_no_saturation_boost_as_colour_held_not_black_and_white():
    intent = read_intent("warmer, no saturation boost")
    assert not intent["bw"] and intent["sat"] == 0


@pytest.mark.parametrize(
    "text,axis,way",
    [
        ("why did you make it so dark?", "bright", 1),
        ("why is it so bright", "bright", -1),
        ("why so warm?", "temp", -1),
    ],
)
def test_it_reads_a_why_question_about_a_tone_as_asking_it_undone(text, axis, way):
    assert read_intent(text)[axis] == way


@pytest.mark.parametrize(
    "text,axis,way",
    [
        ("un peu plus chaud please", "temp", 1),
        ("bitte wärmer", "temp", 1),
        ("più luminoso", "bright", 1),
        ("más contraste por favor", "contrast", 1),
        ("moins saturé", "sat", -1),
        ("un poco más oscuro", "bright", -1),
    ],
)
def test_it_reads_common_edit_words_in_other_languages(text, axis, way):
    assert read_intent(text)[axis] == way


def test_it_reads_black_and_white_in_other_languages_before_film_noir():
    intent = read_intent("noir et blanc stp")
    assert intent["bw"] and intent["contrast"] == 0


@pytest.mark.parametrize(
    "text,axes",
    [
        ("give it that cyberpunk neon look", {"magenta": 1, "temp": -1, "sat": 1}),
        ("make it look like the matrix", {"magenta": -1, "contrast": 1}),
        ("cottagecore please", {"temp": 1, "contrast": -1}),
    ],
)
def test_it_reads_a_named_aesthetic_as_its_tones(text, axes):
    intent = read_intent(text)
    assert {a: intent[a] for a in axes} == axes


def test_it_keeps_five_plans_apart_when_the_asks_leave_two_looks_alike():
    plan = plan_variations("black and white, soft, not too dark", image_size=SIZE)
    steps = [repr(v["operations"]) for v in plan["variations"]]
    assert len(set(steps)) == 5


def _overall(text, op):
    """Each plan's product of `op` values (1.0 without one)."""
    plan = plan_variations(text, image_size=SIZE)
    out = []
    for v in plan["variations"]:
        value = 1.0
        for step in v["operations"]:
            value *= step["params"]["value"] if step["op"] == op else 1.0
        out.append(value)
    return out


def test_it_sizes_a_tone_step_said_in_percent():
    small, plain = _overall("make it 5% darker", "brightness"), _overall("make it darker", "brightness")
    assert all(0.9 <= s < 1.0 for s in small) and all(s > p for s, p in zip(small, plain, strict=True))
    assert read_intent("bump the saturation by 10 percent")["degree"]["sat"] == 0.5
    assert read_intent("reduce contrast by 50%")["degree"]["contrast"] > 1.0


@pytest.mark.parametrize(
    "text,way",
    [
        ("turn it clockwise a bit", 1),
        ("rotate it slightly to the right", 1),
        ("rotate it counter-clockwise a little", -1),
        ("turn it a bit to the left", -1),
    ],
)
def test_it_turns_a_small_turn_asked_one_way_only_that_way(text, way):
    intent = read_intent(text)
    assert intent["rotate"] is None and intent["tilts"] and all(a * way > 0 and abs(a) <= 3 for a in intent["tilts"])


def test_it_still_turns_a_quarter_when_no_small_word_is_said():
    assert read_intent("rotate it clockwise")["rotate"] == 90.0


def test_it_reads_lifted_blacks_as_matte_not_a_brighter_exposure():
    intent = read_intent("lift the blacks a little")
    assert intent["matte"] == 1 and intent["bright"] == 0


def test_it_reads_glare_asked_away_as_highlights_to_keep():
    assert read_intent("reduce the glare")["highlights"]


@pytest.mark.parametrize(
    "text", ["don't add any grain or vignette", "no grain, matte or vignette, just warmer", "no grain and vignette pls"]
)
def test_it_refuses_every_finish_a_negated_list_names(text):
    intent = read_intent(text)
    assert intent["vignette"] == -1 and intent["grain"] == -1


@pytest.mark.parametrize(
    "text,axis,way",
    [("undo the warmth", "temp", -1), ("lose the warmth", "temp", -1), ("ease off the contrast", "contrast", -1)],
)
def test_it_reads_a_tone_taken_back_as_less_of_it(text, axis, way):
    assert read_intent(text)[axis] == way


@pytest.mark.parametrize("text", ["slightly blurry, fix it", "a little blurry"])
def test_it_reads_a_hedged_fault_as_the_fault(text):
    assert read_intent(text)["sharp"] == 1


@pytest.mark.parametrize("text", ["it's noisy, clean it up", "the photo looks a bit noisy"])
def test_it_reads_noise_said_of_the_photo_as_noise_to_smooth(text):
    assert read_intent(text)["denoise"]


def test_it_keeps_a_step_gentle_when_the_next_clause_says_subtly():
    assert read_intent("make it pop but like, subtly")["degree"].get("contrast") == GENTLE


@pytest.mark.parametrize(
    "text,way", [("the light is harsh", -1), ("could it be a bit less... idk, harsh?", -1), ("more, um, contrast", 1)]
)
def test_it_reads_harshness_and_hesitations_on_the_contrast_axis(text, way):
    assert read_intent(text)["contrast"] == way


def test_it_reads_colours_more_true_to_life_as_a_clean_look():
    assert read_intent("make the colours more true to life")["clean"]


def test_it_crops_away_empty_space_rather_than_calling_it_an_object():
    intent = read_intent("crop to remove the empty space on top")
    assert intent["crop"] and not intent["generative"]


@pytest.mark.parametrize(
    "text,axis,way",
    [
        ("it's a bit dark", "bright", 1),
        ("it's dark", "bright", 1),
        ("it's a bit gloomy", "bright", 1),
        ("make the picture less gloomy", "bright", 1),
        ("make it look a bit dark", "bright", -1),
        ("it's dark and moody, love it", "bright", -1),
    ],
)
def test_it_reads_a_fault_stated_with_its_fillers_as_asked_undone(text, axis, way):
    assert read_intent(text)[axis] == way


def test_it_reads_gloomy_under_a_limit_as_colour_only():
    intent = read_intent("kinda gloomy and desaturated but not too dark")
    assert intent["bright"] == 0 and intent["sat"] == -1


@pytest.mark.parametrize(
    "text,key,value",
    [
        ("make it look ethereal and light", "contrast", -1),
        ("make it grungy", "grain", 1),
        ("can you do a vsco style edit", "vintage", True),
        ("crop it to a banner", "ratio", 3.0),
    ],
)
def test_it_reads_more_named_looks_and_frames(text, key, value):
    assert read_intent(text)[key] == value


@pytest.mark.parametrize(
    "text,axis,way",
    [
        ("it's a bit bright", "bright", -1),
        ("it looks a bit warm", "temp", -1),
        ("it's a bit cold", "temp", 1),
        ("it's slightly too saturated", "sat", -1),
        ("make it look a bit warm", "temp", 1),
        ("it looks warm and golden", "temp", 1),
    ],
)
def test_it_reads_a_tone_said_mildly_of_the_photo_as_a_complaint(text, axis, way):
    assert read_intent(text)[axis] == way


def test_it_sizes_a_percent_beside_a_sharpness_word_on_the_tone_alone():
    intent = read_intent("slightly blurry 20% brighter")  # a KeyError on the sharpness word before
    assert intent["sharp"] == 1 and intent["degree"]["sharp"] == GENTLE and intent["degree"]["bright"] > 1.0


def test_it_keeps_three_looks_the_asks_left_alike_apart():
    text = "don't touch the colours but twitter banner but faded but not too dark but soft"
    steps = [repr(v["operations"]) for v in plan_variations(text, image_size=SIZE)["variations"]]
    assert len(set(steps)) == 5


@pytest.mark.parametrize(
    "text,axis,way",
    [
        ("not quite as saturated", "sat", -1),
        ("half as contrasty", "contrast", -1),
        ("stop making it so dark", "bright", 1),
        ("i hate the yellow", "temp", -1),
        ("it's too grey", "sat", 1),
        ("make it less grey", "sat", 1),
    ],
)
def test_it_reads_comparisons_and_complaints_the_opposite_way(text, axis, way):
    assert read_intent(text)[axis] == way


@pytest.mark.parametrize(
    "text,axis", [("no more contrast please", "contrast"), ("neither warmer nor cooler, just brighter", "temp")]
)
def test_it_holds_an_axis_said_no_more_or_neither(text, axis):
    intent = read_intent(text)
    assert intent[axis] == 0 and axis in intent["hold"]


def test_it_reads_barely_any_vignette_as_none_and_colours_off_as_a_clean_look():
    assert read_intent("barely any vignette")["vignette"] == -1
    assert read_intent("colours are off")["clean"]


@pytest.mark.parametrize(
    "text,key,value",
    [
        ("MAKE IT POPPPP", "contrast", 1),
        ("warmerrrrr", "temp", 1),
        ("grainnnn", "grain", 1),
        ("BLACK AN WHITE", "bw", True),
    ],
)
def test_it_reads_drawn_out_letters_and_a_dropped_d(text, key, value):
    assert read_intent(text)[key] == value


def test_it_keeps_a_faded_look_when_only_the_faces_are_kept_natural():
    intent = read_intent("a bit yellowed and faded, slightly soft, and keep the faces looking natural")
    assert intent["sat"] == -1 and intent["contrast"] == -1


def test_it_reads_moody_but_not_too_dark_as_low_key_with_its_light_kept():
    intent = read_intent("moody but not too dark")
    assert (intent["bright"], intent["contrast"], intent["sat"]) == (0, 1, -1) and "bright" in intent["hold"]
    assert intent["degree"]["sat"] == GENTLE  # a little less colour, not a drained grade
    plans = plan_variations("moody but not too dark", image_size=SIZE)["variations"]
    for v in plans:
        ops = {o["op"]: o["params"] for o in v["operations"]}
        assert ops["contrast"]["value"] > 1.0 and ops["saturation"]["value"] < 1.0 and "brightness" not in ops


def test_it_lets_a_tone_said_plainly_win_over_what_a_mood_implies():
    intent = read_intent("moody and warm, more colour")
    assert (intent["temp"], intent["sat"], intent["bright"], intent["contrast"]) == (1, 1, -1, 1)
    assert "sat" not in intent["degree"]  # the mood's gentle desaturation is not the asked colour's degree


@pytest.mark.parametrize("text", ["make it look like night", "day for night", "give it a nighttime look"])
def test_it_reads_day_for_night_as_darker_cooler_and_drained(text):
    intent = read_intent(text)
    assert (intent["bright"], intent["temp"], intent["sat"]) == (-1, -1, -1)
    assert intent["degree"]["bright"] > 1.0  # a night is well down, not a shade darker


@pytest.mark.parametrize("text", ["this night shot is too dark", "it looks like night, brighten it"])
def test_it_reads_a_night_photo_described_as_no_night_look(text):
    intent = read_intent(text)
    assert (intent["bright"], intent["temp"], intent["sat"]) == (1, 0, 0)


@pytest.mark.parametrize("text", ["wes anderson", "make it look like a wes anderson film", "wes andersonesque"])
def test_it_reads_wes_anderson_as_warm_light_soft_pastels_still_colourful(text):
    intent = read_intent(text)
    assert (intent["temp"], intent["sat"], intent["bright"], intent["contrast"]) == (1, 1, 1, -1)


@pytest.mark.parametrize("text", ["tasty food photo", "make this food look delicious", "more appetising please"])
def test_it_reads_tasty_food_as_warm_rich_a_bit_brighter_and_crisp(text):
    intent = read_intent(text)
    assert (intent["temp"], intent["sat"], intent["bright"], intent["sharp"]) == (1, 1, 1, 1)
    assert intent["degree"]["bright"] == GENTLE
