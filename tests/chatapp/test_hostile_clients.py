"""A sloppy or hostile client against the chat core: odd bodies, headers, ids, frames and markup get a plain
refusal (never a 500, never a dropped socket), another user's chat is 404, and nothing is half stored."""

import json

import pytest
from django.test import Client

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from tests.support.api import api_for
from tests.support.ws import communicator
from tests.support.ws import json_socket as _json_socket

pytestmark = pytest.mark.django_db(transaction=True)

JSON = "application/json"
HUGE = 10**30  # past any database integer


def _chat(api) -> int:
    return api.post("/api/chats", {}, content_type=JSON).json()["id"]


@pytest.mark.parametrize(
    "body",
    [
        b"\xff\xfe{\x00}\x00",  # UTF-16 with a BOM
        b'{"text": "caf\xe9"}',  # Latin-1, not UTF-8
        b'{"text": "hi"',  # cut short
        b'{"text": NaN}',
        b'{"text": "a", "text": ["b"]}',  # a repeated key whose last value is not text
        b"",
    ],
)
def test_it_refuses_an_unreadable_message_body_with_a_plain_400_and_stores_nothing(alice, body):
    api = api_for(alice)
    chat_id = _chat(api)
    refused = api.post(f"/api/chats/{chat_id}/messages", body, content_type=JSON)
    assert refused.status_code == 400, refused.content
    assert refused.json()["code"] in ("bad_request", "validation_error", "invalid_text")
    assert refused.json()["message"]
    assert not Message.objects.filter(chat_id=chat_id).exists()


@pytest.mark.parametrize("text", [None, 42, 4.2, True, ["hi"], {"hi": 1}])
def test_it_refuses_a_message_that_is_not_text_in_words(alice, text):
    api = api_for(alice)
    chat_id = _chat(api)
    refused = api.post(f"/api/chats/{chat_id}/messages", {"text": text}, content_type=JSON)
    assert (refused.status_code, refused.json()["code"]) == (400, "validation_error")
    assert "text" in refused.json()["message"].lower()
    assert not Message.objects.filter(chat_id=chat_id).exists()


def test_it_refuses_a_megabyte_message_with_its_limit_and_stores_nothing(alice):
    api = api_for(alice)
    chat_id = _chat(api)
    refused = api.post(f"/api/chats/{chat_id}/messages", {"text": "é" * 1_000_000}, content_type=JSON)
    assert refused.status_code == 413
    assert refused.json()["code"] in ("message_too_long", "payload_too_large")
    assert not Message.objects.filter(chat_id=chat_id).exists()


@pytest.mark.parametrize("title", [True, 7, ["x"], {"a": "b"}])
def test_it_refuses_a_chat_title_that_is_not_text(alice, title):
    refused = api_for(alice).post("/api/chats", {"title": title}, content_type=JSON)
    assert (refused.status_code, refused.json()["code"]) == (400, "validation_error")
    assert not Chat.objects.exists()


def test_it_refuses_unknown_fields_rather_than_ignoring_them(alice):
    refused = api_for(alice).post("/api/chats", {"title": "x", "owner": 2}, content_type=JSON)
    assert (refused.status_code, refused.json()["code"]) == (400, "validation_error")
    assert not Chat.objects.exists()


@pytest.mark.parametrize("index", [0, -1, HUGE, "1", 1.5, True, None, "²"])
def test_it_refuses_an_odd_version_index_plainly(alice, index):
    api = api_for(alice)
    chat = Chat.objects.create(owner=alice)
    Message.objects.create(chat=chat, role="user", turn_key="t1", content="hi")
    answer = Message.objects.create(chat=chat, role="assistant", turn_key="t1", status="complete", content="hey")
    refused = api.post(f"/api/chats/{chat.pk}/messages/{answer.pk}/version", {"index": index}, content_type=JSON)
    assert refused.status_code == 400, refused.content
    assert refused.json()["code"] in ("invalid_version", "validation_error")


@pytest.mark.parametrize(
    "path",
    [
        f"/api/chats/{HUGE}",
        "/api/chats/-1",
        "/api/chats/1e3",
        "/api/chats/%C2%B2",
        "/api/chats/0x10",
        f"/api/chats/{HUGE}/export?format=md",
        f"/api/chats/1/messages/{HUGE}/versions",
    ],
)
def test_it_answers_an_id_that_cannot_exist_with_a_plain_4xx(alice, path):
    answered = api_for(alice).get(path)
    assert answered.status_code in (400, 404, 422), answered.content
    assert answered.json()["code"] in ("not_found", "chat_not_found", "validation_error", "message_not_found")


