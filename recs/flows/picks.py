"""The picks of a movie turn: show the plan's intro, resolve every pick in parallel, push each card
as it resolves, and drop (with a reason) what is blocked, repeated, unknown or too slow."""

from __future__ import annotations

import asyncio
import time

from django.conf import settings

from chatapp.events import TextDelta
from chatapp.planner.deadline import Deadline
from chatapp.services import message_save_progress
from chatapp.turns import Turn
from recs.events import DroppedPick, IntroShown, PickCard, PickDropped, PickResolved
from recs.flows.persist import db_call, timed_save
from recs.services.recommendations import recommendations_add
from recs.sources.active import LookupFailed
from recs.sources.dedupe import BlockedIndex
from recs.sources.movies import BlockedItem, Movie, MovieSource, lookup_deadline, lookup_rank


async def present_plan(turn: Turn, *, plan_args, blocked: list[BlockedItem], source: MovieSource) -> None:
    """Show the intro, resolve every pick in parallel, and push each one as it resolves."""
    picks = plan_args.picks[:3]
    turn.content = plan_args.intro
    turn.payload.update(
        {"intro": plan_args.intro, "plan": plan_args.model_dump(mode="json"), "picks": [], "dropped": []}
    )
    cuts = getattr(plan_args, "cuts", [])
    if cuts:
        # An over-long plan was cut to its first valid picks: say what was left out, and why.
        turn.payload["plan_changes"] = cuts
        for cut in cuts:
            turn.steplog.record(
                "plan_picks.cut",
                args={"index": cut["index"], "title": cut["title"], "year": cut["year"]},
                result=f"{cut['change']}: {cut['reason']}",
                status="skipped",
            )
    await turn.emit(IntroShown(chat_id=turn.chat_id, turn_key=turn.turn_key, intro=plan_args.intro, planned=len(picks)))
    await timed_save(turn)
    await resolve_picks(turn, picks, blocked=blocked, source=source)
    if picks and not turn.payload["picks"]:
        await _explain_nothing_shown(turn)


async def _explain_nothing_shown(turn: Turn) -> None:
    """Every planned pick was dropped: say so in words rather than end on an intro and no films."""
    reasons = sorted({d["reason"] for d in turn.payload["dropped"]})
    note = (
        f"\n\nNone of the films I planned could be shown ({'; '.join(reasons)}). "
        "Try rephrasing, or ask for something a little different."
    )
    turn.content += note
    await turn.emit(TextDelta(chat_id=turn.chat_id, turn_key=turn.turn_key, delta=note))


TOO_SLOW = "took too long to look up"


async def resolve_picks(turn: Turn, picks: list, *, blocked: list[BlockedItem], source: MovieSource) -> None:
    """Resolve picks in parallel, dropping blocked/repeated/unknown ones, and push each as it resolves.

    All lookups share one LOOKUP_BUDGET: picks still unresolved when it runs out are dropped
    ("took too long to look up") and the turn goes on with what resolved.
    """
    turn.payload.setdefault("picks", [])
    turn.payload.setdefault("dropped", [])
    index = BlockedIndex(blocked)
    started = time.perf_counter()
    deadline = Deadline.after(settings.LOOKUP_BUDGET)

    async def resolve(i, pick):
        t0 = time.perf_counter()
        try:
            with lookup_rank(i):  # under load TMDB serves every turn's first pick before anyone's third
                movie = await source.lookup(title=pick.title, year=pick.year)
            error = None if movie else "not found in the movie source"
        except LookupFailed as exc:
            movie, error = None, f"lookup failed: {exc}"
        _record_lookup(turn, pick, movie, error, t0)
        return i, pick, movie, error

    with lookup_deadline(deadline):  # the tasks inherit it: a source bounds its requests by it
        tasks = {asyncio.ensure_future(resolve(i, p)): i for i, p in enumerate(picks)}
    try:
        pending = set(tasks)
        while pending:
            done, pending = await asyncio.wait(pending, timeout=deadline.remaining(), return_when="FIRST_COMPLETED")
            if not done:
                break  # the budget ran out
            await _accept_or_drop_all(turn, index, [task.result() for task in sorted(done, key=tasks.__getitem__)])
        for task in sorted(pending, key=tasks.__getitem__):
            task.cancel()
            i = tasks[task]
            _record_lookup(turn, picks[i], None, TOO_SLOW, started)
            await _drop(turn, i, picks[i], TOO_SLOW)
    finally:
        for task in tasks:
            task.cancel()
    turn.steplog.record(
        "lookups",
        label="t_lookups_total",
        result=f"{len(turn.payload['picks'])} shown",
        duration_ms=(time.perf_counter() - started) * 1000,
    )


