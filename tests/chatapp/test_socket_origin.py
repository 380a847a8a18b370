"""The websocket Origin must match scheme, host and port of an allowed origin (the socket's own, or a
CSRF trusted origin), not merely an allowed host."""

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client

from chatapp.asgi import application
from chatapp.db import database_sync_to_async
from chatapp.models import Chat

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def _chat_and_cookie(user) -> tuple[int, str]:
    chat = Chat.objects.create(owner=user, kind="movies")
    client = Client()
    client.force_login(user)
    return chat.pk, client.cookies["sessionid"].value


async def _opens(user, origin: str | None, host: str = "testserver", **extra: str) -> bool:
    chat_id, cookie = await _chat_and_cookie(user)
    headers = [(b"host", host.encode()), (b"cookie", f"sessionid={cookie}".encode())]
    headers += [(b"origin", origin.encode())] if origin is not None else []
    headers += [(k.encode(), v.encode()) for k, v in extra.items()]
    comm = WebsocketCommunicator(application, f"/ws/chats/{chat_id}/", headers=headers)
    connected, _code = await comm.connect()
    await comm.disconnect()
    return connected


async def test_it_opens_a_socket_from_the_pages_own_origin(alice, settings):
    settings.ALLOWED_HOSTS = ["testserver", "app.example"]
    assert await _opens(alice, "http://testserver")
    assert await _opens(alice, "http://app.example:8000", host="app.example:8000")


@pytest.mark.parametrize(
    "origin",
    [
        "https://testserver",  # another scheme of the same host
        "http://testserver:9999",  # another port of the same host
        "http://evil.example",  # another host
        "null",
        "",
    ],
)
async def test_it_refuses_an_origin_that_differs_in_scheme_host_or_port(alice, settings, origin):
    settings.ALLOWED_HOSTS = ["testserver", "evil.example"]  # even an allowed host, on another scheme or port
    assert not await _opens(alice, origin)


async def test_it_refuses_a_socket_without_an_origin(alice):
    assert not await _opens(alice, None)


async def test_it_refuses_a_host_that_is_not_allowed_even_from_its_own_origin(alice, settings):
    settings.ALLOWED_HOSTS = ["testserver"]
    assert not await _opens(alice, "http://evil.example", host="evil.example")


async def test_it_takes_https_from_the_proxy_header_when_configured(alice, settings):
    settings.ALLOWED_HOSTS = ["app.example"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert await _opens(alice, "https://app.example", host="app.example", **{"x-forwarded-proto": "https"})
    assert not await _opens(alice, "http://app.example", host="app.example", **{"x-forwarded-proto": "https"})
    assert not await _opens(alice, "https://app.example", host="app.example")  # no header: plain http


async def test_it_accepts_csrf_trusted_origins_with_their_exact_scheme_and_port(alice, settings):
    settings.ALLOWED_HOSTS = ["internal"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://chat.example.com", "https://*.example.org:8443"]
    assert await _opens(alice, "https://chat.example.com", host="internal")
    assert await _opens(alice, "https://chat.example.com:443", host="internal")
    assert await _opens(alice, "https://a.example.org:8443", host="internal")
    assert not await _opens(alice, "http://chat.example.com", host="internal")
    assert not await _opens(alice, "https://chat.example.com:8443", host="internal")
    assert not await _opens(alice, "https://a.example.org", host="internal")
