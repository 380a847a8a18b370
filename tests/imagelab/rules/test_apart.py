"""The rule planner tells apart, while planning, looks the quality guard would find near-duplicates on the photo."""

import itertools

import pytest
from PIL import Image
from skimage import data

from imagelab.core.codec import shrink
from imagelab.core.foresee import foresee
from imagelab.core.simulate import PixelSample, tones
from imagelab.core.verify import DUPLICATE_SSIM, Look, similarity
from imagelab.rules import fitting
from imagelab.rules.intent import read_intent
from imagelab.rules.planner import plan_variations


def natural(name: str) -> Image.Image:
    return Image.fromarray(getattr(data, name)()).convert("RGB")


def plans(text: str, photo: Image.Image, seeing: bool = True) -> list[dict]:
    sample = PixelSample(shrink(photo), working_size=photo.size) if seeing else None
    return plan_variations(text, image_size=photo.size, max_side=2048, sample=sample)["variations"]


def nearest(photo: Image.Image, variations: list[dict]) -> float:
    """The highest SSIM between two variations as the guard measures them, each run at working size."""
    looks = [Look(shrink(foresee(photo, photo.size, v["operations"]))) for v in variations]
    return max(similarity(a, b) or 0.0 for a, b in itertools.combinations(looks, 2))


@pytest.mark.parametrize(
    ("name", "text"),
    [("chelsea", "crop it square"), ("coffee", "moody black and white"), ("astronaut", "warmer")],
)
def test_it_leaves_no_two_looks_the_guard_would_call_the_same_picture(name, text):
    photo = natural(name)
    assert nearest(photo, plans(text, photo, seeing=False)) > DUPLICATE_SSIM  # twins when planned blind
    seen = plans(text, photo)
    assert nearest(photo, seen) <= DUPLICATE_SSIM
    assert any(v["strategy"].endswith("so the two stay distinct.") for v in seen)


def test_it_says_which_look_a_told_apart_one_differs_from_and_how():
    photo = natural("coffee")
    seen = plans("make it brighter", photo)
    parted = [v for v in seen if v["strategy"].endswith("so the two stay distinct.")]
    labels = [v["label"] for v in seen]
    for v in parted:
        said = v["strategy"].rsplit("; ", 1)[1]
        assert any(f" than {label}," in said for label in labels[: labels.index(v["label"])]), said
        assert any(w in said for w in ("brighter", "darker", "contrast", "colour")), said
    assert parted


def test_it_keeps_a_told_apart_look_going_the_asked_way():
    parted = 0
    for name, text in [
        ("astronaut", "make it brighter"),
        ("coffee", "make it brighter"),
        ("rocket", "make it brighter"),
    ]:
        photo = natural(name)
        sample = PixelSample(shrink(photo), working_size=photo.size)
        for v in plans(text, photo):
            if v["strategy"].endswith("so the two stay distinct."):
                parted += 1
                assert fitting.goes_asked_way(v["operations"], read_intent(text), sample), (text, v["label"])
    assert parted


def test_it_sizes_a_plain_ask_to_the_photo_but_never_a_strong_one():
    photo = natural("chelsea")
    sample = PixelSample(shrink(photo), working_size=photo.size)

    def crushed(variations):
        return [sample.new(v["operations"])["shadows"] for v in variations]

    blind, seen = crushed(plans("punchier", photo, seeing=False)), crushed(plans("punchier", photo))
    assert max(blind) > 3 * fitting.BUDGET and sum(seen) < sum(blind)
    for v in plans("punchier", photo):
        assert tones(sample.run(v["operations"]))["contrast"] > tones(sample.run([]))["contrast"]
    strong_blind, strong = plans("much punchier", photo, seeing=False), plans("much punchier", photo)
    for b, s in zip(strong_blind, strong, strict=True):
        asked = [o["params"]["value"] for o in b["operations"] if o["op"] in ("contrast", "saturation")]
        assert (
            asked
            == [o["params"]["value"] for o in s["operations"] if o["op"] in ("contrast", "saturation")][: len(asked)]
        )
