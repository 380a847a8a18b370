"""Which quality questions are about the latest edit's results (imagelab.rules.iqa_the_edit)."""

import pytest

from imagelab.rules.iqa_the_edit import about_the_edit


@pytest.mark.parametrize(
    "text",
    [
        "did the edit remove the noise?",
        "how much did your changes alter it",
        "are these variations too dark?",
        "is the edited one sharper",
        "did it get softer after the last edit?",
        "are the new versions noisy",
    ],
)
def test_it_reads_a_question_about_the_edit(text):
    assert about_the_edit(text)


@pytest.mark.parametrize("text", ["is it blurry?", "is the photo too dark?", "did i edit the exposure badly?"])
def test_it_leaves_a_question_about_the_photo(text):
    assert not about_the_edit(text)
