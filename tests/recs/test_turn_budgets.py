"""A movie turn is bounded: one planning deadline for the whole turn (fallback included), one lookup
budget for all its picks, a fallback model for plan_picks, and an over-long plan cut to three."""

import time

import pytest
from django.test import Client

from chatapp.models import Message
from chatapp.planner.testing import ScriptedBackend
from chatapp.services import api_token_create
from tests.fakes import openai_server, tmdb_server
from tests.fakes.openai_server import error, hang, text, tool_call

fake_openai = openai_server.fake_openai
fake_tmdb = tmdb_server.fake_tmdb
pytestmark = pytest.mark.django_db(transaction=True)

BUSY = "The AI service is busy or unreachable right now. Please try again in a minute."
# Generous: the bound the issue states is budget + 2 s; the old code took OPENAI_TIMEOUT per attempt.
SLACK = 2.0
PICK = {"title": "Se7en", "year": 1995, "reason": "Relentless."}
FIVE = {
    "intro": "Five tense ones:",
    "picks": [
        PICK,
        {"title": "Fargo", "year": 1996, "reason": "Snowbound."},
        {"title": "The Silence of the Lambs", "year": 1991, "reason": "Chilling."},
        {"title": "Ronin", "year": 1998, "reason": "Car chases."},
        {"title": "Alien", "year": 1979, "reason": "In space."},
    ],
}


def api_for(user) -> Client:
    _token, key = api_token_create(user=user)
    return Client(headers={"authorization": f"Bearer {key}"})


def timed_send(api, words):
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    started = time.monotonic()
    response = api.post(f"/api/chats/{chat_id}/messages", {"text": words}, content_type="application/json")
    return response, time.monotonic() - started


def assistant(response) -> Message:
    return Message.objects.get(pk=response.json()["assistant_message"]["id"])


@pytest.fixture
def budget_one(settings, openai_on):
    """A 1 s planning budget for the turn, while one request alone may wait 5 s (OPENAI_TIMEOUT)."""
    from chatapp import llm

    settings.PLANNER_RETRY_BUDGET = 1.0
    settings.OPENAI_TIMEOUT = 5.0
    llm.reset_caches()
    return openai_on


def test_it_ends_a_turn_on_a_hung_upstream_within_the_planning_budget(alice, budget_one):
    budget_one.enqueue(*[hang(30) for _ in range(6)])
    response, waited = timed_send(api_for(alice), "something tense")
    assert response.status_code == 502 and response.json()["code"] == "upstream_unavailable"
    assert response.json()["message"] == BUSY
    assert waited < 1.0 + SLACK, f"waited {waited:.2f}s on a 1s budget"
    # decide_mode's fallback shares the deadline: with no time left it is never sent.
    assert [b["model"] for b in budget_one.bodies("/responses")] == ["gpt-5-mini"]


@pytest.mark.parametrize("status", [429, 503])
def test_it_ends_a_turn_on_an_upstream_that_always_refuses_within_the_planning_budget(alice, budget_one, status):
    retry = {"retry-after": "0.4"}
    budget_one.enqueue(*[error(status, headers=retry) for _ in range(30)])
    response, waited = timed_send(api_for(alice), "something tense")
    assert response.status_code == 502 and response.json()["message"] == BUSY
    assert waited < 1.0 + SLACK, f"waited {waited:.2f}s on a 1s budget"
    models = [b["model"] for b in budget_one.bodies("/responses")]
    assert models and len(models) <= 4  # retried within the one budget, not afresh on the fallback


def test_it_falls_back_to_the_fallback_model_when_plan_picks_stays_invalid(alice, openai_on):
    openai_on.enqueue(
        tool_call("decide_mode", {"mode": "B", "reason": "films"}, response_id="r1"),
        tool_call("plan_picks", {"intro": "", "picks": []}, response_id="r2"),
        tool_call("plan_picks", {"intro": "Still bad"}, response_id="r3"),
        tool_call("plan_picks", {"intro": "One:", "picks": [PICK]}, response_id="r4"),
    )
    response, _ = timed_send(api_for(alice), "something tense")
    assert response.status_code == 200, response.content
    assert [p["title"] for p in response.json()["assistant_message"]["picks"]] == ["Se7en"]
    assert [b["model"] for b in openai_on.bodies("/responses")] == ["gpt-5-mini", "gpt-5", "gpt-5", "gpt-5-mini"]
    fallback = [s for s in assistant(response).step_log if s["name"] == "plan_picks.fallback"]
    assert len(fallback) == 1 and fallback[0]["model"] == "gpt-5-mini" and fallback[0]["status"] == "ok"


