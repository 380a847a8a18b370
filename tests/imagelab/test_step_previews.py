"""Step previews stay small (within 640 px) and scaled consistently with the final image."""

import pytest
from PIL import Image

from imagelab.core.execute import execute


def test_it_keeps_every_step_preview_within_640_px_after_resize_and_rotate():
    sizes = []
    result = execute(
        Image.new("RGB", (2048, 1536), (120, 130, 140)),
        [
            [
                {"op": "resize", "params": {"width": 4000, "height": 4000, "fit": "contain"}},
                {"op": "crop", "params": {"x": 0, "y": 0, "width": 2000, "height": 3000}},
                {"op": "brightness", "params": {"value": 1.1}},
            ],
            [{"op": "rotate", "params": {"degrees": 30}}],
        ],
        on_step=lambda s: sizes.append((s.variation, s.step, s.image.size)),
    )
    assert sizes and all(max(size) <= 640 for _, _, size in sizes)
    # Scaled consistently: the cropped preview has the final's shape.
    final = result.variations[0].image.size
    cropped = next(size for v, s, size in sizes if (v, s) == (0, 1))
    assert final == (2000, 3000) and cropped[0] / cropped[1] == pytest.approx(2 / 3, abs=0.01)
