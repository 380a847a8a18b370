"""The chat list page costs a constant number of queries, whatever the chats' kinds and count."""

import pytest
from django.test import Client

from chatapp.models import Chat


@pytest.mark.django_db
def test_it_lists_chats_in_a_constant_number_of_queries(alice, django_assert_max_num_queries):
    for kind in ("movies", "images", "images", "images"):
        Chat.objects.create(owner=alice, kind=kind)
    client = Client()
    client.force_login(alice)
    with django_assert_max_num_queries(6):
        assert client.get("/").status_code == 200
