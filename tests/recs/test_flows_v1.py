"""The v1 legacy flow (Chat Completions + search_movies) and the CHAT_API_VERSION rollback switch."""

import json

import pytest
from django.test import Client

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from chatapp.planner.backends.base import FunctionCallItem, FunctionCallOutput
from chatapp.planner.testing import ScriptedBackend
from chatapp.services import api_token_create
from recs.flows.v1 import parse_pick_lines, without_lines
from recs.models import Recommendation
from tests.fakes import openai_server
from tests.fakes.openai_server import text, tool_call
from tests.support.ws import communicator, frames_until

fake_openai = openai_server.fake_openai
pytestmark = pytest.mark.django_db(transaction=True)

ANSWER = (
    "Three tense ones:\n\n"
    "- **Se7en** (1995) — Grim and relentless.\n"
    "- **Fargo** (1996) — Snowbound tension.\n"
    "- **Ronin** (1998) — Car chases in Paris."
)
V2_PLAN = {
    "intro": "Two tense ones:",
    "picks": [
        {"title": "Se7en", "year": 1995, "reason": "Relentless."},
        {"title": "Fargo", "year": 1996, "reason": "Snowbound."},
    ],
}
LABELS = {"t_read_blocked", "t_read_profile", "t_plan_picks", "t_lookups_total", "t_db_writes", "t_total"}


@pytest.fixture
def v1(settings):
    settings.CHAT_API_VERSION = "v1"


def api_for(user) -> Client:
    _token, key = api_token_create(user=user)
    return Client(headers={"authorization": f"Bearer {key}"})


def new_chat(api) -> int:
    return api.post("/api/chats", {}, content_type="application/json").json()["id"]


