"""Shared parts of bench/imagelab.py: the repository on sys.path, the few-shot A plans, the test photo, peak RSS."""

import os
import resource
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # ahead of bench/, whose imagelab.py would hide the imagelab package

# Few-shot A of ../shared/seeds/000_169d78524fdff6a2.txt ("warmer & punchier; keep framing"), verbatim.
FEW_SHOT_A = {
    "variations": [
        {
            "label": "Warm Pop",
            "strategy": "Temp warm + slight sat + gentle contrast; keep geometry",
            "operations": [
                {"op": "resize", "params": {"width": 2048, "fit": "inside"}},
                {"op": "temperature", "params": {"warm": True, "strength": 0.4}},
                {"op": "saturation", "params": {"factor": 1.08}},
                {"op": "contrast", "params": {"strength": 1.05}},
            ],
        },
        {
            "label": "Clean Neutral",
            "strategy": "Neutral WB; micro-contrast; gamma polish",
            "operations": [
                {"op": "resize", "params": {"width": 2048, "fit": "inside"}},
                {"op": "contrast", "params": {"strength": 1.04}},
                {"op": "levels", "params": {"gamma": 0.98}},
            ],
        },
        {
            "label": "Cool Modern",
            "strategy": "Slight cool tint + clarity",
            "operations": [
                {"op": "resize", "params": {"width": 2048, "fit": "inside"}},
                {"op": "tint", "params": {"hex": "#DDE8FF", "alpha": 0.08}},
                {"op": "contrast", "params": {"strength": 1.06}},
                {"op": "saturation", "params": {"factor": 0.98}},
            ],
        },
        {
            "label": "Soft Film",
            "strategy": "Lower contrast, mild warm, soft vignette",
            "operations": [
                {"op": "resize", "params": {"width": 2048, "fit": "inside"}},
                {"op": "contrast", "params": {"strength": 0.97}},
                {"op": "temperature", "params": {"warm": True, "strength": 0.25}},
                {"op": "vignette", "params": {"strength": 0.12}},
            ],
        },
        {
            "label": "Tight Crop Punch",
            "strategy": "Safe tighter crop + punchy finish",
            "operations": [
                {"op": "resize", "params": {"width": 2048, "fit": "inside"}},
                {"op": "crop", "params": {"x": 64, "y": 64, "width": 1920, "height": 1280}},
                {"op": "contrast", "params": {"strength": 1.07}},
                {"op": "saturation", "params": {"factor": 1.06}},
            ],
        },
    ],
    "diversity_axes": ["WB", "contrast curve", "crop/framing", "finishing vignette", "tint"],
}


def make_photo(path: Path) -> None:
    """A photo-like 4000x3000 JPEG q90: gradients, noise, shapes."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFilter

    w, h = 4000, 3000
    rng = np.random.default_rng(7)
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    a = np.stack([x / w * 190 + 40, y / h * 160 + 50, (x + y) / (w + h) * 140 + 70], -1)
    a += rng.normal(0, 7, (h, w, 3)).astype(np.float32)
    im = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(im)
    for i in range(80):
        x0, y0, s = int(rng.integers(0, w)), int(rng.integers(0, h)), int(rng.integers(40, 700))
        c = tuple(int(v) for v in rng.integers(0, 256, 3))
        (d.ellipse if i % 2 else d.rectangle)([x0, y0, x0 + s, y0 + int(s * 0.7)], fill=c)
    im = im.filter(ImageFilter.GaussianBlur(1.2))  # soft edges, like optics
    im.save(path, "JPEG", quality=90)


NATURAL = ("astronaut", "coffee", "chelsea", "rocket")  # scikit-image's bundled photos (bench/quality.py's too)


def photo_bytes(name: str, tmp: Path) -> bytes:
    """A photo as JPEG q90 bytes: "bench" (make_photo's 12 MP synthetic one) or a scikit-image sample by name."""
    if name == "bench":
        make_photo(tmp / "photo.jpg")
        return (tmp / "photo.jpg").read_bytes()
    import io

    import skimage.data
    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(getattr(skimage.data, name)()).convert("RGB").save(buf, "JPEG", quality=90)
    return buf.getvalue()


def rss_mb() -> float:
    """Peak RSS of this process (VmHWM: reset by exec, unlike ru_maxrss which a child inherits)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def offline_app(tmp: Path) -> None:
    """Django as `make run` has it (rule planner, in-memory layer), on a throwaway SQLite database and image root
    under `tmp`; set up, not migrated."""
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "chatapp.settings",
            "DEBUG": "0",
            "PLANNER_BACKEND": "rules",
            "DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite3'}",
            "SECRET_KEY": "bench-only-not-a-secret",
            "IMAGE_ROOT": str(tmp / "images"),
            "TURNS_PER_MINUTE": "1000000",
            "LOG_LEVEL": "WARNING",
            "AUTOSTART_RECOMMENDATIONS": "0",
        }
    )
    for name in ("REDIS_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        os.environ.pop(name, None)
    import django

    django.setup()
