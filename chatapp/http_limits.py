"""A request line or header line past twisted's line limit (16 kB) is answered 414 / 431 in words.

Twisted's LineReceiver drops the connection without a word when a line grows past MAX_LENGTH, so a
client sending an overlong URL (a pasted search, absurd parameters) saw "server disconnected".
"""

import json
import re

_REQUEST_LINE = re.compile(rb"[A-Z]+ ")  # "GET /…": a header line starts with its name and a colon


def _refusal(line: bytes) -> bytes:
    """The whole HTTP answer for an overlong line: the URL (414) or a header (431)."""
    if _REQUEST_LINE.match(line):
        status, body = (
            b"414 URI Too Long",
            _body(code="uri_too_long", message="The address is too long (at most 16 kB)."),
        )
    else:
        message = "A request header is too large (at most 16 kB)."
        status, body = b"431 Request Header Fields Too Large", _body(code="headers_too_large", message=message)
    head = b"HTTP/1.1 %s\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: %d\r\n\r\n"
    return head % (status, len(body)) + body


def _body(*, code: str, message: str) -> bytes:
    return json.dumps({"code": code, "message": message}).encode()


def install_line_limits() -> bool:
    """Patch twisted's HTTP channel to answer an overlong line (True when twisted is importable)."""
    try:
        from twisted.web.http import HTTPChannel
    except ImportError:
        return False
    if getattr(HTTPChannel, "_marquee_line_limits", False):
        return True

    def lineLengthExceeded(self, line):  # noqa: N802 - twisted's name
        self.transport.write(_refusal(line))
        self.loseConnection()

    HTTPChannel.lineLengthExceeded = lineLengthExceeded
    HTTPChannel._marquee_line_limits = True
    return True
