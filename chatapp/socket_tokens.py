"""API clients on the JSON socket: `Authorization: Bearer mq_…` on the handshake, instead of a session cookie.

A browser cannot set that header on a websocket, so a token is never an ambient credential a foreign page could
ride on: a socket opened with one skips the Origin check (a script or a server has no Origin to send) and the
session middleware. A socket without the header goes the browser's way, Origin and session checked. A bad or
revoked token is answered as a missing session is: accepted, then closed with 4401.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser

from chatapp import services
from chatapp.errors import Unauthorized

API_SOCKETS = "/ws/api/"


def bearer_key(scope) -> str | None:
    """The key of an `Authorization: Bearer …` header on the handshake, or None."""
    for name, value in scope.get("headers", []):
        if name.lower() == b"authorization":
            scheme, _, key = value.decode("latin1").strip().partition(" ")
            return key.strip() if scheme.lower() == "bearer" and key.strip() else ""
    return None


def _user(key: str):
    """(user or AnonymousUser, token id or None) for a bearer key."""
    try:
        found = services.api_token_authenticate_with_id(key=key)
    except Unauthorized:  # revoked: the socket closes with 4401, as for any key that does not open
        found = None
    return found if found is not None else (AnonymousUser(), None)


class BearerTokenSockets:
    """ASGI middleware: a JSON socket with a bearer token goes to `with_token` as its user; the rest to `otherwise`."""

    def __init__(self, with_token, otherwise):
        self.with_token, self.otherwise = with_token, otherwise

    async def __call__(self, scope, receive, send):
        key = bearer_key(scope) if scope["type"] == "websocket" and scope["path"].startswith(API_SOCKETS) else None
        if key is None:
            return await self.otherwise(scope, receive, send)
        user, token_id = await database_sync_to_async(_user)(key)
        return await self.with_token(dict(scope, user=user, api_token=token_id), receive, send)
