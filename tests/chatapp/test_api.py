"""The JSON API: contract, auth (session+CSRF or bearer token), ownership and errors."""

import pytest
from django.core.management import call_command
from django.test import Client

from chatapp.models import ApiToken, Chat, Message
from chatapp.planner.testing import ScriptedBackend
from chatapp.services import api_token_create, api_token_revoke

pytestmark = pytest.mark.django_db(transaction=True)

PLAN = {
    "intro": "Two picks:",
    "picks": [
        {"title": "Fargo", "year": 1996, "reason": "Snowbound tension."},
        {"title": "No Such Film Anywhere", "year": 1990, "reason": "r"},
    ],
}


def bearer(user) -> Client:
    _token, key = api_token_create(user=user, name="test")
    return Client(headers={"authorization": f"Bearer {key}"})


def test_it_creates_lists_reads_and_deletes_chats_with_a_token(alice):
    api = bearer(alice)
    created = api.post("/api/chats", {"title": "Friday"}, content_type="application/json")
    assert created.status_code == 201
    body = created.json()
    assert set(body) == {"id", "title", "created_at"} and body["title"] == "Friday"
    assert [c["id"] for c in api.get("/api/chats").json()] == [body["id"]]
    detail = api.get(f"/api/chats/{body['id']}").json()
    assert detail["messages"] == []
    assert api.delete(f"/api/chats/{body['id']}").status_code == 204
    assert api.get(f"/api/chats/{body['id']}").status_code == 404


