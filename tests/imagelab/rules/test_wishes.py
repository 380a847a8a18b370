"""Explicit wishes in every plan: typos forgiven, named finishes, crop ratios, kept highlights, plain refusals."""

import numpy as np
import pytest

from imagelab.core import ops
from imagelab.core.normalize import normalize_plan
from imagelab.rules.planner import edit_reply, plan_variations, read_intent
from imagelab.rules.wishes import forgive_typos

SIZE = (4000, 3000)


def plans(text):
    norm = normalize_plan(plan_variations(text, image_size=SIZE), image_size=SIZE)
    assert norm.log == [] and len(norm.variations) == 5
    return [norm.operations(i) for i in range(5)]


def params(plan, op):
    return [p for o, p in plan if o == op]


@pytest.mark.parametrize(
    "typed,meant",
    [
        ("add a vignete", "add a vignette"),
        ("wamer please", "warmer please"),
        ("blak and white", "black and white"),
        ("cinamatic", "cinematic"),
        ("strighten it", "straighten it"),
    ],
)
def test_it_forgives_typos_in_look_and_op_words(typed, meant):
    assert forgive_typos(typed) == meant


@pytest.mark.parametrize("text", ["it's oversaturated", "make it look older", "blur the background", "often softer"])
def test_it_leaves_ordinary_and_affixed_words_alone(text):
    assert forgive_typos(text) == text


@pytest.mark.parametrize("text,op", [("darken the corners", "vignette"), ("add some film grain", "grain")])
def test_it_puts_a_named_finish_in_every_plan_at_varied_strength(text, op):
    found = [params(p, op) for p in plans(text)]
    assert all(len(f) == 1 for f in found) and len({repr(f) for f in found}) == 5


def test_it_does_not_darken_the_whole_picture_for_dark_corners():
    assert plans("darken the corners") == plans("add a vignette")


def test_it_never_sharpens_a_soft_look():
    for text in ("soft dreamy look", "make it softer and a bit brighter", "grainy monochrome"):
        assert not any(params(p, "sharpen") for p in plans(text)), text


@pytest.mark.parametrize("text", ["keep the bright clouds, more contrast", "punchier but dont blow out the highlights"])
def test_it_keeps_the_top_one_percent_below_white_when_asked_to_keep_highlights(text):
    for plan in plans(text):
        x = np.tile(np.arange(256, dtype=np.float64), (3, 1))
        for op, p in plan:
            if op in ops.CHANNEL_OPS:
                x = np.clip(ops.channel_curve(op, p)(x), 0, 255)
        assert x[:, 252].max() <= 254 and (x[:, 252] - x[:, 240]).min() >= 6


@pytest.mark.parametrize("text,ratio", [("crop it 16:9", 16 / 9), ("make it 4:5 for insta", 0.8), ("square", 1.0)])
def test_it_crops_every_plan_to_an_asked_ratio(text, ratio):
    for plan in plans(text):
        size = ops.working_size(SIZE)
        for op, p in plan[1:]:
            size = ops.output_size(op, p, size)
        assert size[0] / size[1] == pytest.approx(ratio, rel=0.01)


def test_it_says_the_refusal_first_and_then_the_closest_local_edit():
    reply = edit_reply("remove the person on the left")
    assert reply.startswith("AI edits aren't switched on for this app, so I can't remove things from the picture.")
    assert "The closest I can do here is cropping it out" in reply
    mixed = plan_variations("remove the guy in the background and make it warmer", image_size=SIZE)
    assert all(v["strategy"].startswith("Not done: removing an object") for v in mixed["variations"])


@pytest.mark.parametrize("text", ["asdfgh", "banana phone"])
def test_it_answers_nonsense_instead_of_making_five_unrelated_grades(text):
    assert edit_reply(text).startswith("I'm not sure what to change")


def test_it_still_plans_a_vague_wish_for_a_better_picture():
    assert edit_reply("make it look its best") is None


@pytest.mark.parametrize("text", ["add some noise for a film feel", "with a little noise", "add noise"])
def test_it_reads_added_noise_as_grain(text):
    found = [params(p, "grain") for p in plans(text)]
    assert all(len(f) == 1 for f in found)


