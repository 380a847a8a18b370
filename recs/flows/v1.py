"""The v1 (legacy) movie turn: Chat Completions with one search_movies tool, a streamed answer,
and the picks it names resolved and de-duplicated server-side like v2's.

Kept so an operator can roll back with CHAT_API_VERSION=v1 (or per chat in the admin).
"""

from __future__ import annotations

import json
import re

from django.conf import settings

from chatapp import llm
from chatapp.db import database_sync_to_async
from chatapp.planner.backends.base import (
    FunctionCallItem,
    FunctionCallOutput,
    InputItem,
    InputMessage,
    PlannerError,
    PlannerReply,
    PlannerRequest,
    ToolCall,
)
from chatapp.planner.deadline import Deadline
from chatapp.planner.tools import ToolArgumentsError
from chatapp.services import chat_thread_update
from chatapp.turns import Turn
from recs.events import IntroShown, ModeDecided
from recs.flows import progress, prompts
from recs.flows.history import history_items, model_text
from recs.flows.picks import resolve_picks
from recs.flows.tools import SEARCH_MOVIES_TOOL, MovieContext, PlannedPick
from recs.flows.v2 import read_inputs
from recs.selectors import chat_read, last_shown_picks
from recs.services.memory import memory_record_results
from recs.sources.active import LookupFailed, get_movie_source
from recs.sources.dedupe import BlockedIndex
from recs.sources.movies import Movie, MovieSource

PURPOSE = "movies.v1"
MAX_TOOL_ROUNDS = 3  # model calls that may search; one more call must answer
MAX_SEARCHES_PER_REPLY = 3
SEARCH_LIMIT = 5
MAX_PICKS = 3

# `- **Title** (Year) — reason`; also `1. **Title (Year)** – reason`. A dash is required after the
# year so factual lines such as "**Heat** (1995): IMDB 8.2" in an answer are not taken as picks.
_PICK_LINE = re.compile(
    r"^\s*(?:[-*+•]\s+|\d{1,2}[.)]\s+)?"
    r"\*\*(?P<title>[^*\n]+?)(?:\s*\((?P<inner_year>\d{4})\))?\*\*"
    r"\s*(?:\((?P<year>\d{4})\))?"
    r"(?:\s*[—–]\s*|\s+-{1,2}\s+)(?P<reason>\S.*?)\s*$"
)


