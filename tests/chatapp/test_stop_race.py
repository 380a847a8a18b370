"""Stop when there is nothing (left) to stop: a clear refusal, and the answer ends one way everywhere.

An answer ends `complete` or `stopped`, the same in the database, the socket's events and the API, never
both, and never `complete` after a Stop was accepted. The race with the last event is made exact on
PostgreSQL: the turn is held at the moment it stores its end (its planner calls' INSERT waits on a table
lock this test holds), and the Stop lands there.
"""

import asyncio
import json

import pytest
from django.db import connection

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from chatapp.planner.testing import ScriptedBackend
from tests.fakes.openai_server import text, tool_call
from tests.support.api import async_api_for
from tests.support.faults import pg_dsn
from tests.support.ws import communicator, gated_mode_a, wait_turns_idle

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def openai(openai_on, settings):
    # These tests order events, not time: a loaded machine must not turn the fake's replies into timeouts.
    settings.PLANNER_RETRY_BUDGET = 30.0
    return openai_on


async def _json_socket(user, chat_id: int):
    comm = await communicator(user, f"/ws/api/chats/{chat_id}/")
    connected, _ = await comm.connect()
    assert connected
    assert (await comm.receive_json_from())["type"] == "sync"
    return comm


async def _events_until_ended(comm, timeout: float = 20.0) -> list[dict]:
    events = []
    while not events or events[-1]["type"] != "turn.ended":
        events.append(await comm.receive_json_from(timeout=timeout))
    return events


def _ends(events: list[dict]) -> list[str]:
    return [e["status"] for e in events if e["type"] == "turn.ended"]


async def _stored(message_id: int) -> tuple[str, str]:
    message = await database_sync_to_async(Message.objects.get)(pk=message_id)
    return message.status, message.content


async def _api_status(client, chat_id: int, message_id: int) -> str:
    detail = (await client.get(f"/api/chats/{chat_id}")).json()
    return next(m["status"] for m in detail["messages"] if m["id"] == message_id)


async def test_it_refuses_a_stop_for_an_answer_that_already_ended_and_changes_nothing(alice, openai):
    openai.enqueue(tool_call("decide_mode", {"mode": "A", "reason": "a question"}), text("The Coen brothers."))
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await _json_socket(alice, chat.pk)
    await comm.send_json_to({"action": "send", "text": "who directed Fargo?"})
    events = await _events_until_ended(comm)
    answer = events[-1]["assistant_message"]
    assert _ends(events) == ["complete"]
    before = await database_sync_to_async(Message.objects.get)(pk=answer["id"])

    await comm.send_json_to({"action": "stop"})
    refusal = await comm.receive_json_from()
    assert (refusal["type"], refusal["code"]) == ("turn.refused", "no_turn")
    assert "nothing" in refusal["message"] or "no answer" in refusal["message"]
    client = await async_api_for(alice)
    response = await client.post(f"/api/chats/{chat.pk}/stop")
    assert response.status_code == 409 and response.json()["code"] == "no_turn"

    assert await comm.receive_nothing(timeout=0.3)  # no event: nothing changed for any open page
    await comm.disconnect()
    after = await database_sync_to_async(Message.objects.get)(pk=answer["id"])
    assert (after.status, after.content, after.updated_at) == ("complete", before.content, before.updated_at)
    assert await _api_status(client, chat.pk, answer["id"]) == "complete"


async def test_it_ends_an_answer_stopped_everywhere_once_a_stop_is_accepted(alice, scripted):
    gate = gated_mode_a(scripted)  # the answer is held in its planner call until the Stop is in
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await _json_socket(alice, chat.pk)
    await comm.send_json_to({"action": "send", "text": "hi"})
    assert (await comm.receive_json_from())["type"] == "message.accepted"
    started = await comm.receive_json_from()
    assert started["type"] == "turn.started"
    await comm.send_json_to({"action": "stop"})  # accepted: no refusal comes back
    gate.set()  # the planner's reply arrives after the Stop: too late to complete the answer
    events = await _events_until_ended(comm)
    await wait_turns_idle()
    assert not [e for e in events if e["type"] == "turn.refused"]
    assert _ends(events) == ["stopped"] and events[-1]["assistant_message"]["status"] == "stopped"
    assert await comm.receive_nothing(timeout=0.3)  # and no second end
    await comm.disconnect()
    message_id = started["assistant_message_id"]
    assert (await _stored(message_id))[0] == "stopped"
    assert await _api_status(await async_api_for(alice), chat.pk, message_id) == "stopped"


