"""Reading an instruction: negations first, non-local requests, rotations without an angle."""

import pytest

from imagelab.rules.intent import AXES
from imagelab.rules.planner import edit_reply, plan_variations, read_intent

SIZE = (4000, 3000)


def axes(text):
    intent = read_intent(text)
    return {a: intent[a] for a in AXES if intent[a]}


@pytest.mark.parametrize(
    "text,expected",
    [
        ("make it less saturated", {"sat": -1}),
        ("desaturate", {"sat": -1}),
        ("de-saturate it a little", {"sat": -1}),
        ("reduce the contrast", {"contrast": -1}),
        ("not so vivid", {"sat": -1}),
        ("less contrast please", {"contrast": -1}),
        ("tone down the saturation", {"sat": -1}),
        ("too much contrast", {"contrast": -1}),
        ("it's oversaturated", {"sat": -1}),
        ("less colour", {"sat": -1}),
        ("less warm", {"temp": -1}),
        ("a bit less blue", {"temp": 1}),
        ("get rid of the yellow tint", {"temp": -1}),
        ("the blue is too strong", {"temp": 1}),
        ("not so bright", {"bright": -1}),
        ("turn the brightness down 30%", {"bright": -1}),
        ("lower the exposure", {"bright": -1}),
        ("it's too dark", {"bright": 1}),
        ("not bright enough", {"bright": 1}),
        ("darker", {"bright": -1}),
        ("brighter", {"bright": 1}),
        ("more contrast", {"contrast": 1}),
        ("make the colours pop", {"sat": 1, "contrast": 1}),
        ("warmer and punchier", {"temp": 1, "sat": 1, "contrast": 1}),
        ("warmer but less saturated", {"temp": 1, "sat": -1}),
        ("fix the colours", {}),
    ],
)
def test_it_reads_negations_before_the_words_they_negate(text, expected):
    assert axes(text) == expected


def test_it_holds_an_axis_the_user_wants_left_alone():
    intent = read_intent("brighter, but don't make it warmer")
    assert (intent["bright"], intent["temp"], intent["hold"]) == (1, 0, ["temp"])
    plan = plan_variations("brighter, but don't make it warmer", image_size=SIZE)
    ops = [o for v in plan["variations"] for o in v["operations"]]
    assert not any(o["op"] == "temperature" for o in ops)
    assert all(
        len(set(o["params"]["color"][1:].upper()[i : i + 2] for i in (0, 2, 4))) == 1 for o in ops if o["op"] == "tint"
    )  # only neutral grey lifts, no colour cast


@pytest.mark.parametrize(
    "text,op,check",
    [
        ("make it less saturated", "saturation", lambda p: p["value"] < 1),
        ("desaturate", "saturation", lambda p: p["value"] < 1),
        ("not so vivid", "saturation", lambda p: p["value"] < 1),
        ("reduce the contrast", "contrast", lambda p: p["value"] < 1),
        ("less contrast please", "contrast", lambda p: p["value"] < 1),
        ("less warm", "temperature", lambda p: p["warm"] is False),
        ("not so bright", "brightness", lambda p: p["value"] < 1),
    ],
)
def test_it_plans_every_variation_the_softer_way_for_a_negation(text, op, check):
    plan = plan_variations(text, image_size=SIZE)
    for v in plan["variations"]:
        found = [o["params"] for o in v["operations"] if o["op"] == op]
        if op == "brightness" and not found:  # some looks darken through the midtone gamma instead
            found = [o["params"] for o in v["operations"] if o["op"] == "levels"]
            assert found and all(p["gamma"] < 1 for p in found), v["label"]
            continue
        assert found and all(check(p) for p in found), v["label"]


@pytest.mark.parametrize(
    "text,generative,planned",
    [
        ("blur the background", True, False),
        ("remove the person on the left", True, False),
        ("add a dog in the corner", True, False),
        ("replace the sky with a sunset", True, False),
        ("blur the background and make it warmer", True, True),
        ("add some warmth", False, True),
        ("remove the blue cast", False, True),
        ("make it look its best", False, True),
    ],
)
def test_it_tells_generative_requests_from_local_ones(text, generative, planned):
    assert bool(read_intent(text)["generative"]) is generative
    assert (edit_reply(text) is None) is planned


