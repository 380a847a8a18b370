"""A body declared in a charset it cannot be read in is refused 415 `unsupported_charset` in words, nothing stored."""

import gzip

import pytest
from django.test import Client

from chatapp.models import Chat
from chatapp.services import api_token_create

URLENCODED = "application/x-www-form-urlencoded"

pytestmark = pytest.mark.django_db


def bearer(user) -> Client:
    _token, key = api_token_create(user=user, name="test")
    return Client(headers={"authorization": f"Bearer {key}"})


def _page(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# UTF-7 was read as UTF-8 ("+AOk-" stored as typed), base64 and rot13 as UTF-8, cp500 as "not valid JSON".
@pytest.mark.parametrize(
    "charset", ["utf-7", "UTF-7", "cp500", "base64", "rot13", "unicode_escape", "raw_unicode_escape", "idna", "hz"]
)
def test_it_refuses_a_json_body_in_a_charset_it_cannot_read_with_415(alice, charset):
    body = b'{"title": "Caf+AOk-"}'
    refused = bearer(alice).generic("POST", "/api/chats", body, content_type=f"application/json; charset={charset}")
    assert (refused.status_code, refused.json()) == (
        415,
        {
            "code": "unsupported_charset",
            "message": f"This server cannot read JSON sent as charset={charset}; send it as UTF-8.",
        },
    )
    assert not Chat.objects.exists()


@pytest.mark.parametrize("charset", ["shift_jis", "windows-1252", "utf-32", "utf-8-sig", "UTF8", "klingon"])
def test_it_still_reads_json_in_a_charset_that_writes_ascii_as_ascii_or_a_json_utf(alice, charset):
    body = '{"title": "Friday"}'.encode("utf-8" if charset == "klingon" else charset)
    created = bearer(alice).generic("POST", "/api/chats", body, content_type=f"application/json; charset={charset}")
    assert created.status_code == 201, created.content
    assert created.json()["title"] == "Friday"


@pytest.mark.parametrize("charset", ["base64", "utf-7", "latin-1", "cp500"])
def test_it_refuses_a_page_form_in_a_charset_other_than_utf8_in_words_not_a_500(alice, charset):
    # Django refused it with a BadRequest (base64: a LookupError) whose DEBUG page read the form again: a 500.
    content_type = f"application/x-www-form-urlencoded; charset={charset}"
    message = f"A form must be sent as UTF-8 (this one declares charset={charset}); send it as UTF-8."
    refused = _page(alice).generic("POST", "/chats/new/", b"kind=movies", content_type=content_type)
    assert refused.status_code == 415
    assert message in refused.content.decode()
    htmx = _page(alice).generic(
        "POST", "/chats/new/", b"kind=movies", content_type=content_type, headers={"HX-Request": "true"}
    )
    assert (htmx.status_code, htmx.json()) == (415, {"code": "unsupported_charset", "message": message})
    assert not Chat.objects.exists()


@pytest.mark.parametrize("charset", ["UTF8", "utf_8", "klingon"])
def test_it_reads_a_page_form_labelled_with_another_name_for_utf8_or_an_unknown_charset(alice, charset):
    content_type = f"application/x-www-form-urlencoded; charset={charset}"
    created = _page(alice).generic("POST", "/chats/new/", b"kind=movies", content_type=content_type)
    assert created.status_code == 302
    assert Chat.objects.filter(owner=alice).count() == 1


def _multipart(*, instruction: bytes) -> bytes:
    return b'--x\r\nContent-Disposition: form-data; name="instruction"\r\n\r\n' + instruction + b"\r\n--x--\r\n"


@pytest.mark.parametrize("charset", ["base64", "rot13", "utf-7", "cp500"])
def test_it_refuses_a_multipart_upload_in_a_charset_it_cannot_read_with_415(alice, charset):
    # base64 was a 500 (Django's multipart parser decodes each field with it: a LookupError).
    refused = bearer(alice).generic(
        "POST",
        "/api/imagelab/jobs",
        _multipart(instruction=b"warmer"),
        content_type=f"multipart/form-data; boundary=x; charset={charset}",
    )
    assert (refused.status_code, refused.json()["code"]) == (415, "unsupported_charset")
    message = f"This server cannot read a form sent as charset={charset}; send it as UTF-8."
    assert refused.json()["message"] == message
    assert not Chat.objects.exists()


def test_it_still_reads_a_multipart_field_in_its_declared_ascii_compatible_charset(alice):
    read = bearer(alice).generic(
        "POST",
        "/api/imagelab/jobs",
        _multipart(instruction="warmer, café".encode("latin-1")),
        content_type="multipart/form-data; boundary=x; charset=latin-1",
    )
    assert (read.status_code, read.json()["code"]) == (400, "no_image")  # read, then refused for its missing photo


def test_it_publishes_415_on_every_write_route_and_no_read(client):
    schema = client.get("/api/openapi.json").json()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            listed = "415" in operation["responses"]
            assert listed == (method in ("post", "put", "patch", "delete")), (method, path)


@pytest.mark.parametrize("coding", ["gzip", "br", "deflate, gzip"])
def test_it_refuses_a_compressed_body_with_415_rather_than_reading_its_raw_bytes(alice, coding):
    # `Content-Encoding: gzip` with `{}` made a chat (the coding ignored); real gzip was "not valid JSON".
    message = f"This server does not read compressed request bodies (Content-Encoding: {coding}); send it as is."
    for body in (b"{}", gzip.compress(b'{"title": "x"}')):
        refused = bearer(alice).generic(
            "POST", "/api/chats", body, content_type="application/json", headers={"Content-Encoding": coding}
        )
        assert (refused.status_code, refused.json()) == (415, {"code": "unsupported_encoding", "message": message})
    page = _page(alice).generic(
        "POST", "/chats/new/", b"kind=movies", content_type=URLENCODED, headers={"Content-Encoding": coding}
    )
    assert page.status_code == 415 and message in page.content.decode()
    assert not Chat.objects.exists()


def test_it_reads_a_body_whose_coding_is_identity(alice):
    created = bearer(alice).generic(
        "POST", "/api/chats", b"{}", content_type="application/json", headers={"Content-Encoding": "identity"}
    )
    assert created.status_code == 201
