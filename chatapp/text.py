"""The one validator for text people type (messages, chat titles), shared by the page, the socket and the API.

Refuses what cannot be stored or shown as text: lone surrogates (PostgreSQL and UTF-8 refuse them), control
characters other than newline and tab (NUL is refused by PostgreSQL; the rest are invisible or rewrite a
terminal), and text over its length limit. Windows and browser line endings (CR LF, CR) become LF first.
Text that draws nothing (only invisible characters, see INVISIBLE_RANGES) counts as blank, like whitespace.
"""

from __future__ import annotations

import re

from chatapp.errors import InvalidInput, MarqueeError

# C0 controls except \t and \n, DEL, C1 controls, and the UTF-16 surrogate range (never valid alone in a str).
_UNSTORABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_LINE_ENDS = re.compile(r"\r\n?")

# Characters that draw nothing: Unicode's default-ignorable code points (zero-width space and joiners, bidi
# marks and overrides, BOM, soft hyphen, variation selectors, Hangul fillers, tags) and the Braille blank.
# Alone they make a message, title or search that looks empty on screen (and would still cost a planner call);
# inside visible text they are kept (a ZWJ emoji, an RTL mark). chatapp.schemas publishes the same set.
INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# The same set as the inside of a regex character class (chatapp.schemas puts it in the published patterns).
INVISIBLE_CLASS = "".join(chr(a) if a == b else f"{chr(a)}-{chr(b)}" for a, b in INVISIBLE_RANGES)
_BLANK = re.compile(f"[\\s{INVISIBLE_CLASS}]*")
_BLANK_START = re.compile(f"^[\\s{INVISIBLE_CLASS}]+")
# Bidi embeddings, overrides and isolates (LRE…RLO, LRI…PDI): they reorder the text after them too.
_BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


def text_clean(
    text: object,
    *,
    what: str,
    max_chars: int,
    too_long: type[MarqueeError] = InvalidInput,
    too_long_code: str | None = None,
    too_long_message: str | None = None,
    one_line: bool = False,
) -> str:
    """`text` stripped, with LF line ends; InvalidInput (`invalid_text`) or `too_long` otherwise.

    `what` names the field in plain words ("message", "chat title"); `too_long_message` may use {n} and {limit};
    `one_line` collapses every run of whitespace (newlines and tabs included) to one space.
    """
    if not isinstance(text, str):
        raise InvalidInput(f"The {what} must be text.", code=f"invalid_{what.split()[-1]}")
    cleaned = _LINE_ENDS.sub("\n", text).strip()
    bad = _UNSTORABLE.search(cleaned)
    if bad is not None:
        raise InvalidInput(
            f"The {what} contains a character that is not valid text (U+{ord(bad.group()):04X} at position "
            f"{bad.start() + 1}) and cannot be stored. Please remove it.",
            code="invalid_text",
        )
    if text_blank(cleaned):
        return ""
    if one_line:
        cleaned = " ".join(cleaned.split())
    if len(cleaned) > max_chars:
        message = too_long_message or "The {what} is {n:,} characters; the limit is {limit:,}. Please shorten it."
        raise too_long(
            message.format(what=what, n=len(cleaned), limit=max_chars),
            code=too_long_code or f"{what.split()[-1]}_too_long",
        )
    return cleaned


def title_from_text(text: str, *, max_chars: int) -> str:
    """A title named after `text` (a first message): one line from its first visible character, cut to fit with "…"."""
    # From the first visible character: a message opening with zero-width spaces or marks (visible text after
    # them) named its chat with those alone, shown as a bare "…".
    title = _BLANK_START.sub("", " ".join((text or "").split()))
    return title if len(title) <= max_chars else title[: max_chars - 1].rstrip() + "…"


def isolated(text: str) -> str:
    """`text` for a place that takes no markup (a page's <title>): isolated (FSI … PDI), its own bidi controls dropped.

    A title with a right-to-left override (U+202E) reversed the " · Marquee" after it in the tab; the page
    isolates titles with CSS, which a <title> cannot have. Its own isolates would close ours, so they go too.
    """
    return "\u2068" + without_bidi_controls(text or "") + "\u2069"


def without_bidi_controls(text: str) -> str:
    """`text` without bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069); Hebrew needs none."""
    return _BIDI_CONTROLS.sub("", text)


def text_blank(text: object) -> bool:
    """True when `text` is empty, or whitespace and invisible characters only (nothing on screen)."""
    return not isinstance(text, str) or _BLANK.fullmatch(text) is not None


def displayable(text: object) -> str:
    """Text safe to send back (a refused draft): unstorable surrogates become U+FFFD, the rest is kept."""
    if not isinstance(text, str):
        return ""
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def form_int(value: str) -> int | None:
    """A whole number a form sent as text (ASCII digits, at most a bigint's 19), else None."""
    # Not int() alone: it reads "٣" (Arabic-Indic three) as 3 and "1_0" as 10, so a row or star the user never
    # chose was applied; nor str.isdigit() alone, which passes "²" that int() then refuses.
    value = value.strip()
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 19 else None