def _record_lookup(turn: Turn, pick, movie: Movie | None, error: str | None, t0: float) -> None:
    turn.steplog.record(
        "lookup",
        args={"title": pick.title, "year": pick.year},
        result=f"{movie.source}:{movie.id}" if movie else "",
        status="ok" if movie else "error",
        error=error,
        duration_ms=(time.perf_counter() - t0) * 1000,
    )


async def _accept_or_drop_all(turn: Turn, index: BlockedIndex, resolved: list[tuple]) -> None:
    """Lookups that ended together (in pick order): their films added and the answer stored in one database hop
    (the embedded catalogue resolves all three at once: one hop and one save, were three of each)."""
    if any(error is None and index.reject_reason(movie) is None for _, _, movie, error in resolved):
        turn.payload["picks"], outcomes = await db_call(turn, _add_and_store, live=turn, index=index, resolved=resolved)
    else:  # every one is dropped before any database check (adding films only rejects more)
        outcomes = [(i, pick, None, error or index.reject_reason(movie)) for i, pick, movie, error in resolved]
    for i, pick, card, reason in outcomes:
        if card is not None:
            await turn.emit(PickResolved(chat_id=turn.chat_id, turn_key=turn.turn_key, index=i, pick=card))
        else:
            await _drop(turn, i, pick, reason)


async def _drop(turn: Turn, i: int, pick, reason: str) -> None:
    dropped = DroppedPick(title=pick.title, year=pick.year, reason=reason)
    turn.payload["dropped"].append({"index": i, **dropped.model_dump()})
    turn.steplog.record("pick.dropped", args={"title": pick.title, "year": pick.year}, result=reason)
    await turn.emit(PickDropped(chat_id=turn.chat_id, turn_key=turn.turn_key, index=i, dropped=dropped))
    await timed_save(turn)


def _add_and_store(*, live: Turn, index: BlockedIndex, resolved: list[tuple]) -> list[tuple]:
    """Add each film the turn may show to the chat's recommended set and store the answer with the new cards.

    In pick order, as one at a time would: a film the chat had shown already is dropped, a later pick of a film
    added here is a repeat. The answer is stored once, if anything was added. Returns the turn's (`live`) cards and
    (index, pick, card or None, drop reason or None) per pick; the turn takes them on the loop (a Stop meanwhile
    stores the answer as it was).
    """
    shown, rejected = [], {}  # (i, pick, movie) the turn may show, decided in pick order as the index grows
    for i, pick, movie, error in resolved:
        reason = error or index.reject_reason(movie)
        if reason is None:
            index.add(movie)
            shown.append((i, pick, movie))
        else:
            rejected[i] = reason
    added = recommendations_add(chat_id=live.chat_id, message_id=live.message_id, movies=[m for _, _, m in shown])
    picks, cards = live.payload["picks"], {}
    for (i, pick, movie), new in zip(shown, added, strict=True):
        if not new:
            rejected[i] = "already recommended in this chat"
            continue
        cards[i] = pick_card(movie, reason=pick.reason)
        picks = sorted([*picks, {"index": i, **cards[i].model_dump(mode="json")}], key=lambda p: p["index"])
    outcomes = [(i, pick, cards.get(i), rejected.get(i)) for i, pick, _movie, _error in resolved]
    if picks is not live.payload["picks"]:
        message_save_progress(**live.stored_fields(payload={**live.payload, "picks": picks}))
    return picks, outcomes


def pick_card(movie: Movie, *, reason: str) -> PickCard:
    """The card fields of a resolved film (no other movie-source payload)."""
    return PickCard(
        source=movie.source,
        id=movie.id,
        media_type=movie.media_type,
        title=movie.title,
        year=movie.year,
        reason=reason,
        genres=list(movie.genres),
        runtime=movie.runtime,
        overview=movie.overview,
        poster_url=movie.poster_url,
        director=movie.director,
        rating=movie.rating,
    )
