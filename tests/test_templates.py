"""Template hygiene: Django's `{# … #}` comment ends at the end of its line, so one left open is printed on the
page (the chat list showed its rename form's comment as text)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_it_keeps_every_short_template_comment_on_one_line():
    open_comments = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for n, line in enumerate(path.read_text().splitlines(), start=1)
        if line.count("{#") > line.count("#}")
    ]
    assert not open_comments, f"use {{% comment %}} for comments over several lines: {open_comments}"
