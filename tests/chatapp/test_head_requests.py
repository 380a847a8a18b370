"""HEAD is answered wherever GET is (RFC 9110: a GET without the body), on pages and under /api/."""

import pytest
from django.test import Client

from chatapp import services
from tests.support.api import api_for

pytestmark = pytest.mark.django_db


def _page_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("path", ["/", "/chats/{id}/", "/account/", "/lists/", "/lists/watchlist.csv", "/search/?q=x"])
def test_it_answers_head_on_a_page_as_get_without_the_body(alice, path):
    chat = services.chat_create(user=alice, kind="movies")
    answered = _page_client(alice).head(path.format(id=chat.pk))
    assert answered.status_code == 200, (path, answered.status_code)
    assert answered.content == b""


@pytest.mark.parametrize("path", ["/api/chats", "/api/chats/{id}", "/api/usage", "/api/lists/watchlist.csv"])
def test_it_answers_head_on_an_api_read_as_get_without_the_body(alice, path):
    chat = services.chat_create(user=alice, kind="movies")
    answered = api_for(alice).head(path.format(id=chat.pk))
    assert answered.status_code == 200, (path, answered.status_code)
    assert answered.content == b""


def test_it_still_refuses_head_where_get_is_not_allowed_and_names_head(alice):
    chat = services.chat_create(user=alice, kind="movies")
    refused = api_for(alice).head(f"/api/chats/{chat.pk}/stop")
    assert refused.status_code == 405 and "POST" in refused["Allow"]
    page = _page_client(alice).head(f"/chats/{chat.pk}/rename/")
    assert page.status_code == 405 and page["Allow"] == "POST"


def test_it_answers_head_for_someone_elses_chat_as_get_does(alice, bob):
    chat = services.chat_create(user=alice, kind="movies")
    assert api_for(bob).head(f"/api/chats/{chat.pk}").status_code == 404
    assert _page_client(bob).head(f"/chats/{chat.pk}/").status_code == 404