@pytest.mark.parametrize("text", ["reduce the noise", "fix the noise, and warmer"])
def test_it_does_not_add_grain_for_noise_to_be_removed(text):
    assert not any(params(p, "grain") for p in plans(text))


@pytest.mark.parametrize("text", ["brighten only the shadows", "lift the shadows", "darken the shadows only"])
def test_it_keeps_the_highlights_when_only_the_shadows_are_to_change(text):
    for plan in plans(text):
        x = np.tile(np.arange(256, dtype=np.float64), (3, 1))
        for op, p in plan:
            if op in ops.CHANNEL_OPS:
                x = np.clip(ops.channel_curve(op, p)(x), 0, 255)
        assert x[:, 252].max() <= 254 and (x[:, 252] - x[:, 240]).min() >= 6


@pytest.mark.parametrize("text", ["make it look like film", "shot on film please", "35mm look"])
def test_it_adds_grain_when_real_film_is_asked_for(text):
    assert all(params(plan, "grain") for plan in plans(text))


def test_it_reads_no_grain_after_nor():
    assert not any(params(plan, "grain") for plan in plans("brighter, do not sharpen it nor add any grain"))


def _top_kept(plan) -> bool:
    """Whether the plan's tone curves keep the top 1 % below white and still spread out."""
    x = np.tile(np.arange(256, dtype=np.float64), (3, 1))
    for op, p in plan:
        if op in ops.CHANNEL_OPS:
            x = np.clip(ops.channel_curve(op, p)(x), 0, 255)
    return x[:, 252].max() <= 254 and (x[:, 252] - x[:, 240]).min() >= 6


@pytest.mark.parametrize(
    "text", ["more contrast but dont let the sky blow out", "keep the clouds from clipping, punchier"]
)
def test_it_keeps_asked_contrast_a_contrast_step_when_the_highlights_are_kept(text):
    for plan in plans(text):
        assert [p for p in params(plan, "contrast") if p["value"] > 1] and _top_kept(plan)


def test_it_brightens_through_exposure_and_midtones_unless_the_highlights_are_kept():
    for plan in plans("make it brighter"):
        assert [p for p in params(plan, "brightness") if p["value"] > 1]
        assert all(p["gamma"] > 1 for p in params(plan, "levels"))
    for plan in plans("brighter but keep the highlights"):
        assert not [p for p in params(plan, "brightness") if p["value"] > 1] and _top_kept(plan)


@pytest.mark.parametrize("text", ["crush the blacks a little", "deeper blacks and more contrast"])
def test_it_raises_every_plans_black_point_for_crushed_blacks(text):
    for plan in plans(text):
        assert [p for p in params(plan, "levels") if p["black"] > 0]
    assert not any(params(plan, "levels") and params(plan, "levels")[0]["black"] for plan in plans("soft and dreamy"))


@pytest.mark.parametrize(
    "text", ["recover the highlights", "pull the highlights down", "highlight recovery", "drop the whites a little"]
)
def test_it_keeps_the_highlights_when_they_are_to_be_recovered(text):
    assert all(_top_kept(plan) for plan in plans(text))


def test_it_smooths_asked_away_noise_with_a_said_slight_blur():
    for plan in plans("reduce the noise"):
        assert params(plan, "blur") and not params(plan, "sharpen")
    assert any("no noise reduction" in n for n in plan_variations("denoise it", image_size=SIZE)["notes"])
    assert not any(params(plan, "blur") for plan in plans("remove the noise but keep it sharp"))


@pytest.mark.parametrize(
    "text,ratio",
    [("crop it for my insta story", 9 / 16), ("make a reel of it", 9 / 16), ("this photo tells a story", None)],
)
def test_it_reads_stories_and_reels_as_a_phone_screen(text, ratio):
    assert read_intent(text)["ratio"] == ratio


def test_it_reads_black_white_without_the_and_as_black_and_white():
    assert all(params(plan, "filter") == [{"type": "grayscale"}] for plan in plans("I want the photo in black white"))


def test_it_reads_grainier_as_asked_grain():
    assert all(params(plan, "grain") for plan in plans("cooler, grainier"))


