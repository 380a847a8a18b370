"""The only place settings meet the planner: builds clients and backends (cached per process)."""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from functools import lru_cache

from django.conf import settings

from chatapp import kinds
from chatapp.planner.backends.base import PlannerBackend
from chatapp.planner.backends.chat_completions import OpenAIChatBackend
from chatapp.planner.backends.responses import OpenAIResponsesBackend, make_openai_client
from chatapp.planner.backends.rules import RulesBackend
from chatapp.planner.metering import MeteredBackend
from chatapp.planner.untrusted import StorableBackend

_override: PlannerBackend | None = None


def openai_enabled() -> bool:
    """Whether turns are planned by OpenAI (PLANNER_BACKEND, or auto with a key)."""
    if settings.PLANNER_BACKEND == "rules":
        return False
    return bool(settings.OPENAI_API_KEY)


# An AsyncOpenAI client pools connections on the event loop it first ran on, so each
# running loop gets its own (daphne has one loop; tests and management commands may have several).
_per_loop: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _loop_cached(name: str, build):
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return build()
    cache = _per_loop.setdefault(loop, {})
    if name not in cache:
        cache[name] = build()
    return cache[name]


def _openai_client():
    return make_openai_client(
        api_key=settings.OPENAI_API_KEY,
        base_url=settings.OPENAI_BASE_URL or None,
        timeout=settings.OPENAI_TIMEOUT,
    )


def _effort(value: str) -> str | None:
    return None if value == "none" else value


def _metered(backend: PlannerBackend) -> PlannerBackend:
    # Every call is counted for the turn (usage, cost) and written to PLANNER_LOG_PATH; what the model sent is
    # made storable first (no NUL, no lone surrogate: PostgreSQL refuses both), so no flow crashes saving it.
    sampling = {
        "reasoning_effort": _effort(settings.OPENAI_REASONING_EFFORT),
        "verbosity": _effort(settings.OPENAI_VERBOSITY),
    }
    return MeteredBackend(
        StorableBackend(backend), prices=settings.MODEL_PRICES, sampling=sampling, log_path=settings.PLANNER_LOG_PATH
    )


def _responses_backend() -> PlannerBackend:
    return _metered(
        OpenAIResponsesBackend(
            _openai_client(),
            reasoning_summary=settings.OPENAI_REASONING_SUMMARY,
            reasoning_effort=_effort(settings.OPENAI_REASONING_EFFORT),
            verbosity=_effort(settings.OPENAI_VERBOSITY),
            retry_budget=settings.PLANNER_RETRY_BUDGET,
            request_timeout=settings.OPENAI_TIMEOUT,
        )
    )


def _chat_backend() -> PlannerBackend:
    return _metered(
        OpenAIChatBackend(
            _openai_client(),
            reasoning_effort=_effort(settings.OPENAI_REASONING_EFFORT),
            verbosity=_effort(settings.OPENAI_VERBOSITY),
            retry_budget=settings.PLANNER_RETRY_BUDGET,
            request_timeout=settings.OPENAI_TIMEOUT,
        )
    )


@lru_cache(maxsize=1)
def _rules_backend() -> PlannerBackend:
    # Every chat kind brings the rule handlers of its tools, and the answerer of its context type.
    tool_handlers: dict = {}
    answerers: dict = {}
    for kind in kinds.all_kinds():
        if kind.rule_tools:
            tool_handlers.update(kind.load(kind.rule_tools))
        if kind.rule_answerers:
            answerers.update(kind.load(kind.rule_answerers))
    return _metered(RulesBackend(tool_handlers=tool_handlers, answerers=answerers))


@lru_cache(maxsize=4)
def _metered_override(backend: PlannerBackend) -> PlannerBackend:
    return _metered(backend)


def planner_backend() -> PlannerBackend:
    """The backend for v2 planning calls (Responses API or rules)."""
    if _override is not None:
        return _metered_override(_override)
    if openai_enabled():
        return _loop_cached("responses", _responses_backend)
    return _rules_backend()


def chat_completions_backend() -> PlannerBackend:
    """The backend for the legacy v1 flow (Chat Completions or rules)."""
    if _override is not None:
        return _metered_override(_override)
    if openai_enabled():
        return _loop_cached("chat", _chat_backend)
    return _rules_backend()


@contextlib.contextmanager
def backend_override(backend: PlannerBackend):
    """Serve every planning call from `backend` (the scripted backend in tests and benchmarks)."""
    global _override
    previous, _override = _override, backend
    try:
        yield backend
    finally:
        _override = previous


def reset_caches() -> None:
    """Forget built clients and backends (after settings change in tests)."""
    _rules_backend.cache_clear()
    _metered_override.cache_clear()
    _per_loop.clear()
