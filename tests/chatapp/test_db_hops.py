"""Database hops (chatapp/db.py): they run side by side on the hop pool, keep or close connections as configured."""

import asyncio
import threading

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth import get_user_model
from django.db import connections

from chatapp.db import database_sync_to_async, hop_executor
from tests.support.faults import close_every_connection, pg_cut_sessions, pg_dsn

# A hop waits this long for its partner at the barrier: far above any real wait, only a deadlock guard.
BARRIER_GUARD_S = 30


def _connection_after_a_query():
    get_user_model().objects.exists()
    wrapper = connections["default"]
    return wrapper, wrapper.connection


@pytest.mark.django_db(transaction=True)
async def test_it_runs_two_hops_at_once_on_two_threads(settings):
    settings.DB_THREADS = 2
    barrier = threading.Barrier(2)

    def meet():
        get_user_model().objects.exists()
        barrier.wait(timeout=BARRIER_GUARD_S)  # on one shared thread the first hop would wait here alone
        return threading.get_ident()

    first, second = await asyncio.gather(database_sync_to_async(meet)(), database_sync_to_async(meet)())
    assert first != second and threading.get_ident() not in (first, second)


@pytest.mark.django_db(transaction=True)
async def test_it_runs_thread_sensitive_false_hops_on_the_pool_too(settings):
    settings.DB_THREADS = 2
    barrier = threading.Barrier(2)

    def meet():
        barrier.wait(timeout=BARRIER_GUARD_S)
        return threading.current_thread().name

    names = await asyncio.gather(*(database_sync_to_async(meet, thread_sensitive=False)() for _ in range(2)))
    assert all(name.startswith("db-hop") for name in names)


@pytest.mark.django_db(transaction=True)
async def test_it_never_runs_more_hops_at_once_than_db_threads(settings):
    settings.DB_THREADS = 2
    barrier = threading.Barrier(3)

    def meet():
        barrier.wait(timeout=0.5)  # three hops never meet on two threads: each gives up and says so

    results = await asyncio.gather(*(database_sync_to_async(meet)() for _ in range(3)), return_exceptions=True)
    assert all(isinstance(r, threading.BrokenBarrierError) for r in results)
    assert hop_executor()._max_workers == 2


@pytest.mark.django_db(transaction=True)
async def test_it_keeps_a_threads_connection_between_hops(settings):
    settings.DB_THREADS = 1
    first_wrapper, first = await database_sync_to_async(_connection_after_a_query)()
    second_wrapper, second = await database_sync_to_async(_connection_after_a_query)()
    assert first is not None and second is first and second_wrapper is first_wrapper
    assert first_wrapper.connection is first  # still open between hops (CONN_MAX_AGE 60)


@pytest.mark.django_db(transaction=True)
async def test_it_closes_the_connection_after_each_hop_with_conn_max_age_0(settings, monkeypatch):
    settings.DB_THREADS = 1
    monkeypatch.setitem(connections["default"].settings_dict, "CONN_MAX_AGE", 0)

    def fresh_connection():
        connections["default"].close()  # reconnect, so the connection takes CONN_MAX_AGE 0
        return _connection_after_a_query()

    wrapper, opened = await database_sync_to_async(fresh_connection)()
    assert opened is not None and wrapper.connection is None  # closed when the hop ended


@pytest.mark.django_db(transaction=True)
async def test_it_raises_the_hops_exception_in_the_caller():
    def fail():
        raise LookupError("no such chat")

    with pytest.raises(LookupError, match="no such chat"):
        await database_sync_to_async(fail)()


@pytest.mark.django_db(transaction=True)
async def test_it_passes_on_a_cancel_that_arrived_while_the_hops_thread_ran():
    # A Stop landing on a turn's database hop: asgiref finishes the hop and returned its result, so the turn went
    # on into its next step (a never-answering planner) and the Stop was lost.
    entered, release, after = threading.Event(), threading.Event(), []

    def slow_read():
        entered.set()
        release.wait(timeout=BARRIER_GUARD_S)
        return get_user_model().objects.count()

    async def step():
        count = await database_sync_to_async(slow_read)()
        after.append(count)  # the next step: must not run once the task was cancelled
        await asyncio.Event().wait()

    task = asyncio.create_task(step())
    await asyncio.to_thread(entered.wait, BARRIER_GUARD_S)
    task.cancel()
    await asyncio.sleep(0.05)
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, timeout=BARRIER_GUARD_S)
    assert after == []  # the hop finished (its thread ran to the end); nothing after it ran


@pytest.mark.django_db(transaction=True)
async def test_it_turns_a_timeout_that_fired_during_a_hop_into_timeout_error():
    def slow():
        threading.Event().wait(0.3)
        return "late"

    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.05):
            await database_sync_to_async(slow)()
    assert await database_sync_to_async(slow)() == "late"  # no cancel pending: a hop returns as before


@pytest.mark.django_db(transaction=True)
def test_it_runs_a_hop_in_the_thread_that_async_to_sync_left_waiting(alice):
    # As with Channels, a sync caller (a sync view, a sync test) keeps its hops in its own thread and connection.
    async def hop():
        return await database_sync_to_async(lambda: (threading.get_ident(), get_user_model().objects.count()))()

    assert async_to_sync(hop)() == (threading.get_ident(), 1)


