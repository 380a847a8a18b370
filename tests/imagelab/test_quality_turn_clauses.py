"""A compound quality question whose parts name their own things: each part measured in its own region."""

import pytest

from tests.imagelab.test_quality_turn import ask, detailed

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_it_measures_the_shadows_of_the_whole_picture_not_the_skys_crop(alice):
    message = await ask(alice, detailed(gain=0.3), "is the sky blown out and the shadows crushed?")
    quality = message.payload["quality"]
    assert [p["plan"]["query_scope"] for p in quality["parts"]] == [["sky"], "Global"]
    assert quality["verdicts"] == {"overexposure": "no", "underexposure": "yes"}
    assert "can't locate the sky" in message.content and message.content.count("can't locate") == 1
