"""Marquee settings: everything an operator may change comes from the environment."""

from datetime import timedelta
from pathlib import Path
from urllib.parse import urlparse

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from chatapp.env import (
    check_procrastinate_runner,
    database_from_url,
    db_threads_default,
    env_bool,
    env_choice,
    env_float,
    env_http_url,
    env_int,
    env_list,
    env_model_prices,
    env_proxy_ssl_header,
    env_str,
    redis_layer,
)
from chatapp.logs import LOG_FORMATS, logging_config
from chatapp.planner.usage import DEFAULT_MODEL_PRICES

BASE_DIR = Path(__file__).resolve().parent.parent

# Off unless asked for: `make run`, the tests and the browser tests' servers turn it on.
DEBUG = env_bool("DEBUG", False)
# ServeStatic (the ASGI successor of WhiteNoise) serves /static/ from the app: hashed names, gzip, a year of
# caching, so no web server is needed in front. Off when a CDN or web server serves STATIC_ROOT instead.
SERVE_FILES = env_bool("SERVE_FILES", True)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY is required when DEBUG is off")
    SECRET_KEY = "dev-insecure-marquee-key-do-not-use-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# A stale page's form (its CSRF token rotated at a login) is told so in words, as JSON to htmx and the API.
CSRF_FAILURE_VIEW = "chatapp.views.csrf_failure"

# --- HTTPS (README "Production settings"); all off by default, so plain http://127.0.0.1 works ---
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
# e.g. X-Forwarded-Proto: a request carrying "<header>: https" counts as HTTPS (only behind a proxy that sets it).
SECURE_PROXY_SSL_HEADER = env_proxy_ssl_header("SECURE_PROXY_SSL_HEADER")
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)

INSTALLED_APPS = [
    "daphne",  # first, so runserver serves ASGI
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "ninja",  # serves Swagger UI from our own static files (no CDN)
    "template_partials",
    "csp",
    "chatapp",
    "recs",
    "imagelab",
    "axes",  # log-in throttling
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "chatapp.middleware.AllowedHostMiddleware",  # a Host not served: refused in words, before anything reads it
    "chatapp.body_charset.BodyCharsetMiddleware",  # a body in a charset it cannot be read in: 415, before CSRF
    *(["chatapp.static_files.StaticFilesMiddleware"] if SERVE_FILES else []),
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "chatapp.middleware.ApiJsonErrorsMiddleware",
    "chatapp.middleware.PageNotFoundMiddleware",  # a view's Http404: the app's page with its sidebar, DEBUG or not
    "axes.middleware.AxesMiddleware",  # last: turns a lockout into chatapp.login_throttle's answer
]

ROOT_URLCONF = "chatapp.urls"
ASGI_APPLICATION = "chatapp.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "chatapp.context_processors.marquee",
            ],
        },
    }
]

DATABASE_URL = env_str("DATABASE_URL")
DATABASES = {"default": database_from_url(DATABASE_URL, base_dir=BASE_DIR)}
# Threads that run database hops (chatapp/db.py), each with its own connection; measured in bench/README.md
# ("Database hops off one thread").
DB_THREADS = env_int("DB_THREADS", db_threads_default(DATABASES["default"]["ENGINE"]), minimum=1, maximum=64)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    # channels_redis' list layer (the default) or its pub/sub layer: bench/README.md, "Where PostgreSQL + Redis's
    # extra CPU goes".
    REDIS_LAYER = env_choice("REDIS_LAYER", "pubsub", ("pubsub", "list"))
    CHANNEL_LAYERS = {"default": redis_layer(REDIS_URL, REDIS_LAYER)}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "chatapp.layers.InMemoryChannelLayer"}}  # Channels', swept less often
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "chat-list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT") or BASE_DIR / "var" / "static")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Under DEBUG the files come straight from static/ (no collectstatic); otherwise from the manifest that
    # `manage.py collectstatic` writes (make run and the Procfile's release step run it).
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "servestatic.storage.CompressedManifestStaticFilesStorage"
    },
}
# Decided here, with the storage, not from DEBUG when the middleware starts (pytest turns DEBUG off at run time).
SERVESTATIC_USE_FINDERS = SERVESTATIC_AUTOREFRESH = DEBUG

