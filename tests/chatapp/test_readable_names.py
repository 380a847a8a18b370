"""What people read about a message or a chat: the admin's name for a message, the rename box."""

import pytest
from django.test import Client

from chatapp.models import Chat, Message
from chatapp.services import chat_create

pytestmark = pytest.mark.django_db


def test_it_names_a_message_in_the_admin_by_its_words_not_its_turn_key(alice):
    chat = chat_create(user=alice)
    answer = Message.objects.create(
        chat=chat, role="assistant", turn_key="autostart-1", content="Three tense 90s thrillers:\nhere they are"
    )
    asked = Message.objects.create(chat=chat, role="user", turn_key="k" * 32, content="x" * 60, status="failed")
    empty = Message.objects.create(chat=chat, role="assistant", turn_key="k2", status="pending")
    assert str(answer) == "Answer “Three tense 90s thrillers: here they are” (complete)"
    assert str(asked) == f"User message “{'x' * 40}…” (failed)"
    assert str(empty) == f"Answer #{empty.pk} (pending)"
    assert "autostar" not in str(answer)


def test_it_fills_an_untitled_chats_rename_box_with_the_title_it_shows(alice):
    chat_create(user=alice)
    client = Client()
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert Chat.objects.get().title == ""
    assert 'name="title" value="New chat"' in page
