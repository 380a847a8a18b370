"""API input checks and API-shaped errors: non-object bodies, title length, unknown paths, methods, 429."""

import time

import pytest
from django.test import Client

from chatapp.models import Chat, Message
from chatapp.planner.testing import ScriptedBackend
from chatapp.services import api_token_create

pytestmark = pytest.mark.django_db(transaction=True)


def bearer(user) -> Client:
    _token, key = api_token_create(user=user, name="test")
    return Client(headers={"authorization": f"Bearer {key}"})


@pytest.mark.parametrize("body", ["[1, 2]", '"x"', "3", "null"])
def test_it_refuses_a_json_body_that_is_not_an_object(alice, body):
    refused = bearer(alice).post("/api/chats", body, content_type="application/json")
    assert (refused.status_code, refused.json()) == (
        400,
        {"code": "bad_request", "message": "The request body must be a JSON object."},
    )
    assert not Chat.objects.exists()


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "text/html; charset=utf-8", "application/xml"]
)
def test_it_refuses_a_json_body_sent_as_another_content_type_and_stores_nothing(alice, content_type):
    # A JSON object labelled text/plain was read as JSON and the turn ran: a body is JSON only when it says so.
    api = bearer(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    refused = api.generic("POST", f"/api/chats/{chat_id}/messages", b'{"text": "hi"}', content_type=content_type)
    assert (refused.status_code, refused.json()["code"]) == (400, "bad_request")
    assert set(refused.json()) == {"code", "message"}
    assert "Content-Type: application/json" in refused.json()["message"]
    assert content_type.split(";")[0] in refused.json()["message"]
    assert not Message.objects.filter(chat_id=chat_id).exists()
    titled = api.generic("POST", "/api/chats", b'{"title": "x"}', content_type=content_type)
    assert (titled.status_code, titled.json()["code"]) == (400, "bad_request")
    assert Chat.objects.count() == 1


@pytest.mark.parametrize(
    "content_type", ["application/json", "application/json; charset=utf-8", "application/merge+json"]
)
def test_it_reads_a_json_body_with_any_json_content_type(alice, content_type):
    created = bearer(alice).generic("POST", "/api/chats", b'{"title": "Friday"}', content_type=content_type)
    assert created.status_code == 201 and created.json()["title"] == "Friday"


@pytest.mark.parametrize("charset", ["latin-1", "ISO-8859-1", "windows-1252", "utf-8", "utf-16", '"latin1"'])
def test_it_reads_a_json_body_in_the_charset_it_declares(alice, charset):
    body = '{"title": "Café Ö"}'.encode(charset.strip('"'))
    created = bearer(alice).generic("POST", "/api/chats", body, content_type=f"application/json; charset={charset}")
    assert created.status_code == 201, created.content
    assert created.json()["title"] == "Café Ö"


def test_it_reads_a_body_in_a_charset_it_does_not_know_as_utf8_as_before(alice):
    body = '{"title": "Café"}'.encode()
    created = bearer(alice).generic("POST", "/api/chats", body, content_type="application/json; charset=klingon")
    assert created.status_code == 201 and created.json()["title"] == "Café"


@pytest.mark.parametrize(("charset", "body"), [("us-ascii", '{"title": "Café"}'.encode()), ("utf-8", b'{"t": "\xe9"}')])
def test_it_refuses_a_body_that_is_not_valid_in_its_declared_charset(alice, charset, body):
    refused = bearer(alice).generic("POST", "/api/chats", body, content_type=f"application/json; charset={charset}")
    assert (refused.status_code, refused.json()["code"]) == (400, "bad_request")
    assert refused.json()["message"] == f"The request body is not valid {charset} text (the charset it declares)."
    assert not Chat.objects.exists()


@pytest.mark.parametrize("sent", ["", None])
def test_it_says_the_request_body_is_missing_when_a_route_needs_one(alice, sent):
    # A message, a version switch or a proposal decision sent without a body got "Field required", naming no field.
    api = bearer(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    for path in (f"/api/chats/{chat_id}/messages", f"/api/chats/{chat_id}/messages/1/version"):
        refused = api.generic("POST", path, sent or b"", content_type="application/json" if sent is not None else "")
        assert (refused.status_code, refused.json()["code"]) == (400, "validation_error")
        assert refused.json()["message"] == "The request body is missing: send a JSON object."
    assert not Message.objects.exists()


def test_it_still_creates_a_chat_without_a_body(alice):
    assert bearer(alice).post("/api/chats", "", content_type="application/json").status_code == 201


def test_it_keeps_a_60_character_title_whole_and_refuses_a_longer_one(alice):
    api = bearer(alice)
    kept = api.post("/api/chats", {"title": "T" * 60}, content_type="application/json")
    assert kept.status_code == 201 and kept.json()["title"] == "T" * 60
    for length in (61, 150, 201):
        refused = api.post("/api/chats", {"title": "L" * length}, content_type="application/json")
        assert (refused.status_code, refused.json()["code"]) == (400, "title_too_long")
        assert refused.json()["message"] == f"A chat title can be at most 60 characters (this one has {length})."
    assert Chat.objects.count() == 1


def test_it_refuses_a_too_long_rename_on_the_page_with_the_same_reason(alice):
    chat = Chat.objects.create(owner=alice, title="Friday")
    client = Client()
    client.force_login(alice)
    refused = client.post(f"/chats/{chat.pk}/rename/", {"title": "R" * 61}, headers={"HX-Request": "true"})
    assert refused.status_code == 400
    assert "A chat title can be at most 60 characters (this one has 61)." in refused.content.decode()
    chat.refresh_from_db()
    assert chat.title == "Friday"
    client.post(f"/chats/{chat.pk}/rename/", {"title": "R" * 60}, headers={"HX-Request": "true"})
    chat.refresh_from_db()
    assert chat.title == "R" * 60


@pytest.mark.parametrize("path", ["/api/nope", "/api/chats/1/zzz", "/api/", "/api/chats/"])
def test_it_answers_an_unknown_api_path_with_json_not_found(alice, path):
    response = bearer(alice).get(path)
    assert response.status_code == 404 and response["Content-Type"].startswith("application/json")
    assert response.json() == {"code": "not_found", "message": "Not found."}


def test_it_answers_a_wrong_method_with_json_and_the_allowed_methods(alice):
    api = bearer(alice)
    refused = api.put("/api/chats")
    assert refused.status_code == 405 and refused["Content-Type"].startswith("application/json")
    assert refused.json() == {"code": "method_not_allowed", "message": "PUT is not allowed here; use GET, POST."}
    assert set(refused["Allow"].replace(" ", "").split(",")) == {"GET", "POST"}
    assert api.patch("/api/chats/1").json()["code"] == "method_not_allowed"


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/openapi.json", 405, "method_not_allowed"),
        ("/api/docs", 405, "method_not_allowed"),
        ("/api/", 404, "not_found"),
    ],
)
def test_it_answers_a_write_to_the_api_schema_or_docs_as_a_wrong_method_not_a_csrf_failure(
    alice, method, path, status, code
):
    # A token client's POST to the schema or the docs was refused by Django's CSRF check (403 csrf_failed,
    # "This page is out of date…"), and with a session and the CSRF token the schema answered any method.
    _token, key = api_token_create(user=alice, name="test")
    api = Client(enforce_csrf_checks=True, headers={"authorization": f"Bearer {key}"})
    refused = api.generic(method, path)
    assert (refused.status_code, refused.json()["code"]) == (status, code), refused.content
    if status == 405:
        assert refused.json()["message"] == f"{method} is not allowed here; use GET, HEAD."
    session = Client()
    session.force_login(alice)
    assert session.generic(method, path).status_code == status
    assert api.get(path).status_code == (200 if status == 405 else 404)
    assert api.head(path).status_code == (200 if status == 405 else 404)