async def test_it_ends_an_answer_stopped_even_when_an_await_in_its_flow_loses_the_cancel(alice, scripted):
    asked = asyncio.Event()
    gate = asyncio.Event()

    async def answer_losing_the_cancel(request):
        asked.set()
        try:
            await gate.wait()
        except asyncio.CancelledError:
            pass  # what an await can do (Python 3.11's wait_for racing its inner call): the flow goes on
        return ScriptedBackend.text("Hello!")

    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat"}), purpose="decide_mode")
    scripted.add(answer_losing_the_cancel, purpose="movies.answer")
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await _json_socket(alice, chat.pk)
    await comm.send_json_to({"action": "send", "text": "hi"})
    assert (await comm.receive_json_from())["type"] == "message.accepted"
    started = await comm.receive_json_from()
    await asyncio.wait_for(asked.wait(), 20)  # the turn waits in its answer's call
    await comm.send_json_to({"action": "stop"})
    events = await _events_until_ended(comm)
    await wait_turns_idle()
    assert not [e for e in events if e["type"] == "turn.refused"]
    assert _ends(events) == ["stopped"]
    await comm.disconnect()
    assert (await _stored(started["assistant_message_id"]))[0] == "stopped"


async def test_it_stops_a_turn_whose_flow_lost_the_cancel_and_went_on_to_its_next_call(alice, scripted):
    # The Stop lands in an await that swallows it (redis-py's writes through Python 3.11's wait_for did, at
    # random, in CI's Redis leg): the flow returned from its decide_mode call and went on to plan picks with a
    # model that never answers, so the answer ran until the process ended.
    asked, gate = asyncio.Event(), asyncio.Event()

    async def decide_losing_the_cancel(request):
        asked.set()
        try:
            await gate.wait()
        except asyncio.CancelledError:
            pass
        return ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "wants films"})

    async def never(request):
        await asyncio.Event().wait()

    scripted.add(decide_losing_the_cancel, purpose="decide_mode")
    scripted.add(never, purpose="plan_picks")
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await _json_socket(alice, chat.pk)
    await comm.send_json_to({"action": "send", "text": "something tense"})
    assert (await comm.receive_json_from())["type"] == "message.accepted"
    started = await comm.receive_json_from()
    await asyncio.wait_for(asked.wait(), 20)
    await comm.send_json_to({"action": "stop"})
    events = await _events_until_ended(comm)
    await wait_turns_idle()
    assert _ends(events) == ["stopped"] and not [e for e in events if e["type"] == "turn.refused"]
    assert [r.purpose for r in scripted.requests] == ["decide_mode"]  # it never asked for picks
    await comm.disconnect()
    assert (await _stored(started["assistant_message_id"]))[0] == "stopped"


# --- the exact race, on PostgreSQL ----------------------------------------------------------------
_WAITING_INSERT = """
    SELECT count(*) FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'INSERT INTO "chatapp_plannercall"%%'
"""


def _lock_planner_calls(dsn):
    """A session holding a lock that makes every INSERT of planner calls wait (a turn storing its end)."""
    import psycopg

    conn = psycopg.connect(**dsn)
    conn.execute('LOCK TABLE "chatapp_plannercall" IN SHARE MODE')
    return conn


async def _until_turn_stores_its_end(dsn, timeout: float = 20.0) -> None:
    import psycopg

    def waiting() -> int:
        with psycopg.connect(autocommit=True, **dsn) as conn:
            return conn.execute(_WAITING_INSERT).fetchone()[0]

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await asyncio.to_thread(waiting):
        assert loop.time() < deadline, "the turn never reached storing its end"
        await asyncio.sleep(0.02)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the exact ordering point is a PostgreSQL lock")