# One line per record: plain text, or one JSON object (python-json-logger) with LOG_FORMAT=json.
LOGGING = logging_config(
    log_format=env_choice("LOG_FORMAT", "text", LOG_FORMATS), level=env_str("LOG_LEVEL", "INFO").upper()
)

# --- Planner ---------------------------------------------------------------
OPENAI_API_KEY = env_str("OPENAI_API_KEY")
OPENAI_BASE_URL = env_http_url("OPENAI_BASE_URL")
PLANNER_BACKEND = env_choice("PLANNER_BACKEND", "auto", ("auto", "openai", "rules"))
if PLANNER_BACKEND == "openai" and not OPENAI_API_KEY:
    raise ImproperlyConfigured("PLANNER_BACKEND=openai needs OPENAI_API_KEY")
OPENAI_MODEL = env_str("OPENAI_MODEL", "gpt-5")
# The fallback of every planning call on OPENAI_MODEL (decide_mode falls back to OPENAI_MODEL).
OPENAI_FALLBACK_MODEL = env_str("OPENAI_FALLBACK_MODEL", "gpt-5-mini")
DECIDE_MODE_MODEL = env_str("DECIDE_MODE_MODEL", "gpt-5-mini")
OPENAI_REASONING_EFFORT = env_choice("OPENAI_REASONING_EFFORT", "low", ("minimal", "low", "medium", "high", "none"))
OPENAI_VERBOSITY = env_choice("OPENAI_VERBOSITY", "low", ("low", "medium", "high", "none"))
# The reasoning summary streamed into an answer's "Thinking" line (Responses API, reasoning models only).
# Off by default: OpenAI may require a verified organisation before it returns summaries.
OPENAI_REASONING_SUMMARY = env_choice("OPENAI_REASONING_SUMMARY", "off", ("auto", "concise", "detailed", "off"))
OPENAI_TIMEOUT = env_float("OPENAI_TIMEOUT", 60.0, minimum=1.0)
# The most a user waits for planning in a turn: every attempt, retry, re-ask and fallback of the
# turn shares this deadline, and each request is given at most the time left.
PLANNER_RETRY_BUDGET = env_float("PLANNER_RETRY_BUDGET", 20.0, minimum=1.0)
# Usage and cost: dollars per million tokens per model; one JSON line per planner call ("" = no file).
MODEL_PRICES = env_model_prices("MODEL_PRICES", DEFAULT_MODEL_PRICES)
PLANNER_LOG_PATH = env_str("PLANNER_LOG_PATH", "var/log/planner.jsonl")
if PLANNER_LOG_PATH and not PLANNER_LOG_PATH.startswith("/"):
    PLANNER_LOG_PATH = str(BASE_DIR / PLANNER_LOG_PATH)
# Per user and UTC day: tokens (input + output) and dollars; past either, new turns get 429 quota_exceeded.
USER_DAILY_TOKEN_QUOTA = env_int("USER_DAILY_TOKEN_QUOTA", 0, minimum=0)
USER_DAILY_COST_QUOTA = env_float("USER_DAILY_COST_QUOTA", 0.0, minimum=0.0)

# --- Movie chat -------------------------------------------------------------
TMDB_API_KEY = env_str("TMDB_API_KEY")
TMDB_BASE_URL = env_http_url("TMDB_BASE_URL", "https://api.themoviedb.org")
TMDB_IMAGE_BASE_URL = env_http_url("TMDB_IMAGE_BASE_URL", "https://image.tmdb.org/t/p/w342")
TMDB_TIMEOUT = env_float("TMDB_TIMEOUT", 8.0, minimum=0.5)
TMDB_CONCURRENCY = env_int("TMDB_CONCURRENCY", 20, minimum=1, maximum=64)
TMDB_RATE = env_float("TMDB_RATE", 40.0, minimum=1.0)
# Seconds a turn waits for all its lookups; picks still unresolved then are dropped ("took too long").
LOOKUP_BUDGET = env_float("LOOKUP_BUDGET", 10.0, minimum=0.5)
MOVIE_SOURCE = env_choice("MOVIE_SOURCE", "auto", ("auto", "catalogue", "tmdb"))
if MOVIE_SOURCE == "tmdb" and not TMDB_API_KEY:
    raise ImproperlyConfigured("MOVIE_SOURCE=tmdb needs TMDB_API_KEY")
