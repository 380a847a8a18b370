"""On a real daphne, a websocket message daphne refuses itself ends the socket with a close code, never a drop."""

from __future__ import annotations

import asyncio
import re

import httpx
import pytest
import websockets

FRAME_LIMIT = 1024 * 1024  # daphne's default websocket_max_message_size


def _session_on(base_url: str, username: str) -> tuple[str, int]:
    """A new account signed up through the form, and a movie chat of it: (Cookie header, chat id)."""
    with httpx.Client(base_url=base_url) as client:
        form = client.get("/signup/").text
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
        fields = {"csrfmiddlewaretoken": token, "username": username, "password1": "Pw-frames-1234"}
        client.post("/signup/", data={**fields, "password2": fields["password1"]}, headers={"Referer": base_url})
        token = client.cookies["csrftoken"]
        created = client.post("/chats/new/", data={"csrfmiddlewaretoken": token}, headers={"Referer": base_url})
        chat_id = int(created.headers["location"].strip("/").split("/")[-1])
        return "; ".join(f"{k}={v}" for k, v in client.cookies.items()), chat_id


async def _close_code(base_url: str, cookie: str, chat_id: int, frame: str | bytes) -> int | None:
    url = base_url.replace("http", "ws", 1) + f"/ws/api/chats/{chat_id}/"
    headers = {"Cookie": cookie}
    async with websockets.connect(url, additional_headers=headers, origin=base_url, max_size=None) as socket:
        await socket.recv()  # the sync frame: the socket is open
        await socket.send(frame, text=True)
        try:
            while True:
                await asyncio.wait_for(socket.recv(), 10)
        except websockets.ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else None  # no close frame: the connection was dropped


@pytest.mark.parametrize(
    ("frame", "code"),
    [("x" * (2 * FRAME_LIMIT), 1009), (b'{"action": "send", "text": "\xff"}', 1007)],
    ids=["past the limit", "invalid utf-8"],
)
def test_it_closes_with_a_code_on_a_frame_daphne_refuses(live_server_url, frame, code):
    cookie, chat_id = _session_on(live_server_url, f"frames{code}")
    assert asyncio.run(_close_code(live_server_url, cookie, chat_id, frame)) == code
