"""Regressions found in review: thread hygiene, list-change parsing, v1 regenerate and greeting."""

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from chatapp.models import Chat, Message
from chatapp.services import api_token_create
from recs.proposals import parse_list_changes
from tests.chatapp.wsutil import communicator, frames_until, greeting, wait_turns_idle
from tests.fakes.openai_server import error, text, tool_call


@pytest.mark.parametrize(
    "words",
    [
        "I watched Alien last night and loved it, recommend something like it",
        "What should I watch? I saw Heat recently",
        "Last week I watched a film about a heist. What else is like that?",
    ],
)
def test_it_never_reads_a_request_for_films_as_a_list_change(words):
    assert parse_list_changes(words, last_picks=[]) == []


@pytest.mark.parametrize("words", ["add Frankenstein 1818 to my watchlist", "i have seen " * 330])
def test_it_skips_impossible_changes_instead_of_crashing(words):
    assert parse_list_changes(words, last_picks=[]) == []


@pytest.mark.django_db(transaction=True)
def test_it_keeps_an_unknown_tool_call_open_so_the_thread_stays_valid(alice, openai_on):
    _token, key = api_token_create(user=alice)
    api = Client(headers={"authorization": f"Bearer {key}"})
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    openai_on.enqueue(
        tool_call("decide_mode", {"mode": "A", "reason": "chat"}, response_id="r1"),
        tool_call("web_search", {"q": "x"}, response_id="r2", call_id="call_unknown"),
        tool_call("decide_mode", {"mode": "A", "reason": "chat"}, response_id="r3"),
        text("Hello.", response_id="r4"),
    )
    api.post(f"/api/chats/{chat_id}/messages", {"text": "hi"}, content_type="application/json")
    assert Chat.objects.get(pk=chat_id).pending_call_ids == ["call_unknown"]
    api.post(f"/api/chats/{chat_id}/messages", {"text": "hi again"}, content_type="application/json")
    opening = openai_on.bodies("/responses")[2]["input"][0]
    assert opening == {"type": "function_call_output", "call_id": "call_unknown", "output": opening["output"]}


@pytest.mark.django_db(transaction=True)
def test_it_restarts_a_thread_the_api_refuses(alice, openai_on):
    chat = Chat.objects.create(owner=alice, last_response_id="resp_broken", pending_call_ids=[])
    _token, key = api_token_create(user=alice)
    api = Client(headers={"authorization": f"Bearer {key}"})
    openai_on.enqueue(
        error(400, {"message": "No tool output found for function call call_x.", "type": "invalid_request_error",
                    "code": None}),
        tool_call("decide_mode", {"mode": "A", "reason": "chat"}, response_id="r1"),
        text("Back on track.", response_id="r2"),
    )
    body = api.post(f"/api/chats/{chat.pk}/messages", {"text": "hi"}, content_type="application/json").json()
    assert body["assistant_message"]["content"] == "Back on track."
    assert openai_on.bodies("/responses")[1].get("previous_response_id") is None


@pytest.mark.django_db(transaction=True)
async def test_it_blocks_the_replaced_picks_when_regenerating_a_v1_turn(alice, settings):
    settings.CHAT_API_VERSION = "v1"
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "a tense 90s thriller"})
    await frames_until(comm, 'id="send-button"')
    before = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    await comm.send_json_to({"action": "regenerate"})
    await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
    after = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    old = {p["id"] for p in before.payload["picks"]}
    new = {p["id"] for p in after.payload["picks"]}
    assert old and new and not (old & new)


@pytest.mark.django_db(transaction=True)
async def test_it_greets_with_picks_on_v1_too(alice, settings):
    settings.CHAT_API_VERSION = "v1"
    settings.AUTOSTART_RECOMMENDATIONS = True
    message = await greeting(alice)
    assert message.status == "complete" and len(message.payload["picks"]) == 3