def test_it_answers_on_the_fallback_model_when_the_main_model_is_unavailable(alice, openai_on):
    openai_on.enqueue(
        tool_call("decide_mode", {"mode": "A", "reason": "a question"}),
        error(503, headers={"retry-after": "30"}),  # no retry fits the budget: unavailable at once
        text("Se7en is by David Fincher."),
    )
    response, _ = timed_send(api_for(alice), "who directed Se7en?")
    assert response.status_code == 200, response.content
    assert response.json()["assistant_message"]["content"] == "Se7en is by David Fincher."
    assert [b["model"] for b in openai_on.bodies("/responses")] == ["gpt-5-mini", "gpt-5", "gpt-5-mini"]
    steps = {s["name"]: s for s in assistant(response).step_log}
    assert steps["answer"]["status"] == "error" and steps["answer.fallback"]["model"] == "gpt-5-mini"


def test_it_skips_a_fallback_that_is_the_same_model(alice, openai_on, settings):
    settings.OPENAI_FALLBACK_MODEL = "gpt-5"
    openai_on.enqueue(
        tool_call("decide_mode", {"mode": "B", "reason": "films"}),
        tool_call("plan_picks", {"intro": "", "picks": []}),
        tool_call("plan_picks", {"intro": "Still bad"}),
    )
    response, _ = timed_send(api_for(alice), "something tense")
    assert response.status_code == 502 and response.json()["code"] == "planning_failed"
    assert [b["model"] for b in openai_on.bodies("/responses")] == ["gpt-5-mini", "gpt-5", "gpt-5"]


def test_it_keeps_the_first_three_picks_of_an_over_long_plan_and_records_the_cut(alice, openai_on):
    openai_on.enqueue(
        tool_call("decide_mode", {"mode": "B", "reason": "films"}),
        tool_call("plan_picks", FIVE),
    )
    response, _ = timed_send(api_for(alice), "five tense films")
    assert response.status_code == 200, response.content
    assert [p["title"] for p in response.json()["assistant_message"]["picks"]] == [
        "Se7en",
        "Fargo",
        "The Silence of the Lambs",
    ]
    assert len(openai_on.bodies("/responses")) == 2  # no re-ask: the plan was usable
    message = assistant(response)
    cuts = message.payload["plan_changes"]
    assert [(c["index"], c["title"], c["change"]) for c in cuts] == [(3, "Ronin", "dropped"), (4, "Alien", "dropped")]
    assert all("more than 3 picks" in c["reason"] for c in cuts)
    assert [p["title"] for p in message.payload["plan"]["picks"]] == ["Se7en", "Fargo", "The Silence of the Lambs"]
    logged = [s for s in message.step_log if s["name"] == "plan_picks.cut"]
    assert [s["args"]["title"] for s in logged] == ["Ronin", "Alien"]


def test_it_keeps_the_first_three_valid_picks_skipping_an_invalid_one(alice, openai_on):
    plan = {"intro": "Four:", "picks": [PICK, {"title": " ", "year": 1996, "reason": "blank"}, *FIVE["picks"][2:]]}
    openai_on.enqueue(tool_call("decide_mode", {"mode": "B", "reason": "films"}), tool_call("plan_picks", plan))
    response, _ = timed_send(api_for(alice), "films")
    assert [p["title"] for p in response.json()["assistant_message"]["picks"]] == [
        "Se7en",
        "The Silence of the Lambs",
        "Ronin",
    ]
    cuts = assistant(response).payload["plan_changes"]
    assert [(c["index"], c["change"]) for c in cuts] == [(1, "dropped"), (4, "dropped")]
    assert "invalid pick" in cuts[0]["reason"] and "title" in cuts[0]["reason"]


@pytest.fixture
def tmdb_on(settings, fake_tmdb):
    settings.TMDB_API_KEY = fake_tmdb.api_key
    settings.TMDB_BASE_URL = fake_tmdb.base_url
    settings.TMDB_IMAGE_BASE_URL = "http://127.0.0.1:9/posters"
    return fake_tmdb


def test_it_drops_a_pick_that_takes_longer_than_the_lookup_budget(alice, scripted, tmdb_on, settings):
    settings.LOOKUP_BUDGET = 1.0  # TMDB_TIMEOUT stays 8 s: one request alone could hold the turn
    tmdb_on.delay_title("Heat", 6.0)
    heat = {"title": "Heat", "year": 1995, "reason": "Pacino vs De Niro."}
    plan = {"intro": "Two:", "picks": [heat, {"title": "Alien", "year": 1979, "reason": "In space."}]}
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "films"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.tool("plan_picks", plan), purpose="plan_picks")
    response, waited = timed_send(api_for(alice), "films")
    assert waited < 1.0 + SLACK, f"waited {waited:.2f}s on a 1s lookup budget"
    body = response.json()["assistant_message"]
    assert body["status"] == "complete" and [p["title"] for p in body["picks"]] == ["Alien"]
    assert [(d["title"], d["reason"]) for d in body["dropped"]] == [("Heat", "took too long to look up")]
