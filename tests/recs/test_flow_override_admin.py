"""An operator pins one chat to a flow on its admin change form; the next turn follows it."""

import pytest
from django.test import Client

from chatapp.models import Chat, Message
from chatapp.services import api_token_create

pytestmark = pytest.mark.django_db(transaction=True)


def _change_form(chat: Chat, flow_override: str) -> dict:
    """What the admin change form posts: the chat's fields and its (read-only) message inline."""
    count = chat.messages.count()
    return {
        "owner": chat.owner_id,
        "kind": chat.kind,
        "title": chat.title,
        "flow": chat.flow,
        "flow_override": flow_override,
        "messages-TOTAL_FORMS": count,
        "messages-INITIAL_FORMS": count,
        "messages-MIN_NUM_FORMS": 0,
        "messages-MAX_NUM_FORMS": 1000,
        **{f"messages-{i}-id": m.pk for i, m in enumerate(chat.messages.order_by("created_at", "id"))},
        **{f"messages-{i}-chat": chat.pk for i in range(count)},
        "_save": "Save",
    }


def _say(api: Client, chat_id: int, words: str) -> dict:
    response = api.post(f"/api/chats/{chat_id}/messages", {"text": words}, content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()["assistant_message"]


def test_it_pins_a_chat_to_a_flow_from_the_admin_change_form(alice, django_user_model, settings):
    settings.CHAT_API_VERSION = "v2"
    _token, key = api_token_create(user=alice)
    api = Client(headers={"authorization": f"Bearer {key}"})
    chat = Chat.objects.create(owner=alice)
    assert _say(api, chat.pk, "a tense 90s thriller")["flow"] == "v2"
    operator = Client()
    operator.force_login(django_user_model.objects.create_superuser("root", password="x-admin-pass-1"))
    url = f"/admin/chatapp/chat/{chat.pk}/change/"
    assert 'name="flow_override"' in operator.get(url).content.decode()

    saved = operator.post(url, _change_form(Chat.objects.get(pk=chat.pk), "v1"))
    assert saved.status_code == 302, saved.content.decode()[:2000]
    assert Chat.objects.get(pk=chat.pk).flow_override == "v1"
    assert _say(api, chat.pk, "more like that")["flow"] == "v1"  # the setting still says v2

    assert operator.post(url, _change_form(Chat.objects.get(pk=chat.pk), "")).status_code == 302
    assert _say(api, chat.pk, "and another")["flow"] == "v2"  # blank follows the setting again
    flows = list(
        Message.objects.filter(chat=chat, role="assistant").order_by("created_at", "id").values_list("flow", flat=True)
    )
    assert flows == ["v2", "v1", "v2"]
