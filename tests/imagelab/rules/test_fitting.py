"""The rule planner fits its looks' own character to the photo's pixels; what was asked stays as asked."""

import numpy as np
from PIL import Image
from skimage import data

from imagelab.core.simulate import PixelSample, tones
from imagelab.rules import fitting
from imagelab.rules.planner import plan_variations
from tests.support.images import bright_scene, dark_photo


def mid_photo(w=320, h=240) -> Image.Image:
    """A soft, mid-toned photo: levels 60..190, no room problems for any stock look."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    a = np.stack([x / w * 130 + 60, y / h * 120 + 65, (x + y) / (w + h) * 110 + 70], -1)
    return Image.fromarray(a.astype(np.uint8))


def plans(text, image, fitted=True):
    sample = PixelSample(image, working_size=image.size) if fitted else None
    return plan_variations(text, image_size=image.size, max_side=2048, sample=sample)["variations"]


def worst(image, operations) -> float:
    return max(PixelSample(image, working_size=image.size).new(operations).values())


def test_it_eases_a_looks_own_black_point_and_contrast_until_a_dark_photo_keeps_its_shadows():
    photo = dark_photo()
    blind, fitted = plans("crop it square", photo, False), plans("crop it square", photo)
    assert worst(photo, blind[0]["operations"]) > 20  # Pop's stock black point 6 and contrast 1.12 crush the room
    assert all(worst(photo, v["operations"]) <= fitting.BUDGET for v in fitted)
    assert [v["label"] for v in fitted] == [v["label"] for v in blind]
    pop = {o["op"]: o["params"] for o in fitted[0]["operations"]}
    assert pop.get("levels", {}).get("black", 0) < 6


def test_it_never_eases_what_the_instruction_asked_for():
    photo = dark_photo()
    blind, fitted = plans("much more contrast", photo, False), plans("much more contrast", photo)
    for b, f in zip(blind, fitted, strict=True):
        contrast = [o["params"]["value"] for o in b["operations"] if o["op"] == "contrast"]
        assert contrast == [o["params"]["value"] for o in f["operations"] if o["op"] == "contrast"]
    assert any(worst(photo, v["operations"]) > fitting.BUDGET for v in fitted)  # left for the guard to revise


def test_it_eases_a_look_whose_own_character_would_undo_the_asked_way():
    photo = bright_scene((480, 320))
    sample = PixelSample(photo, working_size=photo.size)
    source = tones(sample.run([]))["bright"]
    for text in ("make it brighter", "brighten it a bit", "make it much brighter"):
        blind, fitted = plans(text, photo, False), plans(text, photo)
        assert min(tones(sample.run(v["operations"]))["bright"] for v in blind) < source  # Matte's dark lift, before
        for v in fitted:
            moved = tones(sample.run(v["operations"]))["bright"] - source
            if moved < fitting.MOVED["bright"]:  # short of a clear move only where more would clip, and it says so
                assert moved > 0 and worst(photo, v["operations"]) <= fitting.BUDGET, (text, v["label"])
                assert "less brightening than asked (more would clip this photo)" in v["strategy"], (text, v["label"])


def test_it_keeps_all_of_a_looks_character_where_the_photo_has_room():
    photo = mid_photo()
    for text in ("crop it square", "warmer", "give it a vintage look", "moody black and white"):
        assert plans(text, photo) == plans(text, photo, False), text


def test_it_eases_a_tint_that_would_flatten_the_asked_punch():
    photo = mid_photo()
    sample = PixelSample(photo, working_size=photo.size)

    def least(variations) -> float:  # the smallest move of an asked axis (contrast, colour) over MOVED, as a log
        moves = []
        for v in variations:  # each against the photo as it frames it (the tight crop of a gradient is softer)
            now = tones(sample.run(v["operations"]))
            source = tones(sample.run([o for o in v["operations"] if o["op"] in ("resize", "crop")]))
            moves += [np.log(now[a] / source[a]) - fitting.MOVED[a] for a in ("contrast", "sat")]
        return min(moves)

    assert least(plans("make it pop", photo, False)) < 0  # Split Tone's teal tint flattened it, before
    assert least(plans("make it pop", photo)) >= 0


def test_it_plans_blind_without_a_sample():
    lk = {"contrast": 0.12, "sat": 0.14, "clip": (6, 250)}
    assert fitting.fit(lk, {"contrast": 0, "sat": 0}, lambda k: [], None) is lk


def test_it_sizes_a_plain_ask_to_the_photo_but_still_goes_the_asked_way():
    photo = Image.fromarray(data.chelsea()).convert("RGB")
    sample = PixelSample(photo, working_size=photo.size)
    source = tones(sample.run([]))
    blind, fitted = plans("punchier", photo, False), plans("punchier", photo)
    over = [max(sample.new(v["operations"]).values()) for v in blind]
    assert max(over) > 4 * fitting.BUDGET  # a full "punchier" clips this photo
    assert sum(max(sample.new(f["operations"]).values()) for f in fitted) < 0.75 * sum(over)
    for f in fitted:
        now = tones(sample.run(f["operations"]))
        assert now["contrast"] > source["contrast"] and now["sat"] > source["sat"], f["label"]
    shares = set()
    for b, f in zip(blind, fitted, strict=True):  # half of what was asked at the least, never a share of a share
        for op in ("contrast", "saturation"):
            whole = [o["params"]["value"] - 1 for o in b["operations"] if o["op"] == op]
            eased = [o["params"]["value"] - 1 for o in f["operations"] if o["op"] == op]
            if op == "contrast" and whole and not eased:  # the ask as a curve with soft shoulders (fitting._curved)
                curve = [o["params"]["value"] - 1 for o in f["operations"] if o["op"] == "curve"]
                assert len(curve) == len(whole) and all(c >= 0.5 * w for c, w in zip(curve, whole, strict=True)), f[
                    "label"
                ]
                continue
            cut = {round(e / w, 2) for w, e in zip(whole, eased, strict=True) if w}
            if min(cut, default=1.0) < 0.5:  # below half only where half still clips, within the budget, said
                assert worst(photo, f["operations"]) <= fitting.BUDGET, f["label"]
                assert "than asked (more would clip this photo)" in f["strategy"], f["label"]
            else:
                shares |= cut
    assert min(shares) == 0.5 and shares <= {0.5, 0.75, 1.0}
    asked = [o["params"]["value"] for v in fitted for o in v["operations"] if o["op"] in ("contrast", "saturation")]
    assert asked != [
        o["params"]["value"] for v in blind for o in v["operations"] if o["op"] in ("contrast", "saturation")
    ]


def test_it_eases_a_looks_own_vignette_on_a_dark_photo():
    photo = dark_photo()
    blind, fitted = plans("make it cinematic", photo, False), plans("make it cinematic", photo)
    vignettes = [[o["params"]["strength"] for o in v["operations"] if o["op"] == "vignette"] for v in (blind + fitted)]
    assert any(worst(photo, v["operations"]) > fitting.BUDGET for v in blind)
    assert all(worst(photo, v["operations"]) <= fitting.BUDGET for v in fitted)
    assert vignettes[: len(blind)] != vignettes[len(blind) :]


def test_it_says_so_when_a_look_keeps_none_of_its_own_character():
    photo = Image.fromarray(data.coffee())
    strategies = [v["strategy"] for v in plans("crop it square", photo)]
    # Pop's contrast and colour would all clip coffee: it said "Clean and punchy: ; cropped square."
    assert strategies[0].startswith("Clean and punchy: the photo's own tones (more of this look would clip it)")
    assert not any(": ;" in s or ": ." in s for s in strategies)


def test_it_plans_a_curve_where_the_asked_contrast_would_clip_as_a_straight_line():
    photo = Image.fromarray(data.chelsea()).convert("RGB")
    sample = PixelSample(photo, working_size=photo.size)
    source = tones(sample.run([]))
    fitted = plans("warmer and punchier, keep the framing", photo)
    curved = [f for f in fitted if any(o["op"] == "curve" for o in f["operations"])]
    assert len(curved) >= 2  # the line crushed this photo's dark fur at any punch that reads as one
    for f in curved:
        assert not any(o["op"] == "contrast" for o in f["operations"]), f["label"]
        assert worst(photo, f["operations"]) <= fitting.BUDGET, f["label"]
        now = tones(sample.run(f["operations"]))
        assert np.log(now["contrast"] / source["contrast"]) >= fitting.MOVED["contrast"], f["label"]  # still punchier
        assert "soft shoulders" in f["strategy"]


def test_it_cuts_a_plain_ask_the_photo_cannot_take_each_axis_on_its_own_and_says_so():
    photo = Image.fromarray(data.coffee()).convert("RGB")  # a brown cup: more colour crushes its blue channel
    sample = PixelSample(photo, working_size=photo.size)
    source = tones(sample.run([]))
    text = "warmer and punchier, keep the framing"
    blind, fitted = plans(text, photo, False), plans(text, photo)
    assert min(worst(photo, v["operations"]) for v in blind) > 40  # even half the ask crushed 40 % and more
    for f in fitted:
        assert worst(photo, f["operations"]) <= fitting.BUDGET, f["label"]  # nothing left for the guard to pull
        assert any(o["op"] == "temperature" and o["params"]["warm"] for o in f["operations"]), f[
            "label"
        ]  # still warmer
        assert not any(o["op"] == "contrast" for o in f["operations"]), f["label"]  # the punch kept as a curve
        assert "than asked (more would clip this photo)" in f["strategy"], f["label"]
    pop = tones(sample.run(fitted[0]["operations"]))
    assert pop["contrast"] > source["contrast"] and pop["sat"] > source["sat"]  # Warm Pop is still punchier


def test_it_never_cuts_an_ask_so_far_that_the_look_goes_the_other_way():
    photo = bright_scene((480, 320))  # Matte's lifted blacks darken it once its brightening is cut
    sample = PixelSample(photo, working_size=photo.size)
    source = tones(sample.run([]))["bright"]
    for v in plans("make it brighter", photo):
        assert tones(sample.run(v["operations"]))["bright"] > source, v["label"]
