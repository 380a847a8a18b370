"""API keys never reach a log, whatever scheme the Authorization header uses."""

import logging

import pytest
from django.test import Client

from chatapp.services import api_token_create

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("template", ["Token {key}", "{key}", "Basic {key}", "token  {key}", "Bearer{key}"])
def test_it_refuses_a_wrong_scheme_without_logging_the_key(alice, settings, caplog, template):
    # ninja's own HttpBearer logs the whole header at ERROR, but only under DEBUG.
    settings.DEBUG = True
    _token, key = api_token_create(user=alice, name="leaky")
    caplog.set_level(logging.DEBUG)
    response = Client(headers={"authorization": template.format(key=key)}).get("/api/chats")
    assert (response.status_code, response.json()["code"]) == (401, "unauthorized")
    secret = key.removeprefix("mq_")
    leaked = [r.getMessage() for r in caplog.records if secret in r.getMessage() or secret in str(r.args)]
    assert leaked == []
    assert secret not in caplog.text


def test_it_still_accepts_the_bearer_scheme_in_any_case(alice):
    _token, key = api_token_create(user=alice, name="ok")
    for scheme in ("Bearer", "bearer", "BEARER"):
        assert Client(headers={"authorization": f"{scheme} {key}"}).get("/api/chats").status_code == 200


@pytest.mark.parametrize("header", ["Bearer mq_not-a-key", "Bearer nothing", "Token {key}", "Bearer"])
def test_it_refuses_a_bad_token_sent_beside_a_session_as_the_json_socket_does(alice, header):
    # The session's user was served instead (a GET, or a write with its CSRF token): the README says a bad token
    # is 401, and the JSON socket closes such a handshake with 4401 whatever the cookie.
    _token, key = api_token_create(user=alice, name="real")
    client = Client(headers={"authorization": header.format(key=key)})
    client.force_login(alice)
    refused = client.get("/api/chats")
    assert (refused.status_code, refused.json()["code"]) == (401, "unauthorized")
    assert refused["WWW-Authenticate"] == 'Bearer realm="api"'
    session_only = Client()
    session_only.force_login(alice)
    assert session_only.get("/api/chats").status_code == 200
