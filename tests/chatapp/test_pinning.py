"""Pinning a chat: pinned chats head the sidebar; pinning is not activity; bob cannot pin alice's chat."""

import pytest
from django.test import Client

from chatapp import services
from chatapp.errors import NotFound
from chatapp.models import Chat

pytestmark = pytest.mark.django_db


def test_it_pins_and_unpins_without_touching_the_activity_time(alice):
    chat = Chat.objects.create(owner=alice, title="Keep me")
    before = Chat.objects.get(pk=chat.pk).updated_at
    pinned = services.chat_pin(user=alice, chat_id=chat.pk, pinned=True)
    stored = Chat.objects.get(pk=chat.pk)
    assert pinned.pinned_at is not None and stored.pinned_at == pinned.pinned_at and stored.updated_at == before
    services.chat_pin(user=alice, chat_id=chat.pk, pinned=True)  # again: keeps its place
    assert Chat.objects.get(pk=chat.pk).pinned_at == pinned.pinned_at
    services.chat_pin(user=alice, chat_id=chat.pk, pinned=False)
    assert Chat.objects.get(pk=chat.pk).pinned_at is None


def test_it_refuses_to_pin_another_users_chat(alice, bob):
    chat = Chat.objects.create(owner=alice)
    with pytest.raises(NotFound):
        services.chat_pin(user=bob, chat_id=chat.pk, pinned=True)
    client = Client()
    client.force_login(bob)
    assert client.post(f"/chats/{chat.pk}/pin/", {"pinned": "1"}).status_code == 404
    assert Chat.objects.get(pk=chat.pk).pinned_at is None


def test_it_answers_a_sidebar_pin_with_the_regrouped_chats(alice):
    chat = Chat.objects.create(owner=alice, title="Pin from the sidebar")
    client = Client()
    client.force_login(alice)
    html = client.post(
        f"/chats/{chat.pk}/pin/", {"pinned": "1", "current": str(chat.pk)}, headers={"HX-Request": "true"}
    ).content.decode()
    assert 'id="sidebar-chats"' in html and "Pinned" in html and "aria-current" in html and "hx-swap-oob" not in html


def test_it_answers_a_list_pin_with_the_row_and_the_sidebar_out_of_band(alice):
    chat = Chat.objects.create(owner=alice, title="Pin from the list")
    client = Client()
    client.force_login(alice)
    html = client.post(
        f"/chats/{chat.pk}/pin/", {"pinned": "1", "where": "list"}, headers={"HX-Request": "true"}
    ).content.decode()
    assert f'id="chat-row-{chat.pk}"' in html and "Unpin" in html
    assert 'id="sidebar-chats" aria-label="Chats" hx-swap-oob="outerHTML"' in html


def test_it_shows_the_sidebar_with_the_current_chat_on_every_chat_page(alice):
    movie = Chat.objects.create(owner=alice, title="Films", kind="movies")
    image = Chat.objects.create(owner=alice, title="Photos", kind="images")
    client = Client()
    client.force_login(alice)
    for chat in (movie, image):
        html = client.get(f"/chats/{chat.pk}/").content.decode()
        assert 'id="sidebar"' in html and f'id="side-chat-{chat.pk}"' in html
        assert html.count('aria-current="page"') == 1
        assert "+ New movie chat" in html and "+ New image chat" in html


def test_it_draws_the_sidebar_in_one_query_whatever_the_number_of_chats(alice):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    open_chat = Chat.objects.create(owner=alice, kind="movies")
    client = Client()
    client.force_login(alice)
    counts = []
    for more in (1, 6):
        for kind in ("images", "movies") * more:
            Chat.objects.create(owner=alice, kind=kind)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/chats/{open_chat.pk}/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("current", ["²", "9" * 5000, "-3", "abc"])
def test_it_pins_from_the_sidebar_whatever_the_page_says_is_open(alice, current):
    # The open chat's id comes back from the page: "²" passed str.isdigit() and a 5,000-digit one int()'s limit: 500s.
    chat = Chat.objects.create(owner=alice, title="Odd page")
    client = Client()
    client.force_login(alice)
    response = client.post(
        f"/chats/{chat.pk}/pin/", {"pinned": "1", "current": current}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200 and "Odd page" in response.content.decode()
    assert 'aria-current="page"' not in response.content.decode()
    assert Chat.objects.get(pk=chat.pk).pinned_at is not None
