"""A page form Django cannot read is answered in words under DEBUG too (`make run`), JSON for htmx."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from chatapp.models import Chat

pytestmark = pytest.mark.django_db

TOO_MANY = "That form has too many fields or files to read."


def _page(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@pytest.mark.parametrize("debug", [True, False])
def test_it_answers_a_page_form_with_too_many_fields_in_words(alice, settings, debug):
    # Under DEBUG Django answered with its technical error page (HTML, even for htmx): the alert had no words.
    settings.DEBUG = debug
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    many = {f"f{i}": "x" for i in range(20)}
    htmx = _page(alice).post("/chats/new/", many, headers={"HX-Request": "true"})
    assert (htmx.status_code, htmx.json()) == (400, {"code": "bad_request", "message": TOO_MANY})
    plain = _page(alice).post("/chats/new/", many)
    assert plain.status_code == 400 and TOO_MANY in plain.content.decode()
    assert not Chat.objects.exists()


def test_it_answers_a_page_upload_with_too_many_files_in_words(alice, settings):
    settings.DEBUG = True
    settings.DATA_UPLOAD_MAX_NUMBER_FILES = 3
    files = [SimpleUploadedFile(f"w{i}.csv", b"Date,Name,Year\n") for i in range(5)]
    answered = _page(alice).post("/lists/import/", {"files": files}, headers={"HX-Request": "true"})
    assert (answered.status_code, answered.json()) == (400, {"code": "bad_request", "message": TOO_MANY})


def test_it_answers_a_page_form_too_large_in_words(alice, settings):
    settings.DEBUG = True
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    answered = _page(alice).post("/chats/new/", {"kind": "movies", "pad": "p" * 5000}, headers={"HX-Request": "true"})
    assert answered.status_code == 413 and answered.json()["code"] == "payload_too_large"
    assert not Chat.objects.exists()
