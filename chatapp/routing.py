"""Websocket URL routes."""

from django.urls import path

from chatapp.consumers import ChatConsumer, ChatJsonConsumer

websocket_urlpatterns = [
    path("ws/chats/<int:chat_id>/", ChatConsumer.as_asgi()),
    path("ws/api/chats/<int:chat_id>/", ChatJsonConsumer.as_asgi()),
]