@pytest.mark.parametrize(
    "text,cannot",
    [
        ("blur the background", "so I can't blur the background."),
        ("remove the person on the left", "so I can't remove things from the picture."),
        (
            "replace the sky with a sunset and add a dog",
            "so I can't add things to the picture or change the sky or the background.",
        ),
    ],
)
def test_it_answers_a_purely_generative_request_to_the_person_with_what_it_can_do_instead(text, cannot):
    reply = edit_reply(text)
    assert reply.startswith("AI edits aren't switched on for this app, " + cannot)
    assert "I can change its colour, tone and contrast" in reply and '"warmer and punchier"' in reply
    # Operator details (settings, keys, backends) are the README's, never the chat's.
    for word in ("OPENAI", "API_KEY", "IMAGE_EDIT_BACKEND", "=", "planner", "generative"):
        assert word not in reply


def test_it_does_the_local_part_of_a_mixed_request_and_notes_the_rest():
    plan = plan_variations("blur the background and make it warmer", image_size=SIZE)
    assert plan["notes"] == ["blurring only the background needs the subject separated from it"]
    for v in plan["variations"]:
        assert any(o["op"] == "temperature" and o["params"]["warm"] for o in v["operations"])
        assert "Not done: blurring only the background" in v["strategy"]
        assert all(o["op"] != "blur" for o in v["operations"])


def test_it_tries_five_small_angles_when_told_to_straighten_without_one():
    # Issue 12: an unmeasured tilt gets five plausible corrections, not a question back.
    assert edit_reply("straighten the horizon") is None and read_intent("straighten by 2°")["rotate"] == 2.0
    plan = plan_variations("straighten the horizon", image_size=SIZE)
    angles = [v["operations"][1]["params"]["degrees"] for v in plan["variations"]]
    assert [v["operations"][1]["op"] for v in plan["variations"]] == ["rotate"] * 5
    assert len(set(angles)) == 5 and all(0 < abs(a) <= 3 for a in angles) and {a > 0 for a in angles} == {True, False}
    assert any("straighten by 2°" in n for n in plan["notes"])


def test_it_turns_one_way_when_the_tilt_has_a_direction():
    plan = plan_variations("it leans to the left", image_size=SIZE)
    assert all(v["operations"][1]["params"]["degrees"] > 0 for v in plan["variations"])


def test_it_says_the_angle_is_a_guess_when_straightening_comes_with_a_doable_edit():
    plan = plan_variations("straighten the horizon and make it warmer", image_size=SIZE)
    for v in plan["variations"]:
        assert "a guess: the tilt was not measured" in v["strategy"]
        assert any(o["op"] == "temperature" and o["params"]["warm"] for o in v["operations"])


def test_it_reads_a_quarter_turn_from_rotate_left_or_right():
    assert read_intent("rotate it left")["rotate"] == -90.0
    assert read_intent("rotate right")["rotate"] == 90.0


@pytest.mark.parametrize(
    "text",
    [
        "dont make it black and white, just more contrast",
        "not black and white, just punchier",
        "more punch, no crop, no b&w",
        "add grain but don't make it black and white",
        "don't turn it into sepia, warmer instead",
        "desaturate a little, not full b&w",
    ],
)
def test_it_does_not_pick_a_look_the_instruction_turns_down(text):
    intent = read_intent(text)
    assert not intent["bw"] and not intent["sepia"]
    for plan in plan_variations(text, image_size=SIZE)["variations"]:
        assert all(o["op"] != "filter" for o in plan["operations"])


@pytest.mark.parametrize("text", ["gray scale please", "make it gray-scale", "greyscale"])
def test_it_reads_greyscale_spelt_apart(text):
    assert read_intent(text)["bw"]


@pytest.mark.parametrize(
    "text,look",
    [
        ("add a vintage look", "vintage"),
        ("add a sepia filter", "sepia"),
        ("add some noise for a film feel", "vintage"),
        ("make it look older", "vintage"),
    ],
)
def test_it_reads_adding_a_look_as_a_local_edit(text, look):
    intent = read_intent(text)
    assert intent["generative"] == [] and intent[look]


@pytest.mark.parametrize(
    "text",
    ["a bit brighter, no sharpening", "dont sharpen it, just warm it up", "make it warmer without sharpening it"],
)
def test_it_never_sharpens_when_told_not_to(text):
    assert "sharp" in read_intent(text)["hold"]
    for plan in plan_variations(text, image_size=SIZE)["variations"]:
        assert all(o["op"] != "sharpen" for o in plan["operations"]), text


@pytest.mark.parametrize("text", ["add a black cat", "add a snow effect", "add a person with a vintage look"])
def test_it_still_reads_adding_things_as_generative_beside_look_words(text):
    assert read_intent(text)["generative_asks"] == ["add things to the picture"]


@pytest.mark.parametrize(
    ("text", "temp"),
    [("the faces look orange, can you tone that down", -1), ("make it look warmer, tone the rest down", 1)],
)
def test_it_reverses_a_described_state_that_is_turned_down_later(text, temp):
    assert axes(text).get("temp") == temp


