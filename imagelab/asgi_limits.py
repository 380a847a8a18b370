"""Refuse oversized uploads from their declared Content-Length, before the body is read.

Two layers. `UploadLimit` wraps the ASGI http app: Django's ASGIHandler reads the whole
body before any view runs, so the check must come first. But daphne (twisted) itself
spools the whole body (to a temp file above 100 kB) and then pushes all of it into the
application's queue before the app runs, so `install_daphne_guard()` also answers 413
from twisted's `gotLength` hook — right after the headers — and closes the connection.
It also stops twisted from parsing multipart bodies into memory for `request.args`,
which daphne never reads (see bench/upload_memory.py for the figures).
"""

from __future__ import annotations

import json
import re

from django.conf import settings

UPLOAD_PATHS = re.compile(r"^/(api/imagelab/jobs/?|imagelab/chats/\d+/turn/?)$")
# Multipart boundaries, headers and the text fields travel with the file.
MULTIPART_ALLOWANCE = 64 * 1024


def limit() -> int:
    """The largest accepted body of an upload request."""
    return settings.IMAGE_MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE


def refusal() -> tuple[bytes, str]:
    """The 413 body and its message."""
    message = f"The file is larger than {settings.IMAGE_MAX_UPLOAD_BYTES // (1024 * 1024)} MB."
    return json.dumps({"code": "image_too_large", "message": message}).encode(), message


def too_large(method: str, path: str, content_length: str | bytes | None) -> bool:
    """Whether an upload request declares a body above the limit."""
    if method != "POST" or not UPLOAD_PATHS.match(path) or content_length is None:
        return False
    try:
        return int(content_length) > limit()
    except (TypeError, ValueError):
        return False


class UploadLimit:
    """ASGI middleware: a 413 JSON answer without receiving the body of an oversized upload."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            length = dict(scope.get("headers") or []).get(b"content-length")
            if too_large(scope["method"], scope["path"], length):
                body, _ = refusal()
                await send({"type": "http.response.start", "status": 413, "headers": [
                    (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                    (b"x-content-type-options", b"nosniff"), (b"connection", b"close")]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


class _Discard:
    """A write-only sink for the body twisted keeps receiving until the connection closes."""

    def write(self, data):
        pass

    def seek(self, *args):
        return 0

    def read(self, *args):
        return b""

    def close(self):
        pass

    closed = False


def install_daphne_guard() -> bool:
    """Patch daphne's request class to refuse from the headers (True when daphne is importable)."""
    try:
        from daphne.http_protocol import WebRequest
    except ImportError:
        return False
    if getattr(WebRequest, "_marquee_upload_guard", False):
        return True
    original = WebRequest.gotLength

    def gotLength(self, length):  # noqa: N802 - twisted's name
        channel = self.channel
        method = getattr(channel, "_command", b"").decode("latin-1")
        path = getattr(channel, "_path", b"").split(b"?", 1)[0].decode("latin-1")
        if length is not None and too_large(method, path, str(length)):
            body, _ = refusal()
            self.content = _Discard()
            channel.transport.write(
                b"HTTP/1.1 413 Payload Too Large\r\ncontent-type: application/json\r\n"
                b"x-content-type-options: nosniff\r\nconnection: close\r\n"
                + f"content-length: {len(body)}\r\n\r\n".encode() + body
            )
            channel.transport.loseConnection()
            return
        original(self, length)
        # Twisted would also read a whole multipart body into memory to fill request.args,
        # which daphne never uses (measured: ~1.2 GB for 100 MB); the app parses the body itself.
        self._parsePOSTFormSubmission = False

    WebRequest.gotLength = gotLength
    WebRequest._marquee_upload_guard = True
    return True
