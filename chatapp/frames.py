"""Websocket frame limits, checked on the raw text BEFORE json.loads (which recurses once per nesting level)."""

from __future__ import annotations

import re

from chatapp import strict_json

# Deepest nesting a frame may have; ours are two levels deep (the htmx ws extension adds a HEADERS object).
MAX_FRAME_DEPTH = 16
# A frame may hold the longest accepted message with every character escaped (\ud83d\ude00 is 12 characters
# for one), plus room for the action and the htmx headers. A longer message still fits, so it is refused
# with its own plain "too long" answer and the draft handed back.
_FRAME_CHARS_PER_MESSAGE_CHAR = 12
_FRAME_OVERHEAD_CHARS = 16_384

_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def max_frame_chars(message_max_chars: int) -> int:
    """The longest frame a socket reads, from the message length limit."""
    return message_max_chars * _FRAME_CHARS_PER_MESSAGE_CHAR + _FRAME_OVERHEAD_CHARS


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in `text`, brackets inside JSON strings not counted (no parsing)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_JSON_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def frame_refusal(text: str | None, *, max_chars: int) -> tuple[str, str] | None:
    """(code, message) when a frame must not be parsed; None when json.loads may read it."""
    if text is None:
        return None
    if len(text) > max_chars:
        return "frame_too_large", f"That message is too large to read (over {max_chars:,} characters)."
    if nesting_depth(text) > MAX_FRAME_DEPTH:
        return "frame_too_deep", "That message could not be read: it is nested too deeply."
    return None


def frame_json(text: str | None) -> tuple[dict | None, tuple[str, str] | None]:
    """The frame as a JSON object, or the (code, message) refusing it (as chatapp.strict_json reads JSON)."""
    try:
        content = strict_json.loads(text or "", what="That message")
    except strict_json.JsonRefused as exc:
        return None, ("bad_frame", str(exc))
    except (TypeError, ValueError, RecursionError):
        content = None
    if not isinstance(content, dict):
        return None, ("bad_frame", "That message could not be read. Please try again.")
    return content, None
