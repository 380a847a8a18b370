"""PostgreSQL restarting in the middle of a turn: the turn ends `interrupted` (try again) or `complete` once the
database is back, never stuck `streaming`, and the next turn works on fresh connections (CONN_HEALTH_CHECKS).

Never the shared server: the test's own database has its sessions cut (pg_terminate_backend, what a restart
does to them) and refuses new connections for a while (ALLOW_CONNECTIONS false, a server starting up).
"""

import asyncio
import logging

import pytest
from django.db import connection

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from chatapp.planner.testing import ScriptedBackend
from tests.support.faults import close_every_connection, pg_allow_connections, pg_cut_sessions, pg_dsn
from tests.support.ws import communicator, gated_mode_a, wait_turns_idle

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL restart"),
]


@pytest.fixture
def fresh_main_connection(transactional_db):
    """Every connection of this process was cut too: close them before the test database is flushed."""
    yield
    close_every_connection()


async def _events_until_ended(comm, timeout: float = 30.0) -> list[dict]:
    events = []
    while not events or events[-1]["type"] != "turn.ended":
        events.append(await comm.receive_json_from(timeout=timeout))
    return events


async def _until_logged(caplog, words: str, timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not any(words in r.getMessage() for r in caplog.records):
        assert loop.time() < deadline, f"never logged: {words!r}"
        await asyncio.sleep(0.05)


async def test_it_ends_a_turn_in_flight_when_postgres_restarts_and_takes_the_next(
    alice, scripted, caplog, fresh_main_connection
):
    caplog.set_level(logging.WARNING, logger="marquee.turns")
    gate = gated_mode_a(scripted)  # the turn is held running while the database goes away
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from())["type"] == "sync"
    await comm.send_json_to({"action": "send", "text": "hello there"})
    assert (await comm.receive_json_from())["type"] == "message.accepted"
    started = await comm.receive_json_from()
    assert started["type"] == "turn.started"
    message_id = started["assistant_message_id"]

    dsn = pg_dsn(connection.settings_dict)
    await asyncio.to_thread(pg_allow_connections, dsn, False)
    try:
        assert await asyncio.to_thread(pg_cut_sessions, dsn) >= 1  # the turn's own connection among them
        gate.set()
        # The turn has tried to store its end and found no database (main: it gave up, the answer stayed
        # "streaming" with no process behind it).
        await _until_logged(caplog, "storing its end again")
    finally:
        await asyncio.to_thread(pg_allow_connections, dsn, True)
    events = await _events_until_ended(comm)
    await wait_turns_idle(timeout=30)
    ended = events[-1]
    stored = await database_sync_to_async(Message.objects.get)(pk=message_id)
    assert stored.status in ("interrupted", "complete")
    assert ended["status"] == ended["assistant_message"]["status"] == stored.status  # one story everywhere
    if stored.status == "interrupted":
        assert stored.payload["error_code"] == "interrupted"  # the page offers "Try again"
    user_message = await database_sync_to_async(Message.objects.get)(chat=chat, role="user")
    assert user_message.content == "hello there"

    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Back again."), purpose="movies.answer")  # after "Hello!" if never asked
    await comm.send_json_to({"action": "send", "text": "still there?"})
    events = await _events_until_ended(comm)
    await comm.disconnect()
    assert events[-1]["assistant_message"]["status"] == "complete"
    assert events[-1]["assistant_message"]["content"] in ("Hello!", "Back again.")
