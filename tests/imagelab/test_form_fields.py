"""`POST /api/imagelab/jobs` reads each text field once: a repeated or file-borne `instruction` / `chat` is refused."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from chatapp.models import Chat, Message
from imagelab.models import ImageAsset, ImageJob
from tests.support.api import api_for
from tests.support.images import photo

pytestmark = pytest.mark.django_db


def _image() -> SimpleUploadedFile:
    return SimpleUploadedFile("a.jpg", photo((64, 48)), content_type="image/jpeg")


@pytest.mark.parametrize(
    ("form", "words"),
    [
        # Two instructions ran the last one; two chats targeted the last (another chat than the first named).
        ({"instruction": ["warmer", "cooler"]}, "Send `instruction` once (this form has it 2 times)."),
        ({"instruction": "warmer", "chat": ["1", "2", "3"]}, "Send `chat` once (this form has it 3 times)."),
        # An instruction sent as a file part was left out: the job ran with no instruction at all.
        (
            {"instruction": SimpleUploadedFile("i.txt", b"warmer")},
            "`instruction` must be a text field, not a file (only `image` takes a file).",
        ),
    ],
)
def test_it_refuses_a_text_field_sent_twice_or_as_a_file_and_stores_nothing(alice, form, words):
    answered = api_for(alice).post("/api/imagelab/jobs", {"image": _image(), **form})
    assert (answered.status_code, answered.json()) == (400, {"code": "validation_error", "message": words})
    assert not Chat.objects.exists() and not Message.objects.exists()
    assert not ImageJob.objects.exists() and not ImageAsset.objects.exists()


@pytest.mark.parametrize("content_type", ["application/json", "text/plain"])
def test_it_says_to_send_a_form_when_the_body_is_json(alice, content_type):
    # A JSON body was read as no fields: "Send an image or the id of a chat that has one", though it named one.
    chat = Chat.objects.create(owner=alice, kind=Chat.Kind.IMAGES)
    body = f'{{"instruction": "warmer", "chat": "{chat.pk}"}}'
    answered = api_for(alice).generic("POST", "/api/imagelab/jobs", body, content_type=content_type)
    message = f"Send this as multipart/form-data (`image`, `instruction`, `chat`); this one was sent as {content_type}."
    assert (answered.status_code, answered.json()) == (400, {"code": "bad_request", "message": message})
    assert not Message.objects.exists() and not ImageJob.objects.exists()
