"""The v2 turn through the real openai SDK against a local fake of the Responses API."""

import json

import pytest
from django.test import Client

from chatapp import llm
from chatapp.models import Chat
from chatapp.services import api_token_create
from recs.models import Recommendation
from tests.fakes import openai_server
from tests.fakes.openai_server import error, hang, text, tool_call

fake_openai = openai_server.fake_openai
pytestmark = pytest.mark.django_db(transaction=True)

PLAN = {
    "intro": "Two tense ones:",
    "picks": [
        {"title": "Se7en", "year": 1995, "reason": "Relentless."},
        {"title": "Fargo", "year": 1996, "reason": "Snowbound."},
    ],
}


def api_for(user) -> Client:
    _token, key = api_token_create(user=user)
    return Client(headers={"authorization": f"Bearer {key}"})


def send(api, chat_id, words):
    return api.post(f"/api/chats/{chat_id}/messages", {"text": words}, content_type="application/json")


def test_it_runs_decide_then_plan_with_strict_forced_tools_and_threads_the_next_turn(alice, openai_on):
    fake = openai_on
    fake.enqueue(
        tool_call("decide_mode", {"mode": "B", "reason": "wants films"}, response_id="resp_1", call_id="call_d1"),
        tool_call("plan_picks", PLAN, response_id="resp_2", call_id="call_p1"),
    )
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    body = send(api, chat_id, "something tense").json()
    msg = body["assistant_message"]
    assert msg["planner_source"] == "openai" and [p["title"] for p in msg["picks"]] == ["Se7en", "Fargo"]

    decide, plan = fake.bodies("/responses")
    assert decide["model"] == "gpt-5-mini" and plan["model"] == "gpt-5"
    for req, name in ((decide, "decide_mode"), (plan, "plan_picks")):
        assert req["tool_choice"] == {"type": "function", "name": name}
        assert req["parallel_tool_calls"] is False
        [tool] = req["tools"]
        assert tool["strict"] is True and tool["parameters"]["additionalProperties"] is False
    assert "previous_response_id" not in decide or decide["previous_response_id"] is None
    assert plan["previous_response_id"] == "resp_1"
    assert plan["input"][0] == {
        "type": "function_call_output",
        "call_id": "call_d1",
        "output": '{"mode": "B", "ok": true}',
    }
    assert "blocked" in plan["input"][-1]["content"][0]["text"]  # the compact planning input

    chat = Chat.objects.get(pk=chat_id)
    assert (chat.last_response_id, chat.pending_call_ids) == ("resp_2", ["call_p1"])

    # Next turn: previous_response_id continues the thread and the open plan_picks call is answered.
    fake.enqueue(
        tool_call("decide_mode", {"mode": "A", "reason": "a question"}, response_id="resp_3"),
        text("Se7en is by David Fincher.", response_id="resp_4"),
    )
    answer = send(api, chat_id, "who directed the first one?").json()["assistant_message"]
    assert answer["content"] == "Se7en is by David Fincher." and answer["mode"] == "A"
    decide2 = fake.bodies("/responses")[2]
    assert decide2["previous_response_id"] == "resp_2"
    opening = decide2["input"][0]
    assert opening["type"] == "function_call_output" and opening["call_id"] == "call_p1"
    assert "Se7en" in opening["output"] and "Fargo" in opening["output"]
    assert fake.bodies("/responses")[3]["stream"] is True
    chat.refresh_from_db()
    assert (chat.last_response_id, chat.pending_call_ids) == ("resp_4", [])


def test_it_replays_recent_history_when_the_thread_has_expired(alice, openai_on):
    chat = Chat.objects.create(owner=alice, last_response_id="resp_gone", pending_call_ids=["call_old"])
    openai_on.enqueue(
        error(
            400,
            {
                "message": "Previous response with id 'resp_gone' not found.",
                "type": "invalid_request_error",
                "param": "previous_response_id",
                "code": "previous_response_not_found",
            },
        ),
        tool_call("decide_mode", {"mode": "A", "reason": "chat"}, response_id="resp_new"),
        text("Hello again!", response_id="resp_new2"),
    )
    msg = send(api_for(alice), chat.pk, "hi").json()["assistant_message"]
    assert msg["status"] == "complete" and msg["content"] == "Hello again!"
    retry = openai_on.bodies("/responses")[1]
    assert retry.get("previous_response_id") is None
    assert retry["input"][-1]["content"][0]["text"] == "hi"
    steps = [s["name"] for s in Chat.objects.get(pk=chat.pk).messages.get(role="assistant").step_log]
    assert "thread.reset" in steps


def test_it_reasks_once_when_arguments_are_invalid_json(alice, openai_on):
    openai_on.enqueue(
        tool_call("decide_mode", '{"mode": "B", "reason": ', response_id="resp_1", call_id="call_bad"),
        tool_call("decide_mode", {"mode": "B", "reason": "films"}, response_id="resp_2"),
        tool_call("plan_picks", PLAN, response_id="resp_3"),
    )
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    assert send(api, chat_id, "films please").json()["assistant_message"]["status"] == "complete"
    reask = openai_on.bodies("/responses")[1]
    assert reask["previous_response_id"] == "resp_1"
    assert reask["input"][0]["call_id"] == "call_bad" and "Invalid arguments" in reask["input"][0]["output"]


