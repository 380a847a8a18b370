"""The v2 movie turn: decide_mode → (answer | plan_picks → parallel lookups, in picks.py) → persist."""

from __future__ import annotations

import json
import logging
import time

from django.conf import settings

from chatapp import llm
from chatapp.db import database_sync_to_async
from chatapp.models import Chat
from chatapp.planner.backends.base import (
    FunctionCallItem,
    FunctionCallOutput,
    InputItem,
    InputMessage,
    PlannerError,
    PlannerRequest,
    PreviousResponseNotFound,
)
from chatapp.planner.deadline import Deadline
from chatapp.planner.runner import ToolRun, run_text, run_tool_call
from chatapp.services import chat_thread_update, message_save_progress
from chatapp.turns import Turn
from recs.events import ModeDecided
from recs.flows import progress, prompts
from recs.flows.history import history_input, history_items, model_text, recent_messages
from recs.flows.lists import present_proposal
from recs.flows.persist import db_call, timed_save
from recs.flows.picks import present_plan
from recs.flows.tools import (
    DECIDE_MODE_TOOL,
    PLAN_PICKS_TOOL,
    PROPOSE_LIST_CHANGES_TOOL,
    MovieContext,
)
from recs.selectors import blocked_list, chat_read, last_shown_picks, last_turn_summary, user_lists, user_read
from recs.services.memory import memory_learn, memory_record_results, taste_profile_summary
from recs.sources.active import get_movie_source
from recs.sources.movies import BlockedItem

log = logging.getLogger("marquee.flow")


async def run_v2(turn: Turn) -> None:
    """Run one v2 turn end to end, publishing every step."""
    backend = llm.planner_backend()
    turn.planner_source = backend.name
    # One planning deadline for the whole turn: decide_mode, its fallback, the answer or plan_picks.
    deadline = Deadline.after(settings.PLANNER_RETRY_BUDGET)
    threaded = backend.profile.threads_responses
    deciding = not turn.payload.get("autostart")  # a greeting has no question to classify
    if deciding:  # the first step, stored by the hop that reads what the turn needs (one hop, not two)
        await turn.progress(progress.DECIDING, save=False)
    chat, last_picks, user_learned, history = await database_sync_to_async(_opening_reads)(
        turn=turn, threaded=threaded, stored=turn.stored_fields() if deciding else None
    )

    blocked, profile, lists = await read_inputs(turn, user_learned=user_learned)
    context = MovieContext(
        text=turn.text,
        blocked=blocked,
        profile=profile,
        lists=lists,
        chat_id=turn.chat_id,
        last_picks=last_picks,
        learned=turn.payload.get("learned", ""),
        autostart=bool(turn.payload.get("autostart")),
    )
    opening = await _opening_items(chat, turn, threaded, history)
    previous = chat.last_response_id if threaded and chat.last_response_id else None

    def decide_request(items, prev):
        return PlannerRequest(
            instructions=prompts.DECIDE_MODE,
            input=items,
            model=settings.DECIDE_MODE_MODEL,
            tools=[DECIDE_MODE_TOOL],
            previous_response_id=prev,
            context=context,
            purpose="decide_mode",
            deadline=deadline,
            on_reasoning=turn.stream_thinking,
        )

    if not deciding:
        # A greeting plans picks straight from the taste profile.
        mode, reason = "B", "Greeting a new chat with picks for the user's taste."
        follow, follow_prev = opening, previous
    else:
        try:
            decision = await _decide(turn, backend, decide_request(opening, previous))
        except PlannerError as exc:
            if not _thread_broken(exc, previous):
                raise
            opening = await _reset_thread(turn, exc)
            decision = await _decide(turn, backend, decide_request(opening, None))
        mode, reason = decision.args.mode, decision.args.reason
        follow, follow_prev = _follow_up(decision, opening, threaded)
    turn.payload.update({"mode": mode, "mode_reason": reason})
    await turn.emit(ModeDecided(chat_id=turn.chat_id, turn_key=turn.turn_key, mode=mode, reason=reason))
    # The next step begins at once: stored with the mode in one save (a reloaded page says "Finding films…"),
    # unless the planner answers at once (the rule backend): then the next save, a moment later, stores both.
    await turn.progress(progress.WRITING if mode == "A" else progress.PLANNING, save=False)
    if not backend.profile.answers_at_once:
        await timed_save(turn)

    if mode == "A":
        if lists and prompts.NAMES_A_LIST.search(turn.text or ""):  # "what's on my watchlist?": the lists, given
            follow = [*follow, InputMessage(role="user", text=prompts.lists_input_text(lists))]
        reply = await run_text(
            backend=backend,
            request=PlannerRequest(
                instructions=prompts.ANSWER,
                input=follow,
                model=settings.OPENAI_MODEL,
                previous_response_id=follow_prev,
                context=context,
                purpose="movies.answer",
                deadline=deadline,
                on_reasoning=turn.stream_thinking,
            ),
            steplog=turn.steplog,
            step_name="answer",
            label="t_answer",
            on_text=turn.stream_text,
            offer=[PROPOSE_LIST_CHANGES_TOOL],
            fallback_model=settings.OPENAI_FALLBACK_MODEL,
        )
        if not turn.content and reply.text:
            await turn.stream_text(reply.text)
        proposals = [c for c in reply.tool_calls if c.name == PROPOSE_LIST_CHANGES_TOOL.name]
        if proposals:
            await present_proposal(turn, proposals[0], source=get_movie_source())
        # Every call the model made stays open for the next turn to answer (the proposal first,
        # with a summary; any other as ignored), or the thread would be rejected.
        others = [c.call_id for c in reply.tool_calls if c not in proposals[:1]]
        await _save_thread(turn, threaded, reply.response_id, [c.call_id for c in proposals[:1]] + others)
        return

    def plan_request(items, prev):
        return PlannerRequest(
            instructions=prompts.PLAN_PICKS,
            input=[
                *items,
                InputMessage(role="user", text=prompts.planning_input_text(blocked=blocked, profile=profile)),
            ],
            model=settings.OPENAI_MODEL,
            tools=[PLAN_PICKS_TOOL],
            previous_response_id=prev,
            context=context,
            purpose="plan_picks",
            deadline=deadline,
            on_reasoning=turn.stream_thinking,
        )

    try:
        plan = await _plan(turn, backend, plan_request(follow, follow_prev))
    except PlannerError as exc:
        # A greeting plans straight on the chat's stored thread head, which may have expired.
        if not _thread_broken(exc, follow_prev):
            raise
        plan = await _plan(turn, backend, plan_request(await _reset_thread(turn, exc), None))
    # Stored by present_plan's first save, with the intro.
    await turn.progress(progress.looking_up(len(plan.args.picks[:3])), save=False)
    await present_plan(turn, plan_args=plan.args, blocked=blocked, source=get_movie_source())
    await db_call(turn, memory_record_results, user_id=turn.owner_id, picks=turn.payload.get("picks", []))
    open_calls = [plan.call.call_id, *(c.call_id for c in plan.ignored_calls)]
    await _save_thread(turn, threaded, plan.reply.response_id, open_calls)


