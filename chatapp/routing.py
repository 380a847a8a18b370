"""Websocket URL routes."""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path, re_path

from chatapp.consumers import CLOSE_NOT_FOUND, ChatConsumer, ChatJsonConsumer


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any other address: accepted, then closed with 4404 (no route raised inside the app and dropped the socket)."""

    async def connect(self):
        # Accept first: a close before accepting reaches the browser as 1006, which reads as a dropped network.
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)


websocket_urlpatterns = [
    path("ws/chats/<int:chat_id>/", ChatConsumer.as_asgi()),
    path("ws/api/chats/<int:chat_id>/", ChatJsonConsumer.as_asgi()),
    re_path(r"", NoSuchSocket.as_asgi()),
]
