"""Strict helpers that read settings from the environment.

Each helper raises ImproperlyConfigured on a value that makes no sense, so a
typo in an operator's environment stops the process at start-up instead of
silently falling back to a default.
"""

import json
import math
import os
import re
import tempfile
from urllib.parse import urlparse

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    """Return the variable stripped, or the default when unset."""
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool) -> bool:
    """Parse 1/0, true/false, yes/no, on/off."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), got {raw!r}")


def env_int(name: str, default: int, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """Parse an integer within optional bounds."""
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, got {raw!r}") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be >= {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ImproperlyConfigured(f"{name} must be <= {maximum}, got {value}")
    return value


def env_float(name: str, default: float, *, minimum: float | None = None) -> float:
    """Parse a float with an optional lower bound."""
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        value = float(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, got {raw!r}") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be >= {minimum}, got {value}")
    return value


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """Return one of the allowed values (case-insensitive)."""
    value = env_str(name, default).lower() or default
    if value not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}; got {value!r}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    """Parse a comma-separated list."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_http_url(name: str, default: str = "") -> str:
    """Return an http(s) URL without a trailing slash, or '' when unset."""
    value = env_str(name, default)
    if not value:
        return ""
    parsed = urlparse(value)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ImproperlyConfigured(f"{name} must be an http(s) URL, got {value!r}")
    return value.rstrip("/")


_PRICE_KEYS = ("input", "cached_input", "output")