def _opening_reads(*, turn: Turn, threaded: bool, stored: dict | None):
    """The chat, its last picks, the user with what their text says, and the history when the opening replays
    it (None: it does not), in one database hop (were three, reading the chat twice); first the turn's
    `stored` fields (its first step) when given."""
    if stored is not None:
        message_save_progress(**stored)
    chat = chat_read(chat_id=turn.chat_id)
    last_picks = last_shown_picks(chat_id=turn.chat_id)
    user_learned = _user_and_learned(user_id=turn.owner_id, text=turn.text)
    history = recent_messages(chat=chat, turn=turn) if _replays_history(chat, threaded) else None
    return chat, last_picks, user_learned, history


def _replays_history(chat: Chat, threaded: bool) -> bool:
    # No thread head (a new chat, or the last turn ran the v1 flow, which clears it): a fresh thread.
    return not threaded or not chat.last_response_id


async def _plan(turn: Turn, backend, request: PlannerRequest) -> ToolRun:
    return await run_tool_call(
        backend=backend,
        request=request,
        tool=PLAN_PICKS_TOOL,
        steplog=turn.steplog,
        step_name="plan_picks",
        label="t_plan_picks",
        fallback_model=settings.OPENAI_FALLBACK_MODEL,  # skipped by the runner when it is OPENAI_MODEL
    )


def _thread_broken(exc: PlannerError, previous: str | None) -> bool:
    """An expired thread, or one the API refuses (e.g. a call left unanswered by an older version)."""
    if previous is None:
        return False
    return isinstance(exc, PreviousResponseNotFound) or exc.code == "bad_request"


async def _reset_thread(turn: Turn, exc: PlannerError) -> list[InputItem]:
    """Start a fresh thread with a compact replay of the recent history."""
    turn.steplog.record("thread.reset", result=f"{exc.code}; replaying history")
    return await _replay_items(turn)


async def _decide(turn: Turn, backend, request: PlannerRequest) -> ToolRun:
    return await run_tool_call(
        backend=backend,
        request=request,
        tool=DECIDE_MODE_TOOL,
        steplog=turn.steplog,
        step_name="decide_mode",
        label="t_decide_mode",
        fallback_model=settings.OPENAI_MODEL,
    )


