"""imagelab.render: a column's revision note says each reason once, after the edits made for it (with the value of a step added)."""

from django.template.loader import render_to_string


def note(edits: list[dict]) -> str:
    v = {"index": 0, "revisions": [{"verdict": "revised", "edits": edits}]}
    return render_to_string("imagelab/chat.html#revision_note", {"job": {"id": 1}, "v": v})


def tune(op, param, old, new, reason):
    return {"type": "tune_param", "op": op, "param": param, "from": old, "value": new, "reason": reason}


def test_it_says_each_reason_once_after_its_edits():
    html = note(
        [
            {"type": "remove_op", "op": "contrast", "reason": "to keep the highlights"},
            tune("levels", "gamma", 1.07, 1.02, "to keep the highlights"),
            tune("saturation", "value", 1.3, 1.1, "to keep colours from clipping"),
        ]
    )
    said = "revised: removed contrast, levels gamma 1.07 → 1.02 to keep the highlights; saturation 1.30 → 1.10 to keep colours from clipping"
    assert said in html
    assert html.count("to keep the highlights") == 1


def test_it_words_a_single_edit_as_before():
    html = note([tune("contrast", "value", 1.4, 1.28, "to keep the highlights")])
    assert "revised: contrast 1.40 → 1.28 to keep the highlights</p>" in html


def test_it_says_the_value_of_each_step_added_to_tell_a_variation_apart():
    reason = "to tell it apart from variation 2"
    added = [
        {"type": "add_op", "op": {"op": "contrast", "params": {"value": 0.769}}, "reason": reason},
        {"type": "add_op", "op": {"op": "brightness", "params": {"value": 0.9}}, "reason": reason},
        {"type": "add_op", "op": {"op": "vignette", "params": {"strength": 0.2}}, "reason": reason},
    ]
    html = note(added)
    assert f"revised: added contrast 0.77, added brightness 0.90, added vignette {reason}</p>" in html


def test_it_shows_the_saturation_clipping_an_oversaturation_answer_cites_in_its_figures_table():
    from PIL import Image, ImageEnhance
    from skimage import data

    from imagelab import quality_turn, render
    from imagelab.core import iqa
    from imagelab.rules import iqa as rules_iqa

    text = "are the colours too saturated?"
    image = ImageEnhance.Color(Image.fromarray(data.astronaut())).enhance(2.0)
    plan = iqa.complete(rules_iqa.read_question(text, has_reference=True), has_reference=True)
    result = quality_turn.assess(plan, image, None, {"label": "the photo", "note": ""}, question=text)
    rows = {r["label"]: r for r in render.quality_view(result["quality"])["rows"]}
    clipped = result["quality"]["saturation"]["saturation_clipped"]
    assert f"Saturation clipping {clipped:.1f}%" in result["text"]
    assert rows["Saturation clipping (%)"]["value"] == render._figure_value(clipped)
    assert "pinned at 0 or 255" in rows["Saturation clipping (%)"]["meaning"]
    assert [r["label"] for r in render.quality_view(result["quality"])["rows"]].count("Colourfulness") == 1


def test_it_labels_and_explains_every_figure_a_quality_answer_can_show():
    from imagelab import render
    from imagelab.core import quality
    from imagelab.rules import iqa_saturation

    for key in quality.MEANINGS | iqa_saturation.MEANINGS:
        row = render.quality_view({"figures": {key: 1.0}})["rows"][0]
        assert row["label"] != key and row["meaning"], key