@pytest.mark.django_db(transaction=True)
async def test_it_works_as_a_decorator_on_a_method(alice):
    class Reader:
        @database_sync_to_async
        def name_of(self, user_id):
            return get_user_model().objects.get(pk=user_id).username

    assert await Reader().name_of(alice.pk) == "alice"


@pytest.mark.django_db(transaction=True)
async def test_it_closes_every_hop_threads_connection_when_the_pool_closes(settings):
    from chatapp.db import hop_pool_close

    settings.DB_THREADS = 3
    barrier = threading.Barrier(3)

    def hold_a_connection():
        wrapper, _ = _connection_after_a_query()
        barrier.wait(timeout=BARRIER_GUARD_S)  # three threads, each with its own connection
        return wrapper

    wrappers = await asyncio.gather(*(database_sync_to_async(hold_a_connection)() for _ in range(3)))
    assert len({id(w) for w in wrappers}) == 3 and all(w.connection is not None for w in wrappers)
    hop_pool_close()
    assert all(w.connection is None for w in wrappers)


def _session_cookie(user) -> bytes:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session.update({SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"})
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"sessionid={session.session_key}".encode()


@pytest.mark.django_db(transaction=True)
async def test_it_closes_a_request_threads_connection_when_the_request_ends(django_user_model):
    from channels.testing import HttpCommunicator
    from django.core.asgi import get_asgi_application
    from django.db.backends.signals import connection_created

    cookie = await database_sync_to_async(lambda: _session_cookie(django_user_model.objects.create_user("alice")))()
    opened = []

    def remember(sender, connection, **kwargs):
        opened.append((threading.get_ident(), connection))

    connection_created.connect(remember)
    try:
        for _ in range(3):  # each sync view runs on a thread of its own request (Django's ASGI handler)
            request = HttpCommunicator(
                get_asgi_application(), "GET", "/", headers=[(b"host", b"localhost"), (b"cookie", cookie)]
            )
            assert (await request.get_response(timeout=30))["status"] == 200
            await request.wait(timeout=30)  # the handler's end: the response closed, request_finished sent
    finally:
        connection_created.disconnect(remember)
    pool_threads = {thread.ident for thread in hop_executor()._threads}
    request_connections = [conn for ident, conn in opened if ident not in pool_threads]
    assert len(request_connections) == 3  # the views did open their own
    assert all(conn.connection is None for conn in request_connections)  # and closed them at the end


@pytest.fixture
def sessions_ended(transactional_db):
    """For a test that ends the database's sessions: PostgreSQL only; the test thread's own ended too, closed after."""
    if connections["default"].vendor != "postgresql":
        pytest.skip("PostgreSQL ends sessions of its own (a restart); SQLite has no server")
    yield
    close_every_connection()


@pytest.mark.django_db(transaction=True)
async def test_it_runs_a_hop_again_on_a_new_connection_when_its_kept_one_had_ended(
    settings, monkeypatch, caplog, sessions_ended
):
    # With the health check passed (or off) a session PostgreSQL ended afterwards failed the next hop on it.
    settings.DB_THREADS = 1
    monkeypatch.setitem(connections["default"].settings_dict, "CONN_HEALTH_CHECKS", False)
    calls = []

    def read():
        calls.append(1)
        return _connection_after_a_query()[1]

    def reconnect():
        connections["default"].close()  # the next connection takes CONN_HEALTH_CHECKS off
        return read()

    first = await database_sync_to_async(reconnect)()
    assert await asyncio.to_thread(pg_cut_sessions, pg_dsn(connections["default"].settings_dict)) >= 1
    await asyncio.sleep(0.1)  # the ended session's message reaches its socket
    calls.clear()
    second = await database_sync_to_async(read)()
    assert second is not first and len(calls) == 2
    assert "its connection had ended" in caplog.text


@pytest.mark.django_db(transaction=True)
async def test_it_never_runs_a_hop_again_once_a_statement_of_it_has_run(settings, sessions_ended):
    from django.db import OperationalError

    settings.DB_THREADS = 1
    dsn = pg_dsn(connections["default"].settings_dict)
    calls = []

    def write_then_lose_the_connection():
        calls.append(1)
        get_user_model().objects.exists()  # as if this were an INSERT: it has run
        pg_cut_sessions(dsn)
        threading.Event().wait(0.1)
        get_user_model().objects.exists()

    await database_sync_to_async(_connection_after_a_query)()  # the thread has a connection to keep
    with pytest.raises(OperationalError):
        await database_sync_to_async(write_then_lose_the_connection)()
    assert calls == [1]
    assert await database_sync_to_async(lambda: get_user_model().objects.count())() == 0  # the next hop is fine


@pytest.mark.django_db(transaction=True)
async def test_it_checks_a_kept_connection_by_its_first_statement_not_an_extra_round_trip(
    settings, caplog, sessions_ended
):
    # Django's health check would run `SELECT 1` before every hop's first statement and quietly reconnect; the
    # hop's own first statement is the check instead (one round trip fewer per hop), and the retry reconnects.
    settings.DB_THREADS = 1
    assert connections["default"].settings_dict["CONN_HEALTH_CHECKS"]
    calls = []

    def read():
        calls.append(1)
        return _connection_after_a_query()[1]

    first = await database_sync_to_async(read)()
    assert await asyncio.to_thread(pg_cut_sessions, pg_dsn(connections["default"].settings_dict)) >= 1
    await asyncio.sleep(0.1)
    calls.clear()
    second = await database_sync_to_async(read)()
    assert second is not first and len(calls) == 2
    assert "its connection had ended" in caplog.text