def test_it_drops_a_looks_own_vignette_when_brightening_is_asked():
    assert not any(params(plan, "vignette") for plan in plans("brighten it up its too dark"))
    assert all(params(plan, "vignette") for plan in plans("brighter with a vignette"))


@pytest.mark.parametrize("text", ["too much noise 😭", "way too grainy ugh", "so much noise in this one"])
def test_it_turns_a_stated_excess_of_noise_into_the_said_slight_blur(text):
    intent = read_intent(text)
    assert intent["denoise"] and intent["sharp"] < 0 and intent["grain"] <= 0
    assert all(params(p, "blur") and not params(p, "grain") for p in plans(text))


@pytest.mark.parametrize("text", ["make it more matte", "matte finish please", "give it lifted blacks"])
def test_it_puts_an_asked_matte_look_in_every_plan_at_graded_strengths(text):
    lifts = [max(t["strength"] for t in params(p, "tint")) for p in plans(text)]
    assert all(lifts) and len(set(lifts)) >= 3


def test_it_reads_a_name_like_matt_or_mate_as_no_matte_look():
    assert read_intent("cheers mate")["matte"] == 0 and read_intent("less matte please")["matte"] < 0


@pytest.mark.parametrize(
    "text,ratio",
    [
        ("crop it for my instagram post, portrait", 0.8),
        ("vertical crop for my feed", 0.8),
        ("portrait crop please", 0.8),
        ("landscape for insta", 1.91),
        ("for instagram", 1.0),
        ("crop it square, portrait", 1.0),
        ("a portrait of my dad, warmer", None),
    ],
)
def test_it_reads_a_portrait_or_landscape_post_as_its_instagram_ratio(text, ratio):
    assert read_intent(text)["ratio"] == ratio


@pytest.mark.parametrize(
    "text", ["make it look like a 90s disposable camera", "shot on portra vibes", "lomo look", "like an old kodak"]
)
def test_it_adds_grain_for_a_film_camera_or_stock_named(text):
    assert all(params(plan, "grain") for plan in plans(text))


@pytest.mark.parametrize("text", ["its overexposed, can you darken it a bit", "way too bright", "the sky is blown"])
def test_it_darkens_an_overexposed_photo_evenly_with_its_highlights_kept(text):
    for plan in plans(text):
        assert _top_kept(plan) and not params(plan, "vignette")


@pytest.mark.parametrize("text", ["mind blown, love it", "my mind is blown", "blown away by this"])
def test_it_does_not_read_mind_blown_as_an_overexposed_photo(text):
    intent = read_intent(text)
    assert not intent["overexposed"] and not intent["highlights"]


@pytest.mark.parametrize(
    ("text", "ratio"),
    [
        ("crop it for a pinterest pin", 2 / 3),
        ("I need it as a twitter header", 3.0),
        ("make it an x banner", 3.0),
        ("linkedin banner please", 4.0),
        ("facebook cover photo", 820 / 312),
        ("youtube thumbnail", 16 / 9),
        ("crop it for a desktop wallpaper", 16 / 9),
    ],
)
def test_it_reads_a_platforms_banner_or_post_shape_as_its_crop_ratio(text, ratio):
    assert read_intent(text)["ratio"] == pytest.approx(ratio)
    for plan in plans(text):
        size = SIZE
        for op, p in plan:
            size = ops.output_size(op, p, size)
        assert size[0] / size[1] == pytest.approx(ratio, rel=0.015)


@pytest.mark.parametrize(
    ("text", "ratio"),
    [("5x7 print please", 5 / 7), ("crop for a 8x10 frame", 0.8), ("a4 print", 2**-0.5), ("print it on a4", 2**-0.5)],
)
def test_it_reads_a_print_or_frame_size_as_its_crop_ratio(text, ratio):
    assert read_intent(text)["ratio"] == pytest.approx(ratio)


@pytest.mark.parametrize(
    ("text", "ratio"),
    [
        ("cinema scope crop", 2.39),
        ("letterbox it", 2.39),
        ("make it portrait orientation", 0.8),
        ("turn it vertical", 0.8),
        ("make it portrait lighting", None),
        ("portrait mode look", None),
    ],
)
def test_it_reads_an_orientation_or_a_letterbox_asked_as_a_crop_ratio_but_not_a_portrait_look(text, ratio):
    assert read_intent(text)["ratio"] == (None if ratio is None else pytest.approx(ratio))


