"""Looks asked by their effect (`rules/gentle.py`): a calmer photo."""

import pytest

from imagelab.rules import gentle, planner
from imagelab.rules.intent import read_intent

SIZE = (1600, 1200)


def _plans(text: str) -> list[list[dict]]:
    return [v["operations"] for v in planner.plan_variations(text, image_size=SIZE)["variations"]]


def _values(plan: list[dict], op: str) -> list[float]:
    return [s["params"]["value"] for s in plan if s["op"] == op]


@pytest.mark.parametrize(
    "text",
    [
        "make it less busy",
        "calmer, less cluttered",
        "there's too much going on",
        "it looks so cluttered",
        "declutter it",
        "make it feel more serene",
        "tone down the chaos",
        "a quieter version please",
    ],
)
def test_a_busy_photo_asks_for_a_calmer_one(text):
    assert read_intent(text)["calm"] == 1


@pytest.mark.parametrize(
    "text", ["the calm sea at dawn, make it warmer", "a quiet street, warmer", "just minimal changes", "busy street"]
)
def test_a_thing_described_as_calm_or_busy_asks_for_nothing_calmer(text):
    assert read_intent(text)["calm"] == 0


def test_a_calmer_photo_is_five_distinct_muted_softer_uncropped_plans():
    plans = _plans("there's too much going on, make it less busy")
    assert len({repr(p) for p in plans}) == 5
    for plan in plans:
        ops = {s["op"] for s in plan}
        assert not ops & {"crop", "sharpen", "grain"}
        assert _values(plan, "saturation")[0] < 1.0 and _values(plan, "contrast")[0] < 1.0
    assert 1 <= sum(any(s["op"] == "vignette" for s in p) for p in plans) < 5  # some pull the eye in, not all


def test_a_calmer_photo_keeps_held_colours_and_asked_warmth():
    held = _plans("less busy but keep the colours")
    assert not any(_values(p, "saturation") for p in held)
    warm = _plans("calmer and warmer")
    assert all(any(s["op"] == "temperature" and s["params"]["warm"] for s in p) for p in warm)


def test_a_named_look_keeps_its_own_family():
    assert gentle.family(read_intent("calmer black and white")) is None


@pytest.mark.parametrize(
    "text", ["add some glow", "dreamy glow", "soft glowy look", "make it glow", "a bloom effect", "orton effect please"]
)
def test_a_glow_is_asked(text):
    assert read_intent(text)["glow"] == 1


@pytest.mark.parametrize("text", ["give it a glow up", "cherry blossoms in full bloom, warmer", "less glow"])
def test_a_glow_up_flowers_in_bloom_or_less_glow_ask_no_glow(text):
    assert read_intent(text)["glow"] <= 0


def test_a_glow_is_five_distinct_brighter_softer_plans_built_from_the_ops_there_are():
    plans = _plans("add some glow")
    assert len({repr(p) for p in plans}) == 5
    for plan in plans:
        ops = {s["op"] for s in plan}
        assert not ops & {"sharpen", "crop", "grain"}
        assert _values(plan, "contrast")[0] < 1.0
        assert any(s["op"] == "levels" and s["params"]["gamma"] > 1.0 for s in plan)  # lifted light
    assert sum(any(s["op"] == "blur" for s in p) for p in plans) == 4  # the bloom's stand-in, one keeps detail


def test_a_glow_without_blur_holds_sharpness():
    assert not any(s["op"] in ("blur", "sharpen") for p in _plans("glowy but don't blur it") for s in p)


@pytest.mark.parametrize(
    "text",
    ["too much grain", "less noise", "it's really grainy, can you fix it", "get rid of the grain", "degrain it"],
)
def test_noise_asked_away_is_five_clean_smoothings_said_plainly(text):
    variations = planner.plan_variations(text, image_size=SIZE)["variations"]
    sigmas = set()
    for v in variations:
        assert v["strategy"].startswith(gentle.SMOOTHED)
        ops = {s["op"] for s in v["operations"]}
        assert "blur" in ops and not ops & {"grain", "sharpen", "vignette", "tint", "crop"}
        sigmas |= {s["params"]["sigma"] for s in v["operations"] if s["op"] == "blur"}
    assert len(sigmas) == 5


@pytest.mark.parametrize("text", ["no grain, just warmer", "add some grain", "grainy black and white"])
def test_grain_asked_for_or_refused_is_no_noise_complaint(text):
    assert not read_intent(text)["denoise"]


def test_noise_asked_away_without_a_blur_says_so_and_blurs_nothing():
    variations = planner.plan_variations("reduce the noise but don't blur it", image_size=SIZE)["variations"]
    assert all(v["strategy"].startswith("No noise reduction here.") for v in variations)
    assert not any(s["op"] == "blur" for v in variations for s in v["operations"])


@pytest.mark.parametrize(
    "text",
    ["make it more zen", "soothing tones please", "make it easier on the eyes", "muted and calm", "visually noisy"],
)
def test_calm_moods_and_busy_states_ask_for_a_calmer_photo(text):
    assert read_intent(text)["calm"] == 1


@pytest.mark.parametrize("text", ["too much contrast", "it's too much", "calm sea, warmer"])
def test_too_much_of_a_tone_or_a_calm_subject_is_no_calmer_look(text):
    assert read_intent(text)["calm"] == 0


@pytest.mark.parametrize("text", ["add bloom", "add some radiance", "a bloomy look"])
def test_bloom_and_radiance_are_a_glow_not_something_added_to_the_picture(text):
    intent = read_intent(text)
    assert intent["glow"] == 1 and not intent["generative"]


@pytest.mark.parametrize(
    "text", ["too much digital noise", "reduce colour noise", "photo looks speckled", "the grain is distracting"]
)
def test_a_kind_of_noise_named_or_complained_of_is_smoothed(text):
    assert gentle.family(read_intent(text))[0] == "smooth"


def test_less_glow_on_a_chosen_glow_is_that_glow_gentler():
    chosen = {"label": "Soft Bloom", "applied": False, "operations": _plans("add some glow")[0]}
    variations = planner.plan_variations("tone down the glow", image_size=SIZE, chosen=chosen)["variations"]
    contrasts = [next(s["params"]["value"] for s in v["operations"] if s["op"] == "contrast") for v in variations]
    assert contrasts == sorted(contrasts) and all(0.88 < c < 1.0 for c in contrasts)


@pytest.mark.parametrize("text", ["vintage film look but less grain", "grainy film but not too much grain"])
def test_less_grain_in_a_grainy_look_asked_is_the_looks_grain_not_noise(text):
    assert not read_intent(text)["denoise"]