def _price_number(name: str, model: str, key: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ImproperlyConfigured(f"{name}: {model}.{key} must be a number of dollars >= 0, got {value!r}")
    return float(value)


def env_model_prices(name: str, defaults: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
    """Parse a JSON price table, {"model": {"input": $, "cached_input": $, "output": $}} per million tokens.

    Its models are added to (or replace) the defaults; `cached_input` defaults to `input`.
    """
    raw = env_str(name)
    if not raw:
        return dict(defaults)
    try:
        table = json.loads(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be JSON: {exc}") from None
    if not isinstance(table, dict):
        raise ImproperlyConfigured(f'{name} must be a JSON object such as {{"gpt-5": {{"input": 1.25, "output": 10}}}}')
    prices = dict(defaults)
    for model, price in table.items():
        if not model.strip() or not isinstance(price, dict):
            raise ImproperlyConfigured(f"{name}: {model!r} must name a model and map to an object of prices")
        unknown = sorted(set(price) - set(_PRICE_KEYS))
        missing = [k for k in ("input", "output") if k not in price]
        if unknown or missing:
            raise ImproperlyConfigured(f"{name}: {model} has unknown keys {unknown} or lacks {missing}")
        entry = {k: _price_number(name, model, k, v) for k, v in price.items()}
        prices[model.strip()] = {"cached_input": entry["input"], **entry}
    return prices


# Driver suffixes (SQLAlchemy style) that name psycopg: Django's postgresql backend uses psycopg 3 anyway.
_PG_DRIVER_SUFFIXES = ("+psycopg", "+psycopg2")
_ENGINES = ("django.db.backends.sqlite3", "django.db.backends.postgresql")


def env_proxy_ssl_header(name: str) -> tuple[str, str] | None:
    """A header name (e.g. X-Forwarded-Proto) → Django's SECURE_PROXY_SSL_HEADER ("HTTP_X_FORWARDED_PROTO", "https")."""
    value = env_str(name)
    if not value:
        return None
    if not re.fullmatch(r"[A-Za-z0-9-]+", value):
        raise ImproperlyConfigured(f"{name} must be a header name such as X-Forwarded-Proto, got {value!r}")
    return "HTTP_" + value.upper().replace("-", "_"), "https"


# PostgreSQL connections kept between a turn's short database hops: opening one per hop (0) cost ~29
# connections and ~60 ms of server CPU per turn (bench/README.md, "Persistent PostgreSQL connections").
PG_CONN_MAX_AGE_S = 60


# Database hop threads per process (DB_THREADS, chatapp/db.py), by engine; see bench/README.md,
# "Database hops off one thread (issue 10)" and "Pub/sub by default". PostgreSQL: 4 where cores allow; on two
# cores or fewer one thread measured best (the hop threads and the event loop share one GIL: 50 at once, first
# card p95 0.78–0.95 s with 1 thread, 1.0–1.28 s with 4, 0.88–1.16 s with 2, on a quiet 2-core machine).
DB_THREADS_DEFAULT = {"django.db.backends.sqlite3": 1, "django.db.backends.postgresql": 4}
DB_THREADS_FEW_CORES = 2


def db_threads_default(engine: str, cores: int | None = None) -> int:
    """How many threads run database hops when DB_THREADS is unset, for this database engine and machine."""
    cores = cores if cores is not None else (os.cpu_count() or 1)
    return 1 if cores <= DB_THREADS_FEW_CORES else DB_THREADS_DEFAULT[engine]


def database_from_url(url: str, *, base_dir) -> dict:
    """Translate DATABASE_URL (sqlite:///path or postgres://...) into a DATABASES entry (dj-database-url).

    Accepts socket hosts (postgres://user@%2Fvar%2Frun%2Fpostgresql/db) and postgresql+psycopg:// schemes;
    SQLite keeps our pragmas and connection settings, PostgreSQL takes DATABASE_CONN_MAX_AGE.
    """
    if not url:
        return _sqlite(base_dir / "db.sqlite3")
    scheme, sep, rest = url.partition("://")
    if scheme.startswith(("postgres", "pgsql")) and scheme.endswith(_PG_DRIVER_SUFFIXES):
        url = scheme.rsplit("+", 1)[0] + sep + rest
    try:
        parsed = dj_database_url.parse(url)
    except (ValueError, dj_database_url.UnknownSchemeError):
        parsed = {}
    if parsed.get("ENGINE") not in _ENGINES:
        raise ImproperlyConfigured(f"DATABASE_URL must start with sqlite:// or postgres://, got scheme {scheme!r}")
    if parsed["ENGINE"] == "django.db.backends.sqlite3":
        path = parsed["NAME"]
        if not path or path == ":memory:":
            raise ImproperlyConfigured("DATABASE_URL=sqlite:///<path> needs a file path")
        return _sqlite(path if path.startswith("/") else base_dir / path)
    options = parsed.get("OPTIONS", {})
    # Seconds to keep a connection across the short database hops of a turn; 0 closes it after each hop,
    # which a pooler like PgBouncer prefers.
    max_age = env_int("DATABASE_CONN_MAX_AGE", PG_CONN_MAX_AGE_S, minimum=0)
    pool_size = env_int("DATABASE_POOL", 0, minimum=0, maximum=100)
    if pool_size:
        # psycopg's pool (Django 5.1+): every thread of the process borrows per hop; Django requires max age 0.
        if os.environ.get("DATABASE_CONN_MAX_AGE", "0").strip() not in ("", "0"):
            raise ImproperlyConfigured("DATABASE_POOL needs DATABASE_CONN_MAX_AGE unset or 0 (the pool keeps them)")
        options = {**options, "pool": {"min_size": 1, "max_size": pool_size, "timeout": 30}}
        max_age = 0
    return {
        **parsed,
        "NAME": parsed["NAME"] or "postgres",
        "PORT": str(parsed["PORT"] or ""),
        "CONN_MAX_AGE": max_age,
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": options,
    }


def _sqlite(path) -> dict:
    # WAL lets readers run beside a writer; IMMEDIATE takes the write lock at BEGIN
    # so two writers queue on the busy timeout instead of failing with
    # "database is locked" when a read transaction tries to upgrade.
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(path),
        # Kept open: reopening per hop re-runs the PRAGMAs, a measurable cost per turn (bench/README.md).
        "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 30,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=30000;",
        },
        # One test database per process, so parallel test runs never share (or delete) a file.
        "TEST": {"NAME": os.path.join(tempfile.gettempdir(), f"marquee-test-{os.getpid()}.sqlite3")},
    }


# channels_redis waits for events with a blocking pop of 5 s; redis-py 8 also gives up on any socket read
# after 5 s by default, so an idle socket's pop raced the read timeout and the socket closed (1011). Reads
# may take the pop's 5 s plus this margin before the connection counts as lost.
REDIS_READ_MARGIN_S = 10
# Every socket of a process receives through ONE Redis key (channels_redis' "specific.<process>!" channel), and
# group_send silently drops what finds it at capacity (the default 100). 50 turns at once on one process queue
# ~20 events each faster than its single receive loop drains them: with the default, clients lost their turn's
# end (bench/README.md, "Database hops off one thread"). Events still expire after 60 s when nobody reads them.
REDIS_LAYER_CAPACITY = 20_000


# Retries of a Redis command whose connection was lost, backing off up to this long between them.
REDIS_RETRIES = 3
REDIS_RETRY_CAP_S = 0.5


def redis_layer_config(url: str) -> dict:
    """channels_redis CONFIG for REDIS_URL: socket reads outlast the layer's blocking pop; bursts are not dropped."""
    from channels_redis.core import RedisChannelLayer  # here: settings load redis-py only when Redis is used
    from redis.asyncio.retry import Retry
    from redis.backoff import ExponentialBackoff
    from redis.exceptions import ConnectionError as RedisConnectionError

    # A pooled connection that Redis closed (a restart, a failover) fails its next command: retried on a new
    # connection instead of failing a Stop or an event (redis-py's async connections retry nothing by default).
    retry = Retry(ExponentialBackoff(cap=REDIS_RETRY_CAP_S, base=0.05), REDIS_RETRIES)
    host = {
        "address": url,
        "socket_timeout": RedisChannelLayer.brpop_timeout + REDIS_READ_MARGIN_S,
        "retry": retry,
        "retry_on_error": [RedisConnectionError],
    }
    return {
        "hosts": [host],
        "capacity": REDIS_LAYER_CAPACITY,
    }


def redis_layer(url: str, kind: str) -> dict:
    """The CHANNEL_LAYERS entry for REDIS_URL and REDIS_LAYER: channels_redis' list layer or its pub/sub layer."""
    if kind == "pubsub":
        # One PUBLISH per group message, fanned out to the sockets inside each process. Its subscriber waits
        # with its own short polls, so reads keep redis-py's default timeout; commands retry as the list's do.
        host = {k: v for k, v in redis_layer_config(url)["hosts"][0].items() if k != "socket_timeout"}
        return {
            "BACKEND": "chatapp.layers.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [host], "prefix": _prefix(url)},
        }
    return {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": redis_layer_config(url)}


def _prefix(url: str) -> str:
    """The pub/sub layer's channel prefix: pub/sub channels are one namespace for the whole Redis server, so
    REDIS_URL's database number goes into the names to keep two deployments (or test workers) on one server apart."""
    from urllib.parse import urlsplit

    db = urlsplit(url).path.strip("/") or "0"
    return "asgi" if db == "0" else f"asgi-db{db}-"


def check_procrastinate_runner(*, engine: str, redis_url: str) -> None:
    """TURN_RUNNER=procrastinate needs PostgreSQL (the job queue) and Redis (events reach web processes)."""
    if engine != "django.db.backends.postgresql":
        raise ImproperlyConfigured(
            "TURN_RUNNER=procrastinate needs PostgreSQL (its job queue lives there): set DATABASE_URL=postgres://…, "
            "or use TURN_RUNNER=inprocess with SQLite."
        )
    if not redis_url:
        raise ImproperlyConfigured(
            "TURN_RUNNER=procrastinate needs REDIS_URL: turns run in worker processes and their events reach "
            "the web processes through the Redis channel layer."
        )