def test_bob_gets_404_for_every_route_of_alices_chat_and_changes_nothing(alice, bob):
    chat = Chat.objects.create(owner=alice, title="Alice's")
    Message.objects.create(chat=chat, role="user", turn_key="t1", content="hi")
    answer = Message.objects.create(chat=chat, role="assistant", turn_key="t1", status="complete", content="hey")
    api = api_for(bob)
    base = f"/api/chats/{chat.pk}"
    answers = [
        api.get(base),
        api.delete(base),
        api.get(f"{base}/export?format=json"),
        api.post(f"{base}/messages", {"text": "mine now"}, content_type=JSON),
        api.post(f"{base}/stop"),
        api.post(f"{base}/messages/{answer.pk}/regenerate"),
        api.post(f"{base}/messages/{answer.pk}/edit", {"text": "x"}, content_type=JSON),
        api.get(f"{base}/messages/{answer.pk}/versions"),
        api.post(f"{base}/messages/{answer.pk}/version", {"index": 1}, content_type=JSON),
    ]
    assert [a.status_code for a in answers] == [404] * len(answers)
    assert all("alice" not in a.content.decode().lower() for a in answers)
    assert Chat.objects.filter(pk=chat.pk, title="Alice's").exists()
    assert Message.objects.filter(chat=chat).count() == 2


@pytest.mark.parametrize(
    "authorization",
    [
        "Bearer",
        "Bearer ",
        "Bearer mq_\u202e",
        "Bearer " + "mq_" + "a" * 10_000,
        "Basic YWxpY2U6eA==",
        "Bearer mq_x\tmq_y",
    ],
)
def test_it_answers_401_to_a_malformed_bearer_token(alice, authorization):
    answered = Client(headers={"authorization": authorization}).get("/api/chats")
    assert (answered.status_code, answered.json()["code"]) == (401, "unauthorized")


@pytest.mark.parametrize(
    "q", ["%ff%fe", "a" * 201, "\u202eevil", "x\u0000y", "*", "\"'); DROP TABLE x;--", "NEAR(a b)"]
)
def test_it_answers_a_hostile_search_query_in_words(alice, q):
    answered = api_for(alice).get("/api/search", {"q": q})
    assert answered.status_code in (200, 400), answered.content
    if answered.status_code == 400:
        assert answered.json()["code"] in ("empty_query", "query_too_long", "invalid_text")


def test_it_answers_an_undecodable_query_string_without_a_server_error(alice):
    answered = api_for(alice).get("/api/search?q=%ff%fe%00")
    assert answered.status_code == 400
    assert answered.json()["code"] in ("invalid_text", "empty_query", "validation_error")


@pytest.mark.parametrize("fmt", ["", "MD", "../../etc/passwd", "md\u0000", "json;x", "%00"])
def test_it_refuses_an_unknown_export_format_in_words(alice, fmt):
    api = api_for(alice)
    chat_id = _chat(api)
    answered = api.get(f"/api/chats/{chat_id}/export", {"format": fmt})
    assert answered.status_code == 400, answered.content
    assert answered.json()["code"] in ("invalid_format", "validation_error")


def test_it_names_an_export_after_a_hostile_title_without_breaking_the_header(alice):
    chat = Chat.objects.create(owner=alice, title='a"; filename=evil.exe; x="\u202egpj.exe/../..')
    answered = api_for(alice).get(f"/api/chats/{chat.pk}/export", {"format": "md"})
    assert answered.status_code == 200
    disposition = answered["Content-Disposition"]
    assert disposition.count("filename") <= 2  # filename and filename*, no injected third
    assert "evil.exe;" not in disposition.replace("filename*", "")
    assert "/" not in disposition.split("filename", 1)[1].replace("%2F", "")
    assert "\u202e" not in disposition


MARKUP = '<img src=x onerror="alert(1)"><script>alert(2)</script>'


def test_it_escapes_a_hostile_chat_title_and_message_on_every_page(alice):
    chat = Chat.objects.create(owner=alice, title=MARKUP[:60])
    Message.objects.create(chat=chat, role="user", turn_key="t1", content=MARKUP)
    Message.objects.create(chat=chat, role="assistant", turn_key="t1", status="complete", content=MARKUP)
    client = Client()
    client.force_login(alice)
    for path in ("/", f"/chats/{chat.pk}/", "/account/", "/search/?q=img"):
        page = client.get(path, headers={"hx-request": "true"} if path.startswith("/search") else {})
        assert page.status_code == 200, path
        html = page.content.decode()
        assert "<script>alert(2)" not in html and "<img src=x" not in html, path


