"""A request line or header past twisted's 16 kB line limit is answered in words (414 / 431), not dropped."""

import json

import pytest

from chatapp.http_limits import install_line_limits


def _answer(raw: bytes):
    """What daphne's HTTP protocol writes back for `raw`, over an in-memory transport."""
    from daphne.http_protocol import HTTPFactory
    from twisted.internet.testing import StringTransport

    class Server:
        def protocol_connected(self, protocol):
            pass

        def protocol_disconnected(self, protocol):
            pass

    assert install_line_limits()
    protocol, transport = HTTPFactory(Server()).buildProtocol(("127.0.0.1", 0)), StringTransport()
    protocol.makeConnection(transport)
    protocol.dataReceived(raw)
    head, _, body = transport.value().partition(b"\r\n\r\n")
    return head, body, transport.disconnecting


@pytest.mark.parametrize(
    ("raw", "status", "code"),
    [
        (b"GET /api/search?q=" + b"a" * 20000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", b"414", "uri_too_long"),
        (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: " + b"c" * 20000 + b"\r\n\r\n", b"431", "headers_too_large"),
    ],
    ids=["url", "header"],
)
def test_it_answers_an_overlong_line_in_words_and_closes(raw, status, code):
    head, body, closing = _answer(raw)
    assert head.startswith(b"HTTP/1.1 " + status), head
    assert json.loads(body)["code"] == code and json.loads(body)["message"]
    assert closing
