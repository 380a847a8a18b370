"""Resync on reconnect: a page or API client says what it last saw (`?since=`) and gets only what changed.

The mark is the newest `updated_at` of the messages a client was sent (UTC, microseconds). On reconnect the
client sends it back; the server sends the messages changed since (minus a little slack: another process's
events may arrive out of order), every message still being written, and the controls. A bad or missing mark
means "nothing seen": the whole history, as on a first connect.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs

from django.utils import timezone
from django.utils.dateparse import parse_datetime

from chatapp import selectors
from chatapp.models import Chat, Message

SINCE_SLACK = timedelta(seconds=2)
MARK_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"  # fixed width, so marks also compare as text (static/app.js)
MAX_MARK_CHARS = 64


@dataclass
class Changes:
    """What a client that saw the chat up to `since` lacks."""

    full: bool  # nothing seen, or the history changed shape (an edited question swapped later turns)
    new: list[Message] = field(default_factory=list)  # created after the mark: appended
    changed: list[Message] = field(default_factory=list)  # the client has them: swapped in place
    busy: bool = False
    mark: str = ""


def parse_since(query_string: bytes | str) -> datetime | None:
    """The `since` mark of a socket URL's query string; None when missing, malformed, naive or in the future."""
    if isinstance(query_string, bytes):
        query_string = query_string.decode("latin-1")
    values = parse_qs(query_string).get("since") or [""]
    value = values[0].strip()
    if not value or len(value) > MAX_MARK_CHARS:
        return None
    try:
        since = parse_datetime(value)
        if since is not None and not timezone.is_naive(since):
            # The database compares it, less the slack, in UTC: "0001-01-01T00:00:00+14:00" is before year 1
            # there, and so are the 2 s before "0001-01-01T00:00:01Z" (OverflowError).
            (since - SINCE_SLACK).astimezone(UTC)
    except (ValueError, OverflowError):
        return None
    if since is None or timezone.is_naive(since) or since > timezone.now() + SINCE_SLACK:
        return None
    return since


def mark(messages: list[Message], since: datetime | None = None) -> str:
    """The newest change among `messages` (or `since`), formatted for the client; "" for none."""
    times = [m.updated_at for m in messages]
    if since is not None:
        times.append(since)
    return max(times).astimezone(UTC).strftime(MARK_FORMAT) if times else ""


def changes_since(*, chat: Chat, since: datetime | None) -> Changes:
    """The messages a client that saw the chat up to `since` lacks (reads the DB: call off the event loop)."""
    if since is None:
        return Changes(full=True)
    touched = list(selectors.message_changed_since(chat=chat, since=since - SINCE_SLACK))
    if any(_reshapes(m) for m in touched):
        return Changes(full=True)
    return Changes(
        full=False,
        new=[m for m in touched if m.created_at > since],
        changed=[m for m in touched if m.created_at <= since],
        busy=any(m.is_active for m in touched),
        mark=mark(touched, since),
    )


def _reshapes(message: Message) -> bool:
    """A hidden message, or a question with several versions: switching them swaps whole turns."""
    return bool(message.branch) or (message.role == Message.Role.USER and len(message.versions or []) > 1)