def test_it_escapes_a_hostile_token_name_on_the_account_page(alice):
    client = Client()
    client.force_login(alice)
    client.post("/account/", {"name": "<b onmouseover=alert(1)>x</b>", "action": "create"})
    page = client.get("/account/").content.decode()
    assert "<b onmouseover" not in page


def test_it_isolates_a_token_name_on_the_account_page(alice):
    # A right-to-left override in a token's name reversed the " · created <date>" written after it on its line.
    client = Client()
    client.force_login(alice)
    client.post("/account/", {"name": "laptop \u202eevil"})
    page = client.get("/account/").content.decode()
    assert "<bdi>laptop \u202eevil</bdi> · created" in page


@pytest.mark.parametrize(
    "path,data",
    [
        ("/chats/new/", {}),
        ("/chats/{id}/rename/", {"title": "hijacked"}),
        ("/chats/{id}/delete/", {}),
        ("/chats/{id}/pin/", {}),
        ("/account/", {"name": "stolen"}),
    ],
)
def test_it_refuses_a_cross_site_form_post_without_the_csrf_token_and_changes_nothing(alice, path, data):
    chat = Chat.objects.create(owner=alice, title="Mine")
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    refused = client.post(path.format(id=chat.pk), data, headers={"origin": "https://evil.example"})
    assert refused.status_code == 403
    assert Chat.objects.get(pk=chat.pk).title == "Mine" and Chat.objects.count() == 1
    assert not Chat.objects.get(pk=chat.pk).pinned_at
    assert not alice.api_tokens.exists()


@pytest.mark.parametrize("revoke", [str(HUGE), "-1", "abc", "", "\u0663", "1.0"])
def test_it_says_an_odd_token_to_revoke_does_not_exist_and_revokes_nothing(alice, revoke):
    from chatapp.services import api_token_create

    token, _key = api_token_create(user=alice)
    client = Client()
    client.force_login(alice)
    answered = client.post("/account/", {"revoke": revoke}, follow=True)
    assert answered.status_code == 200
    assert "does not exist" in answered.content.decode()
    token.refresh_from_db()
    assert token.revoked_at is None