MESSAGE_MAX_CHARS = env_int("MESSAGE_MAX_CHARS", 4000, minimum=1, maximum=100_000)
# Letterboxd import (Lists page): the largest file (also once unzipped) and the most films per import.
LETTERBOXD_IMPORT_MAX_BYTES = env_int(
    "LETTERBOXD_IMPORT_MAX_BYTES", 5 * 1024 * 1024, minimum=1024, maximum=8 * 1024 * 1024
)
LETTERBOXD_IMPORT_MAX_ROWS = env_int("LETTERBOXD_IMPORT_MAX_ROWS", 2000, minimum=1, maximum=20_000)
# Greet each new movie chat with three picks for the user's taste (users can switch it off too).
AUTOSTART_RECOMMENDATIONS = env_bool("AUTOSTART_RECOMMENDATIONS", True)
# The flow for new movie turns: v2 (Responses API) or the legacy v1 (Chat Completions + search tool).
CHAT_API_VERSION = env_choice("CHAT_API_VERSION", "v2", ("v1", "v2"))

# --- Image lab ---------------------------------------------------------------
IMAGE_MAX_UPLOAD_BYTES = env_int("IMAGE_MAX_UPLOAD_BYTES", 25 * 1024 * 1024, minimum=1024)
IMAGE_MAX_PIXELS = env_int("IMAGE_MAX_PIXELS", 50_000_000, minimum=10_000)
IMAGE_WORKERS = env_int("IMAGE_WORKERS", 3, minimum=1, maximum=16)
IMAGE_EDIT_BACKEND = env_choice("IMAGE_EDIT_BACKEND", "none", ("none", "openai"))
IMAGE_EDIT_MODEL = env_str("IMAGE_EDIT_MODEL", "gpt-image-1")
IMAGE_EDIT_TIMEOUT = env_float("IMAGE_EDIT_TIMEOUT", 60.0, minimum=1.0)
IMAGE_AI_EDITS_PER_JOB = env_int("IMAGE_AI_EDITS_PER_JOB", 2, minimum=0, maximum=5)
IMAGE_WORKING_SIDE = env_int("IMAGE_WORKING_SIDE", 2048, minimum=256, maximum=8192)
# MB of freed memory glibc keeps for reuse instead of returning it (image jobs: less CPU, more RSS); 0 = off.
IMAGE_MALLOC_KEEP_MB = env_int("IMAGE_MALLOC_KEEP_MB", 0, minimum=0, maximum=4096)
# The quality guard: on or off (off: the plans run as planned, nothing measured), revisions a variation may get after
# it measured badly (0: measure only), and who proposes them.
IMAGE_GUARD = env_bool("IMAGE_GUARD", True)
MAX_REVISIONS = env_int("MAX_REVISIONS", 2, minimum=0, maximum=5)
IMAGE_REVISER = env_choice("IMAGE_REVISER", "rules", ("rules", "openai"))
# Full-resolution download renders at once: per user (counted in the shared cache) and per process (memory).
IMAGE_DOWNLOADS_PER_USER = env_int("IMAGE_DOWNLOADS_PER_USER", 2, minimum=1, maximum=16)
IMAGE_DOWNLOAD_RENDERS = env_int("IMAGE_DOWNLOAD_RENDERS", 4, minimum=1, maximum=64)
# Private: served only through views that check ownership (never under /media/).
IMAGE_ROOT = Path(env_str("IMAGE_ROOT") or BASE_DIR / "var" / "imagelab")

