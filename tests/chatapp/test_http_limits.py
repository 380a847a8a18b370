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


HOST = b"Host: 127.0.0.1\r\n"
JSON_POST = b"POST /api/chats HTTP/1.1\r\n" + HOST + b"Content-Type: application/json\r\n"


@pytest.mark.parametrize(
    "raw",
    [
        JSON_POST + b"Content-Length: -5\r\n\r\n{}",
        JSON_POST + b"Content-Length: abc\r\n\r\n{}",
        JSON_POST + b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
        JSON_POST + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
        b"GET /api/chats HTTP/1.1 extra\r\n" + HOST + b"\r\n",
        b"GET /api/chats HTTP/1.1\r\n" + HOST + b"a header without a colon\r\n\r\n",
        b"GET /api/chats HTTP/1.1\r\n" + HOST + b"X Odd: a space in its name\r\n\r\n",
        b"GET /api/chats HTTP/1.1\r\n" + HOST + b"X-Odd: a\x00b\r\n\r\n",
        b"GET /api/chats/\xc3\xa9 HTTP/1.1\r\n" + HOST + b"\r\n",
        b"GET /api/search?q=\xff HTTP/1.1\r\n" + HOST + b"\r\n",
    ],
    ids=[
        "negative-length",
        "length-not-a-number",
        "two-lengths",
        "bad-chunk",
        "request-line",
        "header-line",
        "header-name",
        "header-nul",
        "address-bytes",
        "query-bytes",
    ],
)
def test_it_answers_a_request_it_cannot_read_in_words_and_closes(raw):
    # Twisted answered these with a bare `400 Bad Request` and no body at all: no code, no reason.
    head, body, closing = _answer(raw)
    assert head.startswith(b"HTTP/1.1 400"), head
    assert b"content-type: application/json" in head.lower()
    answer = json.loads(body)
    assert answer["code"] == "bad_request" and "could not be read" in answer["message"]
    assert closing


def test_it_answers_too_many_header_bytes_as_headers_too_large():
    # Every line under the 16 kB line limit, together over twisted's 16 kB of headers: a bare 400 before.
    headers = b"".join(b"X-Pad-%d: %s\r\n" % (i, b"p" * 1000) for i in range(40))
    head, body, closing = _answer(b"GET /api/chats HTTP/1.1\r\n" + HOST + headers + b"\r\n")
    assert head.startswith(b"HTTP/1.1 431"), head
    assert json.loads(body)["code"] == "headers_too_large" and closing


class _DaphneServer:
    """What daphne's request handling reads of its server, for a request refused before the app."""

    server_name = "daphne"
    proxy_forwarded_address_header = proxy_forwarded_port_header = proxy_forwarded_proto_header = None
    http_timeout = None
    root_path = ""

    def protocol_connected(self, protocol):
        pass

    def protocol_disconnected(self, protocol):
        pass

    def log_action(self, *args, **kwargs):
        pass


@pytest.mark.parametrize("byte", [b"\x0b", b"\x0c", b"\x1c", b"\x85"])
def test_it_answers_a_header_value_daphne_refuses_in_words_not_its_html_page(byte):
    # Daphne refused these (RFC 9110 §5.5) with its own `text/html` "400 Bad Request" page.
    from daphne.http_protocol import HTTPFactory
    from twisted.internet.testing import StringTransport

    assert install_line_limits()
    protocol, transport = HTTPFactory(_DaphneServer()).buildProtocol(("127.0.0.1", 0)), StringTransport()
    protocol.makeConnection(transport)
    protocol.dataReceived(b"GET /api/chats HTTP/1.1\r\n" + HOST + b"Authorization: Bearer mq_x" + byte + b"\r\n\r\n")
    head, _, body = transport.value().partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400"), head
    assert b"content-type: application/json" in head.lower()
    answer = json.loads(body.split(b"\r\n")[1] if head.lower().count(b"chunked") else body)
    assert answer["code"] == "bad_request" and "could not be read" in answer["message"]
