"""Requests twisted refuses before the app sees them are answered in words, as JSON {code, message}.

Twisted's LineReceiver drops the connection without a word when a line grows past MAX_LENGTH, so a
client sending an overlong URL (a pasted search, absurd parameters) saw "server disconnected": that is 414 / 431.
A request it cannot read (a negative or doubled Content-Length, broken chunks, a header line without a colon,
bytes that are no ASCII in the address) got a bare `400 Bad Request` with no body: that is 400 `bad_request`,
and headers past twisted's 16 kB in all (every line shorter) 431 as an overlong one.
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
    return _whole(status, body)


def _whole(status: bytes, body: bytes) -> bytes:
    head = b"HTTP/1.1 %s\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: %d\r\n\r\n"
    return head % (status, len(body)) + body


UNREADABLE_MESSAGE = (
    "The request could not be read: its request line, a header, its Content-Length or its chunked body is "
    "malformed (an address must be ASCII, percent-encode anything else)."
)


def _bad_request(*, headers_limit: int | None) -> bytes:
    """The whole HTTP answer for a request twisted cannot read (400), or past its headers' limit in all (431)."""
    if headers_limit is not None:
        message = f"The request headers are too large (at most {headers_limit // 1024} kB in all)."
        status, body = b"431 Request Header Fields Too Large", _body(code="headers_too_large", message=message)
    else:
        status, body = b"400 Bad Request", _body(code="bad_request", message=UNREADABLE_MESSAGE)
    return _whole(status, body)


def _body(*, code: str, message: str) -> bytes:
    return json.dumps({"code": code, "message": message}).encode()


_DAPHNE_WORDS = {  # daphne's own error pages (`basic_error`), said as every other refusal before the app
    400: ("bad_request", UNREADABLE_MESSAGE),
    503: ("error", "The server took too long to answer. Please try again."),
}
_DAPHNE_FAILED = ("error", "Something went wrong on the server before the app could answer. Please try again.")


def _install_daphne_errors() -> None:
    """Daphne answered a header value holding a control character it refuses (\\x0b, \\x0c, \\x85…), a timeout
    or a crash with its own HTML page: JSON {code, message} instead, as twisted's refusals above."""
    try:
        from daphne.http_protocol import WebRequest
    except ImportError:
        return

    def basic_error(self, status, status_text, body):
        code, message = _DAPHNE_WORDS.get(status, _DAPHNE_FAILED)
        self.handle_reply(
            {"type": "http.response.start", "status": status, "headers": [(b"Content-Type", b"application/json")]}
        )
        self.handle_reply({"type": "http.response.body", "body": _body(code=code, message=message)})

    WebRequest.basic_error = basic_error


def install_line_limits() -> bool:
    """Patch twisted's HTTP channel to answer an overlong line or an unreadable request (True with twisted)."""
    try:
        from twisted.web.http import HTTPChannel
    except ImportError:
        return False
    if getattr(HTTPChannel, "_marquee_line_limits", False):
        return True
    _install_daphne_errors()

    def lineLengthExceeded(self, line):  # noqa: N802 - twisted's name
        self.transport.write(_refusal(line))
        self.loseConnection()

    def _respondToBadRequestAndDisconnect(self):  # noqa: N802 - twisted's name
        limit = self.totalHeadersSize
        too_large = getattr(self, "_receivedHeaderSize", 0) > limit
        self.transport.write(_bad_request(headers_limit=limit if too_large else None))
        self.loseConnection()

    HTTPChannel.lineLengthExceeded = lineLengthExceeded
    HTTPChannel._respondToBadRequestAndDisconnect = _respondToBadRequestAndDisconnect
    HTTPChannel._marquee_line_limits = True
    return True