@pytest.mark.django_db(transaction=True)
async def test_it_replays_history_when_a_greeting_meets_an_expired_thread(alice, openai_on, settings):
    settings.AUTOSTART_RECOMMENDATIONS = True
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    plan = {"intro": "Hello! Three:", "picks": [{"title": "Fargo", "year": 1996, "reason": "r"}]}
    openai_on.enqueue(tool_call("plan_picks", plan, response_id="g1", call_id="call_g1"))
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await frames_until(comm, "msg assistant status-complete")
    await wait_turns_idle()
    await database_sync_to_async(Chat.objects.filter(pk=chat.pk).update)(last_response_id="gone")
    openai_on.enqueue(
        error(404, {"message": "Previous response not found.", "type": "invalid_request_error",
                    "code": "previous_response_not_found"}),
        tool_call("plan_picks", {**plan, "picks": [{"title": "Se7en", "year": 1995, "reason": "r"}]}, response_id="g2"),
    )
    await comm.send_json_to({"action": "regenerate"})
    await frames_until(comm, "msg assistant status-complete")
    await comm.disconnect()
    greeting = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    assert greeting.status == "complete" and [p["title"] for p in greeting.payload["picks"]] == ["Se7en"]


@pytest.mark.django_db(transaction=True)
async def test_it_lets_stop_close_an_answer_no_process_is_running(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    await database_sync_to_async(Message.objects.create)(chat=chat, role="user", turn_key="k", content="hi")
    await database_sync_to_async(Message.objects.create)(chat=chat, role="assistant", turn_key="k", status="streaming")
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    assert 'id="stop-button"' in await comm.receive_from()
    await comm.send_json_to({"action": "stop"})
    frame = await comm.receive_from()
    await comm.disconnect()
    assert "Stopped." in frame and 'id="send-button"' in frame
    message = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    assert message.status == "stopped"


@pytest.mark.django_db(transaction=True)
async def test_it_stores_stopped_when_stop_lands_before_the_first_step(alice, scripted):
    from chatapp import turns

    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    _turn, task = await turns.begin(user=alice, chat_id=chat.pk, text="hi")
    assert turns.stop(chat.pk)
    await wait_turns_idle()
    import asyncio

    for _ in range(50):  # the done-callback stores the result on the next loop turns
        message = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
        if message.status == "stopped":
            break
        await asyncio.sleep(0.02)
    assert message.status == "stopped"


@pytest.mark.django_db(transaction=True)
async def test_it_shows_turns_that_happened_while_the_page_was_away(alice, scripted):
    from chatapp.planner.testing import ScriptedBackend

    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Answered while you were away."), purpose="movies.answer")
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    from chatapp import turns

    _turn, task = await turns.begin(user=alice, chat_id=chat.pk, text="hello from the API")
    await task
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    sync = await comm.receive_from()
    await comm.disconnect()
    assert 'id="messages"' in sync and "hello from the API" in sync and "Answered while you were away." in sync


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_to_regenerate_an_image_turn(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice, kind="images")
    await database_sync_to_async(Message.objects.create)(chat=chat, role="user", turn_key="k", content="warmer")
    await database_sync_to_async(Message.objects.create)(chat=chat, role="assistant", turn_key="k", status="complete")
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "regenerate"})
    frame = await comm.receive_from()
    await comm.disconnect()
    assert "Only movie answers can be regenerated" in frame


@pytest.mark.django_db
def test_it_refuses_to_decide_a_proposal_while_its_turn_is_still_finishing(alice):
    from chatapp.errors import TurnInProgress
    from recs.proposal_services import proposal_decide

    chat = Chat.objects.create(owner=alice)
    Message.objects.create(chat=chat, role="assistant", turn_key="t", status="streaming",
                           payload={"proposal": {"state": "pending", "rows": []}})
    with pytest.raises(TurnInProgress):
        proposal_decide(user=alice, chat_id=chat.pk, turn_key="t", decision="apply", selected=[])


@pytest.mark.django_db
def test_it_lists_chats_in_a_constant_number_of_queries(alice, django_assert_max_num_queries):
    for kind in ("movies", "images", "images", "images"):
        Chat.objects.create(owner=alice, kind=kind)
    client = Client()
    client.force_login(alice)
    with django_assert_max_num_queries(6):
        assert client.get("/").status_code == 200
