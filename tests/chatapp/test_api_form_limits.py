"""A form past Django's field or file count is refused 400 in words on the API (it was a 500 with a traceback)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from chatapp.models import Chat
from chatapp.services import api_token_create

pytestmark = pytest.mark.django_db


def bearer(user) -> Client:
    _token, key = api_token_create(user=user, name="test")
    return Client(headers={"authorization": f"Bearer {key}"})


def _words(settings) -> str:
    fields, files = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS, settings.DATA_UPLOAD_MAX_NUMBER_FILES
    return f"That form has too many fields or files to read (at most {fields} fields and {files} files)."


def test_it_refuses_an_api_form_with_too_many_fields_in_words(alice, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    api = bearer(alice)
    many = {f"f{i}": "x" for i in range(20)}
    for answered in (
        api.post("/api/imagelab/jobs", many),
        api.generic(
            "POST",
            "/api/imagelab/jobs",
            "&".join(f"f{i}=x" for i in range(20)),
            content_type="application/x-www-form-urlencoded",
        ),
    ):
        assert (answered.status_code, answered.json()) == (400, {"code": "bad_request", "message": _words(settings)})
    assert not Chat.objects.exists()


@pytest.mark.parametrize("path, field", [("/api/imagelab/jobs", "image"), ("/api/lists/import", "files")])
def test_it_refuses_an_api_form_with_too_many_files_in_words(alice, settings, path, field):
    settings.DATA_UPLOAD_MAX_NUMBER_FILES = 5
    files = [SimpleUploadedFile(f"a{i}.csv", b"x") for i in range(8)]
    answered = bearer(alice).post(path, {field: files})
    assert (answered.status_code, answered.json()) == (400, {"code": "bad_request", "message": _words(settings)})
    assert not Chat.objects.exists()