async def test_it_refuses_a_stop_that_lands_while_the_answer_stores_its_end_and_it_ends_complete(alice, openai):
    openai.enqueue(tool_call("decide_mode", {"mode": "A", "reason": "a question"}), text("The Coen brothers."))
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await _json_socket(alice, chat.pk)
    dsn = pg_dsn(connection.settings_dict)
    client = await async_api_for(alice)
    lock = await asyncio.to_thread(_lock_planner_calls, dsn)
    try:
        await comm.send_json_to({"action": "send", "text": "who directed Fargo?"})
        await _until_turn_stores_its_end(dsn)  # its flow has ended; the end is being stored
        await comm.send_json_to({"action": "stop"})
        # The API's Stop too. Both wait for the one database thread (each handler starts by tidying its
        # connection there), queued behind the turn's INSERT and ahead of the save of its end: they are
        # answered while the end is being stored, whatever the machine's speed.
        api_stop = asyncio.ensure_future(client.post(f"/api/chats/{chat.pk}/stop"))
        await asyncio.sleep(0.3)  # lets the socket and the request reach that queue (an ordering aid, not a check)
    finally:
        await asyncio.to_thread(lock.commit)
        await asyncio.to_thread(lock.close)
    response = await api_stop
    frames = []
    while not (any(f["type"] == "turn.refused" for f in frames) and any(f["type"] == "turn.ended" for f in frames)):
        frames.append(await comm.receive_json_from(timeout=10))
    assert response.status_code == 409 and response.json()["code"] == "no_turn", response.content
    refusal = next(f for f in frames if f["type"] == "turn.refused")
    assert refusal["code"] == "no_turn"
    await wait_turns_idle()
    assert await comm.receive_nothing(timeout=0.3)
    await comm.disconnect()
    ended = next(f for f in frames if f["type"] == "turn.ended")
    assert _ends(frames) == ["complete"] and ended["assistant_message"]["status"] == "complete"
    assert await _stored(ended["assistant_message_id"]) == ("complete", "The Coen brothers.")
    assert await _api_status(client, chat.pk, ended["assistant_message_id"]) == "complete"
    assert '"stopped"' not in json.dumps(frames)


_WAITING_UPDATE = """
    SELECT count(*) FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'UPDATE "chatapp_message"%%'
"""


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the exact ordering point is a PostgreSQL row lock")
def test_it_never_closes_an_answer_that_ended_while_a_stop_found_no_process(alice):
    """Another process stores the end (`complete`) just as a Stop here, finding no process, closes the answer."""
    import threading

    import psycopg

    from chatapp.services import turn_close_orphaned

    chat = Chat.objects.create(owner=alice)
    Message.objects.create(chat=chat, role="user", turn_key="k", content="hi")
    answer = Message.objects.create(chat=chat, role="assistant", turn_key="k", status="streaming", content="so f")
    dsn = pg_dsn(connection.settings_dict)
    finisher = psycopg.connect(**dsn)  # the process whose turn ends: it holds the row while storing the end
    finisher.execute(
        'UPDATE "chatapp_message" SET status = %s, content = %s WHERE id = %s',
        ["complete", "so far, the end", answer.pk],
    )
    closed = []
    closer = threading.Thread(target=lambda: closed.append(turn_close_orphaned(user=alice, chat_id=chat.pk)))
    closer.start()  # reads the answer as still streaming, then waits for the row
    with psycopg.connect(autocommit=True, **dsn) as watch:
        for _ in range(400):
            if watch.execute(_WAITING_UPDATE).fetchone()[0]:
                break
            threading.Event().wait(0.05)
        else:
            pytest.fail("the Stop's close never reached the answer's row")
    finisher.commit()
    finisher.close()
    closer.join(20)
    assert closed == [None]  # nothing closed: the Stop is refused (409 no_turn)
    answer.refresh_from_db()
    assert (answer.status, answer.content) == ("complete", "so far, the end")