@pytest.mark.parametrize("text", ["can u unblur it", "deblur the face pls"])
def test_it_reads_unblurring_as_sharpening(text):
    assert axes(text) == {"sharp": 1}


@pytest.mark.parametrize("text", ["high contrast black n white", "black 'n' white please"])
def test_it_reads_black_n_white_as_black_and_white(text):
    assert read_intent(text)["bw"]


@pytest.mark.parametrize(
    "text", ["warmer, and dont touch the crop", "do not change the composition", "level it but dont cut anything off"]
)
def test_it_keeps_the_framing_when_told_not_to_touch_it(text):
    intent = read_intent(text)
    assert intent["keep_framing"] and not intent["crop"]


@pytest.mark.parametrize(
    "text",
    [
        "remove the colour but keep the red",
        "black and white except the red dress",
        "keep the reds and make the rest b&w",
        "selective colour on the umbrella",
    ],
)
def test_it_reads_keeping_one_colour_as_an_ai_edit(text):
    assert read_intent(text)["generative_asks"] == ["keep one colour and turn the rest grey"]


def test_it_reads_removing_the_colour_as_desaturating_not_removing_an_object():
    intent = read_intent("remove the colour")
    assert intent["generative"] == [] and intent["sat"] == -1


@pytest.mark.parametrize(
    "text,expected",
    [
        ("dehaze it a bit", {"contrast": 1}),
        ("cut through the haze", {"contrast": 1}),
        ("it came out dark", {"bright": 1}),
        ("the photo looks flat", {"contrast": 1}),
        ("so dull, can you help", {"contrast": 1, "sat": 1}),
        ("fix the blur", {"sharp": 1}),
        ("it's blurry", {"sharp": 1}),
        ("blur it a little", {"sharp": -1}),
        ("dark and moody please", {"bright": -1, "contrast": 1, "sat": -1}),  # a low-key look
        ("everything came out yellow, make it look more natural", {"temp": -1}),
        ("the picture is very yellow, please fix", {"temp": -1}),
        ("make colour more strong", {"sat": 1}),
        ("open up the shadows", {"bright": 1}),
    ],
)
def test_it_turns_a_stated_fault_round_and_reads_the_fourth_round_terms(text, expected):
    assert axes(text) == expected


def test_it_reads_an_orton_glow_as_a_bright_saturated_softening():
    assert axes("orton effect please") == {"sat": 1, "bright": 1, "sharp": -1}
    assert read_intent("orton effect please")["soft"] == 1


def test_it_says_plainly_what_no_op_can_do():
    assert read_intent("upscale it")["cannot"] == ["upscale it"]
    assert edit_reply("upscale it").startswith("I can't upscale it here")
    assert "I can't upscale it here" in plan_variations("upscale it and warmer", image_size=SIZE)["notes"]


@pytest.mark.parametrize(
    "text,expected",
    [
        ("make it feel like autumn", {"temp": 1}),
        ("cosy", {"temp": 1}),
        ("wintry", {"temp": -1}),
        ("black and white but keep it punchy", {"contrast": 1, "sat": 1}),
    ],
)
def test_it_reads_seasons_and_keep_it_with_a_quality_as_asking_for_it(text, expected):
    assert axes(text) == expected


def test_it_holds_the_colour_cast_too_when_told_not_to_touch_the_colours():
    intent = read_intent("don't touch the colours, just sharpen")
    assert {"sat", "temp"} <= set(intent["hold"]) and intent["sharp"] == 1


def test_it_reads_upside_down_as_a_half_turn_and_a_cartoon_as_an_ai_edit():
    assert read_intent("its upside down lol")["rotate"] == 180.0
    assert read_intent("its upside down lol")["flip"] is None
    assert read_intent("turn this into a cartoon")["generative_asks"] == ["repaint it in another style or colourise it"]


@pytest.mark.parametrize(
    "text,temp",
    [
        ("everything has a red cast, fix it", -1),
        ("the skin has a reddish tinge, can you correct it", -1),
        ("too red", -1),
        ("make it redder", 1),
    ],
)
def test_it_reads_red_as_warm_and_a_cast_the_photo_has_as_a_complaint(text, temp):
    assert read_intent(text)["temp"] == temp


@pytest.mark.parametrize(
    "text", ["90s vibe please", "give it a 1980s look", "make it feel like the sixties", "y2k digicam look"]
)
def test_it_reads_a_named_decade_as_a_vintage_look(text):
    assert read_intent(text)["vintage"]


