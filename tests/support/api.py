"""Test clients that authenticate with a fresh personal API token (and no session)."""


def api_for(user):
    """A Django test client carrying a fresh personal API token."""
    from django.test import Client

    from chatapp.services import api_token_create

    _token, key = api_token_create(user=user)
    return Client(headers={"authorization": f"Bearer {key}"})


async def async_api_for(user):
    """An async test client carrying a fresh personal API token (and no session)."""
    from django.test import AsyncClient

    from chatapp.db import database_sync_to_async
    from chatapp.services import api_token_create

    _token, key = await database_sync_to_async(api_token_create)(user=user)
    return AsyncClient(authorization=f"Bearer {key}")  # async defaults are ASGI header names


def chat_asker(user):
    """A new chat of `user`'s and a function that sends it a message through the API and returns the finished
    assistant message (asserting a 200)."""
    api = api_for(user)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]

    def ask(words: str) -> dict:
        response = api.post(f"/api/chats/{chat_id}/messages", {"text": words}, content_type="application/json")
        assert response.status_code == 200, response.content
        return response.json()["assistant_message"]

    return ask