async def read_inputs(turn: Turn, *, user_learned=None) -> tuple[list[BlockedItem], str, dict]:
    """The blocked list, the taste profile and the user's lists (`MovieContext.lists`), read in one hop (timed as
    t_read_blocked/t_read_profile).

    `user_learned`: the turn's user and what its text says, when already read (see _user_and_learned).
    """
    if user_learned is None:
        user_learned = await database_sync_to_async(_user_and_learned)(user_id=turn.owner_id, text=turn.text)
    user, learned = user_learned
    if learned is not None:
        if not learned.is_empty():
            turn.payload["learned"] = learned.describe()
            turn.steplog.record("memory.learn", result=learned.describe())

    blocked, profile, lists, ms = await database_sync_to_async(_blocked_and_profile)(user=user, chat_id=turn.chat_id)
    turn.steplog.record("read_blocked", label="t_read_blocked", result=f"{len(blocked)}", duration_ms=ms[0])
    turn.steplog.record("read_profile", label="t_read_profile", result=f"{len(profile)}", duration_ms=ms[1])
    # A regenerated turn must not show again what it showed before (those picks left the
    # recommended set when it was reset).
    blocked += [
        BlockedItem(
            source=p["source"],
            id=p["id"],
            media_type=p.get("media_type", "movie"),
            title=p["title"],
            year=p.get("year"),
        )
        for p in turn.payload.get("replaced_picks", [])
    ]
    return blocked, profile, lists


def _blocked_and_profile(*, user, chat_id: int) -> tuple[list[BlockedItem], str, dict, tuple[float, float]]:
    """The blocked list, the taste profile and the lists as the rule backend reads them, in one hop, the user's
    lists read once for all (they were two hops side by side, each reading both lists), and how long it took (ms)."""
    t0 = time.perf_counter()
    lists = user_lists(user=user)
    blocked = blocked_list(user=user, chat_id=chat_id, lists=lists)
    t1 = time.perf_counter()
    profile = taste_profile_summary(user=user, lists=lists)
    watchlist, seen = lists
    said = {
        "watchlist": [{"title": row.title, "year": row.year} for row in watchlist],
        "seen": [{"title": row.title, "year": row.year, "rating": row.rating} for row in seen],
    }
    return blocked, profile, said, ((t1 - t0) * 1000, (time.perf_counter() - t1) * 1000)


def _user_and_learned(*, user_id: int, text: str):
    """The turn's user, and what its text says about their taste (None without text), in one database hop."""
    user = user_read(user_id=user_id)
    # Stated preferences ("I hate horror") count from this very turn on.
    return user, (memory_learn(user=user, text=text) if text else None)


async def _opening_items(chat: Chat, turn: Turn, threaded: bool, history: list | None) -> list[InputItem]:
    items: list[InputItem] = []
    if threaded and chat.last_response_id and chat.pending_call_ids:
        # The Responses API needs an output for every call the previous turn left open:
        # plan_picks gets a summary of what was shown and dropped.
        if turn.payload.get("regenerated"):
            # The open call belongs to the answer being redone: say what it showed and that it is gone.
            replaced = [{"title": p["title"], "year": p.get("year")} for p in turn.payload.get("replaced_picks", [])]
            summary = json.dumps(
                {"status": "superseded", "note": "The user asked to redo this answer.", "shown": replaced}
            )
        else:
            # The turn that left the call open, even when later turns were stopped before reaching the model.
            summary = json.dumps(
                await database_sync_to_async(last_turn_summary)(chat_id=chat.pk, turn_key=chat.pending_turn_key or None)
            )
        first, *others = chat.pending_call_ids
        items.append(FunctionCallOutput(call_id=first, output=summary))
        items.extend(FunctionCallOutput(call_id=c, output="Ignored.") for c in others)
    elif _replays_history(chat, threaded):
        # The fresh thread starts with a compact replay (read with the chat), as after an expired thread.
        items.extend(history_input(history))
    items.append(InputMessage(role="user", text=model_text(turn)))
    return items


async def _replay_items(turn: Turn) -> list[InputItem]:
    return [*(await history_items(turn)), InputMessage(role="user", text=model_text(turn))]


def _follow_up(decision: ToolRun, opening: list[InputItem], threaded: bool):
    output = FunctionCallOutput(
        call_id=decision.call.call_id, output=json.dumps({"mode": decision.args.mode, "ok": True})
    )
    if threaded and decision.reply.response_id:
        return [output, *decision.ignored_outputs()], decision.reply.response_id
    call = FunctionCallItem(call_id=decision.call.call_id, name=decision.call.name, arguments=decision.call.arguments)
    return [*opening, call, output], None


async def _save_thread(turn: Turn, threaded: bool, response_id: str | None, open_calls: list[str]) -> None:
    if not threaded:
        return
    await db_call(
        turn,
        chat_thread_update,
        chat_id=turn.chat_id,
        last_response_id=response_id or "",
        pending_call_ids=open_calls if response_id else [],
        pending_turn_key=turn.turn_key,
    )