# Django refuses bodies above this before reading them into memory.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
TURNS_PER_MINUTE = env_int("TURNS_PER_MINUTE", 20, minimum=0)
# A running turn touches its message this often; one silent for TURN_STALE_AFTER_S lost its process (a crash).
TURN_HEARTBEAT_S = env_float("TURN_HEARTBEAT_S", 10.0, minimum=0.05)
TURN_STALE_AFTER_S = env_float("TURN_STALE_AFTER_S", 30.0, minimum=1.0)
if TURN_STALE_AFTER_S <= 2 * TURN_HEARTBEAT_S:
    raise ImproperlyConfigured(
        "TURN_STALE_AFTER_S must be more than twice TURN_HEARTBEAT_S (a live turn is never stale)."
    )

# --- Turn runner (README "Running at scale") ------------------------------------------
# inprocess: turns run as asyncio tasks of the web process that started them (SQLite, `make run`).
# procrastinate: turns and image jobs are PostgreSQL jobs run by `manage.py procrastinate worker` processes.
TURN_RUNNER = env_choice("TURN_RUNNER", "inprocess", ("inprocess", "procrastinate"))
# A worker's SIGTERM waits this long for its running turns, then aborts them as interrupted.
TURN_SHUTDOWN_GRACE_S = env_float("TURN_SHUTDOWN_GRACE_S", 20.0, minimum=0.0)
# Turns (and image jobs) one worker process runs at once.
TURN_WORKER_CONCURRENCY = env_int("TURN_WORKER_CONCURRENCY", 20, minimum=1, maximum=500)
if TURN_RUNNER == "procrastinate":
    check_procrastinate_runner(engine=DATABASES["default"]["ENGINE"], redis_url=REDIS_URL)
    INSTALLED_APPS.append("procrastinate.contrib.django")
    PROCRASTINATE_IMPORT_PATHS = ["chatapp.turn_jobs"]
    PROCRASTINATE_AUTODISCOVER_MODULE_NAME = "turn_jobs"  # no app has one more: nothing else is imported
    PROCRASTINATE_WORKER_DEFAULTS = {
        "queues": ["turns", "images"],
        "concurrency": TURN_WORKER_CONCURRENCY,
        "shutdown_graceful_timeout": TURN_SHUTDOWN_GRACE_S,
        "update_heartbeat_interval": TURN_HEARTBEAT_S,
        "stalled_worker_timeout": TURN_STALE_AFTER_S,
        "delete_jobs": "successful",  # finished turns live on as messages; the job table stays small
    }

# --- Security headers -----------------------------------------------------------
# No inline script, style or on* handler anywhere (templates set data-* attributes, static JS does the rest).
# The chat's websocket: 'self' covers same-origin ws(s):// in current browsers; the allowed hosts' ws/wss on
# any port are listed too, for browsers that read 'self' as http(s) only.
_SOCKET_SOURCES = (
    ["ws:", "wss:"]
    if "*" in ALLOWED_HOSTS
    else [f"{scheme}://{'*' + h if h.startswith('.') else h}:*" for h in ALLOWED_HOSTS for scheme in ("ws", "wss")]
)
_POSTER_ORIGIN = "{0.scheme}://{0.netloc}".format(urlparse(TMDB_IMAGE_BASE_URL))
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:", "blob:", _POSTER_ORIGIN],
        "font-src": [SELF],
        "connect-src": [SELF, *_SOCKET_SOURCES],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Powerful browser features the app never uses: off for the page and anything it might embed.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "usb",
    )
}

# --- Log-in throttling (django-axes) ----------------------------------------------
# Axes' backend comes first: a locked-out client is refused before the password hasher runs, so the
# hasher runs at most LOGIN_FAILURE_LIMIT times per LOGIN_COOLOFF_MINUTES for failures from one IP.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1, maximum=100)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15, minimum=1))
# Locked per IP, and per account from that IP (an account alone would let anyone lock its owner out).
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_CLIENT_IP_CALLABLE = "chatapp.login_throttle.client_ip"
AXES_LOCKOUT_CALLABLE = "chatapp.login_throttle.lockout_response"
AXES_RESET_ON_SUCCESS = True  # a successful log-in clears that client's failures
AXES_DISABLE_ACCESS_LOG = True  # count failures only; no row per successful log-in