async def run_v1(turn: Turn) -> None:
    """Run one v1 turn end to end: search rounds, streamed answer, then server-checked pick cards."""
    backend = llm.chat_completions_backend()
    turn.planner_source = backend.name
    blocked, profile, lists = await read_inputs(turn)
    await _end_responses_thread(turn)
    source = get_movie_source()
    # A greeting has no text of its own and a regenerated turn asks again: model_text says so.
    asked = model_text(turn)
    # The rule backend reads "more like that" from the picks last shown (a model reads the history).
    last_picks = await database_sync_to_async(last_shown_picks)(chat_id=turn.chat_id)
    # The rule backend reads the user's own words (a greeting has none: it plans from the taste alone).
    context = MovieContext(
        text=turn.text,
        blocked=blocked,
        profile=profile,
        lists=lists,
        chat_id=turn.chat_id,
        last_picks=last_picks,
        autostart=bool(turn.payload.get("autostart")),
    )
    # No server-side thread: the chat's full history (every earlier message, uncut) is resent
    # from the database every turn, as the legacy design did.
    history = await history_items(turn, limit=None, max_chars=None)
    items: list[InputItem] = [*history, InputMessage(role="user", text=asked)]
    instructions = prompts.V1_CHAT + "\n\n" + prompts.planning_input_text(blocked=blocked, profile=profile)

    await turn.progress(progress.PLANNING)
    answer = await _converse(turn, backend, instructions, items, context, source, BlockedIndex(blocked))
    if not turn.content and answer:
        await turn.stream_text(answer)

    picks, extra = parse_pick_lines(turn.content)
    mode = "B" if picks else "A"
    reason = f"v1: the answer names {len(picks) + len(extra)} film(s)" if picks else "v1: answered in words"
    turn.payload.update({"mode": mode, "mode_reason": reason, "picks": [], "dropped": []})
    if not picks:
        return
    turn.payload["plan"] = {"picks": [p.model_dump(mode="json") for _, p in picks]}
    await turn.emit(ModeDecided(chat_id=turn.chat_id, turn_key=turn.turn_key, mode="B", reason=reason))
    # IntroShown re-sets the text to the answer as streamed (without a pre-search preamble) and adds a slot per card.
    await turn.emit(IntroShown(chat_id=turn.chat_id, turn_key=turn.turn_key, intro=turn.content, planned=len(picks)))
    await turn.progress(progress.looking_up(len(picks)))
    await resolve_picks(turn, [p for _, p in picks], blocked=blocked, source=source)
    await database_sync_to_async(memory_record_results)(user_id=turn.owner_id, picks=turn.payload["picks"])
    for n, (_, pick) in enumerate(extra, start=len(picks)):
        why = f"more than {MAX_PICKS} picks in the answer"
        turn.payload["dropped"].append({"index": n, "title": pick.title, "year": pick.year, "reason": why})
        turn.steplog.record("pick.dropped", args={"title": pick.title, "year": pick.year}, result=why)
    dropped = {d["index"] for d in turn.payload["dropped"]}
    lines = [line for n, (line, _) in enumerate([*picks, *extra]) if n in dropped]
    # The stored answer must not name a film the server refused (blocked, repeated, unknown).
    turn.content = without_lines(turn.content, lines)


def parse_pick_lines(text: str) -> tuple[list[tuple[int, PlannedPick]], list[tuple[int, PlannedPick]]]:
    """Pick lines of an answer as (line number, pick): the first three, and any beyond."""
    found: list[tuple[int, PlannedPick]] = []
    for number, line in enumerate(text.split("\n")):
        match = _PICK_LINE.match(line)
        if not match:
            continue
        year = match.group("year") or match.group("inner_year")
        if not year:
            continue
        try:
            pick = PlannedPick(title=match.group("title"), year=int(year), reason=match.group("reason")[:400])
        except ValueError:  # a year out of range or a blank title: prose, not a pick
            continue
        found.append((number, pick))
    return found[:MAX_PICKS], found[MAX_PICKS:]


def without_lines(text: str, numbers: list[int]) -> str:
    """The text without the given line numbers (trailing blank lines trimmed)."""
    drop = set(numbers)
    return "\n".join(line for n, line in enumerate(text.split("\n")) if n not in drop).rstrip()


async def _end_responses_thread(turn: Turn) -> None:
    # Fresh-thread rule: a v1 turn happens outside the Responses thread, so it clears the thread
    # head. A later v2 turn then sends no previous_response_id (it could not answer the stale
    # open plan_picks call truthfully anyway) and starts a fresh thread from a compact replay.
    chat = await database_sync_to_async(chat_read)(chat_id=turn.chat_id)
    if not (chat.last_response_id or chat.pending_call_ids):
        return
    with turn.steplog.step("db.chat_thread_update", label="t_db_writes", args={"why": "v1 ends the Responses thread"}):
        await database_sync_to_async(chat_thread_update)(chat_id=turn.chat_id, last_response_id="", pending_call_ids=[])


