"""What the quality guard leaves of the offline planner's five variations: not a timing, a count.

    PYTHONPATH=$PWD .venv/bin/python bench/guard_outcomes.py [--photos bench,natural] ["instruction" ...]

For each photo and instruction, the rule planner's plans (fitted to the photo's pixel sample, as in the app)
run through the app's guarded job (`staged.run_guarded`, MAX_REVISIONS 2, rule reviser). Per row: revisions
kept, re-runs (kept or not), steps the revisions removed, and the variations the guard still leaves flagged:
clipping (highlights, shadows or colours) or a near-duplicate. The issue's promise is that none is left; the
guard's cost (bench/guard_app.py) grows with the re-runs. Deterministic: one run is the figure. Not a test.
"""

import argparse
import tempfile
from pathlib import Path

from imagelab_common import NATURAL, photo_bytes  # isort: skip  (puts the repository on sys.path)

EVERYDAY = ("warmer and punchier, keep the framing", "make it brighter", "moody black and white", "crop it square")


def outcomes(data: bytes, instruction: str) -> list:
    """The guard's outcomes for the planner's five plans on one photo."""
    from imagelab.core import codec
    from imagelab.core.guard import run_guard
    from imagelab.core.normalize import normalize_plan
    from imagelab.core.simulate import PixelSample
    from imagelab.core.staged import run_guarded
    from imagelab.rules.planner import plan_variations

    work, _ = codec.decode_pixels(data, max_side=2048)
    size = (work.shape[1], work.shape[0])
    sample = PixelSample(codec.shrink(work), working_size=size)  # as the flow gives the planner
    raw = plan_variations(instruction, image_size=size, max_side=2048, sample=sample)
    plans = [v.operations for v in normalize_plan(raw, image_size=size).variations]
    steps = [[{"op": o.op, "params": o.params.model_dump()} for o in p] for p in plans]

    def guard(source_preview, previews, **hooks):
        return run_guard(source_preview, previews, steps, max_revisions=2, **hooks)

    return run_guarded(work, plans, guard, keep_images=False).outcomes


def counts(found: list) -> dict[str, int]:
    """Revisions kept, re-runs, steps removed, variations left clipping, left near-duplicates."""
    row = dict.fromkeys(("kept", "reruns", "removed", "clipping", "twins"), 0)
    for o in found:
        row["kept"] += sum(r["verdict"] == "revised" for r in o.revisions)
        row["reruns"] += sum(r["verdict"] in ("revised", "kept") for r in o.revisions)
        row["removed"] += sum(
            e["type"] == "remove_op" for r in o.revisions if r["verdict"] == "revised" for e in r["edits"]
        )
        issues = o.report.issues if o.report else []
        row["clipping"] += any(i.kind in ("highlights", "shadows", "saturation") for i in issues)
        row["twins"] += any(i.kind == "near_duplicate" for i in issues)
    return row


def main() -> None:
    """Print the table (markdown) for bench/README.md."""
    parser = argparse.ArgumentParser()
    parser.add_argument("instructions", nargs="*", default=list(EVERYDAY))
    parser.add_argument("--photos", default="bench,natural", help="comma-separated: bench, natural or names")
    args = parser.parse_args()
    photos = [n for p in args.photos.split(",") for n in (NATURAL if p == "natural" else (p,))]
    print("| photo | instruction | revisions kept | re-runs | steps removed | left clipping | left near-duplicates |")
    print("|---|---|---:|---:|---:|---:|---:|")
    total = dict.fromkeys(("kept", "reruns", "removed", "clipping", "twins"), 0)
    with tempfile.TemporaryDirectory() as tmp:
        for name in photos:
            data = photo_bytes(name, Path(tmp))
            for instruction in args.instructions:
                row = counts(outcomes(data, instruction))
                total = {k: total[k] + v for k, v in row.items()}
                cells = " | ".join(str(row[k]) for k in ("kept", "reruns", "removed", "clipping", "twins"))
                print(f"| {name} | {instruction!r} | {cells} |", flush=True)
    print(f"| all | | {' | '.join(str(total[k]) for k in ('kept', 'reruns', 'removed', 'clipping', 'twins'))} |")


if __name__ == "__main__":
    main()