def test_it_refuses_a_session_api_write_without_the_csrf_token(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    refused = client.post("/api/chats", {}, content_type=JSON)
    assert (refused.status_code, refused.json()["code"]) == (403, "csrf_failed")
    assert not Chat.objects.exists()


@pytest.mark.parametrize("path", ["/chats/{id}/rename/", "/chats/{id}/delete/", "/chats/{id}/pin/"])
def test_bob_gets_404_on_alices_chat_forms_and_changes_nothing(alice, bob, path):
    chat = Chat.objects.create(owner=alice, title="Mine")
    client = Client()
    client.force_login(bob)
    answered = client.post(path.format(id=chat.pk), {"title": "bob's"})
    assert answered.status_code == 404
    assert Chat.objects.get(pk=chat.pk).title == "Mine" and not Chat.objects.get(pk=chat.pk).pinned_at


# --- sockets ----------------------------------------------------------------


async def _still_open(comm) -> None:
    await comm.send_json_to({"action": "nope"})
    assert (await comm.receive_json_from(timeout=5))["code"] == "unknown_action"


@pytest.mark.parametrize(
    "frame",
    [
        "not json",
        " ",
        "[]",
        "42",
        "null",
        '"send"',
        '{"action": ["send"]}',
        '{"action": null}',
        '{"action": {"$ne": 1}}',
        '{"action": "send", "text": 5}',
        '{"action": "send", "text": ["a"]}',
        '{"action": "send", "text": null}',
        '{"action": "send"}',
        '{"action": "edit", "message": "abc", "text": "x"}',
        '{"action": "edit", "message": 1e999, "text": "x"}',
        '{"action": "regenerate", "message": -5}',
        '{"action": "regenerate", "message": 1000000000000000000000000000000}',
        '{"action": "version", "message": 1, "index": 1e400}',
        '{"action": "version", "message": true, "index": true}',
        '{"action": "version", "message": "99999999999999999999", "index": "1"}',
        '{"action": "approve", "message": 1000000000000000000000000000000, "rows": [0]}',
        '{"action": "approve", "message": 1, "rows": "all"}',
        '{"action": "discard", "message": [1]}',
        '{"action": "retry", "extra": {"a": [1, 2, 3]}}',
        '{"action": "stop", "text": "\\ud800"}',
    ],
)
async def test_it_answers_every_malformed_frame_in_words_and_stays_open(alice, frame, caplog):
    chat, comm = await _json_socket(alice)
    await comm.send_to(text_data=frame)
    answer = await comm.receive_json_from(timeout=5)
    assert answer["type"] == "turn.refused", answer
    assert answer["code"] != "server_error", answer
    assert answer["message"]
    await _still_open(comm)
    assert not await Message.objects.filter(chat=chat).aexists()
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    await comm.disconnect()


async def test_it_answers_a_binary_frame_in_words_and_stays_open(alice):
    _chat_obj, comm = await _json_socket(alice)
    await comm.send_to(bytes_data=b"\x00\x01\xff" * 100)
    answer = await comm.receive_json_from(timeout=5)
    assert (answer["type"], answer["code"]) == ("turn.refused", "bad_frame")
    await _still_open(comm)
    await comm.disconnect()


async def test_it_answers_a_megabyte_frame_without_parsing_it_and_stays_open(alice):
    _chat_obj, comm = await _json_socket(alice)
    await comm.send_to(text_data=json.dumps({"action": "send", "text": "\u202e" * 1_000_000}))
    answer = await comm.receive_json_from(timeout=5)
    assert answer["code"] in ("frame_too_large", "message_too_long")
    await _still_open(comm)
    await comm.disconnect()


async def test_it_survives_a_flood_of_junk_frames_and_answers_each(alice):
    chat, comm = await _json_socket(alice)
    for n in range(200):
        await comm.send_to(text_data="{" * (n % 3) + "junk")
    codes = [(await comm.receive_json_from(timeout=5))["code"] for _ in range(200)]
    assert set(codes) == {"bad_frame"}
    await _still_open(comm)
    assert not await Message.objects.filter(chat=chat).aexists()
    await comm.disconnect()


async def test_bob_cannot_open_a_socket_on_alices_chat_either_kind(alice, bob):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    for path in (f"/ws/chats/{chat.pk}/", f"/ws/api/chats/{chat.pk}/", f"/ws/chats/{HUGE}/", "/ws/chats/%C2%B2/"):
        comm = await communicator(bob, path)
        await comm.connect()
        closed = await comm.receive_output(timeout=5)
        assert closed["type"] == "websocket.close" or (await comm.receive_output(timeout=5))["type"] == (
            "websocket.close"
        ), path


@pytest.mark.parametrize("since", ["%ff", "9999-99-99", "1" * 5000, "2026-01-01T00:00:00%00", "-1"])
async def test_it_treats_a_garbled_resync_mark_as_a_first_connect(alice, since):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/?since={since}")
    assert (await comm.connect())[0]
    sync = await comm.receive_json_from(timeout=5)
    assert sync["type"] == "sync"
    await _still_open(comm)
    await comm.disconnect()


def _turn(chat, key="t1"):
    Message.objects.create(chat=chat, role="user", turn_key=key, content=f"question in {chat.title}")
    return Message.objects.create(
        chat=chat, role="assistant", turn_key=key, status="complete", content=f"answer in {chat.title}"
    )


def test_it_never_reaches_a_message_through_another_chats_address(alice, bob):
    mine, other = Chat.objects.create(owner=alice, title="mine"), Chat.objects.create(owner=alice, title="other")
    bobs = Chat.objects.create(owner=bob, title="bobs")
    _turn(mine)
    for foreign in (_turn(other), _turn(bobs)):
        api = api_for(alice)
        base = f"/api/chats/{mine.pk}/messages/{foreign.pk}"
        answers = [
            api.get(f"{base}/versions"),
            api.post(f"{base}/regenerate"),
            api.post(f"{base}/edit", {"text": "hijack"}, content_type=JSON),
            api.post(f"{base}/version", {"index": 1}, content_type=JSON),
            api.post(f"{base}/proposal", {"decision": "discard"}, content_type=JSON),
        ]
        assert [a.status_code for a in answers] == [404] * len(answers), [a.content for a in answers]
        assert all(foreign.chat.title not in a.content.decode() for a in answers)
    assert Message.objects.count() == 6 and not Message.objects.filter(content="hijack").exists()
