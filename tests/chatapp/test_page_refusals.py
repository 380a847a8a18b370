"""A page's refusal: JSON only when htmx sent the request (`HX-Request: true`, as django-htmx reads it)."""

import pytest
from django.test import Client

from chatapp.models import Chat

pytestmark = pytest.mark.django_db


def logged_in(user, **kwargs) -> Client:
    client = Client(**kwargs)
    client.force_login(user)
    return client


@pytest.mark.parametrize(("header", "json"), [("true", True), ("false", False), ("", False), ("1", False)])
def test_it_answers_a_refused_action_as_json_only_for_htmx(alice, bob, header, json):
    chat = Chat.objects.create(owner=alice)
    refused = logged_in(bob).post(f"/chats/{chat.pk}/pin/", {"pinned": "1"}, HTTP_HX_REQUEST=header)
    assert refused.status_code == 404
    if json:
        assert refused.json() == {"code": "chat_not_found", "message": "That chat does not exist."}
    else:  # a plain form post: the words as text, never read as markup
        assert refused["Content-Type"].startswith("text/plain") and refused.content == b"That chat does not exist."


@pytest.mark.parametrize(("header", "json"), [("true", True), ("false", False)])
def test_it_answers_a_stale_form_as_json_only_for_htmx(alice, header, json):
    refused = logged_in(alice, enforce_csrf_checks=True).post("/chats/new/", {"kind": "movies"}, HTTP_HX_REQUEST=header)
    assert refused.status_code == 403
    if json:
        assert refused.json()["code"] == "csrf_failed"
    else:
        page = refused.content.decode()
        assert refused["Content-Type"].startswith("text/html") and "Reload it and try again." in page
        assert 'id="sidebar"' in page  # the app's own layout


@pytest.mark.parametrize(("header", "json"), [("true", True), ("false", False)])
def test_it_answers_a_host_not_served_as_json_only_for_htmx(header, json):
    # Refused before HtmxMiddleware has read the request: the header must be read the same way there.
    refused = Client().get("/login/", HTTP_HOST="evil.example", HTTP_HX_REQUEST=header)
    assert refused.status_code == 400
    content_type = "application/json" if json else "text/html"
    assert refused["Content-Type"].startswith(content_type) and "evil.example" in refused.content.decode()


def test_it_answers_an_htmx_request_with_a_wrong_method_as_json_with_allow(alice):
    # The README: a wrong method on a page's address is answered JSON for htmx requests, a page otherwise.
    chat = Chat.objects.create(owner=alice)
    refused = logged_in(alice).get(f"/chats/{chat.pk}/rename/", HTTP_HX_REQUEST="true")
    assert (refused.status_code, refused["Allow"]) == (405, "POST")
    assert refused.json() == {"code": "method_not_allowed", "message": "GET is not allowed here; use POST."}
    page = logged_in(alice).get(f"/chats/{chat.pk}/rename/", HTTP_HX_REQUEST="false")
    assert page.status_code == 405 and page["Content-Type"].startswith("text/html")
    assert "GET is not allowed here; use POST." in page.content.decode()


@pytest.mark.parametrize("debug", [True, False])
def test_it_answers_another_users_chat_page_with_the_apps_404_page_under_debug_too(alice, bob, settings, debug):
    # `make run` serves with DEBUG=1: Django's debug 404 had no layout or sidebar and listed the app's URLs.
    settings.DEBUG = debug
    chat = Chat.objects.create(owner=alice, title="Alice's secret plans")
    refused = logged_in(bob).get(f"/chats/{chat.pk}/")
    page = refused.content.decode()
    assert refused.status_code == 404 and "There is nothing here, or it belongs to someone else." in page
    assert 'id="sidebar"' in page and "URLconf" not in page and "Alice's secret plans" not in page
