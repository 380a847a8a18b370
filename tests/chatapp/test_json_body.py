"""JSON the standard does not allow, or that cannot be read as sent, is refused 400 `bad_request` in words."""

import pytest
from django.test import Client

from chatapp.models import Chat, Message
from chatapp.services import api_token_create

pytestmark = pytest.mark.django_db


def bearer(user) -> Client:
    _token, key = api_token_create(user=user, name="test")
    return Client(headers={"authorization": f"Bearer {key}"})


def _refused(api: Client, path: str, body: bytes) -> dict:
    answer = api.generic("POST", path, body, content_type="application/json")
    assert answer.status_code == 400, answer.content
    assert answer.json()["code"] == "bad_request"
    return answer.json()


def test_it_refuses_a_property_named_twice_instead_of_keeping_the_last(alice):
    # {"title": "a", "title": "b"} made a chat titled "b": what a proxy or a log read first was not what was kept.
    api = bearer(alice)
    message = 'The request body names "title" more than once in one object; send each once.'
    assert _refused(api, "/api/chats", b'{"title": "a", "title": "b"}')["message"] == message
    chat = Chat.objects.create(owner=alice)
    twice = _refused(api, f"/api/chats/{chat.pk}/messages", b'{"text": "hi", "text": "bye"}')
    assert twice["message"] == 'The request body names "text" more than once in one object; send each once.'
    assert Chat.objects.count() == 1 and not Message.objects.exists()


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_it_refuses_nan_and_infinity_which_are_not_json(alice, constant):
    # Python reads them; JSON has no such numbers: the title was refused as "not a valid string" at best.
    chat = Chat.objects.create(owner=alice)
    body = f'{{"index": {constant}}}'.encode()
    refused = _refused(bearer(alice), f"/api/chats/{chat.pk}/messages/1/version", body)
    assert refused["message"] == f"The request body is not valid JSON: {constant} is not a JSON number."


def test_it_says_a_number_is_too_long_rather_than_the_json_is_invalid(alice):
    refused = _refused(bearer(alice), "/api/chats", b'{"title": "x", "n": ' + b"9" * 5000 + b"}")
    assert refused["message"] == "The request body has a number too long to read (over 4,300 digits)."
    assert not Chat.objects.exists()


def test_it_says_a_body_is_nested_too_deeply_rather_than_invalid(alice):
    body = b'{"title": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    refused = _refused(bearer(alice), "/api/chats", body)
    assert refused["message"] == "The request body is nested too deeply to read."
    assert not Chat.objects.exists()


def test_it_still_says_broken_json_is_not_valid_json(alice):
    assert _refused(bearer(alice), "/api/chats", b'{"title": ')["message"] == "The request body is not valid JSON."
