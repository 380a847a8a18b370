"""An API query parameter given twice is refused in words (the last one was used silently)."""

import pytest
from django.test import Client

from chatapp.models import Chat
from chatapp.services import api_token_create

pytestmark = pytest.mark.django_db


def bearer(user) -> Client:
    _token, key = api_token_create(user=user, name="test")
    return Client(headers={"authorization": f"Bearer {key}"})


def test_it_refuses_a_query_parameter_given_twice(alice):
    # `?format=md&format=json` exported JSON; `?q=thriller&q=zzzz` searched for the second word only.
    chat = Chat.objects.create(owner=alice)
    api = bearer(alice)
    for path, name in [
        (f"/api/chats/{chat.pk}/export?format=md&format=json", "format"),
        ("/api/search?q=thriller&q=zzzz", "q"),
        ("/api/imagelab/jobs/1/download?variation=0&variation=1", "variation"),
    ]:
        refused = api.get(path)
        message = f"The address gives the query parameter {name!r} more than once; give each once."
        assert (refused.status_code, refused.json()) == (400, {"code": "bad_request", "message": message})


def test_it_still_reads_each_parameter_given_once(alice):
    chat = Chat.objects.create(owner=alice)
    answered = bearer(alice).get(f"/api/chats/{chat.pk}/export?format=json")
    assert answered.status_code == 200
    assert Client().get("/login/?next=/&next=/chats/").status_code == 200  # pages are not the API's
