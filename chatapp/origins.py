"""The websocket Origin check: scheme, host and port must all match an allowed origin.

Channels' AllowedHostsOriginValidator compares the host only, so `http://app.example:9999` (or any scheme)
could open a socket to `https://app.example`. An origin is allowed here when it is

- the socket's own origin: the scheme the browser used (wss/https when the connection, or the proxy header
  of SECURE_PROXY_SSL_HEADER, says so) with the Host header's host and port, that host being in
  ALLOWED_HOSTS — exactly what a page served by this app sends; or
- one of CSRF_TRUSTED_ORIGINS (scheme, host and port as written; `https://*.example.com` for subdomains).

Default ports are normalised (`https://x` is `https://x:443`). A socket without an Origin is refused, as before.
"""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

_DEFAULT_PORT = {"http": 80, "https": 443}


def _origin(value: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an http(s) origin, or None when it is not one."""
    try:
        parts = urlsplit(value.strip().lower())
        port = parts.port or _DEFAULT_PORT.get(parts.scheme)
    except ValueError:
        return None
    if parts.scheme not in _DEFAULT_PORT or not parts.hostname or parts.path not in ("", "/"):
        return None
    return parts.scheme, parts.hostname, port


def _header(scope, name: bytes) -> str:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin1")
    return ""


def _is_secure(scope) -> bool:
    if scope.get("scheme") == "wss":
        return True
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy:  # ("HTTP_X_FORWARDED_PROTO", "https") → the x-forwarded-proto header
        name = proxy[0].removeprefix("HTTP_").lower().replace("_", "-").encode()
        return _header(scope, name).split(",")[0].strip().lower() == proxy[1]
    return False


def own_origin(scope) -> tuple[str, str, int] | None:
    """The origin a page of this app would send on this socket, if its Host is an allowed host."""
    host = _header(scope, b"host").lower()
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    return _origin(("https://" if _is_secure(scope) else "http://") + host)


def _trusted(origin: tuple[str, str, int]) -> bool:
    scheme, host, port = origin
    for entry in settings.CSRF_TRUSTED_ORIGINS:
        wildcard = "://*." in entry
        allowed = _origin(entry.replace("://*.", "://", 1))
        if not allowed or allowed[0] != scheme or allowed[2] != port:
            continue
        if host == allowed[1] or (wildcard and host.endswith("." + allowed[1])):
            return True
    return False


def origin_allowed(scope) -> bool:
    origin = _origin(_header(scope, b"origin"))
    if origin is None:
        return False
    return origin == own_origin(scope) or _trusted(origin)


class StrictOriginValidator:
    """ASGI middleware for websockets: refuse (close before accept) a socket whose Origin is not allowed."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