def test_it_leaves_page_404s_as_pages(alice):
    client = Client()
    client.force_login(alice)
    response = client.get("/no-such-page/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    ("method", "path"), [("get", "/chats/1/rename/"), ("get", "/imagelab/chats/1/turn/"), ("post", "/search/")]
)
async def test_it_answers_a_wrong_method_on_a_page_in_words_not_a_blank_page(alice, method, path):
    from django.test import AsyncClient

    client = AsyncClient()  # as daphne serves it: the page is rendered off the event loop (it reads the session)
    await client.aforce_login(alice)
    refused = await getattr(client, method)(path)
    assert refused.status_code == 405 and refused["Content-Type"].startswith("text/html")
    allowed = refused["Allow"]
    assert f"{method.upper()} is not allowed here; use {allowed}." in refused.content.decode()


def test_it_answers_429_past_the_turn_rate_limit_with_retry_after(alice, settings, scripted, one_minute):
    settings.TURNS_PER_MINUTE = 1
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Hi!"), purpose="movies.answer")
    api = bearer(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    assert (
        api.post(f"/api/chats/{chat_id}/messages", {"text": "hi"}, content_type="application/json").status_code == 200
    )
    refused = api.post(f"/api/chats/{chat_id}/messages", {"text": "hi"}, content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (429, "rate_limited")
    wait = int(refused["Retry-After"])
    assert 1 <= wait <= 60
    assert abs(wait - (60 - time.time() % 60)) <= 2  # the rest of the current one-minute window