@pytest.mark.parametrize(
    ("text", "ratio"),
    [
        ("make it landscape", 1.5),
        ("switch it to landscape please", 1.5),
        ("can i get it in landscape format", 1.5),
        ("horizontal crop", 1.5),
        ("turn this into a landscape", 1.5),
        ("make it landscape for instagram", 1.91),
        ("make it portrait", 0.8),
        ("switch to portrait", 0.8),
        ("make this landscape photo pop", None),
        ("make this portrait warmer", None),
        ("crop the landscape a bit tighter", None),
    ],
)
def test_it_reads_an_orientation_asked_of_the_photo_as_a_crop_but_not_a_landscape_or_portrait_subject(text, ratio):
    assert read_intent(text)["ratio"] == (None if ratio is None else pytest.approx(ratio))


@pytest.mark.parametrize(
    ("text", "ratio"),
    [
        ("turn it into a 16:9", 16 / 9),
        ("make it 16 by 9", 16 / 9),
        ("change it to 4x5", 0.8),
        ("make it 2x brighter", None),
    ],
)
def test_it_reads_a_ratio_the_photo_is_turned_into_as_a_crop(text, ratio):
    assert read_intent(text)["ratio"] == (None if ratio is None else pytest.approx(ratio))


@pytest.mark.parametrize(
    ("text", "shape", "ratio"),
    [
        ("crop it to a circle", "crop it to a circle", 1.0),
        ("make it round", "crop it to a circle", 1.0),
        ("circle crop for my pfp", "crop it to a circle", 1.0),
        ("cut it into a circular shape", "crop it to a circle", 1.0),
        ("crop it into an oval", "crop it to an oval", None),
        ("round the corners", "round its corners", None),
        ("turn it round", None, None),
        ("another round of edits, warmer", None, None),
    ],
)
def test_it_reads_a_crop_shape_no_op_makes_and_the_rectangle_that_stands_in(text, shape, ratio):
    intent = read_intent(text)
    assert intent["shape"] == shape and intent["ratio"] == ratio
    assert (shape in intent["cannot"]) if shape else not intent["cannot"]


@pytest.mark.parametrize("text,word", [("like a winter morning", "winter"), ("make it wintery", "wintery")])
def test_it_keeps_a_word_the_caller_reads_as_it_is(text, word):
    from imagelab.rules.intent import _TERM

    assert word in forgive_typos(text, keep=_TERM).split()


def test_it_reads_a_season_near_a_look_word_as_that_season():
    intent = read_intent("colder and a bit darker, like a winter morning")
    assert intent["temp"] == -1 and intent["bright"] == -1


@pytest.mark.parametrize(
    "text,ratio",
    [
        ("pfp for discord", 1.0),
        ("make it my whatsapp dp", 1.0),
        ("spotify playlist cover", 1.0),
        ("album art for my ep", 1.0),
        ("make it pop for the gram", 1.0),
        ("for my passport photo", 35 / 45),
        ("us passport photo", 1.0),
    ],
)
def test_it_reads_square_profile_and_cover_shapes_and_passport_photos(text, ratio):
    assert read_intent(text)["ratio"] == pytest.approx(ratio)


def test_it_reads_crushed_shadows_complained_of_as_lifted_shadows_with_the_highlights_kept():
    intent = read_intent("make the shadows less crushed")
    assert intent["crush"] == -1 and intent["bright"] == 1 and intent["highlights"]


def test_it_reads_a_newspaper_photo_as_grainy_black_and_white():
    intent = read_intent("make it look like an old newspaper photo")
    assert intent["bw"] and intent["grain"] == 1


def test_it_keeps_the_clouds_of_a_sky_made_more_dramatic_and_grades_the_whole_photo():
    intent = read_intent("make the sky more dramatic")
    assert intent["generative"] == [] and intent["highlights"] and intent["contrast"] == 1
    assert intent["aimed"] == ["sky"]
    assert read_intent("make the sky a sunset")["generative"]
