"""What the fuzzer found, pinned: the API accepts what its schema says and refuses malformed bodies plainly."""

import pytest
from django.test import Client

from chatapp.models import Chat
from chatapp.services import api_token_create

pytestmark = pytest.mark.django_db


def _api(user) -> Client:
    _token, key = api_token_create(user=user, name="test")
    return Client(headers={"authorization": f"Bearer {key}"})


def test_it_refuses_a_multipart_body_without_a_boundary_with_400(alice):
    refused = _api(alice).generic("POST", "/api/imagelab/jobs", b"--x\r\n", content_type="multipart/form-data")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_request"


def test_it_says_which_part_of_a_multipart_body_it_could_not_read(alice):
    # A body with its boundary whose part is damaged (base64 that is not) was told it "needs its boundary".
    body = (
        b'--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n'
        b"Content-Transfer-Encoding: base64\r\n\r\n!!!not base64\r\n--x--\r\n"
    )
    refused = _api(alice).generic("POST", "/api/imagelab/jobs", body, content_type="multipart/form-data; boundary=x")
    assert (refused.status_code, refused.json()["code"]) == (400, "bad_request")
    assert refused.json()["message"] == "The form could not be read: a part of the multipart body is damaged."
    missing = _api(alice).generic("POST", "/api/imagelab/jobs", b"--x\r\n", content_type="multipart/form-data")
    assert missing.json()["message"] == "The form could not be read (a multipart body needs its boundary)."


def test_it_reads_an_integral_json_number_as_the_integer_the_schema_promises(alice):
    # JSON Schema calls 1.0 an integer: the server must too (a proposal that does not exist is 404, not 400).
    chat = Chat.objects.create(owner=alice)
    sent = _api(alice).post(
        f"/api/chats/{chat.pk}/messages/1/proposal",
        {"decision": "discard", "rows": [1.0]},
        content_type="application/json",
    )
    assert sent.status_code == 404


@pytest.mark.parametrize("rows", [[1.5], [False], ["1"]])
def test_it_still_refuses_what_is_not_an_integer(alice, rows):
    chat = Chat.objects.create(owner=alice)
    sent = _api(alice).post(
        f"/api/chats/{chat.pk}/messages/1/proposal",
        {"decision": "discard", "rows": rows},
        content_type="application/json",
    )
    assert sent.status_code == 400 and sent.json()["code"] == "validation_error"


def test_it_publishes_the_chat_body_as_optional_but_never_null(client):
    schema = client.get("/api/openapi.json").json()
    body = schema["paths"]["/api/chats"]["post"]["requestBody"]
    assert body["required"] is False
    assert body["content"]["application/json"]["schema"]["$ref"].endswith("/ChatIn")