async def _converse(
    turn, backend, instructions, items, context: MovieContext, source: MovieSource, index: BlockedIndex
) -> str:
    """Call the model until it answers in text, running its searches in between (bounded)."""
    reply = PlannerReply()
    # One planning deadline for the whole turn, as in v2: every round shares PLANNER_RETRY_BUDGET.
    deadline = Deadline.after(settings.PLANNER_RETRY_BUDGET)
    for round_no in range(1, MAX_TOOL_ROUNDS + 2):
        final = round_no > MAX_TOOL_ROUNDS
        request = PlannerRequest(
            instructions=instructions,
            input=list(items),
            model=settings.OPENAI_MODEL,
            # tool_choice stays auto: the model decides whether to search. The final round offers no
            # tool at all, so a model that keeps searching has to answer.
            tools=[] if final else [SEARCH_MOVIES_TOOL],
            context=context,
            purpose=PURPOSE,
            deadline=deadline,
            on_reasoning=turn.stream_thinking,
        )
        step_args = {"purpose": PURPOSE, "round": round_no, "input_items": len(items)}
        async with turn.steplog.step("v1.chat", args=step_args, label="t_plan_picks", model=request.model) as step:
            reply = await backend.complete(request, on_text=turn.stream_text)
            step.result = f"{len(reply.tool_calls)} tool call(s)" if reply.tool_calls else f"{len(reply.text)} chars"
        if not reply.tool_calls or final:
            break
        # Text before a tool call is a preamble ("Let me check…"); the answer is the last call's text.
        turn.content = ""
        if reply.text.strip():
            items.append(InputMessage(role="assistant", text=reply.text))
        items.extend(FunctionCallItem(call_id=c.call_id, name=c.name, arguments=c.arguments) for c in reply.tool_calls)
        last = round_no == MAX_TOOL_ROUNDS
        for n, call in enumerate(reply.tool_calls):
            # Chat Completions needs a tool message for every call the model made.
            output = await _tool_output(turn, call, n, source, index)
            if last:
                output["note"] = "Search limit reached: answer now without calling tools."
            text = json.dumps(output, ensure_ascii=False, separators=(",", ":"))
            items.append(FunctionCallOutput(call_id=call.call_id, output=text))
    if reply.tool_calls and not reply.text.strip():
        raise PlannerError(
            f"v1: still calling tools after {MAX_TOOL_ROUNDS} rounds",
            user_message="The assistant kept searching without answering. Please try again.",
            code="planning_failed",
        )
    return reply.text


async def _tool_output(turn: Turn, call: ToolCall, n: int, source: MovieSource, index: BlockedIndex) -> dict:
    """Run one search_movies call (arguments are untrusted) and return its compact output."""
    if call.name != SEARCH_MOVIES_TOOL.name or n >= MAX_SEARCHES_PER_REPLY:
        why = f"unknown tool {call.name!r}" if call.name != SEARCH_MOVIES_TOOL.name else "too many searches at once"
        turn.steplog.record("v1.ignored_call", args={"name": call.name}, result=f"ignored: {why}", status="skipped")
        return {"error": f"Ignored: {why}. Only search_movies exists, {MAX_SEARCHES_PER_REPLY} per reply."}
    try:
        args = SEARCH_MOVIES_TOOL.parse(call.arguments)
    except ToolArgumentsError as exc:
        turn.steplog.record("search_movies", args={"arguments": call.arguments[:240]}, status="error", error=exc.reason)
        return {"error": f"Invalid arguments: {exc.reason}. Call search_movies again or answer."}
    async with turn.steplog.step("search_movies", args=args.model_dump(), label="t_search") as step:
        try:
            movies = await source.search(query=args.query, year=args.year, limit=SEARCH_LIMIT)
        except LookupFailed as exc:
            step.status, step.error = "error", str(exc)
            return {"error": "The movie source is unavailable right now; answer from what you know."}
        step.result = f"{len(movies)} result(s)"
    return {"results": [_compact(m, index) for m in movies]}


def _compact(movie: Movie, index: BlockedIndex) -> dict:
    # Only what the model needs to pick well: never overviews, posters or other source payload.
    item = {"id": movie.id, "title": movie.title, "year": movie.year, "genres": list(movie.genres)[:3]}
    if index.reject_reason(movie):
        item["blocked"] = True  # cheaper than a dropped pick: the model can avoid it up front
    return item