def test_it_runs_a_turn_and_returns_the_finished_message(alice, scripted):
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "films"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.tool("plan_picks", PLAN), purpose="plan_picks")
    api = bearer(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    response = api.post(f"/api/chats/{chat_id}/messages", {"text": "something tense"}, content_type="application/json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["user_message"]["text"] == "something tense"
    msg = body["assistant_message"]
    assert msg["status"] == "complete" and msg["mode"] == "B" and msg["flow"] == "v2"
    assert msg["content"] == "Two picks:"
    assert [p["title"] for p in msg["picks"]] == ["Fargo"]
    assert set(msg["picks"][0]) == {
        "source",
        "id",
        "title",
        "year",
        "reason",
        "genres",
        "runtime",
        "overview",
        "poster_url",
    }
    assert msg["dropped"] == [
        {"title": "No Such Film Anywhere", "year": 1990, "reason": "not found in the movie source"}
    ]
    assert msg["planner_source"] == "scripted" and msg["proposal"] is None
    assert "t_total" in msg["timings"]


def test_it_runs_the_embedded_rule_planner_without_any_keys(alice):
    api = bearer(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    body = api.post(
        f"/api/chats/{chat_id}/messages",
        {"text": "a tense 90s thriller, nothing with Tom Cruise"},
        content_type="application/json",
    ).json()
    msg = body["assistant_message"]
    assert msg["planner_source"] == "rules" and msg["status"] == "complete"
    assert len(msg["picks"]) == 3
    assert all(1990 <= p["year"] <= 1999 for p in msg["picks"])


def test_it_refuses_bob_on_alices_chat_with_404(alice, bob):
    chat = Chat.objects.create(owner=alice)
    api = bearer(bob)
    assert api.get(f"/api/chats/{chat.pk}").json()["code"] == "chat_not_found"
    assert api.get(f"/api/chats/{chat.pk}").status_code == 404
    assert api.delete(f"/api/chats/{chat.pk}").status_code == 404
    posted = api.post(f"/api/chats/{chat.pk}/messages", {"text": "hi"}, content_type="application/json")
    assert posted.status_code == 404
    assert not Message.objects.filter(chat=chat).exists()


def test_it_answers_401_without_credentials_and_with_a_revoked_token(alice):
    assert Client().get("/api/chats").status_code == 401
    token, key = api_token_create(user=alice)
    api_token_revoke(user=alice, token_id=token.pk)
    response = Client(headers={"authorization": f"Bearer {key}"}).get("/api/chats")
    assert response.status_code == 401
    assert response.json()["code"] == "unauthorized"
    # Writes too: no credentials, or a bad token, is a 401 (not a CSRF complaint).
    for headers in ({}, {"authorization": "Bearer mq_not-a-token"}):
        refused = Client(enforce_csrf_checks=True, headers=headers).post(
            "/api/chats", {}, content_type="application/json"
        )
        assert (refused.status_code, refused.json()["code"]) == (401, "unauthorized")


def test_it_needs_csrf_for_session_writes(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.get("/api/chats").status_code == 200
    refused = client.post("/api/chats", {}, content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (403, "csrf_failed")
    assert "CSRF" in refused.json()["message"]


def test_it_says_when_a_body_is_not_json(alice):
    api = bearer(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    broken = api.post(f"/api/chats/{chat_id}/messages", "{not json", content_type="application/json")
    assert (broken.status_code, broken.json()["code"]) == (400, "bad_request")
    assert not Message.objects.filter(chat_id=chat_id).exists()


def test_it_rejects_bad_messages_with_clear_errors_and_stores_nothing(alice, settings):
    settings.MESSAGE_MAX_CHARS = 50
    api = bearer(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    empty = api.post(f"/api/chats/{chat_id}/messages", {"text": "   "}, content_type="application/json")
    assert (empty.status_code, empty.json()["code"]) == (400, "empty_message")
    long = api.post(f"/api/chats/{chat_id}/messages", {"text": "x" * 51}, content_type="application/json")
    assert (long.status_code, long.json()["code"]) == (413, "message_too_long")
    assert "limit is 50" in long.json()["message"]
    missing = api.post(f"/api/chats/{chat_id}/messages", {}, content_type="application/json")
    assert missing.status_code == 400 and missing.json()["code"] == "validation_error"
    assert api.post("/api/chats/999999/messages", {"text": "hi"}, content_type="application/json").status_code == 404
    assert not Message.objects.filter(chat_id=chat_id).exists()


def test_it_answers_409_while_a_turn_is_running(alice):
    chat = Chat.objects.create(owner=alice)
    Message.objects.create(chat=chat, role="user", turn_key="k1", content="hi")
    Message.objects.create(chat=chat, role="assistant", turn_key="k1", status="streaming")
    api = bearer(alice)
    response = api.post(f"/api/chats/{chat.pk}/messages", {"text": "again"}, content_type="application/json")
    assert response.status_code == 409 and response.json()["code"] == "turn_in_progress"


def test_it_answers_413_for_an_oversized_body(alice, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    api = bearer(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    response = api.post(f"/api/chats/{chat_id}/messages", {"text": "x" * 5000}, content_type="application/json")
    assert response.status_code == 413


def test_it_reports_a_failed_planner_as_a_failed_turn_in_plain_words(alice, scripted):
    bad = ScriptedBackend.tool("decide_mode", {"mode": "C"})
    scripted.add(bad, bad, bad, purpose="decide_mode")
    api = bearer(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    response = api.post(f"/api/chats/{chat_id}/messages", {"text": "hello"}, content_type="application/json")
    assert response.status_code == 502
    assert response.json()["code"] == "planning_failed"
    assert "not usable" in response.json()["message"]
    messages = api.get(f"/api/chats/{chat_id}").json()["messages"]
    assert [(m["role"], m["status"]) for m in messages] == [("user", "complete"), ("assistant", "failed")]
    assert messages[0]["content"] == "hello"  # what the user typed is kept


def test_it_creates_a_token_from_the_cli_and_stores_only_its_hash(alice, capsys):
    call_command("create_api_token", "alice")
    key = capsys.readouterr().out.strip()
    assert key.startswith("mq_")
    token = ApiToken.objects.get(user=alice)
    assert token.key_hash == ApiToken.hash_key(key) and key not in (token.key_hash, token.key_prefix)
    assert Client(headers={"authorization": f"Bearer {key}"}).get("/api/chats").status_code == 200


def test_it_serves_openapi_docs_from_its_own_static_files():
    assert Client().get("/api/openapi.json").status_code == 200
    docs = Client().get("/api/docs")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in html
    assert "cdn." not in html and "https://" not in html  # the page must work offline
    assert Client().get("/static/ninja/swagger-ui-bundle.js").status_code == 200


def _documented_codes() -> dict[int, str]:
    """README's API error sentence, split by status: {404: "`chat_not_found` (…) or `not_found` (…)", …}."""
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    start = readme.index("Errors are `{code, message}`:")
    sentence = readme[start : readme.index("Interactive docs", start)]
    parts = re.split(r"\b([45]\d\d)\b", sentence)
    return {int(status): text for status, text in zip(parts[1::2], parts[2::2], strict=True)}


def test_it_answers_with_the_error_codes_the_readme_lists_for_each_status(alice, bob, settings):
    settings.MESSAGE_MAX_CHARS = 50
    alices = Chat.objects.create(owner=alice)
    busy = Chat.objects.create(owner=bob)
    Message.objects.create(chat=busy, role="assistant", turn_key="k1", status="streaming")
    card = {"state": "pending", "rows": [{"i": 0, "action": "add_watchlist", "status": "ready"}]}
    proposal = Message.objects.create(
        chat=busy, role="assistant", turn_key="k0", status="complete", payload={"proposal": card}
    )
    alices_proposal = Message.objects.create(
        chat=alices, role="assistant", turn_key="a0", status="complete", payload={"proposal": card}
    )
    api = bearer(bob)
    answers = [
        api.get(f"/api/chats/{alices.pk}"),
        api.delete(f"/api/chats/{alices.pk}"),
        api.post(f"/api/chats/{alices.pk}/messages", {"text": "hi"}, content_type="application/json"),
        api.get("/api/chats/999999"),
        api.get("/api/imagelab/jobs/999999"),
        api.post(f"/api/chats/{busy.pk}/messages", {"text": "again"}, content_type="application/json"),
        api.post(f"/api/chats/{busy.pk}/messages", {"text": "x" * 51}, content_type="application/json"),
        api.post(f"/api/chats/{busy.pk}/messages", {"text": " "}, content_type="application/json"),
        api.post(f"/api/chats/{busy.pk}/messages", {}, content_type="application/json"),
        Client().get("/api/chats"),
        api.get("/api/no-such-path"),
        api.put("/api/chats"),
        api.post("/api/chats", "[1, 2]", content_type="application/json"),
        api.post("/api/chats", {"title": "x" * 61}, content_type="application/json"),
        api.post(
            f"/api/chats/{busy.pk}/messages/{proposal.pk}/proposal",
            {"decision": "apply", "rows": []},
            content_type="application/json",
        ),
        api.post(
            f"/api/chats/{alices.pk}/messages/{alices_proposal.pk}/proposal",
            {"decision": "apply", "rows": [0]},
            content_type="application/json",
        ),
    ]
    documented = _documented_codes()
    returned = {(a.status_code, a.json()["code"]) for a in answers}
    assert (404, "chat_not_found") in returned and (404, "not_found") in returned
    assert (400, "nothing_selected") in returned and (404, "proposal_not_found") in returned
    assert (405, "method_not_allowed") in returned and (400, "title_too_long") in returned
    for status, code in returned:
        assert f"`{code}`" in documented[status], f"README does not list {code!r} under {status}"


def test_it_reports_the_callers_usage_per_day_and_per_chat_with_the_quotas(alice, bob, settings):
    from decimal import Decimal

    from chatapp.models import Chat, PlannerCall
    from tests.support.api import api_for

    settings.USER_DAILY_TOKEN_QUOTA = 10_000
    chat = Chat.objects.create(owner=alice, title="Noir")
    for user, where in ((alice, chat), (alice, None), (bob, None)):
        PlannerCall.objects.create(
            user=user,
            chat=where,
            request_id="r",
            backend="openai",
            metered=True,
            input_tokens=1000,
            cached_tokens=200,
            output_tokens=50,
            reasoning_tokens=20,
            cost=Decimal("0.0015"),
        )
    report = api_for(alice).get("/api/usage").json()
    assert report["today"] == {
        "input_tokens": 2000,
        "cached_tokens": 400,
        "output_tokens": 100,
        "reasoning_tokens": 40,
        "total_tokens": 2100,
        "cost": 0.003,
        "calls": 2,
    }
    assert (report["token_quota"], report["cost_quota"]) == (10_000, None)
    [day] = report["days"]
    assert day["total_tokens"] == 2100 and len(day["day"]) == 10
    assert {(c["chat"], c["title"], c["calls"]) for c in report["chats"]} == {(chat.pk, "Noir", 1), (None, None, 1)}


@pytest.mark.parametrize("authorization", [None, "Bearer mq_nope", "Basic YTpi", "revoked"])
def test_it_names_the_bearer_scheme_on_every_401(alice, authorization):
    if authorization == "revoked":
        token, key = api_token_create(user=alice)
        api_token_revoke(user=alice, token_id=token.pk)
        authorization = f"Bearer {key}"
    client = Client(headers={"authorization": authorization} if authorization else {})
    refused = client.get("/api/chats")
    assert refused.status_code == 401 and refused.json()["code"] == "unauthorized"
    # RFC 9110 §11.6.1: a 401 carries a challenge saying how to authenticate.
    assert refused["WWW-Authenticate"].startswith("Bearer")
