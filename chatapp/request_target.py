"""A request target in absolute form is routed by its path, with its authority as the Host (RFC 9112 §3.2.2).

`GET http://host/api/chats HTTP/1.1` is what a client sends through a forward proxy, and a server must accept
it. Daphne passes the whole target on as the path, so Django matched no route and every such request, API ones
included, was answered with the HTML 404 page. This ASGI wrapper, outermost, turns it into the origin form the
rest of the app expects (`/api/chats`, the query string as sent) and puts the target's authority in the Host
header, so ALLOWED_HOSTS judges the host the request names.
"""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

_SCHEMES = ("http://", "https://")


def origin_form(path: str) -> str:
    """The path of a request target: an absolute-form one's own path ("/" when empty), any other as it is."""
    if not path[:8].lower().startswith(_SCHEMES):
        return path
    return urlsplit(path).path or "/"


def _authority(target: str) -> bytes:
    """The target's host and port, without any user information."""
    return urlsplit(target).netloc.rpartition("@")[2].encode("latin-1", "replace")


def origin_scope(scope: dict) -> dict:
    """The scope of an absolute-form request as if sent in origin form; any other scope unchanged."""
    raw = scope.get("raw_path") or scope.get("path", "").encode("latin-1", "replace")
    target = raw.decode("latin-1")
    if not target[:8].lower().startswith(_SCHEMES):
        return scope
    raw_path = origin_form(target)
    headers = [(name, value) for name, value in scope.get("headers", []) if name.lower() != b"host"]
    return {
        **scope,
        "path": unquote(raw_path),
        "raw_path": raw_path.encode("latin-1"),
        "headers": [(b"host", _authority(target)), *headers],
    }


class OriginFormTargets:
    """ASGI middleware: an absolute-form request target reaches the app in origin form (see the module)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope.get("type") in ("http", "websocket"):
            scope = origin_scope(scope)
        return await self.app(scope, receive, send)