def send(api, chat_id, words) -> dict:
    response = api.post(f"/api/chats/{chat_id}/messages", {"text": words}, content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()["assistant_message"]


def search(query, year=None):
    return ScriptedBackend.tool("search_movies", {"query": query, "year": year})


def titles(message) -> list[str]:
    return [p["title"] for p in message["picks"]]


def test_it_parses_pick_lines_and_leaves_prose_and_facts_alone():
    answer = (
        "Try these:\n"
        "- **Se7en** (1995) — Grim.\n"
        "1. **Fargo (1996)** – Snowbound.\n"
        "**Alien** (1979) - In space.\n"
        "**Heat** (1995): IMDB 8.2 — a fact, not a pick\n"
        "I loved **Ronin** (1998) too.\n"
        "* **The Matrix** (1999) — A fourth one."
    )
    picks, extra = parse_pick_lines(answer)
    assert [(n, p.title, p.year, p.reason) for n, p in picks] == [
        (1, "Se7en", 1995, "Grim."),
        (2, "Fargo", 1996, "Snowbound."),
        (3, "Alien", 1979, "In space."),
    ]
    assert [(n, p.title) for n, p in extra] == [(6, "The Matrix")]
    assert without_lines(answer, [2, 6]).splitlines() == [answer.splitlines()[i] for i in (0, 1, 3, 4, 5)]


def test_it_searches_then_streams_the_answer_and_shows_the_named_picks(alice, scripted, v1):
    scripted.add(search("se7en", 1995), ScriptedBackend.text(ANSWER), purpose="movies.v1")
    api = api_for(alice)
    chat_id = new_chat(api)
    msg = send(api, chat_id, "a tense 90s thriller")
    assert msg["status"] == "complete" and msg["flow"] == "v1" and msg["mode"] == "B"
    assert titles(msg) == ["Se7en", "Fargo", "Ronin"] and msg["dropped"] == []
    assert msg["content"] == ANSWER  # nothing dropped: the answer is stored as streamed
    assert LABELS <= set(msg["timings"])

    first, second = scripted.requests
    assert [t.name for t in first.tools] == ["search_movies"] and first.tool_choice is None
    assert first.previous_response_id is None and first.purpose == "movies.v1"
    assert "Planning input" in first.instructions
    call, output = second.input[-2:]
    assert isinstance(call, FunctionCallItem) and isinstance(output, FunctionCallOutput)
    assert output.call_id == call.call_id
    results = json.loads(output.output)["results"]
    assert results[0] == {"id": "se7en-1995", "title": "Se7en", "year": 1995, "genres": ["Thriller/Suspense"]}
    assert all(set(r) <= {"id", "title", "year", "genres", "blocked"} for r in results)  # never full payloads

    chat = Chat.objects.get(pk=chat_id)
    assert chat.flow == "v1" and Recommendation.objects.filter(chat=chat).count() == 3
    steps = [s["name"] for s in chat.messages.get(role="assistant").step_log]
    assert steps.count("v1.chat") == 2 and "search_movies" in steps


def test_it_runs_on_chat_completions_through_the_sdk_with_full_history(alice, openai_on, v1):
    fake = openai_on
    fake.enqueue(
        text("Hello! Ask me for films.", response_id="chatcmpl-1"),
        tool_call("search_movies", {"query": "fargo", "year": None}, call_id="call_s1"),
        text(ANSWER, chunks=6),
    )
    api = api_for(alice)
    chat_id = new_chat(api)
    assert send(api, chat_id, "hi")["content"] == "Hello! Ask me for films."
    msg = send(api, chat_id, "now something tense")
    assert msg["planner_source"] == "openai-chat" and titles(msg) == ["Se7en", "Fargo", "Ronin"]
    assert fake.bodies("/responses") == []

    _hello, first, second = fake.bodies("/chat/completions")
    for body in (first, second):
        assert body["stream"] is True and "previous_response_id" not in body
        assert body.get("tool_choice", "auto") == "auto"
        [tool] = body["tools"]
        assert tool["function"]["name"] == "search_movies" and tool["function"]["strict"] is True
        assert tool["function"]["parameters"]["additionalProperties"] is False
    roles = [(m["role"], m.get("content")) for m in first["messages"]]
    assert roles[0][0] == "system" and '"blocked":[]' in roles[0][1]
    assert roles[1:] == [("user", "hi"), ("assistant", "Hello! Ask me for films."), ("user", "now something tense")]
    assistant_call, tool_message = second["messages"][-2:]
    assert assistant_call["tool_calls"][0]["id"] == "call_s1"
    assert tool_message["role"] == "tool" and tool_message["tool_call_id"] == "call_s1"
    assert json.loads(tool_message["content"])["results"][0]["title"] == "Fargo"


def test_it_sends_every_earlier_message_of_a_long_chat_uncut(alice, openai_on, v1):
    """Issue #3 §6: v1 resends the full history from the database, not a recent window."""
    fake = openai_on
    api = api_for(alice)
    chat_id = new_chat(api)
    opening = "The very first thing I said: " + "I love slow-burning thrillers. " * 60  # > 1200 chars
    earlier = [("user", opening), ("assistant", "Noted.")]
    earlier += [(role, f"{role} message {n}") for n in range(1, 7) for role in ("user", "assistant")]
    for n, (role, words) in enumerate(earlier):
        Message.objects.create(chat_id=chat_id, role=role, turn_key=f"old-{n // 2}", content=words, flow="v1")
    assert len(earlier) > 10
    fake.enqueue(text("Here is one answer."))
    send(api, chat_id, "and now?")

    [body] = fake.bodies("/chat/completions")
    sent = [(m["role"], m["content"]) for m in body["messages"][1:]]
    assert sent == [*earlier, ("user", "and now?")]
    assert sent[0][1] == opening  # the first message reaches the request, whole


def test_it_never_shows_a_blocked_film_named_in_the_answer(alice, scripted, v1):
    first = "One for now:\n\n- **Fargo** (1996) — Snowbound."
    second = (
        "More:\n\n"
        "- **Fargo** (1996) — Again.\n"
        "- **Se7en** (1995) — Grim.\n"
        "- **Completely Invented Film** (2001) — Made up.\n"
        "Enjoy!"
    )
    scripted.add(ScriptedBackend.text(first), ScriptedBackend.text(second), purpose="movies.v1")
    api = api_for(alice)
    chat_id = new_chat(api)
    assert titles(send(api, chat_id, "one film")) == ["Fargo"]
    msg = send(api, chat_id, "more films")
    assert titles(msg) == ["Se7en"]
    reasons = {d["title"]: d["reason"] for d in msg["dropped"]}
    assert "blocked" in reasons["Fargo"] and "not found" in reasons["Completely Invented Film"]
    assert msg["content"] == "More:\n\n- **Se7en** (1995) — Grim.\nEnjoy!"  # the dropped lines are gone
    assert '"title":"Fargo"' in scripted.requests[-1].instructions  # the model was told, too
    assert Recommendation.objects.filter(chat_id=chat_id).count() == 2


def test_it_gives_three_real_picks_offline_with_the_rule_backend(alice, v1):
    api = api_for(alice)
    chat_id = new_chat(api)
    msg = send(api, chat_id, "a tense 90s thriller, nothing with Tom Cruise")
    assert msg["planner_source"] == "rules" and msg["flow"] == "v1" and msg["mode"] == "B"
    assert len(msg["picks"]) == 3 and msg["dropped"] == []
    assert all(p["source"] == "catalogue" and 1990 <= p["year"] <= 1999 for p in msg["picks"])
    assert all(f"**{p['title']}** ({p['year']})" in msg["content"] for p in msg["picks"])
    steps = [s["name"] for s in Message.objects.get(chat_id=chat_id, role="assistant").step_log]
    assert steps.count("v1.chat") == 2 and "search_movies" in steps  # it searched before answering

    again = send(api, chat_id, "more like that")
    assert len(again["picks"]) == 3 and not set(titles(again)) & set(titles(msg))
    answer = send(api, chat_id, "who directed Fargo?")
    assert answer["mode"] == "A" and answer["picks"] == [] and "Joel Coen" in answer["content"]


def test_it_answers_bad_search_arguments_with_the_error_and_bounds_the_rounds(alice, scripted, v1):
    scripted.add(
        ScriptedBackend.tool("search_movies", '{"query": ""}'),
        ScriptedBackend.tool("delete_everything", {}),
        search("alien"),
        search("alien again"),
        purpose="movies.v1",
    )
    api = api_for(alice)
    response = api.post(f"/api/chats/{new_chat(api)}/messages", {"text": "films"}, content_type="application/json")
    assert response.status_code == 502 and response.json()["code"] == "planning_failed"
    outputs = [json.loads(i.output) for i in scripted.requests[-1].input if isinstance(i, FunctionCallOutput)]
    assert "Invalid arguments: query" in outputs[0]["error"]
    assert "unknown tool 'delete_everything'" in outputs[1]["error"]
    assert "Search limit reached" in outputs[2]["note"]
    assert len(scripted.requests) == 4  # three rounds of searches, then one call that had to answer


def test_it_sends_the_final_round_without_tools_so_the_model_must_answer(alice, openai_on, v1):
    openai_on.enqueue(
        tool_call("search_movies", {"query": "se7en", "year": None}),
        tool_call("search_movies", {"query": "fargo", "year": None}),
        tool_call("search_movies", {"query": "ronin", "year": None}),
        text(ANSWER),
    )
    api = api_for(alice)
    msg = send(api, new_chat(api), "three tense films")
    assert msg["status"] == "complete" and titles(msg) == ["Se7en", "Fargo", "Ronin"]
    *rounds, final = openai_on.bodies("/chat/completions")
    assert len(rounds) == 3 and all(body["tools"][0]["function"]["name"] == "search_movies" for body in rounds)
    assert "tools" not in final and "tool_choice" not in final  # nothing left to call: it has to answer


def test_it_rolls_back_to_v1_and_forward_to_v2_in_the_same_chat(alice, openai_on, settings):
    fake = openai_on
    api = api_for(alice)
    chat_id = new_chat(api)

    # 1. v2 (the default): Responses API, threaded.
    fake.enqueue(
        tool_call("decide_mode", {"mode": "B", "reason": "films"}, response_id="resp_1"),
        tool_call("plan_picks", V2_PLAN, response_id="resp_2", call_id="call_p1"),
    )
    assert titles(send(api, chat_id, "two tense films")) == ["Se7en", "Fargo"]
    chat = Chat.objects.get(pk=chat_id)
    assert (chat.flow, chat.last_response_id, chat.pending_call_ids) == ("v2", "resp_2", ["call_p1"])

    # 2. Roll back: the same chat's next turn runs v1 on Chat Completions and honours v2's picks.
    settings.CHAT_API_VERSION = "v1"
    fake.enqueue(
        tool_call("search_movies", {"query": "ronin", "year": 1998}),
        text("Two more:\n\n- **Se7en** (1995) — Again.\n- **Ronin** (1998) — Paris."),
    )
    msg = send(api, chat_id, "more please")
    assert msg["flow"] == "v1" and titles(msg) == ["Ronin"]
    assert msg["dropped"][0]["title"] == "Se7en" and "blocked" in msg["dropped"][0]["reason"]
    first_v1 = fake.bodies("/chat/completions")[0]
    assert "previous_response_id" not in first_v1
    assert [m["role"] for m in first_v1["messages"]] == ["system", "user", "assistant", "user"]
    assert "Recommended: Se7en (1995), Fargo (1996)" in first_v1["messages"][2]["content"]
    chat.refresh_from_db()
    assert (chat.flow, chat.last_response_id, chat.pending_call_ids) == ("v1", "", [])

    # 3. Forward again: v2 starts a fresh Responses thread (no stale id, no stale open call).
    settings.CHAT_API_VERSION = "v2"
    fake.enqueue(
        tool_call("decide_mode", {"mode": "B", "reason": "films"}, response_id="resp_3"),
        tool_call(
            "plan_picks",
            {
                "intro": "Two:",
                "picks": [
                    {"title": "Ronin", "year": 1998, "reason": "r"},
                    {"title": "Alien", "year": 1979, "reason": "r"},
                ],
            },
            response_id="resp_4",
            call_id="call_p2",
        ),
    )
    msg = send(api, chat_id, "and another")
    assert msg["flow"] == "v2" and titles(msg) == ["Alien"] and "blocked" in msg["dropped"][0]["reason"]
    decide, plan = fake.bodies("/responses")[2:]
    assert decide.get("previous_response_id") is None and plan["previous_response_id"] == "resp_3"
    assert not any(i.get("type") == "function_call_output" for i in decide["input"])
    replayed = [i["content"][0]["text"] for i in decide["input"] if i.get("role") == "user"]
    assert replayed == ["two tense films", "more please", "and another"]  # compact history seeds it
    assert '"title":"Ronin"' in plan["input"][-1]["content"][0]["text"]
    chat.refresh_from_db()
    assert (chat.flow, chat.last_response_id, chat.pending_call_ids) == ("v2", "resp_4", ["call_p2"])

    flows = list(chat.messages.order_by("created_at", "id").values_list("role", "flow", "status"))
    assert flows == [(role, flow, "complete") for flow in ("v2", "v1", "v2") for role in ("user", "assistant")]
    shown = set(Recommendation.objects.filter(chat=chat).values_list("title", flat=True))
    assert shown == {"Se7en", "Fargo", "Ronin", "Alien"}


def test_it_lets_the_per_chat_override_win_over_the_setting(alice, settings):
    api = api_for(alice)
    pinned, follows = new_chat(api), new_chat(api)
    Chat.objects.filter(pk=pinned).update(flow_override="v1")
    assert send(api, pinned, "hello")["flow"] == "v1"
    assert send(api, follows, "hello")["flow"] == "v2"
    settings.CHAT_API_VERSION = "v1"
    Chat.objects.filter(pk=pinned).update(flow_override="v2")
    assert send(api, pinned, "hello")["flow"] == "v2"
    assert send(api, follows, "hello")["flow"] == "v1"


async def test_it_streams_v1_text_deltas_and_pick_cards_like_v2(alice, scripted, v1):
    more = "More:\n- **Alien** (1979) — Space.\n- **Se7en** (1995) — Again.\n- **The Matrix** (1999) — Bullets."
    scripted.add(search("se7en"), ScriptedBackend.text(ANSWER), ScriptedBackend.text(more), purpose="movies.v1")
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "a tense 90s thriller"})
    frames = await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
    deltas = [f for f in frames if 'hx-swap-oob="beforeend"' in f and "text-" in f]
    assert len(deltas) >= 3
    slots = [f for f in frames if 'class="pick slot"' in f]
    resolved = [f for f in frames if "card-pick" in f and 'hx-swap-oob="outerHTML" class="pick' in f]
    assert slots and len(resolved) == 3  # a slot per pick, then each card on its own frame
    assert "<strong>Se7en</strong>" in frames[-1]  # the finished message, rendered as Markdown

    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    await comm.connect()
    assert (await comm.receive_json_from())["type"] == "sync"
    await comm.send_json_to({"action": "send", "text": "more like that"})
    types = []
    while not types or types[-1] != "turn.ended":
        types.append(json.loads(await comm.receive_from(timeout=10))["type"])
    await comm.disconnect()
    assert "text.delta" in types and types.count("pick.resolved") == 2 and types.count("pick.dropped") == 1


def test_it_shares_one_planning_deadline_across_every_round_of_the_turn(alice, scripted, v1, settings):
    settings.PLANNER_RETRY_BUDGET = 7.0
    scripted.add(search("se7en", 1995), ScriptedBackend.text(ANSWER), purpose="movies.v1")
    api = api_for(alice)
    send(api, new_chat(api), "a tense 90s thriller")
    first, second = scripted.requests
    # The user waits PLANNER_RETRY_BUDGET for the whole turn, not per round (as in v2).
    assert first.deadline is not None and first.deadline is second.deadline
    assert first.deadline.budget == 7.0
