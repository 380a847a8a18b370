"""Settings from the environment: strict helpers, database URLs, Redis, and DEBUG/SECRET_KEY."""

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from chatapp.env import database_from_url, db_threads_default, env_bool, env_choice, env_http_url, env_int

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("raw", "value"), [("1", True), ("yes", True), ("off", False), ("0", False)])
def test_it_parses_booleans(monkeypatch, raw, value):
    monkeypatch.setenv("X_FLAG", raw)
    assert env_bool("X_FLAG", not value) is value


@pytest.mark.parametrize(
    ("helper", "raw"),
    [
        (lambda: env_bool("X", True), "maybe"),
        (lambda: env_int("X", 1, minimum=1), "0"),
        (lambda: env_int("X", 1), "ten"),
        (lambda: env_choice("X", "auto", ("auto", "rules")), "gpt"),
        (lambda: env_http_url("X"), "ftp://example"),
    ],
)
def test_it_refuses_nonsense_with_improperly_configured(monkeypatch, helper, raw):
    monkeypatch.setenv("X", raw)
    with pytest.raises(ImproperlyConfigured, match="X"):
        helper()


def test_it_reads_database_urls(tmp_path):
    pg = database_from_url("postgres://bob:s%40cret@db.local:5433/marquee?sslmode=require", base_dir=tmp_path)
    assert (pg["ENGINE"], pg["NAME"], pg["USER"], pg["PASSWORD"], pg["HOST"], pg["PORT"]) == (
        "django.db.backends.postgresql",
        "marquee",
        "bob",
        "s@cret",
        "db.local",
        "5433",
    )
    assert pg["OPTIONS"] == {"sslmode": "require"}
    lite = database_from_url("sqlite:////var/tmp/x.sqlite3", base_dir=tmp_path)
    assert lite["NAME"] == "/var/tmp/x.sqlite3" and lite["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in lite["OPTIONS"]["init_command"]
    with pytest.raises(ImproperlyConfigured):
        database_from_url("mysql://x/y", base_dir=tmp_path)


def test_it_reads_a_postgres_socket_host_and_the_psycopg_driver_scheme(tmp_path):
    socket = database_from_url("postgres://user@%2Fvar%2Frun%2Fpostgresql/db", base_dir=tmp_path)
    assert (socket["ENGINE"], socket["HOST"], socket["USER"], socket["NAME"], socket["PORT"]) == (
        "django.db.backends.postgresql",
        "/var/run/postgresql",
        "user",
        "db",
        "",
    )
    for scheme in ("postgresql+psycopg", "postgres+psycopg", "postgresql+psycopg2"):
        pg = database_from_url(f"{scheme}://bob:pw@db.local:5432/marquee", base_dir=tmp_path)
        assert (pg["ENGINE"], pg["HOST"], pg["PORT"], pg["NAME"]) == (
            "django.db.backends.postgresql",
            "db.local",
            "5432",
            "marquee",
        )
        assert pg["CONN_HEALTH_CHECKS"] is True and pg["CONN_MAX_AGE"] == 60  # kept between a turn's hops


def test_it_keeps_sqlite_pragmas_and_relative_paths_and_refuses_what_it_cannot_run(tmp_path):
    lite = database_from_url("sqlite:///var/db.sqlite3", base_dir=tmp_path)
    assert lite["NAME"] == str(tmp_path / "var" / "db.sqlite3") and lite["CONN_MAX_AGE"] == 60
    assert lite["OPTIONS"]["timeout"] == 30 and "busy_timeout=30000" in lite["OPTIONS"]["init_command"]
    with pytest.raises(ImproperlyConfigured, match="needs a file path"):
        database_from_url("sqlite:///", base_dir=tmp_path)
    for url in ("mysql://x/y", "oracle://u@h/db", "nonsense"):
        with pytest.raises(ImproperlyConfigured, match="DATABASE_URL must start with sqlite:// or postgres://"):
            database_from_url(url, base_dir=tmp_path)


def test_it_keeps_database_conn_max_age_for_postgres(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_CONN_MAX_AGE", "30")
    assert database_from_url("postgres://u@h/db", base_dir=tmp_path)["CONN_MAX_AGE"] == 30
    monkeypatch.setenv("DATABASE_CONN_MAX_AGE", "-1")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_CONN_MAX_AGE"):
        database_from_url("postgres://u@h/db", base_dir=tmp_path)


def test_it_turns_database_pool_into_psycopgs_pool_without_persistent_connections(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_POOL", "8")
    pg = database_from_url("postgres://u@h/db", base_dir=tmp_path)
    assert pg["OPTIONS"]["pool"]["max_size"] == 8 and pg["CONN_MAX_AGE"] == 0  # Django refuses both at once
    monkeypatch.setenv("DATABASE_CONN_MAX_AGE", "60")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_POOL"):
        database_from_url("postgres://u@h/db", base_dir=tmp_path)
    monkeypatch.delenv("DATABASE_POOL")
    assert "pool" not in database_from_url("postgres://u@h/db", base_dir=tmp_path)["OPTIONS"]


def _settings_in_subprocess(env: dict, expr: str) -> subprocess.CompletedProcess:
    code = f"import django, os; os.environ['DJANGO_SETTINGS_MODULE']='chatapp.settings'; django.setup(); from django.conf import settings; print({expr})"
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "TMDB", "REDIS", "DATABASE"))}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True)


