"""A request target in absolute form (`GET http://host/api/chats HTTP/1.1`, as proxies send it; RFC 9112 §3.2.2
says a server must accept it) is routed by its path, with its authority as the Host."""

import json

import pytest
from asgiref.testing import ApplicationCommunicator

from chatapp.asgi import application
from chatapp.db import database_sync_to_async
from chatapp.models import Chat
from chatapp.request_target import origin_form
from chatapp.services import api_token_create

pytestmark = pytest.mark.django_db(transaction=True)


async def _get(target: bytes, key: str, method: str = "GET") -> tuple[int, dict, bytes]:
    """What the ASGI application answers to a request whose target daphne passed on as sent."""
    path, _, query = target.partition(b"?")
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path.decode("ascii"),  # daphne: the target up to "?", percent-decoded
        "raw_path": path,
        "root_path": "",
        "query_string": query,
        "headers": [(b"host", b"testserver"), (b"authorization", f"Bearer {key}".encode())],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    comm = ApplicationCommunicator(application, scope)
    await comm.send_input({"type": "http.request", "body": b""})
    start = await comm.receive_output(timeout=10)
    body = b""
    while True:
        part = await comm.receive_output(timeout=10)
        body += part.get("body", b"")
        if not part.get("more_body"):
            break
    return start["status"], {k.decode().lower(): v.decode() for k, v in start["headers"]}, body


async def _key(user) -> str:
    return (await database_sync_to_async(api_token_create)(user=user))[1]


async def test_it_routes_an_absolute_form_target_by_its_path(alice):
    # Daphne passed "http://testserver/api/chats" on as the path: every such request was a 404 HTML page.
    key = await _key(alice)
    await database_sync_to_async(Chat.objects.create)(owner=alice, title="Friday")
    status, headers, body = await _get(b"http://testserver/api/chats?x=1", key)
    assert status == 200 and headers["content-type"].startswith("application/json"), body[:200]
    assert [c["title"] for c in json.loads(body)] == ["Friday"]
    status, headers, body = await _get(b"HTTP://testserver:80/api/nope", key)
    assert status == 404 and json.loads(body)["code"] == "not_found"


async def test_it_takes_an_absolute_form_targets_authority_as_the_host(alice):
    # Its authority replaces the Host header (RFC 9112 §3.2.2), so ALLOWED_HOSTS judges the host it names.
    status, headers, body = await _get(b"http://evil.example/api/chats", await _key(alice))
    assert status == 400 and json.loads(body)["code"] == "bad_request"


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/api/chats", "/api/chats"),
        ("http://h/api/chats", "/api/chats"),
        ("https://user:pw@h:8443/api/imagelab/jobs", "/api/imagelab/jobs"),
        ("http://h", "/"),
        ("http:/api", "http:/api"),  # no authority: an origin-form path that happens to start so
    ],
)
def test_it_reads_the_path_of_a_target_in_either_form(path, expected):
    assert origin_form(path) == expected
