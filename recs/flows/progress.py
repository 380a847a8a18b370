"""The movie chat's progress lines: what a turn says it is doing while it plans (shown under the answer)."""

from __future__ import annotations

DECIDING = "Deciding what you asked…"
WRITING = "Writing the answer…"
PLANNING = "Planning picks…"


def looking_up(count: int) -> str:
    """'Looking up 3 films…' (or '1 film')."""
    return f"Looking up {count} film{'' if count == 1 else 's'}…"
