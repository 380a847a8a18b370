"""An empty Host header is said to be empty (it was named as the server's own address, which it does serve)."""

import pytest
from django.test import Client


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/chats", "/login/"])
def test_it_says_the_host_header_is_empty(path):
    refused = Client(raise_request_exception=False).get(path, headers={"host": ""})
    assert refused.status_code == 400
    said = refused.json()["message"] if path.startswith("/api/") else refused.content.decode()
    assert "The request&#x27;s Host header is empty" in said or "The request's Host header is empty" in said, said[:300]
    assert "does not answer for the host" not in said
