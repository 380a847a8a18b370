"""A chat as Markdown or JSON: the core writes the messages, each kind adds its part through its `export` hook.

The JSON is the full record (`format: "marquee.chat"`, `version: 1`): it parses back with `json.loads`, and
each message carries what its kind adds (picks, image links and plans). The Markdown is for people: a title,
one `## You` / `## Marquee` section per message (with its time), then the kind's part.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from django.utils.text import slugify

from chatapp import kinds, selectors
from chatapp.errors import InvalidInput
from chatapp.kinds import ExportPart
from chatapp.models import Chat, Message

EXPORT_FORMATS = {"md": "text/markdown; charset=utf-8", "json": "application/json"}
EXPORT_FORMAT_NAME = "marquee.chat"
EXPORT_VERSION = 1
# A line Markdown would read as a heading: "# …" (ATX) or a run of = or - under text (setext).
_HEADING_LINE = re.compile(r"^( {0,3})(#|=+\s*$|-+\s*$)", re.MULTILINE)
# What a Markdown renderer would read as HTML: any '<' (tags, comments, autolinks) and an '&' that starts an
# entity; a plain "Tom & Jerry" stays as typed.
_HTML_SIGNIFICANT = re.compile(r"<|&(?=#?[0-9A-Za-z]+;)")
_ROLE_HEADINGS = {Message.Role.USER: "You", Message.Role.ASSISTANT: "Marquee"}


@dataclass(frozen=True)
class ChatExport:
    """One export, ready to send as an attachment."""

    filename: str
    content_type: str
    body: str


def export_format_clean(*, fmt: object) -> str:
    """`md` or `json`; anything else is refused in plain words."""
    if fmt not in EXPORT_FORMATS:
        raise InvalidInput(
            f"Unknown export format {str(fmt)[:20]!r}: use format=md (Markdown) or format=json.",
            code="invalid_format",
        )
    return str(fmt)


def chat_export(*, user: AbstractBaseUser, chat_id: int, fmt: object, base_url: str) -> ChatExport:
    """The user's chat as Markdown or JSON (another user's chat does not exist); image links start with base_url."""
    fmt = export_format_clean(fmt=fmt)
    chat = selectors.chat_get(user=user, chat_id=chat_id)
    messages = list(selectors.message_list(chat=chat))
    kind = kinds.get(chat.kind)
    parts: dict[int, ExportPart] = {}
    if kind.export:
        parts = kind.load(kind.export)(chat=chat, messages=messages, base_url=base_url.rstrip("/"))
    body = _json(chat, kind, messages, parts) if fmt == "json" else _markdown(chat, kind, messages, parts)
    stem = slugify(chat.display_title)[:50] or "chat"
    return ChatExport(filename=f"marquee-{stem}-{chat.pk}.{fmt}", content_type=EXPORT_FORMATS[fmt], body=body)


def markdown_text(text: object) -> str:
    """Text a Markdown renderer shows literally, never as HTML ('<' and entity-starting '&' as entities)."""
    return _HTML_SIGNIFICANT.sub(lambda match: "&lt;" if match.group() == "<" else "&amp;", str(text))


def _iso(when: datetime) -> str:
    return when.isoformat().replace("+00:00", "Z")


def _json(chat: Chat, kind: kinds.ChatKind, messages: list[Message], parts: dict[int, ExportPart]) -> str:
    record = {
        "format": EXPORT_FORMAT_NAME,
        "version": EXPORT_VERSION,
        "exported_at": _iso(timezone.now()),
        "chat": {
            "id": chat.pk,
            "title": chat.display_title,
            "kind": chat.kind,
            "label": kind.label,
            "created_at": _iso(chat.created_at),
        },
        "messages": [
            {
                "id": m.pk,
                "role": m.role,
                "turn_key": m.turn_key,
                "status": m.status,
                "created_at": _iso(m.created_at),
                "text": m.content,
                **({"error": m.error} if m.error else {}),
                **dict(parts[m.pk].data if m.pk in parts else {}),
            }
            for m in messages
        ],
    }
    return json.dumps(record, ensure_ascii=False, indent=2) + "\n"


def _markdown(chat: Chat, kind: kinds.ChatKind, messages: list[Message], parts: dict[int, ExportPart]) -> str:
    when = timezone.localtime(timezone.now()).strftime("%Y-%m-%d %H:%M %Z")
    blocks = [f"# {_one_line(chat.display_title)}", f"_{kind.label.capitalize()} · exported {when}_"]
    for m in messages:
        stamp = timezone.localtime(m.created_at).strftime("%Y-%m-%d %H:%M")
        blocks.append(f"## {_ROLE_HEADINGS.get(m.role, m.role)} · {stamp}")
        if m.content.strip():
            # Raw HTML in any text would run in a renderer that allows it (the app's own never does): it is
            # escaped, inside code too, where it then shows as entities. A person's line starting with '#'
            # (or underlined with ===) is no heading either.
            text = markdown_text(m.content.strip())
            blocks.append(text if m.role == Message.Role.ASSISTANT else _no_headings(text))
        if m.status in (Message.Status.FAILED, Message.Status.STOPPED):
            blocks.append(f"_{m.get_status_display()}{': ' + _one_line(m.error) if m.error else ''}_")
        part = parts.get(m.pk)
        if part and part.markdown.strip():
            blocks.append(part.markdown.strip())
    return "\n\n".join(blocks) + "\n"


def _no_headings(text: str) -> str:
    return _HEADING_LINE.sub(lambda match: match.group(1) + "\\" + match.group(2), text)


def _one_line(text: str) -> str:
    """Text safe for a heading: one line, no leading '#', no HTML."""
    return markdown_text(" ".join(text.split()).lstrip("#").strip() or "Untitled")
