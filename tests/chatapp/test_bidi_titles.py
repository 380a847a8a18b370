"""A chat title's bidi controls stay inside the title: the tab's " · Marquee" is never reordered by them."""

import re

import pytest
from django.test import Client

from chatapp.models import Chat
from chatapp.text import isolated

pytestmark = pytest.mark.django_db

FSI, PDI = "\u2068", "\u2069"


def _tab_title(client: Client, chat: Chat) -> str:
    page = client.get(f"/chats/{chat.pk}/").content.decode()
    return re.search(r"<title>(.*?)</title>", page, re.S).group(1)


@pytest.mark.parametrize("kind", [Chat.Kind.MOVIES, Chat.Kind.IMAGES])
def test_it_isolates_a_right_to_left_override_in_the_tab_title(alice, kind):
    # "abc\u202e" put the override's effect on " · Marquee" too: the tab read "eeuqraM · cba".
    chat = Chat.objects.create(owner=alice, kind=kind, title="gpj.exe\u202eevil")
    client = Client()
    client.force_login(alice)
    assert _tab_title(client, chat) == f"{FSI}gpj.exeevil{PDI} · Marquee"


def test_it_drops_the_titles_own_isolates_which_would_close_ours_early():
    assert isolated("\u2069\u202eabc\u2066") == f"{FSI}abc{PDI}"
    assert isolated("\u05e9\u05dc\u05d5\u05dd \u200f ok") == f"{FSI}\u05e9\u05dc\u05d5\u05dd \u200f ok{PDI}"


def test_it_keeps_the_stored_title_as_typed(alice):
    chat = Chat.objects.create(owner=alice, title="a\u202eb")
    client = Client()
    client.force_login(alice)
    assert "a\u202eb" in client.get(f"/chats/{chat.pk}/").content.decode()  # the page isolates it with CSS
    chat.refresh_from_db()
    assert chat.title == "a\u202eb"