def test_it_falls_back_to_the_main_model_when_decide_mode_keeps_failing(alice, openai_on):
    openai_on.enqueue(
        text("I think you want films."),  # text where a tool call was required
        text("Still no tool call."),
        tool_call("decide_mode", {"mode": "A", "reason": "chat"}),
        text("Sure."),
    )
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    assert send(api, chat_id, "hello").json()["assistant_message"]["content"] == "Sure."
    models = [b["model"] for b in openai_on.bodies("/responses")]
    assert models == ["gpt-5-mini", "gpt-5-mini", "gpt-5", "gpt-5"]


def test_it_drops_a_planned_pick_that_is_on_the_blocked_list(alice, openai_on):
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    openai_on.enqueue(
        tool_call("decide_mode", {"mode": "B", "reason": "films"}, response_id="r1"),
        tool_call("plan_picks", {"intro": "One:", "picks": [PLAN["picks"][0]]}, response_id="r2"),
        tool_call("decide_mode", {"mode": "B", "reason": "films"}, response_id="r3"),
        tool_call("plan_picks", PLAN, response_id="r4"),
    )
    send(api, chat_id, "one film")
    second = send(api, chat_id, "more").json()["assistant_message"]
    assert [p["title"] for p in second["picks"]] == ["Fargo"]
    assert second["dropped"][0]["title"] == "Se7en" and "blocked" in second["dropped"][0]["reason"]
    plan_input = openai_on.bodies("/responses")[3]["input"][-1]["content"][0]["text"]
    assert '"title":"Se7en"' in plan_input  # the planner was told
    assert Recommendation.objects.filter(chat_id=chat_id).count() == 2


def test_it_tells_the_user_in_plain_words_when_openai_keeps_failing(alice, openai_on):
    openai_on.enqueue(*[error(500) for _ in range(10)])
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    response = send(api, chat_id, "hello")
    assert response.status_code == 502
    assert response.json()["code"] == "upstream_unavailable"
    assert "try again" in response.json()["message"].lower()
    assert "sk-test" not in response.content.decode()


def test_it_survives_a_timeout_then_answers(alice, openai_on, settings):
    settings.PLANNER_RETRY_BUDGET = 5.0
    settings.OPENAI_TIMEOUT = 0.5
    llm.reset_caches()
    openai_on.enqueue(hang(1.5), tool_call("decide_mode", {"mode": "A", "reason": "chat"}), text("Hi!"))
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    assert send(api, chat_id, "hi").json()["assistant_message"]["content"] == "Hi!"


def test_it_answers_the_open_call_with_the_turn_that_made_it_even_after_a_stopped_turn(alice, openai_on):
    openai_on.enqueue(
        tool_call("decide_mode", {"mode": "B", "reason": "wants films"}, response_id="resp_1"),
        tool_call("plan_picks", PLAN, response_id="resp_2", call_id="call_p1"),
    )
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    send(api, chat_id, "something tense")
    # A later turn stopped before the model answered: it leaves a stopped row and the thread untouched.
    chat = Chat.objects.get(pk=chat_id)
    chat.messages.create(role="user", turn_key="t-stopped", content="more")
    chat.messages.create(role="assistant", turn_key="t-stopped", status="stopped", content="")
    openai_on.enqueue(
        tool_call("decide_mode", {"mode": "A", "reason": "a question"}, response_id="resp_3"),
        text("Both are from the 90s.", response_id="resp_4"),
    )
    send(api, chat_id, "when were they made?")
    opening = openai_on.bodies("/responses")[2]["input"][0]
    assert opening["call_id"] == "call_p1"
    summary = json.loads(opening["output"])
    assert [s["title"] for s in summary["shown"]] == ["Se7en", "Fargo"] and summary["status"] == "complete"


def test_it_gives_the_model_the_users_lists_when_a_question_names_them(alice, bob, openai_on):
    from recs.services.lists import list_add
    from recs.sources.movies import Movie

    list_add(
        user=alice, list_name="watchlist", movie=Movie(source="catalogue", id="heat-1995", title="Heat", year=1995)
    )
    list_add(
        user=bob, list_name="watchlist", movie=Movie(source="catalogue", id="alien-1979", title="Alien", year=1979)
    )
    openai_on.enqueue(
        tool_call("decide_mode", {"mode": "A", "reason": "asks about lists"}, response_id="r1"),
        text("Heat is on it.", response_id="r2"),
        tool_call("decide_mode", {"mode": "A", "reason": "asks about a film"}, response_id="r3"),
        text("Michael Mann.", response_id="r4"),
    )
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    assert send(api, chat_id, "what's on my watchlist?").json()["assistant_message"]["content"] == "Heat is on it."
    send(api, chat_id, "who directed heat?")
    asked, other = (openai_on.bodies("/responses")[i]["input"] for i in (1, 3))
    [given] = [item["content"][0]["text"] for item in asked if "own lists" in json.dumps(item)]
    lists = json.loads(given.split(": ", 1)[1])
    assert lists["watchlist"] == {"count": 1, "newest_first": [{"title": "Heat", "year": 1995}]}
    assert "Alien" not in given  # bob's list stays bob's
    assert "own lists" not in json.dumps(other)  # a question not about the lists is not sent them
