"""An answer's bidi controls (a quoted name's, or the model's own) never reverse the answer's words around them."""

import pytest
from django.test import Client

from chatapp.events import TextDelta
from chatapp.models import Chat, Message
from chatapp.render import text_delta_html

pytestmark = pytest.mark.django_db

RLO = "\u202e"


def test_it_shows_an_answer_quoting_a_right_to_left_override_without_the_override(alice):
    # 'who directed \u202eograF?' was answered "I don't know **\u202eograF** from my catalogue…": the override,
    # left open, ran on past the </strong> and showed the rest of the sentence reversed.
    chat = Chat.objects.create(owner=alice)
    content = f"I don't know **{RLO}ograF** from my catalogue, and \u2067\u05e9\u05dc\u05d5\u05dd\u2069 is Hebrew."
    Message.objects.create(chat=chat, role="assistant", turn_key="k", status="complete", content=content)
    client = Client()
    client.force_login(alice)
    html = client.get(f"/chats/{chat.pk}/").content.decode()
    assert "<strong>ograF</strong> from my catalogue, and \u05e9\u05dc\u05d5\u05dd is Hebrew." in html
    assert Message.objects.get(turn_key="k").content == content  # stored as written; the API sends it so


def test_it_streams_answer_text_without_bidi_controls():
    html = text_delta_html(TextDelta(chat_id=1, turn_key="k", delta=f"a{RLO}b\u202c\u2066c\u2069"))
    assert ">ab" + "c<" in html and RLO not in html