def test_it_requires_a_secret_key_when_debug_is_off():
    result = _settings_in_subprocess({"DEBUG": "0"}, "settings.DEBUG")
    assert result.returncode != 0 and "SECRET_KEY is required" in result.stderr
    ok = _settings_in_subprocess({"DEBUG": "0", "SECRET_KEY": "x" * 50}, "settings.DEBUG")
    assert ok.stdout.strip() == "False"


def test_it_uses_redis_for_channels_and_cache_when_redis_url_is_set():
    result = _settings_in_subprocess(
        {"REDIS_URL": "redis://127.0.0.1:6379/0"},
        "settings.CHANNEL_LAYERS['default']['BACKEND'], settings.CACHES['default']['BACKEND']",
    )
    assert "chatapp.layers.RedisPubSubChannelLayer" in result.stdout  # REDIS_LAYER's default: pubsub
    assert "django.core.cache.backends.redis.RedisCache" in result.stdout
    default = _settings_in_subprocess({}, "settings.CHANNEL_LAYERS['default']['BACKEND']")
    assert "chatapp.layers.InMemoryChannelLayer" in default.stdout


def test_it_sizes_the_database_hop_pool_by_engine_unless_db_threads_says():
    assert _settings_in_subprocess({}, "settings.DB_THREADS").stdout.strip() == "1"  # SQLite
    pg = _settings_in_subprocess({"DATABASE_URL": "postgres://u@127.0.0.1/db"}, "settings.DB_THREADS")
    assert pg.stdout.strip() == str(db_threads_default("django.db.backends.postgresql"))
    assert _settings_in_subprocess({"DB_THREADS": "3"}, "settings.DB_THREADS").stdout.strip() == "3"
    refused = _settings_in_subprocess({"DB_THREADS": "0"}, "settings.DB_THREADS")
    assert refused.returncode != 0 and "DB_THREADS must be >= 1" in refused.stderr


async def test_it_round_trips_an_event_through_a_real_redis_channel_layer():
    from channels_redis.core import RedisChannelLayer

    layer = RedisChannelLayer(hosts=["redis://127.0.0.1:6379/0"], prefix=f"marquee-test-{os.getpid()}")
    try:
        channel = await layer.new_channel()
    except OSError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    await layer.group_add("chat_1", channel)
    await layer.group_send("chat_1", {"type": "pick.resolved", "event": {"title": "Fargo"}})
    message = await layer.receive(channel)
    await layer.flush()
    assert message["event"]["title"] == "Fargo"


def _redis_layer(kind: str, prefix: str):
    from django.utils.module_loading import import_string

    from chatapp.env import redis_layer

    entry = redis_layer("redis://127.0.0.1:6379/0", kind)
    return import_string(entry["BACKEND"])(**{**entry["CONFIG"], "prefix": f"{prefix}-{os.getpid()}"})