def test_it_does_not_read_a_rotation_or_a_percentage_as_a_decade():
    assert not read_intent("rotate it 90 degrees")["vintage"] and not read_intent("50% warmer")["vintage"]


@pytest.mark.parametrize(
    ("text", "ratio"),
    [
        ("straighten the horizon and crop to 3:2", 1.5),
        ("rotate it and crop to 16x9", 16 / 9),
        ("tilt it and crop it 4 by 5", 0.8),
    ],
)
def test_it_never_reads_a_side_of_an_aspect_ratio_as_an_angle(text, ratio):
    intent = read_intent(text)
    assert intent["rotate"] is None and intent["tilts"] and intent["ratio"] == pytest.approx(ratio)


def test_it_reads_an_angle_only_in_its_verbs_own_clause():
    assert read_intent("straighten the horizon and crop it to 2 people")["rotate"] is None
    assert read_intent("rotate it by 5 degrees")["rotate"] == 5.0
    assert read_intent("straighten it 2")["rotate"] == 2.0


@pytest.mark.parametrize(
    "text", ["desaturate it slightly, but not all the way to black and white", "muted, but not quite black and white"]
)
def test_it_reads_a_look_refused_by_degree_as_refused(text):
    intent = read_intent(text)
    assert not intent["bw"] and intent["sat"] == -1


@pytest.mark.parametrize(
    ("text", "axis"),
    [
        ("brighter but don't make it look any warmer", "temp"),
        ("don't let it get darker, warmer", "bright"),
        ("warmer, but don't make the picture any darker", "bright"),
    ],
)
def test_it_holds_an_axis_negated_through_look_let_or_a_named_subject(text, axis):
    intent = read_intent(text)
    assert axis in intent["hold"] and intent[axis] == 0


def test_it_reads_how_bad_a_fault_is_as_no_degree_of_the_correction():
    assert read_intent("way too bright")["degree"] == {}
    assert read_intent("a touch warmer, way more contrast")["degree"] == {"temp": 0.5, "contrast": 1.6}


def test_it_reads_turquoise_and_aqua_as_cooler():
    assert read_intent("make the water more turquoise")["temp"] == -1 and read_intent("a bit more aqua")["temp"] == -1


@pytest.mark.parametrize(
    "text",
    [
        "the colours look faded, boost them",
        "too washed out",
        "the colours have faded over the years",
        "faded, make it pop",
        "washed out, more vibrant please",
    ],
)
def test_it_reads_faded_or_washed_out_colours_complained_of_as_more_colour_and_contrast(text):
    intent = read_intent(text)
    assert intent["sat"] == 1 and intent["contrast"] == 1 and not intent["vintage"]


@pytest.mark.parametrize("text", ["give it a faded look", "faded and grainy", "faded retro film look"])
def test_it_reads_faded_asked_for_as_the_faded_vintage_look(text):
    intent = read_intent(text)
    assert intent["vintage"] and intent["sat"] == -1 and intent["contrast"] == -1


@pytest.mark.parametrize(
    "text,degrees",
    [
        ("rotate it a quarter turn clockwise", 90.0),
        ("give it a quarter turn to the left", -90.0),
        ("a quarter turn anticlockwise please", -90.0),
        ("give it a three quarter turn", -90.0),
        ("it needs a half turn", 180.0),
    ],
)
def test_it_reads_a_turn_said_as_a_share_of_a_full_one(text, degrees):
    assert read_intent(text)["rotate"] == degrees


@pytest.mark.parametrize(
    "text,axis",
    [
        ("bump up the saturation, not too much tho", "sat"),
        ("warmer but don't overdo it", "temp"),
        ("turn the colour down a notch", "sat"),
        ("a hair brighter", "bright"),
    ],
)
def test_it_reads_a_limit_or_a_notch_as_a_small_step(text, axis):
    assert read_intent(text)["degree"] == {axis: 0.5}


def test_it_does_not_read_dont_touch_as_a_touch():
    assert "contrast" not in read_intent("a tad warmer but dont touch the contrast")["degree"]


@pytest.mark.parametrize(
    "text,expected",
    [
        ("make it look less washed out but not oversaturated", {"sat": 1, "contrast": 1}),
        ("brighter, but don't overexpose it", {"bright": 1}),
        ("it's oversaturated", {"sat": -1}),
    ],
)
def test_it_reads_a_negated_over_term_as_a_limit_not_a_direction(text, expected):
    assert axes(text) == expected


def test_it_answers_red_eye_plainly_with_no_unrelated_alternatives():
    reply = edit_reply("fix the red eye")
    assert reply is not None and "red-eye" in reply
    assert read_intent("fix the red eye")["temp"] == 0
