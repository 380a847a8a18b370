"""The turn runner: which one TURN_RUNNER picks, and the set-ups that refuse the queue runner at start-up."""

import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings

from chatapp import runner
from chatapp.env import check_procrastinate_runner
from tests.support.browser import ROOT, server_env

PG = "django.db.backends.postgresql"


def _settings_load(**env: str) -> subprocess.CompletedProcess:
    full = server_env(env.pop("DATABASE_URL", ""), **env)
    full.pop("DJANGO_SETTINGS_MODULE", None)
    code = "import django; django.setup(); from django.conf import settings; print(settings.TURN_RUNNER)"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**full, "DJANGO_SETTINGS_MODULE": "chatapp.settings"},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_it_runs_turns_in_process_by_default():
    assert runner.current().name == "inprocess"
    assert _settings_load().stdout.strip() == "inprocess"


@override_settings(TURN_RUNNER="procrastinate")
def test_it_picks_the_queue_runner_when_asked():
    assert runner.current().name == "procrastinate"


def test_it_refuses_the_queue_runner_on_sqlite_with_a_clear_message():
    with pytest.raises(ImproperlyConfigured, match="TURN_RUNNER=procrastinate needs PostgreSQL"):
        check_procrastinate_runner(engine="django.db.backends.sqlite3", redis_url="redis://127.0.0.1:6379/9")
    done = _settings_load(TURN_RUNNER="procrastinate", REDIS_URL="redis://127.0.0.1:6379/9")
    assert done.returncode != 0
    assert "TURN_RUNNER=procrastinate needs PostgreSQL" in done.stderr


def test_it_refuses_the_queue_runner_without_redis():
    with pytest.raises(ImproperlyConfigured, match="needs REDIS_URL"):
        check_procrastinate_runner(engine=PG, redis_url="")
    done = _settings_load(TURN_RUNNER="procrastinate", DATABASE_URL="postgres://postgres@127.0.0.1:5432/x")
    assert done.returncode != 0
    assert "TURN_RUNNER=procrastinate needs REDIS_URL" in done.stderr


def test_it_refuses_an_unknown_runner():
    done = _settings_load(TURN_RUNNER="celery")
    assert done.returncode != 0
    assert "TURN_RUNNER must be one of inprocess, procrastinate" in done.stderr


def test_it_accepts_the_queue_runner_on_postgres_with_redis():
    check_procrastinate_runner(engine=PG, redis_url="redis://127.0.0.1:6379/9")
    assert os.environ.get("TURN_RUNNER") is None  # the suite's own process runs turns in process


def _queued_turn(alice):
    from chatapp.models import Chat, Message
    from chatapp.turns import new_turn

    chat = Chat.objects.create(owner=alice)
    message = Message.objects.create(chat=chat, role="assistant", turn_key="t1", status="streaming")
    turn = new_turn(
        chat_id=chat.pk, owner_id=alice.pk, turn_key="t1", message_id=message.pk, text="", flow="v2", payload={}
    )
    return turn, message


@override_settings(TURN_RUNNER="procrastinate")
@pytest.mark.django_db(transaction=True)
async def test_it_leaves_an_unwatched_turn_of_a_worker_to_its_events(alice):
    # A socket hears the turn's end as an event: its web process must not poll the database for it.
    from chatapp.db import database_sync_to_async

    turn, _message = await database_sync_to_async(_queued_turn)(alice)
    started = []
    assert runner.current().launch(turn, lambda: started.append(1), watch=False) is None
    assert started == []  # a worker runs it, not this process


@override_settings(TURN_RUNNER="procrastinate")
@pytest.mark.django_db(transaction=True)
async def test_it_lets_a_caller_wait_for_a_workers_turn_to_end(alice):
    import asyncio

    from chatapp.db import database_sync_to_async

    turn, message = await database_sync_to_async(_queued_turn)(alice)
    task = runner.current().launch(turn, lambda: None, watch=True)
    await asyncio.sleep(0.3)
    assert not task.done()  # still streaming
    message.status = "complete"
    await database_sync_to_async(message.save)(update_fields=["status"])
    await asyncio.wait_for(task, timeout=5)