@pytest.mark.parametrize("kind", ["list", "pubsub"])
async def test_it_keeps_an_idle_redis_receive_open_past_the_blocking_pop(kind):
    from channels_redis.core import RedisChannelLayer

    layer = _redis_layer(kind, "marquee-idle")
    try:
        channel = await layer.new_channel()
    except OSError:
        pytest.skip("no Redis on 127.0.0.1:6379")

    async def later():
        # Longer than the layer's 5 s blocking pop: the socket sits idle past redis-py's default read timeout.
        await asyncio.sleep(RedisChannelLayer.brpop_timeout + 2)
        await layer.send(channel, {"type": "chat.event", "event": {"type": "text.delta"}})

    sender = asyncio.ensure_future(later())
    message = await asyncio.wait_for(layer.receive(channel), 30)
    await sender
    await layer.flush()
    assert message["event"]["type"] == "text.delta"


@pytest.mark.parametrize("kind", ["list", "pubsub"])
async def test_it_delivers_a_burst_of_events_to_every_socket_of_one_process(kind):
    # 50 sockets of one process, 20 events each sent before any is read: all share one Redis key per process
    # (list layer) or one subscription (pub/sub layer).
    layer = _redis_layer(kind, "marquee-burst")
    try:
        channels = [await layer.new_channel() for _ in range(50)]
    except OSError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    for i, channel in enumerate(channels):
        await layer.group_add(f"chat_{i}", channel)
    for step in range(20):
        for i in range(len(channels)):
            await layer.group_send(f"chat_{i}", {"type": "chat.event", "event": {"step": step}})
    received = [await asyncio.wait_for(layer.receive(channel), 30) for channel in channels for _ in range(20)]
    await layer.flush()
    assert len(received) == 1000  # with channels_redis' default capacity (100) all but 100 were dropped
    assert [m["event"]["step"] for m in received[:20]] == list(range(20))  # in order, per socket


def test_it_uses_the_redis_list_layer_when_redis_layer_says_so():
    listed = _settings_in_subprocess(
        {"REDIS_URL": "redis://127.0.0.1:6379/0", "REDIS_LAYER": "list"},
        "settings.CHANNEL_LAYERS['default']['BACKEND']",
    )
    assert listed.stdout.strip() == "channels_redis.core.RedisChannelLayer"
    refused = _settings_in_subprocess({"REDIS_URL": "redis://127.0.0.1:6379/0", "REDIS_LAYER": "kafka"}, "1")
    assert refused.returncode != 0 and "REDIS_LAYER must be one of pubsub, list" in refused.stderr


def test_it_adds_model_prices_to_the_defaults_and_prices_cached_input_as_input_unless_told(monkeypatch):
    from chatapp.env import env_model_prices

    defaults = {"gpt-5": {"input": 1.25, "cached_input": 0.125, "output": 10.0}}
    monkeypatch.setenv("MODEL_PRICES", '{"llama3": {"input": 0.1, "output": 0.2}, "gpt-5": {"input": 2, "output": 12}}')
    prices = env_model_prices("MODEL_PRICES", defaults)
    assert prices["llama3"] == {"input": 0.1, "cached_input": 0.1, "output": 0.2}
    assert prices["gpt-5"] == {"input": 2.0, "cached_input": 2.0, "output": 12.0}
    monkeypatch.delenv("MODEL_PRICES")
    assert env_model_prices("MODEL_PRICES", defaults) == defaults


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        "[1, 2]",
        '{"gpt-5": 3}',
        '{"gpt-5": {"input": 1}}',
        '{"gpt-5": {"input": 1, "output": -2}}',
        '{"gpt-5": {"input": true, "output": 2}}',
        '{"gpt-5": {"input": 1, "output": 2, "outptu": 3}}',
        '{" ": {"input": 1, "output": 2}}',
    ],
)
def test_it_refuses_a_price_table_that_makes_no_sense(monkeypatch, raw):
    from chatapp.env import env_model_prices

    monkeypatch.setenv("MODEL_PRICES", raw)
    with pytest.raises(ImproperlyConfigured, match="MODEL_PRICES"):
        env_model_prices("MODEL_PRICES", {})


def test_it_runs_postgresql_hops_on_one_thread_on_two_cores_and_on_four_where_cores_allow():
    pg = "django.db.backends.postgresql"
    assert [db_threads_default(pg, cores) for cores in (1, 2, 3, 8)] == [1, 1, 4, 4]
    assert db_threads_default("django.db.backends.sqlite3", 8) == 1  # one writer at a time
